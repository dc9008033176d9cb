// What a move, an ending or a takeback does to a game in memory, pure: the service validates,
// commits the rows, and only then applies these to its Entry.
import { cellsOf, winningLine, type Analysis, type Color, type Point } from "../../../engine";
import type { GameEndReason, GameResult, MoveRecord } from "../../shared/protocol";
import { lastMoveAt } from "./clock";
import { cellsFor, colorName, type Entry } from "./entry";

/** How a game ended. */
export interface Ending {
  result: GameResult;
  reason: GameEndReason;
  winLine: Point[] | null;
  at: Date;
}

/** What a new game starts with. */
export type NewGame = Pick<Entry, "kind" | "size" | "rule" | "opening" | "seats" | "tokens" | "clock" | "status">;

/** A new game's Entry, created `now` (started too, unless it waits for a player). */
export function newEntry(id: string, g: NewGame, now: Date): Entry {
  return {
    id,
    ...g,
    result: null,
    reason: null,
    winLine: null,
    rematchId: null,
    createdAt: now,
    startedAt: g.status === "playing" ? now : null,
    finishedAt: null,
    moves: [],
    cells: cellsOf(g.size, g.opening),
  };
}

/** A legal move of `color` at p, played `now`: its record, the board after it, and the game's end if it ends it. */
export function playMove(e: Entry, color: Color, p: Point, by: "human" | "engine", a: Analysis | undefined, now: Date) {
  const ply = e.moves.length + 1;
  const timeMs = Math.max(0, now.getTime() - lastMoveAt(e).getTime());
  const cells = e.cells.slice();
  cells[p.y * e.size + p.x] = color;
  const line = winningLine(e.size, e.rule, cells, p, color);
  const full = e.opening.length + ply === e.size * e.size;
  const rec: MoveRecord = { ply, x: p.x, y: p.y, color, by, timeMs, at: now.toISOString() };
  if (a) {
    rec.score = a.score;
    rec.depth = a.depth;
    rec.nodes = a.nodes;
    rec.pv = a.pv.map(({ x, y }) => ({ x, y }));
    rec.rootScores = a.rootScores.map((r) => ({ x: r.move.x, y: r.move.y, score: r.score }));
  }
  const end: Ending | null = line || full ? { result: line ? colorName(color) : "draw", reason: line ? "five" : "full", winLine: line, at: now } : null;
  return { rec, cells, end };
}

export function applyEnding(e: Entry, end: Ending): void {
  e.status = "finished";
  e.result = end.result;
  e.reason = end.reason;
  e.winLine = end.winLine;
  e.finishedAt = end.at;
}

/** The game without its moves from index `from` on, playing again. */
export function applyTakeback(e: Entry, from: number): void {
  e.moves = e.moves.slice(0, from);
  e.cells = cellsFor(e);
  e.status = "playing";
  e.result = e.reason = null;
  e.winLine = null;
  e.finishedAt = null;
}
