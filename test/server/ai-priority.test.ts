// The AI pool's two levels, with the real pool and the real engine: a person's search (live) never
// waits behind an AI-vs-AI one (tv: the TV, watched matches), which has a thread of its own (AI_TV_THREADS,
// default 1) and so runs one at a time. The scheduler's own rules: test/server/ai-scheduler.test.ts.
import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiPool, type AiPool } from "../../lib/server/ai/pool";
import type { Position } from "../../engine/types";

/** An open middle game on 15×15: no search ends early here. */
const position: Position = {
  size: 15,
  rule: "freestyle",
  stones: [
    { x: 7, y: 7, color: 1 },
    { x: 8, y: 8, color: 2 },
    { x: 6, y: 8, color: 1 },
    { x: 8, y: 6, color: 2 },
  ],
  toMove: 1,
};

let pool: AiPool;

beforeAll(async () => {
  pool = createAiPool({ threads: 1 });
  // Both threads have loaded the engine and run once.
  await Promise.all([pool.think({ position, limits: { timeMs: 100 }, priority: "tv" }), pool.think({ position, limits: { timeMs: 100 } })]);
});
afterAll(async () => {
  await pool?.close();
});

describe("AI pool: background searches do not delay interactive ones", () => {
  it("while a 3 s background search runs, a 200 ms interactive search returns in under a second", async () => {
    let bgStarted!: () => void;
    const started = new Promise<void>((r) => (bgStarted = r));
    let bgDoneAt = 0;
    const bgFrom = Date.now();
    const bg = pool.think({ position, limits: { timeMs: 3000 }, priority: "tv", onProgress: () => bgStarted() }).then((a) => {
      bgDoneAt = Date.now();
      return a;
    });
    await started; // it is searching on a worker thread

    const t0 = Date.now();
    const quick = await pool.think({ position, limits: { timeMs: 200 } });
    const took = Date.now() - t0;
    expect(quick.move).toBeTruthy();
    expect(took, `the interactive search took ${took} ms`).toBeLessThan(1000);
    expect(bgDoneAt, "the background search was still running").toBe(0);

    const long = await bg;
    expect(long.move).toBeTruthy();
    expect(bgDoneAt - bgFrom).toBeGreaterThan(1000); // a long search (it may stop early when another depth would not fit)
  }, 30_000);

  it("background searches run one at a time (the second starts after the first ends)", async () => {
    const firstProgress: number[] = [];
    const ends: number[] = [];
    const search = (i: number) =>
      pool.think({ position, limits: { timeMs: 300 }, priority: "tv", onProgress: () => (firstProgress[i] ??= Date.now()) }).then(() => (ends[i] = Date.now()));
    await Promise.all([search(0), search(1)]);
    // A first progress report marks when a search started only if it comes early, not with the answer
    // (the first depths take milliseconds; the search, 300 ms or a little less when it stops early).
    expect(ends[0] - firstProgress[0], "the first search reported progress only as it ended").toBeGreaterThan(50);
    expect(firstProgress[1]).toBeGreaterThanOrEqual(ends[0]);
  }, 30_000);
});

/** The niceness of every thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): number[] {
  return fs.readdirSync("/proc/self/task").map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe.runIf(process.platform === "linux")("AI pool: CPU priority of its threads", () => {
  it("live search threads run below the event loop and above the background ones (TV, analysis)", () => {
    const base = os.getPriority(process.pid);
    const nice = threadNiceness();
    expect(nice).toContain(base); // the event loop
    expect(nice).toContain(Math.min(19, base + 15)); // the live thread
    expect(nice).toContain(Math.min(19, base + 19)); // the background thread
  });
});
