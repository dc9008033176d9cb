// Rated endings on PostgreSQL: two nodes (two game services, two connection pools) end the same
// rated game at once and it is rated once (the guarded end and the rating share a transaction; the
// second waits on the row's lock and then finds it finished); a five in a row rates through the
// final move's transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../lib/server/db/client";
import { GameService } from "../../lib/server/games/service";
import { tempPostgres } from "./helpers";

const POOL = "freestyle-15-blitz";
let pg: Awaited<ReturnType<typeof tempPostgres>>;
let dbA: Db;
let dbB: Db;
let a: GameService;
let b: GameService;

beforeAll(async () => {
  pg = await tempPostgres();
  dbA = await openDb(pg.url);
  dbB = await openDb(pg.url);
  a = new GameService({ db: dbA, cluster: true });
  b = new GameService({ db: dbB, cluster: true });
  await dbA.player.createMany({
    data: ["black", "white"].map((n) => ({ id: `p-${n}`, name: `pg-${n}`, nameKey: `pg-${n}` })),
  });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await dbA?.$disconnect();
  await dbB?.$disconnect();
  await pg?.drop();
});

const newGame = () =>
  a.createMatched({
    size: 15,
    rule: "freestyle",
    clock: { initialMs: 180_000, incrementMs: 2_000 },
    black: "p-black",
    white: "p-white",
    rated: true,
    pool: POOL,
  });

describe("rated endings on PostgreSQL", () => {
  it("two nodes resigning the same game at once: one end, one rating change", async () => {
    const { gameId } = await newGame();
    await a.move({ gameId, ply: 1, x: 7, y: 7 }, { playerId: "p-black" });
    await a.move({ gameId, ply: 2, x: 7, y: 8 }, { playerId: "p-white" });
    await b.getState(gameId); // node B has it cached as playing too
    const results = await Promise.allSettled([a.resign({ gameId }, { playerId: "p-black" }), b.resign({ gameId }, { playerId: "p-white" })]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await dbA.ratingPoint.count({ where: { gameId } })).toBe(2);
    const ratings = await dbA.rating.findMany({ where: { pool: POOL }, orderBy: { playerId: "asc" } });
    expect(ratings.map((r) => r.games)).toEqual([1, 1]);
    const row = await dbA.game.findUnique({ where: { id: gameId } });
    const blackWon = row!.result === "black";
    expect(ratings.find((r) => r.playerId === "p-black")!.wins).toBe(blackWon ? 1 : 0);
  });

  it("five in a row rates in the final move's transaction", async () => {
    const { gameId } = await newGame();
    for (let ply = 1; ply <= 9; ply++) {
      const black = ply % 2 === 1;
      await a.move({ gameId, ply, x: 3 + Math.floor((ply - 1) / 2), y: black ? 7 : 8 }, { playerId: black ? "p-black" : "p-white" });
    }
    const row = await dbA.game.findUnique({ where: { id: gameId } });
    expect(row).toMatchObject({ status: "finished", result: "black", reason: "five" });
    expect(row!.blackRatingDiff).toBeGreaterThan(0);
    expect(await dbA.ratingPoint.count({ where: { gameId } })).toBe(2);
    expect((await dbA.rating.findMany({ where: { pool: POOL } })).map((r) => r.games)).toEqual([2, 2]);
  });
});
