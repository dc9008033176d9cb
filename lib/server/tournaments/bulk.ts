// Many rows of a pass written in a few statements (one UPDATE … FROM (VALUES …) per slice) instead of
// one statement per row: under load each statement costs milliseconds (a pass scoring 50 games wrote
// 100 standing rows one by one); on PostgreSQL a whole pass in one. The same SQL on SQLite (3.33+) and PostgreSQL: the VALUES columns
// are column1…n in both, every value is CAST (PostgreSQL reads untyped parameters as text).
import { Prisma } from "../../../generated/prisma/client";
import type { Db } from "../db/client";
import { inListIds, rowsPerStatement } from "../db/params";
import type { Standing } from "./recount";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** The integer columns of a standing row, in the VALUES order after the player's id. */
const INT_COLUMNS = ["score", "games", "wins", "draws", "blacks", "whites", "byes", "perf", "buchholz", "sonneborn"] as const;
/** Values a row: a player's standing, a closed pairing (lib/server/db/params sizes the statements by them). */
const PLAYER_VALUES = 12;
const PAIRING_VALUES = 5;

const int = (n: string) => Prisma.raw(`CAST(${n} AS INTEGER)`);

/** Writes each player's standing (all of its columns) in event `tournamentId`. */
export async function writeStandingRows(tx: Tx | Db, tournamentId: string, rows: ReadonlyArray<{ id: string; standing: Standing }>): Promise<void> {
  const n = INT_COLUMNS.length;
  const sets = [
    ...INT_COLUMNS.map((c, i) => `"${c}" = CAST(v.column${i + 2} AS INTEGER)`),
    `"fire" = (CAST(v.column${n + 2} AS INTEGER) = 1)`,
    `"lastOpponent" = CAST(v.column${n + 3} AS TEXT)`,
  ].join(", ");
  const per = rowsPerStatement(tx, PLAYER_VALUES);
  for (let i = 0; i < rows.length; i += per) {
    const values = rows
      .slice(i, i + per)
      .map(({ id, standing: s }) => Prisma.sql`(${Prisma.join([id, ...INT_COLUMNS.map((c) => s[c]), s.fire ? 1 : 0, s.lastOpponent])})`);
    await tx.$executeRaw`UPDATE "TournamentPlayer" SET ${Prisma.raw(sets)} FROM (VALUES ${Prisma.join(values)}) AS v
      WHERE "TournamentPlayer"."tournamentId" = ${tournamentId} AND "TournamentPlayer"."playerId" = CAST(v.column1 AS TEXT)`;
  }
}

/**
 * Closes pairings still "playing" (status done, result, plies; and each side's points when given);
 * returns how many were closed (fewer than asked: another director closed some first).
 */
export async function closePairings(
  tx: Tx | Db,
  closing: ReadonlyArray<{ id: string; result: string; plies: number; blackPoints?: number; whitePoints?: number }>,
): Promise<number> {
  let closed = 0;
  const per = rowsPerStatement(tx, PAIRING_VALUES);
  for (let i = 0; i < closing.length; i += per) {
    const values = closing.slice(i, i + per).map((c) => Prisma.sql`(${Prisma.join([c.id, c.result, c.plies, c.blackPoints ?? null, c.whitePoints ?? null])})`);
    closed += await tx.$executeRaw`UPDATE "TournamentPairing" SET "status" = 'done', "result" = CAST(v.column2 AS TEXT), "plies" = ${int("v.column3")},
        "blackPoints" = COALESCE(${int("v.column4")}, "blackPoints"), "whitePoints" = COALESCE(${int("v.column5")}, "whitePoints")
      FROM (VALUES ${Prisma.join(values)}) AS v
      WHERE "TournamentPairing"."id" = CAST(v.column1 AS TEXT) AND "TournamentPairing"."status" = 'playing'`;
  }
  return closed;
}

/** Pairings "starting" → "playing" with their games' ids (the games made); returns how many. */
export async function linkGames(tx: Tx | Db, links: ReadonlyArray<{ id: string; gameId: string }>): Promise<number> {
  let linked = 0;
  const per = rowsPerStatement(tx, PAIRING_VALUES);
  for (let i = 0; i < links.length; i += per) {
    const values = links.slice(i, i + per).map((l) => Prisma.sql`(${l.id}, ${l.gameId})`);
    linked += await tx.$executeRaw`UPDATE "TournamentPairing" SET "status" = 'playing', "gameId" = CAST(v.column2 AS TEXT)
      FROM (VALUES ${Prisma.join(values)}) AS v WHERE "TournamentPairing"."id" = CAST(v.column1 AS TEXT)`;
  }
  return linked;
}

/**
 * Players of `ids` still "playing" with no open game left back to "waiting" (one who paused or withdrew
 * meanwhile keeps that); returns how many. One statement: the open games looked up inside it.
 */
export async function freeIdle(tx: Tx | Db, tournamentId: string, ids: readonly string[]): Promise<number> {
  let freed = 0;
  const per = inListIds(tx);
  for (let i = 0; i < ids.length; i += per)
    freed += await tx.$executeRaw`UPDATE "TournamentPlayer" SET "status" = 'waiting'
      WHERE "tournamentId" = ${tournamentId} AND "status" = 'playing' AND "playerId" IN (${Prisma.join(ids.slice(i, i + per))})
        AND NOT EXISTS (SELECT 1 FROM "TournamentPairing" p WHERE p."tournamentId" = ${tournamentId} AND p."status" IN ('starting', 'playing')
          AND (p."blackId" = "TournamentPlayer"."playerId" OR p."whiteId" = "TournamentPlayer"."playerId"))`;
  return freed;
}
