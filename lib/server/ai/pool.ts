// The AI's worker pool: engine searches run in worker threads (piscina), so the event loop never
// waits for a search. Progress (each completed depth) streams back over a MessageChannel.
//
// Which search runs when is the scheduler's (./scheduler): live turns (a person waits) before the
// TV (AI vs AI) before analysis; `threads` threads for live turns plus `tvThreads` that the TV may
// use, so a live turn never queues behind an AI-vs-AI one; owners take turns; caps per owner and on
// the queue (AI_BUSY). A search whose signal aborts gives its slot back at once: waiting, it leaves
// the queue; running, it is stopped within milliseconds on its thread (./stop-clock), which stays up.
import { MessageChannel } from "node:worker_threads";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Algo, Analysis, Limits, Position, Progress } from "../../../engine";
import { serverConfig } from "../config";
import { AiScheduler, type AiPriority } from "./scheduler";
import { newStopFlag, stopTask } from "./stop-clock";
import type { Swap2Answer, Swap2Step, ThinkTask } from "./task";

export { AiBusyError, type AiPriority } from "./scheduler";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Each default is lib/server/config's value of the variable named. */
export interface AiPoolOptions {
  /** Threads for live searches, a person waiting (AI_THREADS). */
  threads?: number;
  /** Threads, on top, that AI-vs-AI and analysis searches may hold at most (AI_TV_THREADS). */
  tvThreads?: number;
  /** Searches of one owner (a game), waiting or running (AI_OWNER_SEARCHES). */
  perOwner?: number;
  /** Searches waiting for a thread, all together (AI_QUEUE_MAX). */
  maxQueued?: number;
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
  /** alphabeta at a level 1–10 (engine/levels); unset: full strength. */
  level?: number;
  onProgress?: (p: Progress) => void;
  /** Abort when the answer can no longer be used: the search stops and its thread is freed at once. */
  signal?: AbortSignal;
  /**
   * Abort to stop the search now but keep its answer (that of its last completed depth): pondering,
   * ended by the player's move. Before it reached a thread, it rejects (there is no answer).
   */
  finish?: AbortSignal;
  /** live (default: a person waits for the move), tv (AI vs AI) or analysis. */
  priority?: AiPriority;
  /** Whose search (the caps and the turn order count per owner); default a new owner per search. */
  owner?: string;
  /**
   * Threads for this one search (Lazy SMP, ./threads): its thread and threads − 1 helpers, holding
   * as many slots of its kind (capped at all of them), so the settings' thread counts still hold.
   * Only a timed full-strength alpha-beta search uses them; default 1.
   */
  threads?: number;
}

/** A swap2 step (./task): the engine's choice in the opening, made like a search (same queue, caps, abort). */
export interface Swap2Request extends Pick<ThinkRequest, "position" | "limits" | "signal" | "priority" | "owner"> {
  step: Swap2Step;
}

export interface AiPoolStats {
  /** Threads busy with searches now (a search with threads counts each). */
  running: number;
  /** Searches waiting for a thread. */
  queued: number;
  /** Worker threads alive (or starting). */
  threads: number;
}

export interface AiPool {
  /** Rejects with AiBusyError (AI_BUSY) when over a cap, with the signal's reason when aborted. */
  think(req: ThinkRequest): Promise<Analysis>;
  /** The engine's swap2 choice (alpha-beta: its own evaluation); rejects as think() does. */
  swap2(req: Swap2Request): Promise<Swap2Answer>;
  /** Why think() would refuse a search of `owner` at `priority` now (null: it would take it). */
  refusal(owner: string, priority: AiPriority): string | null;
  stats(): AiPoolStats;
  close(): Promise<void>;
}

/** Threads' CPU niceness above the process's (Linux, per thread; see ./worker): under the event loop,
 *  a person's AI turn above TV and analysis: sharing a core, a live search gets ~70 % of it (weights 36 : 15). */
const LIVE_NICE = 15;
const BACKGROUND_NICE = 19;

