// A game in memory (an Entry): its row, decoded, plus its moves and board; and the small pure
// facts every part of the game service reads off it (whose turn, which seat a token holds).
import { cellsOf, other, sideToMove, type Color, type Point, type Rule, type Stone } from "../../../engine";
import type { ClockSettings, EngineSettings, GameEndReason, GameKind, GameResult, GameStatus, MoveRecord } from "../../shared/protocol";
import { seatOfRole, swap2Phase, swap2Role, type Swap2Record } from "../../shared/swap2";
import { fail } from "../errors";
import { tokenMatches } from "../tokens";
import type { UnratedCode } from "../../shared/eligibility";

/** name: an imported game's player, as its file names them (lib/server/imports). */
export type SeatDesc = { kind: "human"; name?: string } | { kind: "engine"; engine: EngineSettings };

/** A game in memory: its row, decoded, plus its moves and board. */
export interface Entry {
  id: string;
  kind: GameKind;
  size: number;
  rule: Rule;
  opening: Stone[];
  seats: { 1: SeatDesc; 2: SeatDesc };
  tokens: { 1: string | null; 2: string | null }; // hashes
  /** The identity (Player id) holding each human seat, if known: the seat is theirs on any device. */
  players: { 1: string | null; 2: string | null };
  /** Their names when the game was loaded (for what sockets see). */
  names: { 1: string | null; 2: string | null };
  /** "reserved": a free seat is only for the player already named for it (a rematch, a challenge); null: anyone with the link. */
  access: "reserved" | null;
  /** A rated game: its rating pool, the ratings before it and, once over, their change. */
  rated: boolean;
  pool: string | null;
  ratings: { 1: number | null; 2: number | null };
  ratingDiffs: { 1: number | null; 2: number | null };
  /** Asked for as rated but played as casual, and why (lib/server/ratings/eligibility). */
  unrated?: UnratedCode;
  /** The colour whose draw offer stands, if any. */
  drawOffer: Color | null;
  /**
   * Whose AI searches these are when no identity holds the human seat (a script without a session):
   * its creator's address. In memory only: a game reloaded from the rows falls back to itself.
   */
  aiOwner?: string;
  /** Rated games: which seats' ratings were provisional before the game (shown with "?"). */
  provisional?: { 1: boolean; 2: boolean };
  clock: ClockSettings | null;
  /** Server downtime (ms) not charged to the turn at `ply` (a restart fell in it: lib/server/games/heartbeat). */
  clockCredit?: { ply: number; ms: number } | null;
  /** A swap2 game: the choices so far (null: no swap2). */
  swap2: Swap2Record | null;
  /** A correspondence game: days per move, no clock (./correspondence); absent otherwise. */
  corrDays?: number;
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  winLine: Point[] | null;
  rematchId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  moves: MoveRecord[];
  cells: Uint8Array;
}

export function colorOfPly(e: Pick<Entry, "opening">, ply: number): Color {
  const first = sideToMove(e.opening);
  return ply % 2 === 1 ? first : other(first);
}
export const toMoveOf = (e: Pick<Entry, "opening" | "moves">): Color => colorOfPly(e, e.moves.length + 1);
export const colorName = (c: Color) => (c === 1 ? "black" : "white");

/** The swap2 phase of `e` (settled for a game without swap2). */
export const phaseOf = (e: Pick<Entry, "moves"> & Partial<Pick<Entry, "swap2">>) => (e.swap2 ? swap2Phase(e.swap2, e.moves.length) : "settled");

/** A swap2 game whose colours are not settled yet: no clock runs, no takeback, no draw offer. */
export const inOpening = (e: Pick<Entry, "moves"> & Partial<Pick<Entry, "swap2">>): boolean => phaseOf(e) !== "settled";

/**
 * The seat that must act now: in a swap2 opening the placer or chooser (lib/shared/swap2), else
 * the side to move. Presence claims and the engine seats go by it.
 */
export function actingSeatOf(e: Pick<Entry, "opening" | "moves"> & Partial<Pick<Entry, "swap2">>): Color {
  const role = swap2Role(phaseOf(e));
  return role ? seatOfRole(role) : toMoveOf(e);
}

export function stonesOf(e: Pick<Entry, "opening" | "moves">): Stone[] {
  return [...e.opening, ...e.moves.map((m) => ({ x: m.x, y: m.y, color: m.color }))];
}

export function cellsFor(e: Pick<Entry, "size" | "opening" | "moves">): Uint8Array {
  return cellsOf(e.size, stonesOf(e));
}

/** Who is acting: the identity of the connection (lib/server/identity), if it has one. */
export interface Actor {
  playerId?: string | null;
  /** The connection's client address: who pays for the AI of a game made without an identity. */
  address?: string | null;
}

/** The seat `token` holds, or (no token) the seat that belongs to the actor's identity. */
export function seatOf(e: Pick<Entry, "tokens" | "players">, token: string | undefined, actor?: Actor): Color | null {
  if (token) {
    if (tokenMatches(token, e.tokens[1])) return 1;
    if (tokenMatches(token, e.tokens[2])) return 2;
    return null;
  }
  const id = actor?.playerId;
  if (!id) return null;
  if (e.players[1] === id) return 1;
  if (e.players[2] === id) return 2;
  return null;
}

export function requireSeat(e: Pick<Entry, "tokens" | "players">, token: string | undefined, actor?: Actor): Color {
  const c = seatOf(e, token, actor);
  if (c) return c;
  if (token) fail("NOT_YOUR_SEAT", "That seat token does not belong to this game.");
  return fail("SPECTATOR", "Spectators cannot play: you have no seat in this game.");
}

export function requirePlaying(e: Pick<Entry, "status">): void {
  if (e.status === "finished") fail("GAME_OVER", "The game is over.");
  if (e.status === "waiting") fail("NOT_STARTED", "The game has not started: waiting for an opponent to join.");
}
