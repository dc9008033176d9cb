// The game service's rules, straight through its API (no sockets): exact5, full-board draw, rematch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "./helpers";
import type { TestServer } from "../support/test-server";

let srv: TestServer;
beforeAll(async () => {
  srv = await server();
});
afterAll(async () => {
  await srv?.close();
});

async function hvh(size: number, rule: "freestyle" | "exact5") {
  const { gameId, seatToken: black } = await srv.games.createGame({ opponent: "human", size, rule, color: 1 });
  const { seatToken: white } = await srv.games.join({ gameId, takeSeat: true });
  return { gameId, tokens: { 1: black, 2: white! } as Record<1 | 2, string> };
}

async function play(gameId: string, tokens: Record<1 | 2, string>, moves: Array<[number, number]>) {
  for (const [i, [x, y]] of moves.entries()) {
    const ply = i + 1;
    await srv.games.move({ gameId, seatToken: tokens[ply % 2 ? 1 : 2], ply, x, y });
  }
  return srv.games.getState(gameId);
}

describe("game rules in the service", () => {
  it("exact5: an overline does not win, an exact five does", async () => {
    const { gameId, tokens } = await hvh(15, "exact5");
    // Black: 0,0 1,0 2,0 4,0 5,0 then 3,0 makes six (no win); white plays along y = 5.
    // prettier-ignore
    const s = await play(gameId, tokens, [[0, 0], [0, 5], [1, 0], [1, 5], [2, 0], [2, 5], [4, 0], [3, 5], [5, 0], [9, 9], [3, 0]]);
    expect(s.status).toBe("playing");
    // White now makes exactly five on y = 5: 0..3 plus 4.
    const w = await play2(gameId, tokens, 12, [4, 5]);
    expect(w).toMatchObject({ status: "finished", result: "white", reason: "five" });
    expect(w.winLine).toHaveLength(5);
  });

  it("freestyle: an overline wins", async () => {
    const { gameId, tokens } = await hvh(15, "freestyle");
    // prettier-ignore
    const s = await play(gameId, tokens, [[0, 0], [0, 5], [1, 0], [1, 5], [2, 0], [2, 5], [4, 0], [9, 5], [5, 0], [9, 9], [3, 0]]);
    expect(s).toMatchObject({ status: "finished", result: "black", reason: "five" });
    expect(s.winLine).toHaveLength(6);
  });

  it("a full board without five is a draw", async () => {
    const { gameId, tokens } = await hvh(5, "freestyle");
    const black: Array<[number, number]> = [
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 3],
      [4, 0],
      [4, 1],
      [4, 2],
    ];
    const white: Array<[number, number]> = [
      [0, 0],
      [0, 3],
      [0, 4],
      [1, 1],
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
      [3, 2],
      [3, 4],
      [4, 3],
      [4, 4],
    ];
    const moves: Array<[number, number]> = [];
    for (let i = 0; i < 13; i++) {
      moves.push(black[i]);
      if (white[i]) moves.push(white[i]);
    }
    const s = await play(gameId, tokens, moves);
    expect(s).toMatchObject({ status: "finished", result: "draw", reason: "full" });
    expect(s.moves).toHaveLength(25);
  });

  it("hvh rematch: colours swap, the second player takes the free seat", async () => {
    const { gameId, tokens } = await hvh(9, "freestyle");
    await srv.games.resign({ gameId, seatToken: tokens[2] });
    const r1 = await srv.games.rematch({ gameId, seatToken: tokens[1] });
    expect(r1.color).toBe(2);
    expect((await srv.games.getState(gameId)).rematchId).toBe(r1.gameId);
    const waiting = await srv.games.getState(r1.gameId);
    expect(waiting).toMatchObject({ status: "waiting", size: 9, white: { kind: "human", taken: true }, black: { kind: "human", taken: false } });
    const r2 = await srv.games.rematch({ gameId, seatToken: tokens[2] });
    expect(r2).toMatchObject({ gameId: r1.gameId, color: 1 });
    expect((await srv.games.getState(r1.gameId)).status).toBe("playing");
    await expect(srv.games.rematch({ gameId, seatToken: tokens[2] })).rejects.toMatchObject({ code: "SEAT_TAKEN" });
    await srv.games.move({ gameId: r1.gameId, seatToken: r2.seatToken, ply: 1, x: 4, y: 4 });
  });

  it("list pages, newest first, filtered by kind", async () => {
    const all = await srv.games.list({ status: "finished" });
    expect(all.games.length).toBeGreaterThan(0);
    const times = all.games.map((g) => g.finishedAt!);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await srv.games.list({ status: "live", kind: "ava" })).games).toHaveLength(0);
    expect((await srv.games.list({ status: "finished", page: 99 })).games).toHaveLength(0);
  });
});

