// Nodes per CPU second of the brain's search (think, only the best move exact, node-limited, no clock),
// timed by the process's own CPU time, so a loaded machine hardly moves the figure; per board size the
// median over the positions and the node budget equal to --ms of search at that speed (for node-limited
// matches that stand for a time control: docs/engine-log.md, "PATTERN_EVAL at 1 s in nodes").
//   npx tsx bin/bench-cpu-nodes.ts [--nodes 300000] [--openings 8] [--runs 3] [--ms 940]
// Positions: the bench's (11×11 lab opening, 15×15 middle games A–C) and the first --openings lines of
// bin/match/openings-11-sprt.txt and openings-balanced-15.txt. Run it in two copies (e.g. an engine switch
// on and off) in turn to compare them.
import { fileURLToPath } from "node:url";
import { labOpening } from "../engine/rules";
import { think } from "../engine/search/think";
import type { Color, Position } from "../engine/types";
import { median, nodeBudget, nodesPerCpuSecond } from "./bench/cpu-nodes";
import { MIDDLE_GAMES } from "./bench/positions";
import { positiveNumbers } from "./cli/args";
import { readOpenings } from "./match/openings";

const o = positiveNumbers(process.argv.slice(2), { nodes: 300_000, openings: 8, runs: 3, ms: 940 });

function fromOpenings(file: string, size: number): Array<[string, Position]> {
  const path = fileURLToPath(new URL(`./match/${file}`, import.meta.url));
  return readOpenings(path, size, "freestyle")
    .slice(0, o.openings)
    .map((moves, k) => {
      const stones = moves.map((p, i) => ({ ...p, color: (i % 2 === 0 ? 1 : 2) as Color }));
      return [`${file} #${k + 1}`, { size, rule: "freestyle", stones, toMove: (stones.length % 2 === 0 ? 1 : 2) as Color }];
    });
}

const positions: Array<[string, Position]> = [
  ["11×11 lab opening", { size: 11, rule: "freestyle", stones: labOpening(11), toMove: 1 }],
  ...fromOpenings("openings-11-sprt.txt", 11),
  ...MIDDLE_GAMES,
  ...fromOpenings("openings-balanced-15.txt", 15),
];

think(positions[0][1], { maxNodes: 50_000, exactRootScores: false }); // JIT warm-up, not counted
const speeds = new Map<string, number[]>();
for (let run = 0; run < o.runs; run++) {
  for (const [name, pos] of positions) {
    const c0 = process.cpuUsage();
    const r = think(pos, { maxNodes: Math.floor(o.nodes), exactRootScores: false });
    const c = process.cpuUsage(c0);
    speeds.set(name, [...(speeds.get(name) ?? []), nodesPerCpuSecond(r.nodes, c.user + c.system)]);
  }
}
console.log(`nodes per CPU second, ${o.nodes.toLocaleString("en")} nodes a search, median of ${o.runs} runs`);
for (const size of [11, 15]) {
  const perPosition: number[] = [];
  for (const [name] of positions.filter(([, p]) => p.size === size)) {
    const m = median(speeds.get(name)!);
    perPosition.push(m);
    console.log(`  ${name.padEnd(34)} ${Math.round(m).toLocaleString("en").padStart(9)}`);
  }
  console.log(
    `${size}×${size}: median ${Math.round(median(perPosition)).toLocaleString("en")} nodes/CPU s; ` +
      `budget for ${o.ms} ms: ${nodeBudget(perPosition, o.ms).toLocaleString("en")} nodes`,
  );
}
