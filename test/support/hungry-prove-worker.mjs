// A stand-in for the puzzle proofs' thread (lib/server/puzzles/prove-worker) in the mining tests: a
// lone stone on 20×20 eats memory until the thread's heap cap kills it, a lone stone on 19×19 spins
// until the time cap stops it; any other position gets the real proof.
import { register } from "tsx/esm/api";

register();
const real = (await import("../../lib/server/puzzles/prove-worker.ts")).default;

export default function proveOrHog(task) {
  task.port?.postMessage("started");
  if (task.stones.length === 1 && task.size === 20) {
    const hog = [];
    for (;;) hog.push(new Array(1 << 20).fill(hog.length + 0.5));
  }
  if (task.stones.length === 1 && task.size === 19) for (;;);
  return real(task);
}
