// A search whose answer can no longer be used is stopped at once and its worker thread freed
// (real server, real engine, real socket.io client): takeback, resign, and the server closing.
// The thread stays up (the pool keeps its size) and the next search runs at once.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { createAiPool } from "../../lib/server/ai/pool";
import type { Position } from "../../engine/types";
import { call, server, sleep, useServer, waitFor, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";
import { fileURLToPath } from "node:url";

const STUBBORN_AI_WORKER = fileURLToPath(new URL("../support/stubborn-ai-worker.mjs", import.meta.url));

const env = useServer({ aiThreads: 1 });

/** Polls until `pred` holds; the ms it took. */
async function until(pred: () => boolean, ms = 10_000): Promise<number> {
  const t0 = Date.now();
  while (!pred()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await sleep(5);
  }
  return Date.now() - t0;
}

/** A game against a 10 s AI, ply 1 played: the AI is searching (running = 1). */
async function searching(c: Client, srv: TestServer) {
  const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10_000 } });
  const game = { gameId: g.gameId, seatToken: g.seatToken };
  await call(c, EV.join, game);
  expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
  // A real report (depth 1 done): the search runs on a thread (the first may wait for it to boot).
  await waitFor(c, EV.thinking, (t: any) => t.gameId === game.gameId && t.ply === 2 && t.depth > 0, 30_000);
  expect(srv.ai.stats().running).toBe(1);
  return game;
}

describe("searches are stopped when their answer is of no use", () => {
  it("takeback: the 10 s search stops at once, the thread is not replaced, the next search runs", async () => {
    const c = await env.client();
    const game = await searching(c, env.srv);
    const threads = env.srv.ai.stats().threads;
    expect(await call(c, EV.takeback, game)).toEqual({ ok: true });
    const freedMs = await until(() => env.srv.ai.stats().running === 0, 2000);
    console.log(`takeback → worker free in ${freedMs} ms`);
    expect(env.srv.ai.stats()).toEqual({ running: 0, queued: 0, threads });
    // The pool still plays: the same game, now against a short search.
    const quick = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 200 } });
    const q = { gameId: quick.gameId, seatToken: quick.seatToken };
    await call(c, EV.join, q);
    const t0 = Date.now();
    expect(await call(c, EV.move, { ...q, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(c, EV.moved, (e: any) => e.gameId === q.gameId && e.move.ply === 2, 5000);
    expect(Date.now() - t0).toBeLessThan(2000);
  }, 60_000);

  it("resign: the search stops at once", async () => {
    const c = await env.client();
    const game = await searching(c, env.srv);
    expect(await call(c, EV.resign, game)).toEqual({ ok: true });
    const freedMs = await until(() => env.srv.ai.stats().running === 0, 2000);
    console.log(`resign → worker free in ${freedMs} ms`);
  }, 60_000);

  it("the server closes without waiting for a 10 s search", async () => {
    const srv = await server({ aiThreads: 1 });
    let c: Client | undefined;
    try {
      const { connect } = await import("./helpers");
      c = await connect(srv.url);
      await searching(c, srv);
    } finally {
      c?.disconnect();
      const t0 = Date.now();
      await srv.close();
      const ms = Date.now() - t0;
      console.log(`close with a 10 s search under way: ${ms} ms`);
      expect(ms).toBeLessThan(5000);
    }
  }, 60_000);
});

describe("AI pool: abort", () => {
  const position: Position = { size: 15, rule: "freestyle", stones: [{ x: 7, y: 7, color: 1 }], toMove: 2 };

  it("a running search rejects with the signal's reason within milliseconds; a waiting one leaves the queue", async () => {
    const pool = createAiPool({ threads: 1, tvThreads: 1 });
    try {
      await pool.think({ position, limits: { timeMs: 50 } }); // the thread is up
      const ac = new AbortController();
      let progressed!: () => void;
      const started = new Promise<void>((r) => (progressed = r));
      const long = pool.think({ position, limits: { timeMs: 10_000 }, signal: ac.signal, onProgress: () => progressed() });
      const waiting = new AbortController();
      const queued = pool.think({ position, limits: { timeMs: 10_000 }, signal: waiting.signal });
      await started;
      expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
      waiting.abort(new Error("not wanted"));
      await expect(queued).rejects.toThrow("not wanted");
      const t0 = Date.now();
      ac.abort(new Error("taken back"));
      await expect(long).rejects.toThrow("taken back");
      const ms = Date.now() - t0;
      console.log(`abort of a running 10 s search: rejected after ${ms} ms`);
      expect(ms).toBeLessThan(1000);
      expect(pool.stats()).toEqual({ running: 0, queued: 0, threads: 1 });
      const next = await pool.think({ position, limits: { timeMs: 100 } });
      expect(next.move).toBeTruthy();
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("a search that does not stop is terminated after a second; a new thread comes up, the pool keeps its size", async () => {
    const pool = createAiPool({ threads: 1, worker: STUBBORN_AI_WORKER, warmup: false });
    try {
      await pool.think({ position, limits: { timeMs: 20 } }); // the thread is up
      const ac = new AbortController();
      const stubborn = pool.think({ position, limits: { timeMs: 60_000 }, signal: ac.signal });
      await sleep(100);
      const t0 = Date.now();
      ac.abort(new Error("taken back"));
      await expect(stubborn).rejects.toThrow("taken back");
      const ms = Date.now() - t0;
      console.log(`abort of a search that ignores its stop flag: rejected after ${ms} ms`);
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(5000);
      expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
      await expect.poll(() => pool.stats().threads, { timeout: 10_000 }).toBe(1);
      const next = await pool.think({ position, limits: { timeMs: 20 } });
      expect(next.move).toEqual({ x: 0, y: 0 });
      expect(pool.stats().threads).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
