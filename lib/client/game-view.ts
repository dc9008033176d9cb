// What the player at the game page may do and answer now, derived from the game's state alone
// (pure, no React): whose turn, the swap2 seat that acts, whether the AI is thinking, and the early
// endings (abort, draw offers, the claim of an absent opponent's loss), the takeback and the rematch.
// The game page's parts (app/_components/GameView and app/_components/game/) all read it from here,
// so the buttons, the status line and the "answer this" notice never disagree. The server decides
// again (lib/server/games/endings, lib/shared/takeback): this only says what to show.
import type { GameState } from "../shared/protocol";
import { openingPlies, seatOfRole, swap2Phase, swap2Role, type Swap2Phase } from "../shared/swap2";
import { takebackRefusal } from "../shared/takeback";

type Seat = 1 | 2;

/** What asks for my answer now (a key of the catalogue's game.endings), or nothing. */
export type PlayerNotice = "drawOffered" | "claimTitle" | "rematchOffered";

export interface PlayerView {
  /** The swap2 phase ("settled" without swap2, or once the colours are chosen). */
  phase: Swap2Phase;
  /** The seat that must act now: the swap2 placer or chooser, else the side to move. */
  actor: Seat;
  /** My seat's opponent (null: I watch). */
  opponent: Seat | null;
  /** I am the one to act (place, choose or move). */
  myAct: boolean;
  /** I choose the colours (swap2's choose3 or choose5). */
  choosing: boolean;
  /** I place the next stone. */
  myTurn: boolean;
  /** An engine is to act. */
  aiToMove: boolean;
  /** Between two people (draw offers and claims are for them). */
  betweenPeople: boolean;
  /** The game may still be aborted: in the swap2 opening, or before each side has made a move after it. */
  abortable: boolean;
  /** A draw offer between people in a game I play: the opponent's (mine to answer), mine, or none standing; null: no offers here. */
  draw: "toMe" | "byMe" | "none" | null;
  /** I may offer a draw (unless I offered in this very position: the page remembers that). */
  mayOfferDraw: boolean;
  /** When I may claim the win over my opponent, gone on their turn (ms since the epoch), or null. */
  claimFrom: number | null;
  /** I may take back my last move (against the AI). */
  mayTakeback: boolean;
  /** A waiting game's other seat kept for someone (a rematch): their name. */
  awaited: string | null;
  /** What asks for my answer now. */
  notice: PlayerNotice | null;
}

/** `state` as the player in seat `me` sees it (null: a spectator). */
export function playerView(state: GameState, me: Seat | null): PlayerView {
  const phase: Swap2Phase = state.swap2 ? swap2Phase(state.swap2, state.moves.length) : "settled";
  const role = swap2Role(phase);
  const actor: Seat = role ? seatOfRole(role) : state.toMove;
  const playing = state.status === "playing";
  const myAct = playing && me !== null && actor === me;
  const choosing = myAct && (phase === "choose3" || phase === "choose5");
  const actorSeat = actor === 1 ? state.black : state.white;
  const opponent: Seat | null = me === null ? null : me === 1 ? 2 : 1;
  const betweenPeople = state.black.kind === "human" && state.white.kind === "human";
  // Before each side has made a move of its own (after a swap2 opening) there is no game to win or
  // draw: abort is the answer then (the clocks stand still in the opening).
  const afterOpening = state.moves.length - (state.swap2 ? (openingPlies(state.swap2) ?? 0) : 0);
  const abortable = phase !== "settled" || afterOpening < 2;
  const seated = playing && me !== null;
  const draw =
    !seated || !betweenPeople ? null : state.drawOffer === opponent ? "toMe" : state.drawOffer === me ? "byMe" : state.drawOffer == null ? "none" : null;
  const claimAt = state.claimableAt ? Date.parse(state.claimableAt) : null;
  const claimFrom = seated && claimAt !== null && actor === opponent && !abortable ? claimAt : null;
  const rematchOffered = me !== null && state.status === "finished" && state.kind === "hvh" && !!state.rematchId;
  return {
    phase,
    actor,
    opponent,
    myAct,
    choosing,
    myTurn: myAct && !choosing,
    aiToMove: playing && actorSeat.kind === "engine",
    betweenPeople,
    abortable: seated && abortable,
    draw,
    mayOfferDraw: draw === "none" && !abortable,
    claimFrom,
    mayTakeback: me !== null && takebackRefusal(state, me) === null,
    awaited: state.status === "waiting" && me !== null ? reservedFor(state, me) : null,
    notice: seated && state.drawOffer === opponent ? "drawOffered" : claimFrom !== null ? "claimTitle" : rematchOffered ? "rematchOffered" : null,
  };
}

/** The player the other seat of a waiting game is kept for (a rematch), or null (anyone with the link). */
export function reservedFor(state: GameState, me: Seat): string | null {
  const seat = me === 1 ? state.white : state.black;
  return seat.kind === "human" && !seat.taken && seat.player ? seat.player.name : null;
}
