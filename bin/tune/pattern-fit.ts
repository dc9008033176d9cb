// Fitting the pattern-combination evaluation (engine/eval/pattern-eval.ts): per empty cell and
// colour, the combination id of its four line patterns; a position's features are, per id, how many
// empty cells of the side to move (own) and of the other side (opp) have it. The evaluation is the
// linear one (the tables built from engine/eval/weights.ts) plus a correction per id and side,
// fitted by Texel regression (sigmoid(K · eval) against the game's result, K fitted on the linear
// evaluation so the scale stays the search's) with an L2 penalty pulling each correction to 0, so
// rare combinations keep their linear value. Positions as bin/tune/features.ts takes them.
import { writeFileSync } from "node:fs";
import { Board } from "../../engine/board/board";
import { FIVE } from "../../engine/board/patterns";
import { COMBO_33, COMBO_43, COMBO_OF, THREAT_CODE } from "../../engine/board/cell-values";
import { COMBO_CLASSES, COMBO_ID, N_COMBOS, linearValue } from "../../engine/eval/pattern-eval";
import { EVAL_WEIGHTS } from "../../engine/eval/weights";
import { think } from "../../engine/search/think";
import type { Color, Stone } from "../../engine/types";
import { splitByGame } from "./fit";
import type { Samples } from "./features";
import type { GameRecord } from "./selfplay";

/** Features: own ids 0..714, opp ids 715..1429 (θ for opp is the negated correction). */
export const NP = 2 * N_COMBOS;

export interface PatternSamples {
  n: number;
  /** Per sample: its features' range [start[i], start[i + 1]) in idx / val. */
  start: Int32Array;
  idx: Int16Array;
  val: Float32Array;
  /** The linear evaluation (corrections 0) per sample. */
  base: Float64Array;
  y: Float64Array;
  game: Int32Array;
  /** The search label's score per sample (0 without labels). */
  search: Float64Array;
}

const LIN_OWN = new Float64Array(N_COMBOS);
const LIN_OPP = new Float64Array(N_COMBOS);
for (let id = 0; id < N_COMBOS; id++) {
  LIN_OWN[id] = linearValue(id, EVAL_WEIGHTS.own, EVAL_WEIGHTS.own43, EVAL_WEIGHTS.own33);
  LIN_OPP[id] = linearValue(id, EVAL_WEIGHTS.opp, EVAL_WEIGHTS.opp43, EVAL_WEIGHTS.opp33);
}

/** A deeper search's verdict on a sample position: the score for the side to move (a win ±30000). */
export interface SearchLabel {
  /** The game's board size (games of different sizes share indices). */
  size?: number;
  i: number;
  ply: number;
  v: number;
}

/** The positions extractPatterns takes (every `every`-th of them per game), as the search sees them. */
function* positions(games: readonly GameRecord[], every = 1): Generator<{ g: GameRecord; ply: number; stones: Stone[]; toMove: Color }> {
  for (const g of games) {
    const b = new Board(g.size, g.rule);
    const stones: Stone[] = [];
    let k0 = 0;
    for (let k = 0; k < g.moves.length; k++) {
      const m = g.moves[k];
      const color = (k % 2 === 0 ? 1 : 2) as Color;
      b.make(b.index(m % g.size, Math.floor(m / g.size)), color);
      stones.push({ x: m % g.size, y: Math.floor(m / g.size), color });
      const ply = k + 1;
      if (ply < g.opening) continue;
      const side = ply % 2 === 0 ? 1 : 2;
      if (b.cnt[side * 16 + FIVE] > 0 || b.cnt[(3 - side) * 16 + FIVE] > 0) continue;
      if (k0++ % every !== 0) continue;
      yield { g, ply, stones: stones.slice(), toMove: side as Color };
    }
  }
}

/** Labels by a search of `nodes` nodes (deterministic), for the games at offset, offset + stride, …. */
export function* searchLabels(games: readonly GameRecord[], nodes: number, every: number, offset = 0, stride = 1): Generator<SearchLabel> {
  const mine = games.filter((_, j) => j % stride === offset);
  for (const p of positions(mine, every)) {
    const a = think({ size: p.g.size, rule: p.g.rule, stones: p.stones, toMove: p.toMove }, { maxNodes: nodes, exactRootScores: false });
    const v = a.score.kind === "win" ? 30000 : a.score.kind === "loss" ? -30000 : a.score.value;
    yield { size: p.g.size, i: p.g.i, ply: p.ply, v };
  }
}

