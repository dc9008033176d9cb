// The game rows: the one part of the game service that knows the tables, and every query and write
// the service and its AI seat make (rows ⇄ an Entry: ./game-rows; the lists: ./game-list). Nothing
// here caches or decides: callers hold the game's lock.
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { MoveWriter, moveSinkFor } from "../db/move-writer";
import type { Color } from "../../../engine";
import type { GameSummary, MoveRecord } from "../../shared/protocol";
import type { Entry } from "./entry";
import type { Ending } from "./moves";
import type { BerserkClock } from "./clock";
import { applyRatedResult, type RatedPlayers, type RatingChange } from "../ratings/update";
import type { Swap2Record } from "../../shared/swap2";
import { decodeGame, endingColumns, gameRowOf, moveRowOf, seatColumns } from "./game-rows";
import { listGames, type ListQuery } from "./game-list";

export type { ListQuery } from "./game-list";

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
    await this.db.game.create({ data: gameRowOf(e) });
  }

  /** The rows of several new games in one statement (a pairing pass). */
  async insertMany(entries: Entry[]): Promise<void> {
    if (!entries.length) return;
    await this.db.game.createMany({ data: entries.map((e) => gameRowOf(e)) });
  }

  /**
   * Finished games with all their moves (imports: lib/server/games/imported), in one transaction:
   * every game of the batch is stored, or none.
   */
  async insertFinished(entries: Entry[], importedById: string | null = null, importKeys: Array<string | null> = []): Promise<void> {
    if (!entries.length) return;
    await this.db.$transaction(
      async (tx) => {
        await tx.game.createMany({
          data: entries.map((e, i) => ({
            ...gameRowOf(e),
            importedById,
            importKey: importKeys[i] ?? null,
            result: e.result,
            reason: e.reason,
            winLine: e.winLine ? JSON.stringify(e.winLine) : null,
            finishedAt: e.finishedAt,
          })),
        });
        const moves = entries.flatMap((e) => e.moves.map((m) => moveRowOf(e.id, m, e.createdAt)));
        // In slices: a statement has a bound on its parameters (SQLite 32,766; 13 a row).
        for (let i = 0; i < moves.length; i += 2000) await tx.move.createMany({ data: moves.slice(i, i + 2000) });
      },
      { timeout: 30_000, maxWait: 10_000 },
    );
  }

  /** The games stored under these import keys (./import-key): key → game id. */
  async gamesByImportKey(keys: string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const rows = await this.db.game.findMany({ where: { importKey: { in: [...new Set(keys)] } }, select: { id: true, importKey: true } });
    return new Map(rows.map((r) => [r.importKey!, r.id]));
  }

  /** Is there a row for game `id`? (One primary-key read: the pages ask it for every game address.) */
  async exists(id: string): Promise<boolean> {
    return (await this.db.game.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  /** A game and its moves from the rows, or null if there is no such game. */
  async read(id: string): Promise<Entry | null> {
    const row = await this.db.game.findUnique({ where: { id }, include: { moves: { orderBy: { ply: "asc" } } } });
    if (!row) return null;
    const e = decodeGame(row, row.moves);
    const names = await this.namesOf([e.players[1], e.players[2]]);
    e.names = { 1: e.players[1] ? (names.get(e.players[1]) ?? null) : null, 2: e.players[2] ? (names.get(e.players[2]) ?? null) : null };
    return e;
  }

  /** A player's finished games (either seat, or imported by them), newest first, at most `limit`, with moves and names ("download my games"). */
  async finishedOf(playerId: string, limit: number): Promise<Entry[]> {
    const rows = await this.db.game.findMany({
      where: {
        status: "finished",
        OR: [{ blackPlayerId: playerId }, { whitePlayerId: playerId }, { importedById: playerId }],
        AND: [{ OR: [{ reason: null }, { reason: { not: "abort" } }] }],
      },
      orderBy: [{ finishedAt: "desc" }, { id: "asc" }],
      take: limit,
      include: { moves: { orderBy: { ply: "asc" } } },
    });
    const names = await this.namesOf(rows.flatMap((r) => [r.blackPlayerId, r.whitePlayerId]));
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    return rows.map((r) => ({ ...decodeGame(r, r.moves), names: { 1: nameOf(r.blackPlayerId), 2: nameOf(r.whitePlayerId) } }));
  }

  /** The id of the player with this name now (names are unique whatever their case), or null. */
  async playerIdByName(name: string): Promise<string | null> {
    const row = await this.db.player.findUnique({ where: { nameKey: name.trim().toLowerCase() }, select: { id: true } });
    return row?.id ?? null;
  }

  /** Player id → name, for the ids given (one query). */
  async namesOf(ids: Array<string | null>): Promise<Map<string, string>> {
    const want = [...new Set(ids.filter((id): id is string => !!id))];
    if (!want.length) return new Map();
    const rows = await this.db.player.findMany({ where: { id: { in: want } }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * The free seat `color` of a waiting game becomes `hash`'s (and `playerId`'s), and the game
   * starts. False: someone took it first.
   */
  async takeSeat(id: string, color: Color, hash: string | null, playerId: string | null, at: Date): Promise<boolean> {
    const token = color === 1 ? "blackToken" : "whiteToken";
    const player = color === 1 ? "blackPlayerId" : "whitePlayerId";
    const { count } = await this.db.game.updateMany({
      where: { id, status: "waiting", [token]: null, ...(playerId ? { OR: [{ [player]: null }, { [player]: playerId }] } : { [player]: null }) },
      data: { [token]: hash, [player]: playerId, status: "playing", startedAt: at },
    });
    return count === 1;
  }

  /**
   * Ends a game still playing (and rates it, when `rated` names its players and it has a result).
   * ended false: it was not playing (another node may have ended it first: its result stands, and
   * its rating change was its own). One transaction: the game ends and rates once, or not at all.
   */
  async finish(id: string, end: Ending, rated: RatedPlayers | null = null): Promise<{ ended: boolean; change: RatingChange | null }> {
    const data = endingColumns(end);
    if (!rated || !end.result) {
      const { count } = await this.db.game.updateMany({ where: { id, status: "playing" }, data });
      return { ended: count === 1, change: null };
    }
    const result = end.result;
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.game.updateMany({ where: { id, status: "playing" }, data });
      if (count !== 1) return { ended: false, change: null };
      return { ended: true, change: await applyRatedResult(tx, id, rated, result, end.at) };
    });
  }

  /** The colour whose draw offer stands in a game still playing (null: none). */
  async setDrawOffer(id: string, color: Color | null): Promise<void> {
    await this.db.game.updateMany({ where: { id, status: "playing" }, data: { drawOffer: color } });
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

  /**
   * A swap2 choice: the record `was` becomes `next` in a game still playing, and with `exchange` the
   * seat columns (seats, tokens, players, ratings before the game) change colour in the same update,
   * taken from `e` (the game as read, whose seats are still those of `was`). False: the stored
   * record was no longer `was` (another writer chose first) and nothing changed.
   */
  async setSwap2(e: Entry, was: Swap2Record, next: Swap2Record, exchange: boolean): Promise<boolean> {
    const seats = exchange ? seatColumns(e, 2) : {};
    const { count } = await this.db.game.updateMany({
      where: { id: e.id, status: "playing", swap2: JSON.stringify(was) },
      data: { swap2: JSON.stringify(next), ...seats },
    });
    return count === 1;
  }

  /**
   * Server downtime credited to the turn at `credit.ply` of a game still playing (a restart:
   * lib/server/games/heartbeat), if its credit is still `was` (as read). False: another node starting
   * at the same moment credited it first (the downtime is credited once).
   */
  async setClockCredit(id: string, credit: { ply: number; ms: number }, was: { ply: number; ms: number } | null): Promise<boolean> {
    const { count } = await this.db.game.updateMany({
      where: { id, status: "playing", clockCreditPly: was?.ply ?? null, clockCreditMs: was?.ms ?? null },
      data: { clockCreditPly: credit.ply, clockCreditMs: Math.round(credit.ms) },
    });
    return count === 1;
  }

  /**
   * A berserk (lib/server/games/berserker): the clock with `color` halved, while the game plays and that
   * colour has no move in the rows (a move taken on another node meanwhile wins). False: too late.
   */
  async setBerserkClock(id: string, clock: BerserkClock, color: Color): Promise<boolean> {
    const { count } = await this.db.game.updateMany({ where: { id, status: "playing", moves: { none: { color } } }, data: { clock: JSON.stringify(clock) } });
    return count === 1;
  }

  async setRematch(id: string, rematchId: string): Promise<void> {
    await this.db.game.update({ where: { id }, data: { rematchId } });
  }

  // ---------------------------------------------------------------- moves

  /**
   * Commits move `rec` of game `gameId` (and the game's end with it, if it ends the game, rating it
   * when `rated` names its players). inserted false: that ply was already played (the unique
   * (gameId, ply) key decides between writers).
   */
  async insertMove(
    gameId: string,
    rec: MoveRecord,
    at: Date,
    end: Ending | null,
    rated: RatedPlayers | null = null,
  ): Promise<{ inserted: boolean; change: RatingChange | null }> {
    const data = moveRowOf(gameId, rec, at);
    try {
      if (end) {
        const result = end.result;
        const change = await this.db.$transaction(async (tx) => {
          await tx.move.create({ data });
          // Guarded like finish: a game another node ended meanwhile (a resign, a flag) keeps its end and is not rated twice.
          const { count } = await tx.game.updateMany({ where: { id: gameId, status: "playing" }, data: endingColumns(end) });
          if (count !== 1) throw new GameEndedMeanwhile();
          return rated && result ? applyRatedResult(tx, gameId, rated, result, end.at) : null;
        });
        return { inserted: true, change };
      }
      // The hot path: plain INSERTs, grouped with the other games' moves of the same moment into
      // one statement (lib/server/db/move-writer). Prisma's create wraps INSERT … RETURNING in a
      // transaction: about 4× the time per move, measured by bench:load.
      await this.writer.insert(data);
      return { inserted: true, change: null };
    } catch (err) {
      if (isUniqueViolation(err) || err instanceof GameEndedMeanwhile) return { inserted: false, change: null };
      throw err;
    }
  }

  /** A move gets its scores afterwards (a person's: pondering; an engine's: its candidates): only its analysis columns change. */
  async scoreMove(gameId: string, rec: MoveRecord): Promise<boolean> {
    const { score, depth, nodes, pv, rootScores } = moveRowOf(gameId, rec, new Date());
    const { count } = await this.db.move.updateMany({
      where: { gameId, ply: rec.ply, x: rec.x, y: rec.y, by: rec.by },
      data: { score, depth, nodes, pv, rootScores },
    });
    return count === 1;
  }

  // ---------------------------------------------------------------- queries

  /** One page of the list and how many games match in all (./game-list). */
  list(q: ListQuery): Promise<{ games: GameSummary[]; count: number }> {
    return listGames(this.db, q, (ids) => this.namesOf(ids));
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

/** Rolls back a final move whose game another writer ended first (the move is refused as stale). */
class GameEndedMeanwhile extends Error {}