export function createAiPool(opts: AiPoolOptions = {}): AiPool {
  const config = serverConfig();
  const threads = opts.threads ?? config.aiThreads;
  const tvThreads = opts.tvThreads ?? config.aiTvThreads;
  const scheduler = new AiScheduler({
    liveSlots: threads,
    backgroundSlots: tvThreads,
    perOwner: opts.perOwner ?? config.aiOwnerSearches,
    maxQueued: opts.maxQueued ?? config.aiQueueMax,
  });
  // The scheduler never hands out more searches than threads, so piscina never queues (except for
  // the milliseconds a stopped search takes to return). Two pools, each of fixed size: a live search
  // never makes piscina boot a thread (seconds of CPU). The TV's threads start on first use.
  const pool = (n: number, nice: number) =>
    new Piscina({ filename: opts.worker ?? path.join(here, "worker.mjs"), minThreads: n, maxThreads: n, idleTimeout: 60_000, workerData: { nice } });
  const live = pool(threads, LIVE_NICE);
  let background: Piscina | null = null;
  let closed = false;
  let anonymous = 0;
  // Warm up: load the engine and let the JIT see it before the first real move.
  if (opts.warmup ?? true)
    live
      .run({
        position: { size: 9, rule: "freestyle", stones: [{ x: 4, y: 4, color: 1 }], toMove: 2 },
        limits: { timeMs: 100, maxDepth: 3 },
      } satisfies ThinkTask)
      .catch(() => {});
  /** One task through the scheduler: a search, or a swap2 step (`swap2`). */
  async function task(
    { position, limits, algo, level, onProgress, signal, finish, priority = "live", owner = `anonymous-${++anonymous}`, threads = 1 }: ThinkRequest,
    swap2?: Swap2Step,
  ): Promise<Analysis | Swap2Answer> {
    if (closed) throw new Error("AI pool closed");
    const asked = Date.now();
    // Finished while still waiting for a thread: there is nothing to keep, so it leaves the queue.
    const release = await scheduler.acquire(owner, priority, finish ? AbortSignal.any(signal ? [signal, finish] : [finish]) : signal, threads);
    const slots = scheduler.slotsFor(priority, threads);
    try {
      if (closed) throw new Error("AI pool closed");
      const threadsOf = priority === "live" ? live : (background ??= pool(tvThreads, BACKGROUND_NICE));
      const timed = chargeWait(limits, Date.now() - asked);
      const analysis = await run(threadsOf, { position, limits: timed, algo, level, onProgress, signal, finish, swap2, threads: slots }, release);
      signal?.throwIfAborted(); // stopped early: its answer is of no use
      return analysis;
    } catch (err) {
      signal?.throwIfAborted(); // however it ended, an aborted search rejects with the signal's reason
      throw err;
    } finally {
      release();
    }
  }
  return {
    think: (req) => task(req) as Promise<Analysis>,
    swap2: ({ step, ...req }) => task({ ...req, algo: "alphabeta" }, step) as Promise<Swap2Answer>,
    refusal: (owner, priority) => scheduler.refusal(owner, priority),
    stats: () => ({ running: scheduler.running, queued: scheduler.queued, threads: live.threads.length + (background?.threads.length ?? 0) }),
    async close() {
      closed = true;
      scheduler.failAll(new Error("AI pool closed"));
      await Promise.all([live.destroy(), background?.destroy()]);
    },
  };
}

/**
 * The time a search waited for a thread comes off its time limit, down to a quarter of it: the
 * answer still comes about when it was due (a 0.3 s AI behind another's short search answers in
 * ~0.3 s, not 0.3 s after that search), but a long wait does not leave it without a search.
 */
export function chargeWait(limits: ThinkRequest["limits"], waitedMs: number): ThinkRequest["limits"] {
  if (limits.timeMs === undefined || waitedMs <= 0) return limits;
  return { ...limits, timeMs: Math.max(Math.ceil(limits.timeMs / 4), limits.timeMs - waitedMs) };
}

/** A stopped search that has not returned after this long has its thread terminated (piscina starts another). */
const STOP_GRACE_MS = 1000;

/**
 * One search on a worker thread of `pool`; when `signal` aborts, it is stopped (./stop-clock) and
 * returns at once. Cancelled before it reached a thread, it gives its slot back then (`release`):
 * piscina drops it in no time when a thread takes it.
 */
async function run(
  pool: Piscina,
  req: Pick<ThinkRequest, "position" | "limits" | "algo" | "level" | "onProgress" | "signal" | "finish" | "threads"> & { swap2?: Swap2Step },
  release: () => void,
): Promise<Analysis | Swap2Answer> {
  const { position, limits, algo, level, onProgress, signal, finish, swap2, threads = 1 } = req;
  signal?.throwIfAborted();
  const { port1, port2 } = new MessageChannel();
  // The worker posts { done: true } after the last progress message.
  let drain = () => {};
  const drained = new Promise<void>((resolve) => (drain = resolve));
  port1.on("message", (m: Progress | { done: true }) => {
    if ("done" in m) drain();
    else if (!signal?.aborted) onProgress?.(m);
  });
  const stop = newStopFlag();
  // The last resort, if the search does not stop by its flag: piscina terminates its thread.
  const hard = new AbortController();
  let hardTimer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    const how = stopTask(stop);
    if (how === "cancelled") release();
    if (how !== "stopping") return;
    hardTimer = setTimeout(() => hard.abort(signal?.reason), STOP_GRACE_MS);
    hardTimer.unref();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  finish?.addEventListener("abort", onAbort, { once: true });
  const task: ThinkTask = {
    position,
    limits,
    ...(algo ? { algo } : {}),
    ...(level ? { level } : {}),
    ...(swap2 ? { swap2 } : {}),
    ...(threads > 1 ? { threads } : {}),
    port: port2,
    stop,
  };
  try {
    const analysis = (await pool.run(task, { transferList: [port2], signal: hard.signal })) as Analysis | Swap2Answer;
    if (!signal?.aborted) await Promise.race([drained, new Promise((r) => setTimeout(r, 100).unref())]);
    return analysis;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    finish?.removeEventListener("abort", onAbort);
    clearTimeout(hardTimer);
    port1.close();
  }
}
