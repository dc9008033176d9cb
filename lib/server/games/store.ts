// The game rows: the one part of the game service that knows the tables. A game's row and its
// move rows ⇄ an Entry (JSON columns decoded here), and every query and write the service and
// its AI seat make. Nothing here caches or decides: callers hold the game's lock.
import type { Game as GameRow, Move as MoveRowRead } from "../../../generated/prisma/client";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { MoveWriter, moveSinkFor, type MoveRow } from "../db/move-writer";
import type { Color, Point, Score, Stone } from "../../../engine";
import type { ClockSettings, GameEndReason, GameKind, GameResult, GameStatus, GameSummary, MoveRecord } from "../../shared/protocol";
import { seatLabel } from "../../shared/labels";
import { cellsFor, type Entry, type SeatDesc } from "./entry";
import type { Ending } from "./moves";

const json = <T>(s: string | null | undefined, fallback: T): T => (s ? (JSON.parse(s) as T) : fallback);

/** Which page of the list to read (the summaries say what the rows say: the service adds what it knows besides). */
export interface ListQuery {
  status: "live" | "finished";
  kind?: GameKind;
  page: number;
  pageSize: number;
  /** Live: only games created or moved since then. */
  liveSince: Date;
}

/** A game the cluster sweep may have to resume. */
export interface SweepRow {
  id: string;
  aiClaimUntil: Date | null;
  clocked: boolean;
}

export class GameStore {
  /** Group commit of move rows. */
  readonly writer: MoveWriter;

  constructor(readonly db: Db) {
    this.writer = new MoveWriter(moveSinkFor(db));
  }

  // ---------------------------------------------------------------- games

  /** The row of a new game. */
  async insert(e: Entry): Promise<void> {
    await this.db.game.create({
      data: {
        id: e.id,
        kind: e.kind,
        size: e.size,
        rule: e.rule,
        opening: JSON.stringify(e.opening),
        black: JSON.stringify(e.seats[1]),
        white: JSON.stringify(e.seats[2]),
        blackToken: e.tokens[1],
        whiteToken: e.tokens[2],
        clock: e.clock ? JSON.stringify(e.clock) : null,
        status: e.status,
        createdAt: e.createdAt,
        startedAt: e.startedAt,
      },
    });
  }

  /** A game and its moves from the rows, or null if there is no such game. */
  async read(id: string): Promise<Entry | null> {
    const row = await this.db.game.findUnique({ where: { id }, include: { moves: { orderBy: { ply: "asc" } } } });
    return row ? decodeGame(row, row.moves) : null;
  }

  /** The free seat `color` of a waiting game becomes `hash`'s, and the game starts. False: someone took it first. */
  async takeSeat(id: string, color: Color, hash: string, at: Date): Promise<boolean> {
    const field = color === 1 ? "blackToken" : "whiteToken";
    const { count } = await this.db.game.updateMany({
      where: { id, status: "waiting", [field]: null },
      data: { [field]: hash, status: "playing", startedAt: at },
    });
    return count === 1;
  }

  /** Ends a game still playing. False: it was not (another node may have ended it first: its result stands). */
  async finish(id: string, end: Ending): Promise<boolean> {
    const { count } = await this.db.game.updateMany({
      where: { id, status: "playing" },
      data: { status: "finished", result: end.result, reason: end.reason, winLine: end.winLine ? JSON.stringify(end.winLine) : null, finishedAt: end.at },
    });
    return count === 1;
  }

  /** Deletes the moves from `fromPly` on; the game is playing again. */
  async takeBack(id: string, fromPly: number): Promise<void> {
    await this.db.$transaction([
      this.db.move.deleteMany({ where: { gameId: id, ply: { gte: fromPly } } }),
      this.db.game.update({
        where: { id },
        data: { status: "playing", result: null, reason: null, winLine: null, finishedAt: null },
      }),
    ]);
  }

  async setRematch(id: string, rematchId: string): Promise<void> {
    await this.db.game.update({ where: { id }, data: { rematchId } });
  }

  // ---------------------------------------------------------------- moves

