// A game's rows ⇄ its Entry: the JSON columns decoded and encoded, a move's row, the columns of an
// ending. Pure: ./store runs the queries.
import type { Game as GameRow, Move as MoveRowRead } from "../../../generated/prisma/client";
import type { MoveRow } from "../db/move-writer";
import type { Color, Point, Score, Stone } from "../../../engine";
import type { ClockSettings, GameEndReason, GameKind, GameResult, GameStatus, MoveRecord } from "../../shared/protocol";
import { isUnratedCode } from "../../shared/eligibility";
import type { Swap2Record } from "../../shared/swap2";
import { cellsFor, type Entry, type SeatDesc } from "./entry";
import { corrColumnsOf } from "./correspondence";
import type { Ending } from "./moves";

export const json = <T>(s: string | null | undefined, fallback: T): T => (s ? (JSON.parse(s) as T) : fallback);

/** The columns of a game's end. */
export function endingColumns(end: Ending) {
  return {
    status: "finished",
    result: end.result,
    reason: end.reason,
    winLine: end.winLine ? JSON.stringify(end.winLine) : null,
    finishedAt: end.at,
    drawOffer: null,
  };
}

/** A move as its row stores it. */
export function moveRowOf(gameId: string, rec: MoveRecord, at: Date): MoveRow {
  return {
    gameId,
    ply: rec.ply,
    x: rec.x,
    y: rec.y,
    color: rec.color,
    by: rec.by,
    timeMs: rec.timeMs,
    score: rec.score ? JSON.stringify(rec.score) : null,
    depth: rec.depth ?? null,
    nodes: rec.nodes ?? null,
    pv: rec.pv ? JSON.stringify(rec.pv) : null,
    rootScores: rec.rootScores ? JSON.stringify(rec.rootScores) : null,
    createdAt: at,
  };
}

export function decodeMove(m: MoveRowRead): MoveRecord {
  const rec: MoveRecord = {
    ply: m.ply,
    x: m.x,
    y: m.y,
    color: m.color as Color,
    by: m.by as "human" | "engine",
    timeMs: m.timeMs,
    at: m.createdAt.toISOString(),
  };
  if (m.score) rec.score = json<Score>(m.score, { kind: "eval", value: 0 });
  if (m.depth !== null) rec.depth = m.depth;
  if (m.nodes !== null) rec.nodes = m.nodes;
  if (m.pv) rec.pv = json<Point[]>(m.pv, []);
  if (m.rootScores) rec.rootScores = json<NonNullable<MoveRecord["rootScores"]>>(m.rootScores, []);
  return rec;
}

export function decodeGame(r: GameRow, moves: MoveRowRead[]): Entry {
  const e: Entry = {
    id: r.id,
    kind: r.kind as GameKind,
    size: r.size,
    rule: r.rule as Entry["rule"],
    opening: json<Stone[]>(r.opening, []),
    seats: { 1: json<SeatDesc>(r.black, { kind: "human" }), 2: json<SeatDesc>(r.white, { kind: "human" }) },
    tokens: { 1: r.blackToken, 2: r.whiteToken },
    players: { 1: r.blackPlayerId, 2: r.whitePlayerId },
    names: { 1: null, 2: null },
    access: r.access === "reserved" ? "reserved" : null,
    rated: r.rated,
    pool: r.pool,
    ratings: { 1: r.blackRating, 2: r.whiteRating },
    ratingDiffs: { 1: r.blackRatingDiff, 2: r.whiteRatingDiff },
    drawOffer: r.drawOffer === 1 || r.drawOffer === 2 ? r.drawOffer : null,
    clock: json<ClockSettings | null>(r.clock, null),
    clockCredit: r.clockCreditPly !== null && r.clockCreditMs !== null ? { ply: r.clockCreditPly, ms: r.clockCreditMs } : null,
    swap2: json<Swap2Record | null>(r.swap2, null),
    ...(isUnratedCode(r.unrated) ? { unrated: r.unrated } : {}),
    ...(r.corrDays ? { corrDays: r.corrDays } : {}),
    status: r.status as GameStatus,
    result: r.result as GameResult | null,
    reason: r.reason as GameEndReason | null,
    winLine: json<Point[] | null>(r.winLine, null),
    rematchId: r.rematchId,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    moves: moves.map(decodeMove),
    cells: new Uint8Array(0),
  };
  e.cells = cellsFor(e);
  return e;
}

/**
 * The seat columns (seat, token, player, rating before the game) with `e`'s seat `asBlack` in the
 * black columns and the other in the white ones: 1 as the entry has them, 2 after a swap2 exchange.
 */
export function seatColumns(e: Entry, asBlack: Color) {
  const asWhite: Color = asBlack === 1 ? 2 : 1;
  return {
    black: JSON.stringify(e.seats[asBlack]),
    white: JSON.stringify(e.seats[asWhite]),
    blackToken: e.tokens[asBlack],
    whiteToken: e.tokens[asWhite],
    blackPlayerId: e.players[asBlack],
    whitePlayerId: e.players[asWhite],
    blackRating: e.ratings[asBlack],
    whiteRating: e.ratings[asWhite],
  };
}

/** A new game's row. */
export function gameRowOf(e: Entry) {
  return {
    id: e.id,
    kind: e.kind,
    size: e.size,
    rule: e.rule,
    opening: JSON.stringify(e.opening),
    ...seatColumns(e, 1),
    access: e.access,
    rated: e.rated,
    pool: e.pool,
    clock: e.clock ? JSON.stringify(e.clock) : null,
    swap2: e.swap2 ? JSON.stringify(e.swap2) : null,
    unrated: e.unrated ?? null,
    corrDays: e.corrDays ?? null,
    ...corrColumnsOf(e),
    status: e.status,
    createdAt: e.createdAt,
    startedAt: e.startedAt,
  };
}
