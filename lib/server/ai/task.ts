// What the AI pool (./pool) sends a worker thread, and how a worker answers it: the task carries the
// position, the limits and a MessagePort on which each completed depth is posted as it happens.
import type { MessagePort } from "node:worker_threads";
import type { Algo, Analysis, Limits, PlaySettings, Position, Progress } from "../../../engine";
import { startTask, type StopFlag } from "./stop-clock";

export interface ThinkTask {
  position: Position;
  limits: Omit<Limits, "onProgress">;
  /** The engine seat's algorithm (engine/players.ts: alphabeta, mcts, casual); default alphabeta. */
  algo?: Algo;
  port?: MessagePort;
  /** Set by the pool when the answer is no longer wanted: the search stops at once (./stop-clock). */
  stop?: StopFlag;
}

/** A worker thread's default export (./worker.ts; a test's stand-in engine, test/support/stand-in-engine.ts). */
export type ThinkTaskRunner = (task: ThinkTask) => Promise<Analysis>;

/** The engine call a worker makes: engine/players.ts's play(), or a stand-in with the same signature. */
export type PlayFn = (position: Position, settings: PlaySettings) => Analysis;

/** Runs `task` with `play`, streaming each depth to the task's port, then { done: true }. */
export async function runThinkTask(play: PlayFn, task: ThinkTask): Promise<Analysis> {
  const port = task.port;
  const started = startTask(task.stop);
  try {
    // Cancelled while it waited for this thread: nobody wants its answer.
    if (!started.run) throw new Error("search cancelled before it started");
    return play(task.position, {
      ...task.limits,
      ...(task.algo ? { algo: task.algo } : {}),
      onProgress: port ? (p: Progress) => port.postMessage(p) : undefined,
    });
  } finally {
    started.end();
    port?.postMessage({ done: true });
    port?.close();
  }
}