async function play2(gameId: string, tokens: Record<1 | 2, string>, ply: number, [x, y]: [number, number]) {
  await srv.games.move({ gameId, seatToken: tokens[ply % 2 ? 1 : 2], ply, x, y });
  return srv.games.getState(gameId);
}

describe("two processes on one database", () => {
  /** A second game service on the same file, as another process (or node) would have. */
  async function withOther(run: (other: import("../../lib/server/games/service").GameService, db2: import("../../lib/server/db/client").Db) => Promise<void>) {
    const { GameService } = await import("../../lib/server/games/service");
    const { openDb } = await import("../../lib/server/db/client");
    const db2 = await openDb(srv.dbFile);
    const other = new GameService({ db: db2 });
    try {
      await run(other, db2);
    } finally {
      await other.close();
      await db2.$disconnect();
    }
  }

  it("the (gameId, ply) key decides: the second writer of a ply gets WRONG_PLY, then catches up", async () => {
    await withOther(async (other, db2) => {
      const { gameId, tokens } = await hvh(9, "freestyle");
      await srv.games.move({ gameId, seatToken: tokens[1], ply: 1, x: 0, y: 0 });
      await other.getState(gameId); // cached in the other process too, at ply 1
      await srv.games.move({ gameId, seatToken: tokens[2], ply: 2, x: 1, y: 1 });
      // The other process's cache is stale: its commit of ply 2 hits the unique key.
      await expect(other.move({ gameId, seatToken: tokens[2], ply: 2, x: 2, y: 2 })).rejects.toMatchObject({ code: "WRONG_PLY" });
      // It reloads from the rows and goes on.
      await other.move({ gameId, seatToken: tokens[1], ply: 3, x: 3, y: 3 });
      const rows = await db2.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
      expect(rows.map((r) => [r.ply, r.x, r.y])).toEqual([
        [1, 0, 0],
        [2, 1, 1],
        [3, 3, 3],
      ]);
    });
  });

  it("another node's move: the next ply is applied to the cached copy, anything else drops the copy", async () => {
    await withOther(async (other, db2) => {
      const { gameId, tokens } = await hvh(9, "freestyle");
      await srv.games.move({ gameId, seatToken: tokens[1], ply: 1, x: 0, y: 0 });
      await other.getState(gameId); // cached at ply 1
      // Ply 2 as the notice brings it (committed on the first node).
      await srv.games.move({ gameId, seatToken: tokens[2], ply: 2, x: 1, y: 1 });
      const ply2 = (await srv.games.getState(gameId)).moves[1];
      other.applyRemoteMove(gameId, ply2);
      expect((await other.getState(gameId)).moves.map((m) => [m.ply, m.x, m.y])).toEqual([
        [1, 0, 0],
        [2, 1, 1],
      ]);
      // Applied, not reloaded: a move that is in no row shows up too (no node would send one).
      other.applyRemoteMove(gameId, { ...ply2, ply: 3, x: 5, y: 5, color: 1 });
      expect((await other.getState(gameId)).moves).toHaveLength(3);
      // Not the next ply (a gap): the copy is dropped and reloaded from the rows.
      other.applyRemoteMove(gameId, { ...ply2, ply: 9, x: 6, y: 6 });
      expect((await other.getState(gameId)).moves.map((m) => [m.ply, m.x, m.y])).toEqual([
        [1, 0, 0],
        [2, 1, 1],
      ]);
      // An occupied cell: dropped as well.
      other.applyRemoteMove(gameId, { ...ply2, ply: 3, x: 0, y: 0, color: 1 });
      expect((await other.getState(gameId)).moves).toHaveLength(2);
      // And it goes on playing from the rows.
      await other.move({ gameId, seatToken: tokens[1], ply: 3, x: 3, y: 3 });
      expect((await srv.games.getState(gameId)).moves).toHaveLength(2); // the first node's copy: not told here (no adapter)
      expect(await db2.move.count({ where: { gameId } })).toBe(3);
    });
  });
});
