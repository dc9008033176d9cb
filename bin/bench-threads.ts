// Lazy SMP bench: 1 thread vs N (default 2) on fixed positions, side by side in one run, the runs
// alternating (1, N, 1, N, …) so the machine's load falls on both alike. Per position and thread
// count, medians over the runs of: nodes/s of the main thread, nodes/s of all threads (the helpers'
// nodes from their reports), the depth reached in the time, the time to the depth most runs of
// both reached, and the main thread's nodes to that depth. The brain's mode (only the best root
// score exact), a fresh table each search.
// On a loaded machine the wall-clock figures say how the load shared the cores, not what threads
// gain; the main thread's nodes to a depth say it better: with the helper's help it needs fewer, and
// on free cores (each thread as fast as one alone) the time to that depth falls in the same ratio
// ("speed-up at equal thread speed"), the helper's share of the nodes showing how even the runs were.
// Run: npm run bench:threads [-- --threads 2 --time 1000 --runs 5]   (about positions × runs × 2 × time)
import os from "node:os";
import { think } from "../engine/search/think";
import { labOpening } from "../engine/rules";
import type { Position } from "../engine/types";
import { SearchThreads } from "../lib/server/ai/threads";
import { readArgs } from "./cli/args";
import { MIDDLE_GAMES, fromMoves } from "./bench/positions";

let threads = 2;
let timeMs = 1000;
let runs = 5;
for (const a of readArgs(process.argv.slice(2), ["threads", "time", "runs"])) {
  const n = Number(a.value);
  if (!(n >= 1)) throw new Error(`${a.raw}: a positive number`);
  if (a.name === "threads") threads = Math.floor(n);
  else if (a.name === "time") timeMs = n;
  else if (a.name === "runs") runs = Math.floor(n);
  else throw new Error(`unknown option ${a.raw} (--threads N, --time MS, --runs N)`);
}

const POSITIONS: Array<[string, Position]> = [
  ["11×11 lab opening", { size: 11, rule: "freestyle", stones: labOpening(11), toMove: 1 }],
  ["15×15 opening (3 stones)", fromMoves(15, "h8 i7 g9")],
  ...MIDDLE_GAMES.filter(([name]) => !name.includes(" C ")), // C is a proven win at depth 8: the search stops
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (s: string | number, n: number) => String(s).padStart(n);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

interface Run {
  mainNodes: number;
  allNodes: number;
  ms: number;
  depth: number;
  /** ms at which each depth completed. */
  at: number[];
  /** The main thread's nodes when each depth completed. */
  nodesAt: number[];
}

const pool = new SearchThreads(threads);
await pool.ready();

async function once(pos: Position, n: number): Promise<Run> {
  const at: number[] = [];
  const nodesAt: number[] = [];
  const limits = {
    timeMs,
    exactRootScores: false,
    onProgress: (p: { depth: number; timeMs: number; nodes: number }) => {
      at[p.depth] = p.timeMs;
      nodesAt[p.depth] = p.nodes;
    },
  };
  const r = think(pos, limits, n > 1 ? { helpers: pool.helpersFor(limits, pos) } : {});
  const helpers = n > 1 ? await pool.settled() : [];
  const extra = helpers.reduce((s, h) => s + h.nodes, 0);
  return { mainNodes: r.nodes, allNodes: r.nodes + extra, ms: Math.max(1, r.timeMs), depth: r.depth, at, nodesAt };
}

console.log(`Lazy SMP bench: 1 vs ${threads} threads, ${timeMs} ms a search, ${runs} runs each, alternating`);
console.log(`cores ${os.availableParallelism()}, load average at start ${load()}\n`);
const ratios: number[] = [];
const speedups: number[] = [];
for (const [name, pos] of POSITIONS) {
  const one: Run[] = [];
  const many: Run[] = [];
  await once(pos, 1); // warm-up (JIT)
  for (let i = 0; i < runs; i++) {
    one.push(await once(pos, 1));
    many.push(await once(pos, threads));
  }
  // The lower of the two median depths: most runs of both completed it (a run stalled by the load
  // that did not is left out of the time and nodes to it; 1 thread's nodes to a depth are the same
  // in every run, a fresh table and no clock inside a depth).
  const d = Math.min(median(one.map((r) => r.depth)), median(many.map((r) => r.depth)));
  const row = (label: string, rs: Run[]) => {
    const mainNps = median(rs.map((r) => (r.mainNodes / r.ms) * 1000));
    const allNps = median(rs.map((r) => (r.allNodes / r.ms) * 1000));
    const reached = rs.filter((r) => r.at[d] !== undefined);
    const toD = median(reached.map((r) => r.at[d]));
    const nodesToD = median(reached.map((r) => r.nodesAt[d]));
    const helperShare = median(rs.map((r) => (r.allNodes - r.mainNodes) / r.allNodes));
    console.log(
      `  ${label.padEnd(10)} nodes/s main ${pad(Math.round(mainNps).toLocaleString("en"), 9)}  all ${pad(Math.round(allNps).toLocaleString("en"), 9)}` +
        `  depth ${pad(median(rs.map((r) => r.depth)), 2)} (${rs.map((r) => r.depth).join(",")})  time to d${d} ${pad(toD.toFixed(0), 5)} ms` +
        `  main's nodes to d${d} ${pad(nodesToD.toLocaleString("en"), 9)} (${reached.length} runs)  helpers' share ${(helperShare * 100).toFixed(0)} %`,
    );
    return { allNps, toD, nodesToD };
  };
  console.log(`== ${name}`);
  const a = row("1 thread", one);
  const b = row(`${threads} threads`, many);
  ratios.push(b.allNps / a.allNps);
  speedups.push(a.nodesToD / b.nodesToD);
  console.log(
    `  → all threads' nodes/s ×${(b.allNps / a.allNps).toFixed(2)}, time to d${d} ×${(b.toD / a.toD).toFixed(2)}, speed-up at equal thread speed ×${(a.nodesToD / b.nodesToD).toFixed(2)}`,
  );
}
console.log(
  `\nmedians over positions (${threads} vs 1): all threads' nodes/s ×${median(ratios).toFixed(2)}, speed-up at equal thread speed ×${median(speedups).toFixed(2)}`,
);
console.log(`load average at end ${load()}`);
await pool.close();
