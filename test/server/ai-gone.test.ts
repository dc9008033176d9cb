// A player who is gone for good does not keep an engine thread busy: the search for a game against the
// AI whose player has left the room (no clock) is stopped once they have been away AI_GONE_MS, and
// searched again when they come back. A player who only reloads keeps their search. Real server, real
// engine, real socket.io clients; searches with and without an identity count against their maker.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, connect, sleep, useServer, waitFor, type Client } from "./helpers";

const GONE_MS = 400;
const env = useServer({ aiThreads: 1, aiGoneMs: GONE_MS });

async function until(pred: () => boolean, ms: number): Promise<number> {
  const t0 = Date.now();
  while (!pred()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await sleep(5);
  }
  return Date.now() - t0;
}

/** A game against a 10 s AI, ply 1 played, the AI searching ply 2 on the one thread. */
async function searching(c: Client, extra: object = {}) {
  const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10_000 }, ...extra });
  const game = { gameId: g.gameId, seatToken: g.seatToken };
  await call(c, EV.join, game);
  expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
  await waitFor(c, EV.thinking, (t: any) => t.gameId === game.gameId && t.ply === 2 && t.depth > 0, 30_000);
  expect(env.srv.ai.stats().running).toBe(1);
  return game;
}

describe("a search for a player who is gone", () => {
  it("is stopped once they have been away AI_GONE_MS, and searched again (and played) when they return", async () => {
    const c = await env.client();
    const game = await searching(c);
    c.disconnect();
    const t0 = Date.now();
    await until(() => env.srv.ai.stats().running === 0, 5000);
    const freedMs = Date.now() - t0;
    console.log(`player gone → worker free after ${freedMs} ms (AI_GONE_MS ${GONE_MS})`);
    expect(freedMs).toBeGreaterThanOrEqual(GONE_MS - 50);
    expect(freedMs).toBeLessThan(GONE_MS + 2000);
    // Nothing was played meanwhile, and nothing searches while they stay away.
    await sleep(GONE_MS);
    expect(env.srv.ai.stats()).toMatchObject({ running: 0, queued: 0 });
    expect(await env.srv.db.move.count({ where: { gameId: game.gameId } })).toBe(1);

    // Back: the turn is searched again, and the AI's move comes (a 10 s search: wait for it to start, then resign-free check).
    const back = await connect(env.srv.url);
    const joined = await call(back, EV.join, game);
    expect(joined.color).toBe(1);
    await waitFor(back, EV.thinking, (t: any) => t.gameId === game.gameId && t.ply === 2 && t.depth > 0, 30_000);
    expect(env.srv.ai.stats().running).toBe(1);
    expect(await call(back, EV.resign, game)).toEqual({ ok: true });
    await until(() => env.srv.ai.stats().running === 0, 3000);
  }, 90_000);

  it("a reload (back within AI_GONE_MS) keeps the search: the AI's answer is played", async () => {
    const c = await env.client();
    const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 1500 } });
    const game = { gameId: g.gameId, seatToken: g.seatToken };
    await call(c, EV.join, game);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(c, EV.thinking, (t: any) => t.gameId === game.gameId && t.ply === 2, 30_000);
    c.disconnect();
    await sleep(GONE_MS / 4);
    const back = await connect(env.srv.url);
    await call(back, EV.join, game);
    // The same search answers (not stopped and restarted): ply 2 arrives within the AI's time.
    await waitFor(back, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 20_000);
    await sleep(GONE_MS + 200);
    expect(await env.srv.db.move.count({ where: { gameId: game.gameId } })).toBe(2);
  }, 90_000);

  it("with a clock the search is not stopped (the AI would lose on time)", async () => {
    const c = await env.client();
    const game = await searching(c, { clock: { initialMs: 600_000, incrementMs: 0 } });
    c.disconnect();
    await sleep(GONE_MS + 600);
    expect(env.srv.ai.stats().running).toBe(1);
    const back = await connect(env.srv.url);
    await call(back, EV.join, game);
    expect(await call(back, EV.resign, game)).toEqual({ ok: true });
    await until(() => env.srv.ai.stats().running === 0, 3000);
  }, 90_000);

  it("searches of games made without an identity count against their maker's address (AI_OWNER_SEARCHES)", async () => {
    // Two sockets from one address, no session: each starts a 10 s search; the third game's move is refused.
    const a = await env.client();
    const b = await env.client();
    const games = [await searchingQueued(a), await searchingQueued(b)];
    const c = await env.client();
    const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10_000 } });
    await call(c, EV.join, { gameId: g.gameId, seatToken: g.seatToken });
    const refused = await call(c, EV.move, { gameId: g.gameId, seatToken: g.seatToken, ply: 1, x: 7, y: 7 });
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe("AI_BUSY");
    for (const [s, game] of [
      [a, games[0]],
      [b, games[1]],
    ] as const)
      expect(await call(s, EV.resign, game)).toEqual({ ok: true });
    await until(() => env.srv.ai.stats().running === 0 && env.srv.ai.stats().queued === 0, 3000);
  }, 90_000);
});

/** Like searching(), but the second one waits in the queue behind the first (one thread). */
async function searchingQueued(c: Client) {
  const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10_000 } });
  const game = { gameId: g.gameId, seatToken: g.seatToken };
  await call(c, EV.join, game);
  expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
  return game;
}
