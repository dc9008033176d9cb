// Nodes per CPU second (bench:cpu-nodes): the search's speed read from the process's own CPU time
// (process.cpuUsage), not the wall clock, so other jobs on a shared machine hardly move it; and the
// node budget that matches a time control at that speed (a node-limited match is then that time
// control in effect, whatever the load while it runs).

/** The lower middle value (the benches' convention); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  return [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
}

/** Nodes per CPU second from a search's nodes and its CPU time in microseconds (user + system). */
export function nodesPerCpuSecond(nodes: number, cpuMicros: number): number {
  if (!(cpuMicros > 0)) throw new Error(`CPU time must be positive, got ${cpuMicros} µs`);
  return (nodes / cpuMicros) * 1e6;
}

/**
 * The node budget for `ms` of search at the median speed of `perPosition` (each position's median
 * over the runs): rounded down to a thousand, at least 1,000.
 */
export function nodeBudget(perPosition: readonly number[], ms: number): number {
  const m = median(perPosition);
  if (!(m > 0) || !(ms > 0)) throw new Error("a node budget needs measured speeds and a positive time");
  return Math.max(1000, Math.floor((m * ms) / 1000 / 1000) * 1000);
}
