// BENCH_AI_NICE=1 (bench:load only): the engine as the AI worker loads it, after lowering the
// worker thread's CPU priority to nice 19 (Linux: a thread's id from /proc/thread-self), so the
// event loop wins the CPU when searches take every core. An experiment for lib/ai, not used by the
// real server.
import fs from "node:fs";
import os from "node:os";

try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid)) os.setPriority(tid, 19);
} catch {
  /* not Linux: leave it */
}

export * from "../../engine/players";
