// Lazy SMP threads for one searching thread (the brain's main thread, an AI pool worker): N − 1
// helper worker_threads that search in its transposition table (a SharedArrayBuffer, shared, not
// copied) while its think() runs (engine/search/smp.ts). The searching thread keeps the root
// solvers, time management and the answer; the helpers only fill the table.
//
// Stop: one shared Int32 holds the id of the search the helpers may run (0: none). A helper's clock
// jumps far ahead as soon as that word is no longer its search's id (as ./stop-clock does for the
// pool's tasks), so it stops within ~1024 nodes of the main search's end, or of its abort — the
// main search stops its helpers in a finally, however it ends. A start message that arrives after
// its search ended is answered with 0 nodes, never searched.
//
// Only time-limited searches get helpers: with them the answer depends on timing, so depth- and
// node-capped searches (levels, tests, fixed-work benches) stay single-threaded and deterministic.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { searchTableBuffer, type HelperReport, type Limits, type Point, type Position, type SearchHelpers } from "../../../engine";

/** At most this many threads in all (the main one included). */
export const MAX_THREADS = 16;

/** What a helper thread is told: the search's id and root (./helper-worker.ts). */
export interface HelperMessage {
  id: number;
  position: Position;
  rootMoves: Point[];
}

/** What a helper answers: its report on search `id` (0 nodes when it came too late to start). */
export interface HelperAnswer extends HelperReport {
  id: number;
}

/** What the helper threads are started with (worker data). */
export interface HelperData {
  table: ArrayBuffer | SharedArrayBuffer;
  control: Int32Array;
  index: number;
  /** Niceness below the process's (Linux, per thread); unset: the same. */
  nice?: number;
}

/** thread_num as a manager or a setting gives it → threads to use: 1..min(cores, MAX_THREADS). */
export function threadCount(value: unknown, cores = os.availableParallelism()): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, cores), MAX_THREADS);
}

export class SearchThreads {
  /** Threads in all, the caller's included. */
  readonly count: number;
  private readonly workers: Worker[] = [];
  private readonly control = new Int32Array(new SharedArrayBuffer(4));
  private id = 0;
  private answers: HelperAnswer[] = [];
  private waiting: Array<(a: HelperAnswer[]) => void> = [];
  private loaded = 0;
  private onLoaded: Array<() => void> = [];
  private failed: Error | null = null;

  /** `threads` in all: starts threads − 1 helpers on this thread's search table. */
  constructor(threads: number, options: { nice?: number } = {}) {
    this.count = Math.max(1, Math.min(Math.floor(threads), MAX_THREADS));
    const table = searchTableBuffer();
    for (let index = 1; index < this.count; index++) {
      const data: HelperData = { table, control: this.control, index, ...(options.nice !== undefined ? { nice: options.nice } : {}) };
      const w = new Worker(new URL("./helper-worker.mjs", import.meta.url), { workerData: data });
      w.unref(); // a brain or a test ends without closing them
      w.on("message", (m: HelperAnswer | { loaded: true }) => ("loaded" in m ? this.loadedOne() : this.answer(m)));
      w.on("error", (e) => {
        this.failed ??= e;
        this.loadedOne();
      });
      this.workers.push(w);
    }
  }

  /** Resolves when every helper has loaded the engine (the first searches may start before: they just get no help). */
  ready(): Promise<void> {
    if (this.loaded >= this.workers.length) return this.failed ? Promise.reject(this.failed) : Promise.resolve();
    return new Promise((resolve, reject) => this.onLoaded.push(() => (this.failed ? reject(this.failed) : resolve())));
  }

  /**
   * The hooks for think(…, { helpers }), or undefined when this search stays single-threaded.
   * `underNodes`: a node-capped (but timed) search gets helpers too — the cap is the main thread's,
   * the helpers search until it ends: Lazy SMP at equal thread speed, measurable on a loaded
   * machine (the brain's --threads-with-nodes; not deterministic).
   */
  helpersFor(limits: Pick<Limits, "timeMs" | "maxDepth" | "maxNodes">, position: Position, underNodes = false): SearchHelpers | undefined {
    if (this.workers.length === 0 || limits.timeMs === undefined || limits.maxDepth !== undefined || (limits.maxNodes !== undefined && !underNodes))
      return undefined;
    return {
      start: (rootMoves) => {
        const id = ++this.id;
        this.answers = [];
        Atomics.store(this.control, 0, id);
        const m: HelperMessage = { id, position, rootMoves };
        for (const w of this.workers) w.postMessage(m);
      },
      stop: () => {
        Atomics.store(this.control, 0, 0);
      },
    };
  }

  /** The helpers' reports on the last search that started them, once every one has stopped. */
  settled(): Promise<HelperAnswer[]> {
    if (this.answers.length >= this.workers.length) return Promise.resolve(this.answers);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops any search and ends the helper threads. */
  async close(): Promise<void> {
    Atomics.store(this.control, 0, 0);
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private answer(a: HelperAnswer): void {
    if (a.id !== this.id) return;
    this.answers.push(a);
    if (this.answers.length < this.workers.length) return;
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f(this.answers);
  }

  private loadedOne(): void {
    if (++this.loaded < this.workers.length) return;
    const f = this.onLoaded;
    this.onLoaded = [];
    for (const g of f) g();
  }
}