export function extractPatterns(games: readonly GameRecord[], labels?: Map<string, number>): PatternSamples {
  const starts: number[] = [0];
  const idx: number[] = [];
  const val: number[] = [];
  const base: number[] = [];
  const ys: number[] = [];
  const gs: number[] = [];
  const hist = new Int32Array(NP);
  const touched: number[] = [];
  const searchV: number[] = [];
  for (const g of games) {
    const b = new Board(g.size, g.rule);
    for (let k = 0; k < g.moves.length; k++) {
      const m = g.moves[k];
      b.make(b.index(m % g.size, Math.floor(m / g.size)), (k % 2 === 0 ? 1 : 2) as Color);
      const ply = k + 1;
      if (ply < g.opening) continue;
      const side = ply % 2 === 0 ? 1 : 2;
      const opp = 3 - side;
      if (b.cnt[side * 16 + FIVE] > 0 || b.cnt[opp * 16 + FIVE] > 0) continue;
      if (labels && !labels.has(`${g.size}/${g.i}/${ply}`)) continue;
      let e = 0;
      touched.length = 0;
      for (let i = 0; i < b.boardCells.length; i++) {
        const q = b.boardCells[i];
        if (b.cells[q] !== 0) continue;
        const own = COMBO_ID[b.codeOf(q, side - 1)];
        const oth = COMBO_ID[b.codeOf(q, opp - 1)];
        e += LIN_OWN[own] - LIN_OPP[oth];
        if (hist[own]++ === 0) touched.push(own);
        if (hist[N_COMBOS + oth]++ === 0) touched.push(N_COMBOS + oth);
      }
      for (const j of touched) {
        idx.push(j);
        val.push(hist[j]);
        hist[j] = 0;
      }
      starts.push(idx.length);
      base.push(Math.max(-20000, Math.min(20000, e)));
      ys.push(g.winner === 0 ? 0.5 : g.winner === side ? 1 : 0);
      gs.push(g.size * 1_000_000 + g.i);
      searchV.push(labels?.get(`${g.size}/${g.i}/${ply}`) ?? 0);
    }
  }
  return {
    search: Float64Array.from(searchV),
    n: ys.length,
    start: Int32Array.from(starts),
    idx: Int16Array.from(idx),
    val: Float32Array.from(val),
    base: Float64Array.from(base),
    y: Float64Array.from(ys),
    game: Int32Array.from(gs),
  };
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function evalOf(s: PatternSamples, i: number, t: Float64Array): number {
  let e = s.base[i];
  for (let k = s.start[i]; k < s.start[i + 1]; k++) e += t[s.idx[k]] * s.val[k];
  return e;
}

export function patternLoss(s: PatternSamples, use: Uint8Array, t: Float64Array, K: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < s.n; i++) {
    if (!use[i]) continue;
    const d = sigmoid(K * evalOf(s, i, t)) - s.y[i];
    sum += d * d;
    n++;
  }
  return n ? sum / n : 0;
}

export function fitKLinear(s: PatternSamples, use: Uint8Array): number {
  const zero = new Float64Array(NP);
  let lo = Math.log(1e-5);
  let hi = Math.log(1);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 50; it++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (patternLoss(s, use, zero, Math.exp(a)) < patternLoss(s, use, zero, Math.exp(b))) hi = b;
    else lo = a;
  }
  return Math.exp((lo + hi) / 2);
}

/**
 * Per combination id: how many of its directions have class 1..8 (id * 10 + class − 1) and its 4-3 /
 * 3-3 flag (id * 10 + 8, + 9): the linear part's features.
 */
const LIN_FEATURES = new Float64Array(N_COMBOS * 10);
for (let id = 0; id < N_COMBOS; id++) {
  let t = 0;
  for (let k = 0; k < 4; k++) {
    const c = COMBO_CLASSES[id * 4 + k];
    if (c >= 1 && c <= 8) LIN_FEATURES[id * 10 + c - 1]++;
    t += THREAT_CODE[c];
  }
  const combo = COMBO_OF[t];
  if (combo === COMBO_43) LIN_FEATURES[id * 10 + 8] = 1;
  else if (combo === COMBO_33) LIN_FEATURES[id * 10 + 9] = 1;
}

/**
 * Corrections θ minimising loss + l2 · Σ r², θ[id] = r[id] + a linear correction per side (per class
 * and 4-3 / 3-3, 20 values, not penalised: the per-direction weights may move freely, the
 * combinations' own corrections are pulled to 0). Full-batch Adam from 0.
 */
