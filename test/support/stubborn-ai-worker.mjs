// A worker-thread entry for the AI pool that ignores the stop flag: it marks its task running, as
// lib/server/ai/task.ts does (lib/server/ai/stop-clock: QUEUED 0 → RUNNING 2), then spins on
// Date.now (not the engine's performance.now, which the flag moves) until its time limit. test/server/ai-abort.test.ts uses it to
// check the pool's last resort, terminating a thread that does not stop, and that a new one comes up.
export default async function run(task) {
  if (task.stop) Atomics.compareExchange(task.stop, 0, 0, 2);
  const end = Date.now() + (task.limits.timeMs ?? 1000);
  while (Date.now() < end);
  task.port?.postMessage({ done: true });
  task.port?.close();
  const move = { x: 0, y: 0 };
  const score = { kind: "eval", value: 0 };
  return { move, score, depth: 1, nodes: 1, timeMs: 0, pv: [move], rootScores: [{ move, score }] };
}