  /**
   * Commits move `rec` of game `gameId` (and the game's end with it, if it ends the game). False:
   * that ply was already played (the unique (gameId, ply) key decides between writers).
   */
  async insertMove(gameId: string, rec: MoveRecord, at: Date, end: Ending | null): Promise<boolean> {
    const data = moveRowOf(gameId, rec, at);
    try {
      if (end) {
        await this.db.$transaction([
          this.db.move.create({ data }),
          this.db.game.update({
            where: { id: gameId },
            data: { status: "finished", result: end.result, reason: end.reason, winLine: end.winLine ? JSON.stringify(end.winLine) : null, finishedAt: end.at },
          }),
        ]);
      } else {
        // The hot path: plain INSERTs, grouped with the other games' moves of the same moment into
        // one statement (lib/server/db/move-writer). Prisma's create wraps INSERT … RETURNING in a
        // transaction: about 4× the time per move, measured by bench:load.
        await this.writer.insert(data);
      }
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  // ---------------------------------------------------------------- queries

  /** One page of the list and how many games match in all. */
  async list(q: ListQuery): Promise<{ games: GameSummary[]; count: number }> {
    const recent = q.liveSince;
    const where = {
      status: q.status === "live" ? { in: ["waiting", "playing"] } : "finished",
      ...(q.status === "live" ? { OR: [{ createdAt: { gte: recent } }, { moves: { some: { createdAt: { gte: recent } } } }] } : {}),
      ...(q.kind ? { kind: q.kind } : {}),
    };
    const [count, rows] = await Promise.all([
      this.db.game.count({ where }),
      this.db.game.findMany({
        where,
        orderBy: q.status === "live" ? [{ createdAt: "desc" }, { id: "asc" }] : [{ finishedAt: "desc" }, { id: "asc" }],
        skip: (q.page - 1) * q.pageSize,
        take: q.pageSize,
        include: { _count: { select: { moves: true } } },
      }),
    ]);
    const games: GameSummary[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind as GameKind,
      size: r.size,
      rule: r.rule as GameSummary["rule"],
      status: r.status as GameStatus,
      result: r.result as GameResult | null,
      reason: r.reason as GameEndReason | null,
      plies: r._count.moves,
      black: seatLabel(json<SeatDesc>(r.black, { kind: "human" })),
      white: seatLabel(json<SeatDesc>(r.white, { kind: "human" })),
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    }));
    return { games, count };
  }

  /** The ids of every game in progress. */
  async playingIds(): Promise<string[]> {
    const rows = await this.db.game.findMany({ where: { status: "playing" }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /**
   * Cluster sweep: clocked games until they end; AI games while they are active (an engine claim
   * or a seat taken in the last 10 minutes: an abandoned game is resumed when someone joins it again).
   */
  async sweepCandidates(now: Date): Promise<SweepRow[]> {
    const rows = await this.db.game.findMany({
      where: {
        status: "playing",
        OR: [{ clock: { not: null } }, { kind: { in: ["hva", "ava"] }, updatedAt: { gt: new Date(now.getTime() - 10 * 60_000) } }],
      },
      select: { id: true, aiClaimUntil: true, clock: true },
    });
    return rows.map((r) => ({ id: r.id, aiClaimUntil: r.aiClaimUntil, clocked: r.clock !== null }));
  }

  /**
   * Cluster: claims the search for `ply` of game `id` in its row for `nodeId`, for `searchMs` plus
   * `graceMs`. True: ours. A date: another node holds it until then. Null: the game is no longer playing.
   */
  async claimEngineTurn(id: string, ply: number, nodeId: string, searchMs: number, graceMs: number): Promise<true | Date | null> {
    const now = new Date();
    const { count } = await this.db.game.updateMany({
      where: {
        id,
        status: "playing",
        OR: [{ aiClaimUntil: null }, { aiClaimUntil: { lt: now } }, { aiClaimPly: { not: ply } }, { aiClaimBy: nodeId }],
      },
      data: { aiClaimBy: nodeId, aiClaimPly: ply, aiClaimUntil: new Date(now.getTime() + searchMs + graceMs) },
    });
    if (count === 1) return true;
    const row = await this.db.game.findUnique({ where: { id }, select: { status: true, aiClaimUntil: true } });
    if (!row || row.status !== "playing") return null;
    return row.aiClaimUntil ?? new Date(now.getTime() + graceMs);
  }

  /** Waits for the move rows being written. */
  async close(): Promise<void> {
    await this.writer.close();
  }
}

/** A move as its row stores it. */
function moveRowOf(gameId: string, rec: MoveRecord, at: Date): MoveRow {
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

function decodeMove(m: MoveRowRead): MoveRecord {
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

function decodeGame(r: GameRow, moves: MoveRowRead[]): Entry {
  const e: Entry = {
    id: r.id,
    kind: r.kind as GameKind,
    size: r.size,
    rule: r.rule as Entry["rule"],
    opening: json<Stone[]>(r.opening, []),
    seats: { 1: json<SeatDesc>(r.black, { kind: "human" }), 2: json<SeatDesc>(r.white, { kind: "human" }) },
    tokens: { 1: r.blackToken, 2: r.whiteToken },
    clock: json<ClockSettings | null>(r.clock, null),
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
