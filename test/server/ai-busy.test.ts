// AI_BUSY: when the AI cannot take another search, the human move that would start one is refused
// with a code and a sentence, and changes nothing (real server, real engine, real socket.io clients).
// Here no search may wait (AI_QUEUE_MAX=0) and one thread is busy with another game's 10 s search.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, useServer, waitFor, type Client } from "./helpers";

process.env.AI_QUEUE_MAX = "0"; // read by lib/server/config when the server starts (beforeAll)
const env = useServer({ aiThreads: 1 });

async function aiGame(c: Client, timeMs: number) {
  const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs } });
  const game = { gameId: g.gameId, seatToken: g.seatToken };
  await call(c, EV.join, game);
  return game;
}

describe("AI_BUSY", () => {
  it("a move whose AI reply could not be queued is refused and not played; once the AI is free it is taken", async () => {
    const a = await env.client();
    const b = await env.client();
    const long = await aiGame(a, 10_000);
    expect(await call(a, EV.move, { ...long, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(a, EV.thinking, (t: any) => t.gameId === long.gameId && t.depth > 0, 30_000); // on the thread

    const other = await aiGame(b, 200);
    const refused = await call(b, EV.move, { ...other, ply: 1, x: 7, y: 7 });
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe("AI_BUSY");
    expect(refused.error.message).toMatch(/busy.*try again/);
    expect((await env.srv.games.getState(other.gameId)).moves).toHaveLength(0);
    expect(await env.srv.db.move.count({ where: { gameId: other.gameId } })).toBe(0);

    // The first player resigns: the search stops, the thread is free, the move is taken.
    expect(await call(a, EV.resign, long)).toEqual({ ok: true });
    await expect.poll(() => env.srv.ai.stats().running, { timeout: 2000 }).toBe(0);
    expect(await call(b, EV.move, { ...other, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(b, EV.moved, (e: any) => e.gameId === other.gameId && e.move.ply === 2, 20_000); // a bound, not what is measured
  }, 60_000);
});
