// A Lazy SMP helper thread (./threads.ts): for each search it is told of, engine/search/smp.ts's
// helperSearch() in the main thread's table, until the shared control word stops naming that
// search: then this thread's clock jumps far ahead and the search returns at its next clock check.
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { helperSearch } from "../../../engine";
import type { HelperAnswer, HelperData, HelperMessage } from "./threads";

const STOP_JUMP_MS = 1e9;
/** Far beyond any search, far below the jump. */
const FAR_MS = 1e8;
const { table, control, index, nice } = workerData as HelperData;
const port = parentPort!;

if (nice !== undefined) {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid)) os.setPriority(tid, Math.min(19, os.getPriority(process.pid) + nice));
  } catch {
    // Not Linux, or not allowed: the process's priority.
  }
}

let running = 0;
const perf = globalThis.performance;
const realNow = perf.now.bind(perf);
perf.now = () => (running !== 0 && Atomics.load(control, 0) !== running ? realNow() + STOP_JUMP_MS : realNow());

port.on("message", (m: HelperMessage) => {
  let answer: HelperAnswer = { id: m.id, nodes: 0, depth: 0 };
  if (Atomics.load(control, 0) === m.id) {
    running = m.id;
    try {
      // The deadline from the real clock: read through the jumping one (stopped in between) it would never come.
      answer = { id: m.id, ...helperSearch({ position: m.position, rootMoves: m.rootMoves, index, table, deadline: realNow() + FAR_MS }) };
    } finally {
      running = 0;
    }
  }
  port.postMessage(answer);
});
port.postMessage({ loaded: true });
