// The engine's search fingerprint: every searcher run at fixed depths, node budgets and seeds (no
// clock) on a fixed set of positions, each answer written as one line (move, score, depth, nodes,
// line, root scores, progress). A change that moves code without changing behaviour keeps every
// line; a change of behaviour shows here first, line by line. After an intended change of
// behaviour: FINGERPRINT_UPDATE=1 npx vitest run engine/search-fingerprint.test.ts, and say so
// in the commit.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Analysis, Limits, Point, Position, Score } from "./types";
import { labOpening } from "./rules";
import { think, type ThinkOptions } from "./search/think";
import { boardOf } from "./board/position";
import { VcfSolver } from "./search/threats/vcf";
import { VctSolver } from "./search/threats/vct";
import { mcts, type MctsLimits } from "./mcts/mcts";
import { casual } from "./casual/casual";
import { ALL_TACTICS, positionOf } from "../bin/tactics/positions";
import { MIDDLE_GAMES, fromMoves } from "../bin/bench/positions";

const EXPECTED = new URL("./search-fingerprint.json", import.meta.url);

/** Tactics of every kind: wins in 1..17 plies (by fours, by threes), both colours, 11×11, defences. */
const TACTIC_IDS = [
  "w1-open-four",
  "w1-win-not-block",
  "w3-open-three",
  "w3-double-four-white",
  "w5-four-three",
  "w5-three-three",
  "w7-vcf-ladder",
  "w7-vct-three-three",
  "w7-sp-vct-e9",
  "w7-sp-block-then-vct",
  "w9-sp-vcf-white-11x11-s13g98p23",
  "w13-sp-vcf-black-s10g34p38",
  "d3-sp-only-move-black-s13g109p16",
  "d5-sp-only-move-white-s13g269p15",
];

const renju = (moves: string): Position => ({ ...fromMoves(15, moves), rule: "renju" });

const POSITIONS: Array<[string, Position]> = [
  ...TACTIC_IDS.map((id): [string, Position] => {
    const t = ALL_TACTICS.find((x) => x.id === id);
    if (!t) throw new Error(`no tactic ${id}`);
    return [id, positionOf(t)];
  }),
  ...MIDDLE_GAMES.map(([name, p]): [string, Position] => [name.replace(/ \(.*/, ""), p]),
  ["11×11 lab opening", { size: 11, rule: "freestyle", stones: labOpening(11), toMove: 1 }],
  ["15×15 exact5 middle A", { ...MIDDLE_GAMES[0][1], rule: "exact5" }],
  ["15×15 renju black", renju("h8 i7 g9 k9 h6 i9 h7 h9 g6 g8 i10 h5 j9 i8")],
  ["15×15 renju white", renju("h8 i7 g9 k9 h6 i9 h7 h9 g6 g8 i10 h5 j9")],
  ["20×20 opening", fromMoves(20, "j10 k11 k10 j11")],
];

const pt = (p: Point | null): string => (p ? `${String.fromCharCode(97 + p.x)}${p.y}` : "-");
const sc = (s: Score): string => (s.kind === "eval" ? String(s.value) : `${s.kind}${s.plies}`);

/** One answer as one line (timeMs left out: the only field the clock writes). */
function line(a: Analysis, progress: string[]): string {
  const roots = a.rootScores.map((r) => `${pt(r.move)}=${sc(r.score)}${r.bound ? "≤" : ""}`).join(" ");
  const top = a.top ? ` top[${a.top.map((t) => `${pt(t.move)}:${t.visits}:${t.winRate}`).join(" ")}]` : "";
  return `${pt(a.move)} ${sc(a.score)} d${a.depth} n${a.nodes} pv[${a.pv.map(pt).join(" ")}] roots[${roots}]${top} progress[${progress.join(" ")}]`;
}

/** The answer and its progress reports (`lastOnly`: the final report only, MCTS's others come by the clock). */
function withProgress(run: (limits: Limits) => Analysis, limits: Limits, lastOnly = false): string {
  const progress: string[] = [];
  const a = run({ ...limits, onProgress: (p) => progress.push(`${p.depth}:${p.nodes}:${pt(p.move)}:${sc(p.score)}`) });
  return line(a, lastOnly ? progress.slice(-1) : progress);
}

const alphaBeta = (p: Position, limits: Limits, options: ThinkOptions = {}) => withProgress((l) => think(p, l, options), limits);
const monteCarlo = (p: Position, limits: MctsLimits) => withProgress((l) => mcts(p, { ...limits, ...l }), limits, true);

function solvers(p: Position): string {
  const parts: string[] = [];
  for (const side of [p.toMove, 3 - p.toMove]) {
    const b = boardOf(p);
    const vcf = new VcfSolver(b);
    const f = vcf.solve(side, 20, 50_000, Infinity);
    const fs = vcf.solveShortest(side, 20, 50_000, Infinity);
    const vct = new VctSolver(b);
    const t = vct.solve(side, 6, 20_000, Infinity);
    parts.push(
      `side${side} vcf ${f}/${fs} n${vcf.nodes} [${Array.from(vcf.seq.subarray(0, vcf.length)).join(" ")}] vct ${t} n${vct.nodes} [${t > 0 ? vct.seq[0] : ""}]`,
    );
  }
  return parts.join(" | ");
}

/** Every record: "<position> <searcher> <limits>: <answer>". */
function fingerprint(): string[] {
  const out: string[] = [];
  const add = (name: string, what: string, f: () => string) => out.push(`${name} ${what}: ${f()}`);
  for (const [name, p] of POSITIONS) {
    add(name, "think maxDepth 4", () => alphaBeta(p, { maxDepth: 4 }));
    add(name, "think maxDepth 6 exact 8", () => alphaBeta(p, { maxDepth: 6, exactRootScores: 8 }));
    add(name, "think maxNodes 40000 bounds", () => alphaBeta(p, { maxNodes: 40_000, exactRootScores: false }));
    add(name, "think plain maxDepth 2", () => alphaBeta(p, { maxDepth: 2 }, { plain: true }));
    add(name, "think maxDepth 3 leafVcf defenceVct", () => alphaBeta(p, { maxDepth: 3 }, { features: { leafVcf: true, rootDefenceVct: true } }));
    add(name, "threat solvers", () => solvers(p));
    add(name, "mcts 1500 it seed 7", () => monteCarlo(p, { maxIterations: 1500, seed: 7 }));
    add(name, "mcts 400 it seed 1 playout 4", () => monteCarlo(p, { maxIterations: 400, seed: 1, playoutDepth: 4, exploration: 0.8 }));
    add(name, "casual maxDepth 2", () => withProgress((l) => casual(p, l), { maxDepth: 2 }));
  }
  return out;
}

describe("search fingerprint", () => {
  it("every searcher gives the recorded answers at fixed depths, budgets and seeds", () => {
    const got = fingerprint();
    if (process.env.FINGERPRINT_UPDATE === "1") writeFileSync(EXPECTED, JSON.stringify(got, null, 1) + "\n");
    const expected = JSON.parse(readFileSync(EXPECTED, "utf8")) as string[];
    expect(got).toEqual(expected);
  });
});
