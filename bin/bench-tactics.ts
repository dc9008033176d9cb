// Tactics bench: think() on every position of bin/tactics/positions.ts, with a time limit.
//   npm run bench:tactics -- [--time 1000] [--depth N] [--nodes N] [--only TEXT] [--verify] [--check-solutions]
// Solved = the move is one of the position's winning first moves; "proved" = the score is also a win.
// Time to solve: when iterative deepening first reported a winning move (and kept one to the end).
//   --verify            re-derive every position's solutions with the exact solver (bin/tactics/solver.ts)
//   --check-solutions   also play each listed solution and let think (same limits) confirm the defender is lost
import { think } from "../engine/index";
import type { Limits, Point } from "../engine/types";
import { formatScore } from "../engine/score";
import { parseLabel, toLabel } from "../lib/shared/notation";
import { readArgs } from "./cli/args";
import { toolUsage } from "./cli/i18n";
import { TACTICS, positionOf, stonesOf } from "./tactics/positions";
import { ThreatSolver } from "./tactics/solver";

function args(argv: string[]) {
  const o = { time: 1000, depth: undefined as number | undefined, nodes: undefined as number | undefined, only: "", verify: false, check: false };
  for (const { name, value, raw } of readArgs(argv, ["time", "depth", "nodes", "only"], { h: "help" })) {
    const given = () => {
      if (value === undefined) throw new Error(`${raw} needs a value`);
      return value;
    };
    if (name === "time") o.time = Number(given());
    else if (name === "depth") o.depth = Number(given());
    else if (name === "nodes") o.nodes = Number(given());
    else if (name === "only") o.only = given();
    else if (name === "verify") o.verify = true;
    else if (name === "check-solutions") o.check = true;
    else if (name === "help") {
      console.log(toolUsage("benchTactics"));
      process.exit(0);
    } else throw new Error(`unknown option ${raw}`);
  }
  return o;
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function main() {
  let o: ReturnType<typeof args>;
  try {
    o = args(process.argv.slice(2));
  } catch (e) {
    console.error(`bench-tactics: ${(e as Error).message}`);
    process.exit(2);
  }
  const limits: Limits = {};
  if (o.time > 0) limits.timeMs = o.time;
  if (o.depth) limits.maxDepth = o.depth;
  if (o.nodes) limits.maxNodes = o.nodes;
  const list = TACTICS.filter((t) => t.id.includes(o.only));
  console.log(`${list.length} positions, limits ${JSON.stringify(limits)}`);
  let solved = 0;
  let proved = 0;
  let problems = 0;
  let unconfirmed = 0;
  const times: number[] = [];
  const byPlies = new Map<number, { n: number; solved: number }>();
  for (const t of list) {
    const position = positionOf(t);
    const key = (p: Point | null) => (p ? toLabel(p, 15) : "-");
    if (o.verify) {
      const r = new ThreatSolver(15, stonesOf(t)).shortestWin(t.toMove, t.plies);
      const got = r
        ? r.moves
            .map((m) => toLabel(m, 15))
            .sort()
            .join(" ")
        : "";
      if (!r || r.plies !== t.plies || got !== [...t.solutions].sort().join(" ")) {
        problems++;
        console.log(`  ! ${t.id}: the solver finds ${r ? `win in ${r.plies}: ${got}` : "no win"}`);
      }
    }
    const reports: { move: string; win: boolean; timeMs: number }[] = [];
    const a = think(position, { ...limits, onProgress: (p) => reports.push({ move: key(p.move), win: p.score.kind === "win", timeMs: p.timeMs }) });
    const move = key(a.move);
    const ok = t.solutions.includes(move);
    const win = a.score.kind === "win";
    let solvedAt = NaN;
    if (ok) {
      solvedAt = a.timeMs;
      for (let i = reports.length - 1; i >= 0 && t.solutions.includes(reports[i].move); i--) solvedAt = reports[i].timeMs;
      times.push(solvedAt);
    }
    solved += ok ? 1 : 0;
    proved += ok && win ? 1 : 0;
    const b = byPlies.get(t.plies) ?? { n: 0, solved: 0 };
    b.n++;
    b.solved += ok ? 1 : 0;
    byPlies.set(t.plies, b);
    console.log(
      `${ok ? (win ? "WIN " : "ok  ") : "MISS"} ${t.id.padEnd(28)} plies ${t.plies}  played ${move.padEnd(4)} ${formatScore(a.score).padEnd(12)} depth ${String(a.depth).padStart(2)}  ${Math.round(a.timeMs)} ms${ok ? `  (solved at ${Math.round(solvedAt)} ms)` : `  want ${t.solutions.join(" ")}`}`,
    );
    if (o.check) {
      for (const s of t.solutions) {
        const p = parseLabel(s, 15)!;
        const after = { ...position, stones: [...position.stones, { ...p, color: t.toMove }], toMove: (3 - t.toMove) as 1 | 2 };
        const r = think(after, limits);
        const lost = (r.score.kind === "loss" && r.score.plies <= t.plies - 1) || t.plies === 1;
        if (!lost) {
          unconfirmed++;
          console.log(`  ? ${t.id}: after ${s} think does not see the defender lost: ${formatScore(r.score)} (reply ${key(r.move)})`);
        }
      }
    }
  }
  console.log("");
  for (const [plies, b] of [...byPlies].sort((x, y) => x[0] - y[0])) console.log(`win in ${plies}: ${b.solved}/${b.n}`);
  console.log(
    `solved ${solved}/${list.length} (${((100 * solved) / Math.max(1, list.length)).toFixed(0)}%), proved (score = win) ${proved}/${list.length}, median time to solve ${Number.isNaN(median(times)) ? "-" : `${Math.round(median(times))} ms`}`,
  );
  if (o.verify) console.log(problems ? `${problems} position(s) disagree with the solver` : "every position's solutions match the solver");
  if (o.check) console.log(`${unconfirmed} listed solution(s) that think could not confirm as wins with these limits`);
}

main();
