// What the AI pool (./pool) sends a worker thread, and how a worker answers it: the task carries the
// position, the limits and a MessagePort on which each completed depth is posted as it happens.
import type { MessagePort } from "node:worker_threads";
import {
  swap2Decide,
  swap2Opening,
  type Algo,
  type Analysis,
  type Limits,
  type PlaySettings,
  type Point,
  type Position,
  type Progress,
  type Swap2Decision,
} from "../../../engine";
import { startTask, type StopFlag } from "./stop-clock";

/**
 * A swap2 task (engine/swap2): "open" the three first stones; "decide" with three or five stones on
 * the board; "next" one stone of an opening left half-placed (a restart in the middle of placing).
 */
export type Swap2Step = "open" | "decide" | "next";
/** A swap2 task's answer: stones to place in order, or the choice (with its stones or move). */
export type Swap2Answer = { kind: "stones"; stones: Point[] } | Swap2Decision;

export interface ThinkTask {
  position: Position;
  limits: Omit<Limits, "onProgress">;
  /** The engine seat's algorithm (engine/play.ts: alphabeta, mcts, casual); default alphabeta. */
  algo?: Algo;
  /** alphabeta at a level 1–10 (engine/levels); unset: full strength. Not for swap2 steps. */
  level?: number;
  port?: MessagePort;
  /** Set by the pool when the answer is no longer wanted: the search stops at once (./stop-clock). */
  stop?: StopFlag;
  /** A swap2 step instead of one move: several searches with the same engine, one answer (Swap2Answer). */
  swap2?: Swap2Step;
  /** Threads for this search (Lazy SMP): the worker's own and threads − 1 helpers (./threads); unset: 1. */
  threads?: number;
}

/** A worker thread's default export (./worker.ts; a test's stand-in engine, test/support/stand-in-engine.ts). */
export type ThinkTaskRunner = (task: ThinkTask) => Promise<Analysis | Swap2Answer>;

/** The engine call a worker makes: engine/play.ts's play(), or a stand-in with the same signature. */
export type PlayFn = (position: Position, settings: PlaySettings) => Analysis;

/** Runs `task` with `play`, streaming each depth to the task's port, then { done: true }. */
export async function runThinkTask(play: PlayFn, task: ThinkTask): Promise<Analysis | Swap2Answer> {
  const port = task.port;
  const started = startTask(task.stop);
  try {
    // Cancelled while it waited for this thread: nobody wants its answer.
    if (!started.run) throw new Error("search cancelled before it started");
    // The swap2 decisions are the engine's own (engine/swap2), each search made with `play` (no progress: one answer).
    if (task.swap2) return swap2Answer(task.swap2, task.position, task.limits, (p, l) => play(p, { ...l, ...(task.algo ? { algo: task.algo } : {}) }));
    return play(task.position, {
      ...task.limits,
      ...(task.algo ? { algo: task.algo } : {}),
      ...(task.level ? { level: task.level } : {}),
      onProgress: port ? (p: Progress) => port.postMessage(p) : undefined,
    });
  } finally {
    started.end();
    port?.postMessage({ done: true });
    port?.close();
  }
}

/** One swap2 step with `analyse` (the engine's search, or a stand-in): see Swap2Step. */
export function swap2Answer(
  step: Swap2Step,
  position: Position,
  limits: Omit<Limits, "onProgress">,
  analyse: (p: Position, l: Limits) => Analysis,
): Swap2Answer {
  const { size, rule, stones } = position;
  if (step === "open") return { kind: "stones", stones: swap2Opening(size, rule, limits, analyse).map(({ x, y }) => ({ x, y })) };
  if (step === "decide") return swap2Decide(size, rule, stones, limits, analyse);
  const a = analyse(position, limits);
  return { kind: "stones", stones: a.move ? [{ x: a.move.x, y: a.move.y }] : [] };
}
