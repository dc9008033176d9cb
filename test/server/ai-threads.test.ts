// Lazy SMP's threads (lib/server/ai/threads.ts) with real worker threads: a helper searches the
// main thread's root in the shared table (its root entry appears there), and stops as soon as the
// main search says so. Nothing here depends on the machine's speed: the test waits for events (the
// helper's entry in the table, its report), never for a time.
import { afterAll, describe, expect, it } from "vitest";
import { SearchThreads, threadCount } from "../../lib/server/ai/threads";
import { createAiPool } from "../../lib/server/ai/pool";
import { think } from "../../engine/search/think";
import { sharedTable } from "../../engine/search/tt";
import { boardOf } from "../../engine/board/position";
import { MIDDLE_GAMES } from "../../bin/bench/positions";

const POS = MIDDLE_GAMES[1][1];
const threads = new SearchThreads(2);
afterAll(() => threads.close());

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("search threads", () => {
  it("reads thread_num as 1..cores", () => {
    expect([threadCount("4", 2), threadCount("2", 8), threadCount("0", 8), threadCount("x", 8), threadCount(undefined, 8), threadCount(3.7, 8)]).toEqual([
      2, 2, 1, 1, 1, 3,
    ]);
  });

  it("gives helpers to time-limited searches only", () => {
    expect(threads.helpersFor({ timeMs: 500 }, POS)).toBeDefined();
    expect(threads.helpersFor({ timeMs: 500, maxDepth: 6 }, POS)).toBeUndefined();
    expect(threads.helpersFor({ timeMs: 500, maxNodes: 1000 }, POS)).toBeUndefined();
    expect(threads.helpersFor({ maxDepth: 6 }, POS)).toBeUndefined();
    expect(threads.helpersFor({ timeMs: 500, maxNodes: 1000 }, POS, true)).toBeDefined(); // the brain's --threads-with-nodes
    expect(threads.helpersFor({ timeMs: 500, maxDepth: 6 }, POS, true)).toBeUndefined();
    expect(new SearchThreads(1).helpersFor({ timeMs: 500 }, POS)).toBeUndefined();
  });

  it("a helper fills the main thread's table from the start, and stops when told", async () => {
    await threads.ready();
    think(POS, { maxDepth: 1 }); // the main thread's table, cleared, as a main search leaves it
    const b = boardOf(POS);
    const tt = sharedTable();
    expect(tt.probe(b.hashLo, b.hashHi) && tt.hitDepth).toBe(1);
    const h = threads.helpersFor({ timeMs: 60_000 }, POS)!;
    h.start([]);
    // The helper (index 1: skewed a ply deeper, from depth 2) stores its root entry after each depth.
    while (!(tt.probe(b.hashLo, b.hashHi) && tt.hitDepth >= 3)) await tick();
    h.stop();
    const [report] = await threads.settled();
    expect(report.nodes).toBeGreaterThan(0);
    expect(report.depth).toBeGreaterThanOrEqual(3);
  });

  it("a timed think() with helpers answers as usual, and its helpers stop with it", async () => {
    const limits = { timeMs: 300, exactRootScores: false };
    const r = think(POS, limits, { helpers: threads.helpersFor(limits, POS) });
    expect(r.move).not.toBeNull();
    expect(r.timeMs).toBeLessThan(60_000);
    const reports = await threads.settled(); // resolves only once the helper has stopped
    expect(reports).toHaveLength(1);
  });
});

describe("the AI pool: a search with threads", () => {
  const pool = createAiPool({ threads: 1, tvThreads: 2, warmup: false });
  afterAll(() => pool.close());

  it("holds two background slots while it runs, answers, and stops at once when aborted", async () => {
    let depth = 0;
    const limits = { timeMs: 400, exactRootScores: false };
    expect((await pool.think({ position: POS, limits, priority: "analysis", threads: 2 })).move).not.toBeNull();
    expect(pool.stats().running).toBe(0);
    // A long one holds both slots while it searches (checked while it runs, however slow the machine: it has a minute);
    // aborted, it rejects and gives both slots back.
    const stop = new AbortController();
    const long = pool.think({
      position: POS,
      limits: { timeMs: 60_000, exactRootScores: false },
      priority: "analysis",
      threads: 2,
      signal: stop.signal,
      onProgress: (p) => (depth = p.depth),
    });
    while (depth < 2) await tick();
    expect(pool.stats().running).toBe(2);
    stop.abort(new Error("no longer wanted"));
    await expect(long).rejects.toThrow("no longer wanted");
    expect(pool.stats().running).toBe(0);
  });
});
