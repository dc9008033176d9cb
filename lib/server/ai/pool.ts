// The AI's worker pool: engine searches run in worker threads (piscina), so the event loop never
// waits for a search. Progress (each completed depth) streams back over a MessageChannel.
//
// Two lanes. Interactive searches (a person is waiting for the move) have `threads` threads. Background
// searches (AI vs AI: the TV, matches people watch) have ONE extra thread of their own, started on the
// first background search, and run one at a time (a semaphore; the rest wait their turn in order). So
// a person's search never queues behind an AI-vs-AI one, however busy the TV is.
import { MessageChannel } from "node:worker_threads";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Algo, Analysis, Limits, Position, Progress } from "../../../engine";
import { serverConfig } from "../config";
import type { ThinkTask } from "./task";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface AiPoolOptions {
  /** Threads for interactive searches (default env AI_THREADS or 1, at most 8: lib/server/config). Background (AI-vs-AI) searches get one more. */
  threads?: number;
  /**
   * The worker-thread entry: a plain .mjs file whose default export is a ThinkTaskRunner (./task).
   * Default ./worker.mjs, the engine's play(); tests with a stand-in engine give
   * test/support/stand-in-ai-worker.mjs (STAND_IN_AI_WORKER).
   */
  worker?: string;
  /** Run a short search at start so the first move is not slowed by loading and JIT (default true). */
  warmup?: boolean;
}

export interface ThinkRequest {
  position: Position;
  limits: Omit<Limits, "onProgress">;
  /** The seat's algorithm (alphabeta, mcts, casual; default alphabeta). */
  algo?: Algo;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
  /** Nobody is waiting for this move (AI vs AI): run it on the background thread, one at a time. */
  background?: boolean;
}

export interface AiPool {
  think(req: ThinkRequest): Promise<Analysis>;
  close(): Promise<void>;
}

/** At most `limit` holders at a time; the others wait in order (or until their signal aborts). */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(readonly limit: number) {}

  get running(): number {
    return this.active;
  }
  get queued(): number {
    return this.waiting.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) this.active++;
    else
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(); // the releaser handed its slot over: active stays the same
        };
        const onAbort = () => {
          const i = this.waiting.indexOf(turn);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal!.reason);
        };
        this.waiting.push(turn);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}

export function createAiPool(opts: AiPoolOptions = {}): AiPool {
  const threads = opts.threads ?? serverConfig().aiThreads;
  const piscina = (min: number, max: number) =>
    new Piscina({
      filename: opts.worker ?? path.join(here, "worker.mjs"),
      minThreads: min,
      maxThreads: max,
      idleTimeout: 60_000,
    });
  const interactive = piscina(1, threads);
  // The background thread boots on first use, so the interactive threads start as fast as ever.
  let background: Piscina | null = null;
  const backgroundLane = new Semaphore(1);
  let closed = false;
  // Warm up: load the engine and let the JIT see it before the first real move.
  if (opts.warmup ?? true)
    interactive
      .run({
        position: { size: 9, rule: "freestyle", stones: [{ x: 4, y: 4, color: 1 }], toMove: 2 },
        limits: { timeMs: 100, maxDepth: 3 },
      } satisfies ThinkTask)
      .catch(() => {});
  return {
    async think({ position, limits, algo, onProgress, signal, background: bg }) {
      if (closed) throw new Error("AI pool closed");
      if (!bg) return run(interactive, position, limits, algo, onProgress, signal);
      const release = await backgroundLane.acquire(signal);
      try {
        if (closed) throw new Error("AI pool closed");
        background ??= piscina(1, 1);
        return await run(background, position, limits, algo, onProgress, signal);
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      await Promise.all([interactive.destroy(), background?.destroy()]);
    },
  };
}

/** One search on a worker thread of `pool`. */
async function run(
  pool: Piscina,
  position: Position,
  limits: ThinkRequest["limits"],
  algo: Algo | undefined,
  onProgress: ThinkRequest["onProgress"],
  signal: AbortSignal | undefined,
): Promise<Analysis> {
  const { port1, port2 } = new MessageChannel();
  // The worker posts { done: true } after the last progress message.
  let drain = () => {};
  const drained = new Promise<void>((resolve) => (drain = resolve));
  port1.on("message", (m: Progress | { done: true }) => {
    if ("done" in m) drain();
    else onProgress?.(m);
  });
  const task: ThinkTask = { position, limits, ...(algo ? { algo } : {}), port: port2 };
  try {
    const analysis = (await pool.run(task, { transferList: [port2], signal })) as Analysis;
    await Promise.race([drained, new Promise((r) => setTimeout(r, 100).unref())]);
    return analysis;
  } finally {
    port1.close();
  }
}
