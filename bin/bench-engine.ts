// Engine benchmark: nodes per second, depth reached in 1 s, time to each depth, the cost of
// exact root scores (all of them: true; the site AI's best 8: 8; only the best: false), and the
// lecture's alpha-beta / minimax node ratios. Medians of several runs.
// Run: npm run bench:engine   (about a minute on one core)
import { SITE_EXACT_ROOT_MOVES, think } from "../engine/search/think";
import { labOpening } from "../engine/rules";
import { formatScore } from "../engine/score";
import type { Analysis, Position } from "../engine/types";
import { MIDDLE_GAMES } from "./bench/positions";

const POSITIONS: Array<[string, Position]> = [["11×11 lab opening", { size: 11, rule: "freestyle", stones: labOpening(11), toMove: 1 }], ...MIDDLE_GAMES];

const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (s: string | number, n: number) => String(s).padStart(n);

const MODES: Array<boolean | number> = [true, SITE_EXACT_ROOT_MOVES, false];

function run(pos: Position, exactRootScores: boolean | number) {
  const depthTimes: number[] = [];
  const r: Analysis = think(pos, { timeMs: 1000, exactRootScores, onProgress: (p) => (depthTimes[p.depth] = p.timeMs) });
  return { r, depthTimes };
}

console.log(`Engine bench (1 s per search, median of ${RUNS} runs)\n`);
for (const [name, pos] of POSITIONS) {
  console.log(`== ${name}`);
  for (const exact of MODES) {
    const runs = Array.from({ length: RUNS }, () => run(pos, exact));
    const nps = runs.map((x) => (x.r.nodes / Math.max(1, x.r.timeMs)) * 1000);
    const depth = median(runs.map((x) => x.r.depth));
    const mid = runs.find((x) => x.r.depth === depth)!;
    const times = mid.depthTimes
      .map((t, d) => `d${d}:${t.toFixed(0)}ms`)
      .filter(Boolean)
      .join(" ");
    const mv = mid.r.move ? `(${mid.r.move.x},${mid.r.move.y})` : "-";
    console.log(
      `  exactRootScores=${String(exact).padEnd(5)} nodes/s ${pad(Math.round(median(nps)).toLocaleString("en"), 9)}` +
        `  depth ${pad(depth, 2)}  move ${mv} ${formatScore(mid.r.score)}  roots ${mid.r.rootScores.length}`,
    );
    console.log(`    time to depth: ${times}`);
  }
}

// Cost of exact root scores at equal depth (deterministic: maxDepth, no clock).
console.log("\n== Cost of exact root scores (same depth, median time)");
for (const [name, pos] of POSITIONS) {
  const probe = think(pos, { timeMs: 500, exactRootScores: false });
  const depth = Math.max(2, probe.depth - 1);
  const cost = (exact: boolean | number) => {
    const t = [];
    let nodes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      nodes = think(pos, { maxDepth: depth, maxNodes: 5_000_000, exactRootScores: exact }).nodes;
      t.push(performance.now() - t0);
    }
    return { ms: median(t), nodes };
  };
  const a = cost(true);
  const k = cost(SITE_EXACT_ROOT_MOVES);
  const b = cost(false);
  console.log(
    `  ${name.padEnd(28)} depth ${pad(depth, 2)}: exact ${pad(a.ms.toFixed(0), 5)} ms / ${pad(a.nodes, 8)} nodes,` +
      ` best ${SITE_EXACT_ROOT_MOVES} exact ${pad(k.ms.toFixed(0), 5)} ms / ${pad(k.nodes, 8)} nodes,` +
      ` bounds ${pad(b.ms.toFixed(0), 5)} ms / ${pad(b.nodes, 8)} nodes  → ×${(a.nodes / Math.max(1, b.nodes)).toFixed(2)} (best ${SITE_EXACT_ROOT_MOVES}: ×${(k.nodes / Math.max(1, b.nodes)).toFixed(2)})`,
  );
}

// The lecture's node counts, if engine/lecture/lecture.ts provides them.
console.log("\n== Alpha-beta vs minimax (lecture games)");
try {
  const mod: { lectureNodeRatios?: () => Array<{ game: string; minimaxNodes: number; alphaBetaNodes: number }> } = await import("../engine/lecture/lecture");
  if (typeof mod.lectureNodeRatios !== "function") throw new Error("no lectureNodeRatios()");
  for (const row of mod.lectureNodeRatios()) {
    const ratio = row.alphaBetaNodes / Math.max(1, row.minimaxNodes);
    console.log(`  ${row.game.padEnd(30)} minimax ${pad(row.minimaxNodes, 9)}  alpha-beta ${pad(row.alphaBetaNodes, 9)}  ratio ${ratio.toFixed(3)}`);
  }
} catch (e) {
  console.log(`  skipped: ${(e as Error).message}`);
}
