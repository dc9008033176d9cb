// The AI's worker pool: engine searches run in worker threads (piscina), so the event loop never
// waits for a search. Progress (each completed depth) streams back over a MessageChannel.
import { MessageChannel } from "node:worker_threads";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Analysis, Limits, Position, Progress } from "../../engine/types";
import type { ThinkTask } from "./worker";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface AiPoolOptions {
  /** Worker threads (default: env AI_THREADS, else 1; at most 2 unless asked for explicitly). */
  threads?: number;
  /** Module exporting play() or think(); default engine/players.ts (play dispatches on algo). For tests with a stand-in engine. */
  engineModule?: string;
  /** Run a short search at start so the first move is not slowed by loading and JIT (default true). */
  warmup?: boolean;
}

export interface ThinkRequest {
  position: Position;
  limits: Omit<Limits, "onProgress">;
  /** The seat's algorithm (alphabeta, mcts, casual; default alphabeta). */
  algo?: string;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

export interface AiPool {
  think(req: ThinkRequest): Promise<Analysis>;
  close(): Promise<void>;
}

export function defaultThreads(): number {
  const n = Number.parseInt(process.env.AI_THREADS ?? "", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 8) : 1;
}

export function createAiPool(opts: AiPoolOptions = {}): AiPool {
  const threads = opts.threads ?? defaultThreads();
  const pool = new Piscina({
    filename: path.join(here, "worker.mjs"),
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    workerData: { engineModule: opts.engineModule },
  });
  let closed = false;
  // Warm up: load the engine and let the JIT see it before the first real move.
  if (opts.warmup ?? true)
    pool
      .run({ position: { size: 9, rule: "freestyle", stones: [{ x: 4, y: 4, color: 1 }], toMove: 2 }, limits: { timeMs: 100, maxDepth: 3 } } satisfies ThinkTask)
      .catch(() => {});
  return {
    async think({ position, limits, algo, onProgress, signal }) {
      if (closed) throw new Error("AI pool closed");
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
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
