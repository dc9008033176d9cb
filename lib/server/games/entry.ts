// A game in memory (an Entry): its row, decoded, plus its moves and board; and the small pure
// facts every part of the game service reads off it (whose turn, which seat a token holds).
import { cellsOf, other, sideToMove, type Color, type Point, type Stone } from "../../../engine";
import type { ClockSettings, EngineSettings, GameEndReason, GameKind, GameResult, GameStatus, MoveRecord } from "../../shared/protocol";
import { fail } from "./errors";
import { tokenMatches } from "./tokens";

export type SeatDesc = { kind: "human" } | { kind: "engine"; engine: EngineSettings };

/** A game in memory: its row, decoded, plus its moves and board. */
export interface Entry {
  id: string;
  kind: GameKind;
  size: number;
  rule: "freestyle" | "exact5";
  opening: Stone[];
  seats: { 1: SeatDesc; 2: SeatDesc };
  tokens: { 1: string | null; 2: string | null }; // hashes
  clock: ClockSettings | null;
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

export function stonesOf(e: Pick<Entry, "opening" | "moves">): Stone[] {
  return [...e.opening, ...e.moves.map((m) => ({ x: m.x, y: m.y, color: m.color }))];
}

export function cellsFor(e: Pick<Entry, "size" | "opening" | "moves">): Uint8Array {
  return cellsOf(e.size, stonesOf(e));
}

export function seatOf(e: Pick<Entry, "tokens">, token: string | undefined): Color | null {
  if (!token) return null;
  if (tokenMatches(token, e.tokens[1])) return 1;
  if (tokenMatches(token, e.tokens[2])) return 2;
  return null;
}

export function requireSeat(e: Pick<Entry, "tokens">, token: string | undefined): Color {
  if (!token) fail("SPECTATOR", "Spectators cannot play: you have no seat in this game.");
  const c = seatOf(e, token);
  if (!c) fail("NOT_YOUR_SEAT", "That seat token does not belong to this game.");
  return c!;
}

export function requirePlaying(e: Pick<Entry, "status">): void {
  if (e.status === "finished") fail("GAME_OVER", "The game is over.");
  if (e.status === "waiting") fail("NOT_STARTED", "The game has not started: waiting for an opponent to join.");
}
