// Group commit of moves: rows that arrive together go in one statement; a bad row (a ply already
// taken) is refused alone, the others are committed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation, openDb, type Db } from "../../lib/db/client";
import { MoveWriter, type MoveRow } from "../../lib/db/move-writer";
import { tempSqlite } from "./helpers";

let tmp: Awaited<ReturnType<typeof tempSqlite>>;
let db: Db;
beforeAll(async () => {
  tmp = await tempSqlite();
  db = await openDb(tmp.file);
  for (const id of ["g1", "g2", "g3"])
    await db.game.create({ data: { id, kind: "hvh", size: 15, rule: "freestyle", opening: "[]", black: "{}", white: "{}", status: "playing" } });
});
afterAll(async () => {
  await db?.$disconnect();
  tmp?.cleanup();
});

const row = (gameId: string, ply: number, x = ply, y = 0): MoveRow => ({
  gameId,
  ply,
  x,
  y,
  color: ply % 2 ? 1 : 2,
  by: "human",
  timeMs: 5,
  score: null,
  depth: null,
  nodes: null,
  pv: null,
  rootScores: null,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, ply)),
});

describe("MoveWriter", () => {
  it("batches concurrent rows and refuses only the duplicate", async () => {
    const w = new MoveWriter(db);
    await w.insert(row("g1", 1));
    // These arrive while nothing / something is being written: the later ones share a statement.
    const results = await Promise.allSettled([
      w.insert(row("g2", 1)),
      w.insert(row("g3", 1)),
      w.insert(row("g1", 1, 9, 9)), // ply 1 of g1 is taken
      w.insert(row("g2", 2)),
      w.insert(row("g3", 2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(w.stats.batches).toBeLessThan(w.stats.rows); // some rows went together
    const rows = await db.move.findMany({ orderBy: [{ gameId: "asc" }, { ply: "asc" }] });
    expect(rows.map((r) => [r.gameId, r.ply, r.x, r.y])).toEqual([
      ["g1", 1, 1, 0],
      ["g2", 1, 1, 0],
      ["g2", 2, 2, 0],
      ["g3", 1, 1, 0],
      ["g3", 2, 2, 0],
    ]);
    // Stored as Prisma stores them: the dates read back exactly.
    expect(rows[2].createdAt.toISOString()).toBe("2025-01-01T00:00:02.000Z");
  });
});
