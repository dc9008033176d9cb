// Tactics bench: think() on every position of bin/tactics/positions.ts (ALL_TACTICS: the suite and
// the harvested positions of bin/tactics/harvested.ts), with a time limit.
//   npm run bench:tactics -- [--time 1000] [--depth N] [--nodes N] [--only TEXT] [--verify] [--check-solutions]
// Solved = the move is one of the position's winning first moves; "proved" = the score is also a
// win in the listed plies (the shortest: a longer proven win is counted solved, not proved).
// A defence (kind "defence"): solved = the one move that holds; "proved" = solved and the score is not a loss.
// Time to solve: when iterative deepening first reported a winning move (and kept one to the end).
//   --verify            re-derive every position's solutions with the exact solver (bin/tactics/solver.ts,
//                       bin/tactics/verify.ts for the harvested kinds)
//   --check-solutions   also play each listed solution and let think (same limits) confirm the defender is lost
import { think } from "../engine/index";
import type { Limits, Point } from "../engine/types";
import { formatScore } from "../engine/score";
import { parseLabel, toLabel } from "../lib/shared/notation";
import { readArgs } from "./cli/args";
import { toolUsage } from "./cli/i18n";
import { ALL_TACTICS, TACTICS, positionOf, sizeOf, stonesOf, type Tactic } from "./tactics/positions";
import { ThreatSolver } from "../engine/puzzles/solver";
import { longWinByFours, onlyDefence } from "./tactics/verify";

/** What the solver says about a position, as "<plies>: <solutions>" to compare with the listed ones. */
function solverView(t: Tactic): string {
  const size = sizeOf(t);
  if (t.kind === "defence") {
    const d = onlyDefence(size, stonesOf(t), t.toMove);
    return typeof d === "string" ? d : `${d.threat}: ${d.move}`;
  }
  if (t.plies >= 9) {
    const w = longWinByFours(size, stonesOf(t), t.toMove);
    return typeof w === "string" ? w : `${w.plies}: ${w.solutions.join(" ")}`;
  }
  const r = new ThreatSolver(size, stonesOf(t)).shortestWin(t.toMove, t.plies);
  return r
    ? `${r.plies}: ${r.moves
        .map((m) => toLabel(m, size))
        .sort()
        .join(" ")}`
    : "no win";
}

const groupOf = (t: Tactic) => (TACTICS.includes(t) ? "suite (34)" : t.kind === "defence" ? "harvested defences" : "harvested wins");

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
  const list = ALL_TACTICS.filter((t) => t.id.includes(o.only));
  console.log(`${list.length} positions, limits ${JSON.stringify(limits)}`);
  let solved = 0;
  let proved = 0;
  let problems = 0;
  let unconfirmed = 0;
  const times: number[] = [];
  const byPlies = new Map<string, { n: number; solved: number; proved: number }>();
  const byGroup = new Map<string, { n: number; solved: number; proved: number; failed: string[] }>();
  for (const t of list) {
    const size = sizeOf(t);
    const position = positionOf(t);
    const key = (p: Point | null) => (p ? toLabel(p, size) : "-");
    if (o.verify) {
      const got = solverView(t);
      if (got !== `${t.plies}: ${[...t.solutions].sort().join(" ")}`) {
        problems++;
        console.log(`  ! ${t.id}: the solver says ${got}`);
      }
    }
    const defence = t.kind === "defence";
    const reports: { move: string; win: boolean; timeMs: number }[] = [];
    const a = think(position, { ...limits, onProgress: (p) => reports.push({ move: key(p.move), win: p.score.kind === "win", timeMs: p.timeMs }) });
    const move = key(a.move);
    const ok = t.solutions.includes(move);
    const win = defence ? a.score.kind !== "loss" : a.score.kind === "win" && a.score.plies <= t.plies;
    let solvedAt = NaN;
    if (ok) {
      solvedAt = a.timeMs;
      for (let i = reports.length - 1; i >= 0 && t.solutions.includes(reports[i].move); i--) solvedAt = reports[i].timeMs;
      times.push(solvedAt);
    }
    solved += ok ? 1 : 0;
    proved += ok && win ? 1 : 0;
    const label = `${defence ? "defence vs" : "win in"} ${t.plies}`;
    const b = byPlies.get(label) ?? { n: 0, solved: 0, proved: 0 };
    b.n++;
    b.solved += ok ? 1 : 0;
    b.proved += ok && win ? 1 : 0;
    byPlies.set(label, b);
    const g = byGroup.get(groupOf(t)) ?? { n: 0, solved: 0, proved: 0, failed: [] };
    g.n++;
    g.solved += ok ? 1 : 0;
    g.proved += ok && win ? 1 : 0;
    if (!(ok && win)) g.failed.push(`${t.id} (${ok ? "unproved" : `played ${move}`})`);
    byGroup.set(groupOf(t), g);
    console.log(
      `${ok ? (win ? (defence ? "HOLD" : "WIN ") : "ok  ") : "MISS"} ${t.id.padEnd(28)} plies ${t.plies}  played ${move.padEnd(4)} ${formatScore(a.score).padEnd(12)} depth ${String(a.depth).padStart(2)}  ${Math.round(a.timeMs)} ms${ok ? `  (solved at ${Math.round(solvedAt)} ms)` : `  want ${t.solutions.join(" ")}`}`,
    );
    if (o.check && !defence) {
      for (const s of t.solutions) {
        const p = parseLabel(s, size)!;
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
  const plies = (label: string) => Number(label.split(" ").pop());
  for (const [label, b] of [...byPlies].sort(
    (x, y) => Number(x[0] > y[0] && x[0][0] !== y[0][0]) - Number(x[0] < y[0] && x[0][0] !== y[0][0]) || plies(x[0]) - plies(y[0]),
  ))
    console.log(`${label}: solved ${b.solved}/${b.n}, proved ${b.proved}/${b.n}`);
  for (const [group, g] of byGroup) {
    console.log(`${group}: solved ${g.solved}/${g.n}, proved ${g.proved}/${g.n}`);
    for (const f of g.failed) console.log(`    not proved: ${f}`);
  }
  console.log(
    `solved ${solved}/${list.length} (${((100 * solved) / Math.max(1, list.length)).toFixed(0)}%), proved (score = win) ${proved}/${list.length}, median time to solve ${Number.isNaN(median(times)) ? "-" : `${Math.round(median(times))} ms`}`,
  );
  if (o.verify) console.log(problems ? `${problems} position(s) disagree with the solver` : "every position's solutions match the solver");
  if (o.check) console.log(`${unconfirmed} listed solution(s) that think could not confirm as wins with these limits`);
}

main();
