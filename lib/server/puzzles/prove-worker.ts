// One puzzle proof on a worker thread of its own (./mining): the engine's prove() (engine/puzzles),
// the very proof `npm run puzzles:mine` and `puzzles:verify` use. The thread runs at the lowest CPU
// priority (Linux: per thread), below the event loop and every engine search, and the pool gives it
// a heap cap (resourceLimits) and stops it past a time cap: a proof can take a minute and gigabytes.
import fs from "node:fs";
import type { MessagePort } from "node:worker_threads";
import os from "node:os";
import v8 from "node:v8";
import { provePuzzle, type Color, type PuzzleProof, type Rule, type Stone } from "../../../engine";

export interface ProofTask {
  size: number;
  rule: Rule;
  stones: Stone[];
  toMove: Color;
  /** Try a one-move defence when the side to move has no win (an "only" ply), not for a missed win. */
  defend: boolean;
}

export interface ProofAnswer {
  proof: PuzzleProof | null;
  /** Why there is no puzzle (the prover's reason), when proof is null. */
  reason: string | null;
  /** The proof's time on the thread (ms), and the thread's heap size after it (MB: it grows to the peak, and is given back lazily). */
  ms: number;
  heapMb: number;
}

try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid)) os.setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: normal priority (still off the event loop).
}

/** `port`: told "started" as the proof begins (the pool's time cap counts from then, not from the thread's start). */
export default function proveTask({ port, ...t }: ProofTask & { port?: MessagePort }): ProofAnswer {
  port?.postMessage("started");
  port?.close();
  const started = performance.now();
  const r = provePuzzle(t.size, t.stones, t.toMove, t.defend, t.rule);
  const ms = Math.round(performance.now() - started);
  const heapMb = Math.round(v8.getHeapStatistics().total_heap_size / 2 ** 20);
  return typeof r === "string" ? { proof: null, reason: r, ms, heapMb } : { proof: r, reason: null, ms, heapMb };
}
