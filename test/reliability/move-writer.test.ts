// Group commit of moves, through both sinks (SQLite's own thread; Prisma, as on PostgreSQL): rows
// that arrive together go in one batch; a bad row (a ply already taken) is refused alone, the
// others are committed, and what is stored reads back through Prisma exactly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation, openDb, type Db } from "../../lib/server/db/client";
import { MoveWriter, PrismaMoveSink, moveSinkFor, type MoveSink } from "../../lib/server/db/move-writer";
import { SqliteMoveSink } from "../../lib/server/db/sqlite-move-sink";
import { tempSqlite } from "./helpers";
import { moveRow } from "./sqlite-test-helpers";

let tmp: Awaited<ReturnType<typeof tempSqlite>>;
let db: Db;
beforeAll(async () => {
  tmp = await tempSqlite();
  db = await openDb(tmp.file);
  for (const id of ["g1", "g2", "g3", "h1", "h2", "h3"])
    await db.game.create({ data: { id, kind: "hvh", size: 15, rule: "freestyle", opening: "[]", black: "{}", white: "{}", status: "playing" } });
});
afterAll(async () => {
  await db?.$disconnect();
  tmp?.cleanup();
});

const sinks: Array<[string, () => MoveSink, string]> = [
  ["SQLite thread", () => moveSinkFor(db), "g"],
  ["Prisma", () => new PrismaMoveSink(db), "h"],
];

describe.each(sinks)("MoveWriter through the %s sink", (_name, makeSink, prefix) => {
  it("batches concurrent rows and refuses only the duplicate", async () => {
    const sink = makeSink();
    const w = new MoveWriter(sink);
    const [a, b, c] = [1, 2, 3].map((n) => `${prefix}${n}`);
    await w.insert(moveRow(a, 1));
    // These arrive while nothing / something is being written: the later ones share a batch.
    const results = await Promise.allSettled([
      w.insert(moveRow(b, 1)),
      w.insert(moveRow(c, 1)),
      w.insert(moveRow(a, 1, { x: 9, y: 9 })), // ply 1 of the first game is taken
      w.insert(moveRow(b, 2)),
      w.insert(moveRow(c, 2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(w.stats.batches).toBeLessThan(w.stats.rows); // some rows went together
    const rows = await db.move.findMany({ where: { gameId: { startsWith: prefix } }, orderBy: [{ gameId: "asc" }, { ply: "asc" }] });
    expect(rows.map((r) => [r.gameId, r.ply, r.x, r.y])).toEqual([
      [a, 1, 1, 0],
      [b, 1, 1, 0],
      [b, 2, 2, 0],
      [c, 1, 1, 0],
      [c, 2, 2, 0],
    ]);
    // Stored as Prisma stores them: the dates read back exactly.
    expect(rows[2].createdAt.toISOString()).toBe("2025-01-01T00:00:02.000Z");
    await w.close();
  });
});

describe("the SQLite move thread", () => {
  it("is the default sink on SQLite and answers after a restart of its thread", async () => {
    const sink = moveSinkFor(db);
    expect(sink).toBeInstanceOf(SqliteMoveSink);
    const w = new MoveWriter(sink);
    await w.insert(moveRow("g1", 2));
    await sink.close(); // the thread is gone: the next write starts a new one
    await w.insert(moveRow("g1", 3));
    expect((await db.move.findMany({ where: { gameId: "g1" }, orderBy: { ply: "asc" } })).map((r) => r.ply)).toEqual([1, 2, 3]);
    await w.close();
  });
});
