// What a move, an ending or a takeback does to a game in memory, pure: the service validates,
// commits the rows, and only then applies these to its Entry.
import { cellsOf, forbiddenReason, winningLine, type Analysis, type Color, type Point } from "../../../engine";
import type { GameEndReason, GameResult, MoveRecord } from "../../shared/protocol";
import { NO_STALLS, turnElapsedMs, type StallSource } from "./clock";
import { cellsFor, colorName, type Entry } from "./entry";
import type { RatedPlayers, RatingChange } from "../ratings/update";
import { scoreFromReply } from "../../shared/scores";

/** How a game ended. */
export interface Ending {
  /** null: aborted (no result). */
  result: GameResult | null;
  reason: GameEndReason;
  winLine: Point[] | null;
  at: Date;
}

/** What a new game starts with. */
export type NewGame = Pick<Entry, "kind" | "size" | "rule" | "opening" | "seats" | "tokens" | "clock" | "status"> &
  Partial<Pick<Entry, "players" | "names" | "access" | "rated" | "pool" | "ratings" | "aiOwner" | "swap2" | "unrated" | "corrDays">>;

/** A new game's Entry, created `now` (started too, unless it waits for a player). */
export function newEntry(id: string, g: NewGame, now: Date): Entry {
  return {
    id,
    players: { 1: null, 2: null },
    names: { 1: null, 2: null },
    access: null,
    rated: false,
    pool: null,
    ratings: { 1: null, 2: null },
    swap2: null,
    ...g,
    ratingDiffs: { 1: null, 2: null },
    drawOffer: null,
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

/** Root scores as a move record keeps them; a bound carries its flag (records without one read as exact). */
export function storedRootScores(a: Analysis): NonNullable<MoveRecord["rootScores"]> {
  return a.rootScores.map((r) => (r.bound ? { x: r.move.x, y: r.move.y, score: r.score, bound: r.bound } : { x: r.move.x, y: r.move.y, score: r.score }));
}

/**
 * A legal move of `color` at p, played `now`: its record, the board after it, and the game's end if it
 * ends it. Its time is the turn's, less server downtime credited to it and the stalls in it (`stalls`).
 */
export function playMove(e: Entry, color: Color, p: Point, by: "human" | "engine", a: Analysis | undefined, now: Date, stalls: StallSource = NO_STALLS) {
  const ply = e.moves.length + 1;
  const timeMs = Math.round(turnElapsedMs(e, now.getTime(), stalls));
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
    rec.rootScores = storedRootScores(a);
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
  e.drawOffer = null;
}

/**
 * Swap2: the first player ended with white, so the seats change colour (the service has written
 * the same exchange to the row): seats, tokens, players, names, ratings before the game.
 */
export function exchangeSeats(e: Entry): void {
  const flip = <T>(o: { 1: T; 2: T }): { 1: T; 2: T } => ({ 1: o[2], 2: o[1] });
  e.seats = flip(e.seats);
  e.tokens = flip(e.tokens);
  e.players = flip(e.players);
  e.names = flip(e.names);
  e.ratings = flip(e.ratings);
  e.ratingDiffs = flip(e.ratingDiffs);
  if (e.provisional) e.provisional = flip(e.provisional);
  e.drawOffer = null;
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

/**
 * A person's move `rec` scored by `a`, a search of the position before it (pondering): the score of
 * their point among the candidates (none if the engine did not consider it), every candidate's
 * score, and the engine's own line. Null when the search saw no candidates.
 */
export function humanMoveScored(rec: MoveRecord, a: Analysis): MoveRecord | null {
  if (!a.rootScores.length) return null;
  const mine = a.rootScores.find((r) => r.move.x === rec.x && r.move.y === rec.y);
  return {
    ...rec,
    ...(mine && !mine.bound ? { score: mine.score } : {}),
    depth: a.depth,
    nodes: a.nodes,
    pv: a.pv.map(({ x, y }) => ({ x, y })),
    rootScores: storedRootScores(a),
  };
}

/**
 * An engine's move `rec` with its candidates' scores from `a`, a search of the position before it made
 * after the move was played (./candidate-scores): the move's own score, depth and line stay its search's
 * (a move without one, the casual player's, takes its exact score among the candidates).
 * Null when the search saw no candidates.
 */
export function engineMoveScored(rec: MoveRecord, a: Analysis): MoveRecord | null {
  if (rec.by !== "engine" || !a.rootScores.length) return null;
  if (rec.score !== undefined) return { ...rec, rootScores: storedRootScores(a) };
  // A move without a score of its own (the casual player's): its exact score among the candidates.
  const mine = a.rootScores.find((r) => r.move.x === rec.x && r.move.y === rec.y && !r.bound);
  return { ...rec, ...(mine ? { score: mine.score } : {}), depth: a.depth, nodes: a.nodes, rootScores: storedRootScores(a) };
}

/**
 * A person's move that pondering left without a score (played before the first depth was done, or
 * outside the exact candidates) scored as the terminal lab scores it: the score of the search after it
 * turned round (lib/shared/scores scoreFromReply) — here the engine's reply, a search of exactly that position. Null when it has a
 * score already or the reply searched nothing.
 */
export function humanMoveScoredByReply(rec: MoveRecord, reply: Analysis): MoveRecord | null {
  if (rec.by !== "human" || rec.score !== undefined || reply.depth <= 0) return null;
  return { ...rec, score: scoreFromReply(reply.score), ...(rec.depth === undefined ? { depth: reply.depth } : {}) };
}

/** Who a rated game's end rates (null: not rated, or a seat without an identity). */
export function ratedPlayersOf(e: Entry): RatedPlayers | null {
  if (!e.rated || !e.pool || !e.players[1] || !e.players[2]) return null;
  return { pool: e.pool, 1: e.players[1], 2: e.players[2] };
}

/** The rating change a rated game's end wrote, onto the game in memory (what the result banner shows). */
export function applyRatingChange(e: Entry, change: RatingChange): void {
  e.ratings = { ...change.before };
  e.ratingDiffs = { ...change.diff };
  e.provisional = { ...change.provisional };
}

/** Renju: why black may not play p here (double three, double four, overline), or null. */
export function forbiddenFor(e: Pick<Entry, "rule" | "size" | "cells">, color: Color, p: Point) {
  return e.rule === "renju" && color === 1 ? forbiddenReason(e.size, e.cells, p) : null;
}
