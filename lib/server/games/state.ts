// What a game looks like from outside: the GameState sent to sockets, made of the Entry, the
// room's presence (the realtime layer knows it) and what the caller knows besides (a TV game).
import { corrDeadlineOf } from "./correspondence";
import type { Color } from "../../../engine";
import type { GameState, Seat } from "../../shared/protocol";
import { clockOf } from "./clock";
import { unratedNote } from "../ratings/eligibility";
import { toMoveOf, type Entry } from "./entry";

/** Who is in a game's room. */
export interface Presence {
  spectators: number;
  connected: { 1: boolean; 2: boolean };
  /** When a seat's last socket left (ms since the epoch), while it stays away (claims: lib/server/games/endings). */
  goneSince?: { 1?: number; 2?: number };
}

/** Where the service reads presence from (the realtime layer: lib/server/realtime/presence). */
export interface PresenceSource {
  presenceOf(gameId: string): Presence;
}

/** Nobody there: no realtime layer, or it has closed. */
/** Nobody in a game's room: a new object each time (callers fill it in). */
export const noPresence = (): Presence => ({ spectators: 0, connected: { 1: false, 2: false } });
export const NOBODY: PresenceSource = { presenceOf: noPresence };

/**
 * The state of `e` as sockets see it (copies: the Entry stays the service's). claimAt: when the absent
 * player to move can be claimed as a loss; firstMoveMs: FIRST_MOVE_MS (the clock says when the first-move window closes).
 */
const deadlineIso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

export function stateOf(e: Entry, presence: Presence, tv: boolean, claimAt: number | null = null, firstMoveMs?: number): GameState {
  const seat = (c: Color): Seat => {
    const s = e.seats[c];
    if (s.kind === "engine") return { kind: "engine", engine: s.engine };
    const name = e.names[c];
    const rating = e.ratings[c];
    const diff = e.ratingDiffs[c];
    const player = name
      ? { name, ...(rating !== null ? { rating } : {}), ...(e.provisional?.[c] ? { provisional: true } : {}), ...(diff !== null ? { diff } : {}) }
      : undefined;
    // A seat reserved for a named player (a rematch) is taken once they came: the game has started.
    const taken = e.tokens[c] !== null || (e.players[c] !== null && e.startedAt !== null);
    return { kind: "human", taken, connected: presence.connected[c], ...(player ? { player } : {}), ...(s.name ? { name: s.name } : {}) };
  };
  return {
    id: e.id,
    kind: e.kind,
    size: e.size,
    rule: e.rule,
    opening: e.opening.map((s) => ({ ...s })),
    black: seat(1),
    white: seat(2),
    status: e.status,
    result: e.result,
    reason: e.reason,
    winLine: e.winLine,
    moves: e.moves.map((m) => ({ ...m })),
    toMove: toMoveOf(e),
    clock: clockOf(e, firstMoveMs),
    spectators: presence.spectators,
    createdAt: e.createdAt.toISOString(),
    rematchId: e.rematchId,
    ...(tv ? { tv: true } : {}),
    ...(e.rated ? { rated: true, pool: e.pool } : {}),
    ...(e.unrated ? { rated: false, unrated: unratedNote(e.unrated) } : {}),
    drawOffer: e.drawOffer,
    ...(claimAt !== null ? { claimableAt: new Date(claimAt).toISOString() } : {}),
    ...(e.swap2 ? { swap2: { ...e.swap2 } } : {}),
    ...(e.corrDays ? { correspondence: { days: e.corrDays, deadline: deadlineIso(corrDeadlineOf(e)) } } : {}),
  };
}
