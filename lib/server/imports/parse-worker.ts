// The import parse pool's worker thread (./parse-pool; loaded through ./parse-worker.mjs): the same
// parsers the page uses, run where a slow or huge file can stall only this thread.
import fs from "node:fs";
import os from "node:os";
import { runParseTask } from "./parse-task";

// Below the event loop's CPU priority (Linux: per thread, as the AI's threads: lib/server/ai/worker),
// so on a small machine a file being read never takes the CPU from the loop that answers every player.
const BELOW_LOOP = 10;
try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid)) os.setPriority(tid, Math.min(19, os.getPriority(process.pid) + BELOW_LOOP));
} catch {
  // Not Linux, or not allowed: run at normal priority.
}

export default runParseTask;
