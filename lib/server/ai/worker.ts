// Runs one engine search in a worker thread of the AI pool (./pool; loaded through ./worker.mjs):
// engine/play.ts's play(), which dispatches on the seat's algorithm. Tests with a stand-in
// engine give the pool their own worker instead (test/support/stand-in-engine.ts).
import fs from "node:fs";
import os from "node:os";
import { workerData } from "node:worker_threads";
import { play, type SearchHelpers } from "../../../engine";
import { runThinkTask, type ThinkTask, type ThinkTaskRunner } from "./task";
import { SearchThreads } from "./threads";

// Searches run below the event loop's CPU priority (Linux: per thread), so on a small machine the
// loop, which answers every player, is never starved by the engine (bench:load: loop lag p99 ~10×
// lower); background searches (TV, analysis) run lowest of all, so on a busy machine a person's AI
// turn gets the CPU before them (./pool gives each pool its niceness).
// Relative to the process's own niceness (a server started with `nice -n 5` keeps the same order).
const below = (workerData as { nice?: number } | undefined)?.nice ?? 19;
try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid)) os.setPriority(tid, Math.min(19, os.getPriority(process.pid) + below));
} catch {
  // Not Linux, or not allowed: run at normal priority.
}

// A search with threads (Lazy SMP): this thread's helpers, kept for the next such search (their
// threads boot in seconds of CPU), at this thread's priority. Only a full-strength alpha-beta move.
let smp: SearchThreads | null = null;
function helpersFor(task: ThinkTask): SearchHelpers | undefined {
  const n = task.threads ?? 1;
  if (n <= 1 || task.swap2 || task.level || (task.algo !== undefined && task.algo !== "alphabeta")) return undefined;
  if (smp?.count !== n) {
    void smp?.close();
    smp = new SearchThreads(n, { nice: below });
  }
  return smp.helpersFor(task.limits, task.position);
}

// The engine is loaded with this module, as the thread starts, not on the first move.
const run: ThinkTaskRunner = (task: ThinkTask) => {
  const helpers = helpersFor(task);
  return runThinkTask(helpers ? (position, settings) => play(position, { ...settings, helpers }) : play, task);
};
export default run;