export function fitCorrections(s: PatternSamples, use: Uint8Array, K: number, iters: number, l2: number, lr0 = 8, linear = true): Float64Array {
  const NPAR = NP + 20;
  const par = new Float64Array(NPAR);
  const t = new Float64Array(NP);
  const m = new Float64Array(NPAR);
  const v = new Float64Array(NPAR);
  const grad = new Float64Array(NPAR);
  const gt = new Float64Array(NP);
  let n = 0;
  for (let i = 0; i < s.n; i++) if (use[i]) n++;
  const theta = () => {
    for (let j = 0; j < NP; j++) {
      const side = j < N_COMBOS ? 0 : 1;
      const id = j - side * N_COMBOS;
      let x = par[j];
      for (let f = 0; f < 10; f++) x += par[NP + side * 10 + f] * LIN_FEATURES[id * 10 + f];
      t[j] = x;
    }
  };
  for (let it = 1; it <= iters; it++) {
    theta();
    gt.fill(0);
    for (let i = 0; i < s.n; i++) {
      if (!use[i]) continue;
      const p = sigmoid(K * evalOf(s, i, t));
      const g = (2 * (p - s.y[i]) * p * (1 - p) * K) / n;
      for (let k = s.start[i]; k < s.start[i + 1]; k++) gt[s.idx[k]] += g * s.val[k];
    }
    grad.fill(0);
    for (let j = 0; j < NP; j++) {
      grad[j] = gt[j] + 2 * l2 * par[j];
      if (!linear || gt[j] === 0) continue;
      const side = j < N_COMBOS ? 0 : 1;
      const id = j - side * N_COMBOS;
      for (let f = 0; f < 10; f++) grad[NP + side * 10 + f] += gt[j] * LIN_FEATURES[id * 10 + f];
    }
    const lr = lr0 * (0.02 + 0.98 * 0.5 * (1 + Math.cos((Math.PI * it) / iters)));
    for (let j = 0; j < NPAR; j++) {
      const gj = grad[j];
      if (gj === 0) continue;
      m[j] = 0.9 * m[j] + 0.1 * gj;
      v[j] = 0.999 * v[j] + 0.001 * gj * gj;
      const mh = m[j] / (1 - 0.9 ** it);
      const vh = v[j] / (1 - 0.999 ** it);
      par[j] -= (lr * mh) / (Math.sqrt(vh) + 1e-12);
    }
  }
  theta();
  return Float64Array.from(t);
}

export interface PatternFitOptions {
  holdout: number;
  iters: number;
  seed: number;
  l2s: number[];
  /** Search labels: only the labelled positions are used; target = mix · result + (1 − mix) · sigmoid(K · score). */
  labels?: SearchLabel[];
  mix?: number;
  /** K fixed (the linear fit's scale) instead of fitted on these positions. */
  K?: number;
  out: string | null;
  log: (s: string) => void;
}

/** Fits the corrections for each L2 weight, keeps the best on held-out positions, writes the module. */
export function runPatternFit(games: readonly GameRecord[], o: PatternFitOptions): { own: number[]; opp: number[] } {
  const t0 = performance.now();
  const labels = o.labels ? new Map(o.labels.map((l) => [`${l.size ?? 15}/${l.i}/${l.ply}`, l.v])) : undefined;
  const s = extractPatterns(games, labels);
  const { train, test } = splitByGame({ n: s.n, game: s.game } as Samples, o.holdout, o.seed);
  const nTrain = train.reduce((a, b) => a + b, 0);
  o.log(
    `${games.length} games, ${s.n} positions (train ${nTrain}, held-out ${s.n - nTrain}), ${s.idx.length} features (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const K = o.K ?? fitKLinear(s, train);
  if (labels) {
    // The targets move towards the deeper search's verdict (K from the results, as the linear fit's).
    const mix = o.mix ?? 0.5;
    for (let i = 0; i < s.n; i++) s.y[i] = mix * s.y[i] + (1 - mix) * sigmoid(K * s.search[i]);
    o.log(`targets: ${mix} × result + ${1 - mix} × sigmoid(K · search score)`);
  }
  const zero = new Float64Array(NP);
  const before = { train: patternLoss(s, train, zero, K), test: patternLoss(s, test, zero, K) };
  o.log(`K = ${K.toPrecision(4)}; linear evaluation: loss train ${before.train.toFixed(5)}, held-out ${before.test.toFixed(5)}`);
  let best: { l2: number; t: Float64Array; test: number; train: number } | null = null;
  for (const l2 of o.l2s) {
    const t = fitCorrections(s, train, K, o.iters, l2);
    for (let j = 0; j < NP; j++) t[j] = Math.round(t[j]);
    const r = { l2, t, train: patternLoss(s, train, t, K), test: patternLoss(s, test, t, K) };
    o.log(`l2 ${l2}: loss train ${r.train.toFixed(5)}, held-out ${r.test.toFixed(5)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    if (!best || r.test < best.test) best = r;
  }
  if (!best) throw new Error("no l2 given");
  const own: number[] = [];
  const opp: number[] = [];
  for (let id = 0; id < N_COMBOS; id++) {
    own.push(best.t[id]);
    opp.push(-best.t[N_COMBOS + id] || 0);
  }
  const note = `${games.length} games, ${s.n} positions, K = ${K.toPrecision(4)}, l2 ${best.l2}: held-out loss ${before.test.toFixed(5)} (linear) → ${best.test.toFixed(5)}.`;
  o.log(note);
  if (o.out) {
    writeFileSync(
      o.out,
      `// Generated by \`npm run tune -- pfit\` (bin/tune.ts); do not edit by hand. ${note}
// Per combination id (engine/eval/pattern-eval.ts): the fitted correction to the linear value,
// \`own\` for the side to move, \`opp\` for the other side.
export const PATTERN_DELTA: { own: number[]; opp: number[] } = {
  own: [${own.join(", ")}],
  opp: [${opp.join(", ")}],
};
`,
    );
    o.log(`→ ${o.out}`);
  }
  return { own, opp };
}
