// Logistic (Texel) fitting of the evaluation's weights. The evaluation is linear in the features of
// bin/tune/features.ts: eval = Σ own[p]·cnt_own[p] − Σ opp[p]·cnt_opp[p] + combination terms, so a
// weight vector θ (opp weights negated) gives eval = θ·x. Loss = mean squared error between
// sigmoid(K·eval) and the game's result. K is fitted first on the current (hand-set) weights, then
// θ with K fixed (full-batch Adam, the step size decaying), so the fitted evaluation keeps the scale
// the search's margins were set for. Positions are split into train and held-out by game.
import { writeFileSync } from "node:fs";
import { PATTERN_VALUE } from "../../engine/board/cell-values";
import { mulberry32Float } from "../../engine/board/zobrist";
import { N_FEATURES, extract, type Samples } from "./features";
import type { GameRecord } from "./selfplay";

/** The hand-set evaluation as θ: own pattern values × 5/4 (the side to move), the other side's × 1. */
export function handTheta(): Float64Array {
  const t = new Float64Array(N_FEATURES);
  for (let p = 1; p <= 8; p++) {
    t[p - 1] = (PATTERN_VALUE[p] * 5) / 4;
    t[8 + p - 1] = -PATTERN_VALUE[p];
  }
  return t;
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Mean squared error of sigmoid(K·θ·x) against y over the rows where `use` is set. */
export function loss(s: Samples, use: Uint8Array, theta: Float64Array, K: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < s.n; i++) {
    if (!use[i]) continue;
    let e = 0;
    for (let j = 0; j < N_FEATURES; j++) e += theta[j] * s.x[i * N_FEATURES + j];
    const d = sigmoid(K * e) - s.y[i];
    sum += d * d;
    n++;
  }
  return n ? sum / n : 0;
}

/** The K minimising the loss for θ (golden-section search on log K). */
export function fitK(s: Samples, use: Uint8Array, theta: Float64Array): number {
  let lo = Math.log(1e-5);
  let hi = Math.log(1);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 60; it++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (loss(s, use, theta, Math.exp(a)) < loss(s, use, theta, Math.exp(b))) hi = b;
    else lo = a;
  }
  return Math.exp((lo + hi) / 2);
}

/** θ minimising the loss at fixed K, from `start` (full-batch Adam). `mask[j]` = 0 keeps θ[j]. */
export function fitTheta(s: Samples, use: Uint8Array, start: Float64Array, K: number, iters: number, lr0 = 2, mask?: Uint8Array): Float64Array {
  const t = Float64Array.from(start);
  const m = new Float64Array(N_FEATURES);
  const v = new Float64Array(N_FEATURES);
  const grad = new Float64Array(N_FEATURES);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let it = 1; it <= iters; it++) {
    grad.fill(0);
    let n = 0;
    for (let i = 0; i < s.n; i++) {
      if (!use[i]) continue;
      const row = i * N_FEATURES;
      let e = 0;
      for (let j = 0; j < N_FEATURES; j++) e += t[j] * s.x[row + j];
      const p = sigmoid(K * e);
      const g = (p - s.y[i]) * p * (1 - p) * K;
      for (let j = 0; j < N_FEATURES; j++) grad[j] += g * s.x[row + j];
      n++;
    }
    const lr = lr0 * (0.02 + 0.98 * 0.5 * (1 + Math.cos((Math.PI * it) / iters)));
    for (let j = 0; j < N_FEATURES; j++) {
      if (mask && !mask[j]) continue;
      const gj = (2 * grad[j]) / n;
      m[j] = b1 * m[j] + (1 - b1) * gj;
      v[j] = b2 * v[j] + (1 - b2) * gj * gj;
      const mh = m[j] / (1 - b1 ** it);
      const vh = v[j] / (1 - b2 ** it);
      t[j] -= (lr * mh) / (Math.sqrt(vh) + 1e-12);
    }
  }
  return t;
}

/** Held-out split by game: a game's positions all go to one side. */
export function splitByGame(s: Samples, holdout: number, seed: number): { train: Uint8Array; test: Uint8Array } {
  const train = new Uint8Array(s.n);
  const test = new Uint8Array(s.n);
  const pick = new Map<number, boolean>();
  for (let i = 0; i < s.n; i++) {
    const g = s.game[i];
    let h = pick.get(g);
    if (h === undefined) pick.set(g, (h = mulberry32Float((g * 2654435761 + seed) >>> 0)() < holdout));
    if (h) test[i] = 1;
    else train[i] = 1;
  }
  return { train, test };
}

export interface EvalWeights {
  own: number[];
  opp: number[];
  own43: number;
  own33: number;
  opp43: number;
  opp33: number;
}

/** θ as the engine's integer weights (index = pattern class 0..9; NONE and FIVE unused: 0). */
export function toWeights(t: Float64Array): EvalWeights {
  const own = [0];
  const opp = [0];
  for (let p = 1; p <= 8; p++) {
    own.push(Math.round(t[p - 1]));
    opp.push(Math.round(-t[8 + p - 1]));
  }
  own.push(0);
  opp.push(0);
  return { own, opp, own43: Math.round(t[16]), own33: Math.round(t[17]), opp43: Math.round(-t[18]), opp33: Math.round(-t[19]) };
}

export function fromWeights(w: EvalWeights): Float64Array {
  const t = new Float64Array(N_FEATURES);
  for (let p = 1; p <= 8; p++) {
    t[p - 1] = w.own[p];
    t[8 + p - 1] = -w.opp[p];
  }
  t[16] = w.own43;
  t[17] = w.own33;
  t[18] = -w.opp43;
  t[19] = -w.opp33;
  return t;
}

export function weightsModule(w: EvalWeights, note: string): string {
  return `// Generated by \`npm run tune -- fit\` (bin/tune.ts); do not edit by hand. ${note}
// The evaluation's weights (engine/eval/evaluate.ts), indexed by pattern class
// (engine/board/patterns.ts: NONE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE)
// per (empty cell, direction): \`own\` for the side to move, \`opp\` for the other side; \`*43\`, \`*33\`
// per empty cell where that side has a four plus another three-or-four (4-3, 4-4) or two open
// threes without a four (3-3).
export const EVAL_WEIGHTS = {
  own: [${w.own.join(", ")}],
  opp: [${w.opp.join(", ")}],
  own43: ${w.own43},
  own33: ${w.own33},
  opp43: ${w.opp43},
  opp33: ${w.opp33},
};
`;
}

export interface FitOptions {
  holdout: number;
  iters: number;
  seed: number;
  /** Where to write the weights module (null: only print). */
  out: string | null;
  /** Fit the combination terms too (else they stay 0). */
  combos?: boolean;
  log: (s: string) => void;
}

export interface FitResult {
  K: number;
  before: { train: number; test: number };
  after: { train: number; test: number };
  weights: EvalWeights;
  samples: number;
}

export function runFit(games: readonly GameRecord[], o: FitOptions): FitResult {
  const s = extract(games);
  const { train, test } = splitByGame(s, o.holdout, o.seed);
  const nTrain = train.reduce((a, b) => a + b, 0);
  o.log(`${games.length} games, ${s.n} positions (train ${nTrain}, held-out ${s.n - nTrain})`);
  const hand = handTheta();
  const K = fitK(s, train, hand);
  const before = { train: loss(s, train, hand, K), test: loss(s, test, hand, K) };
  o.log(`K = ${K.toPrecision(4)}; hand-set weights: loss train ${before.train.toFixed(5)}, held-out ${before.test.toFixed(5)}`);
  const mask = new Uint8Array(N_FEATURES).fill(1);
  if (o.combos === false) mask.fill(0, 16);
  const fitted = fitTheta(s, train, hand, K, o.iters, 2, mask);
  // A feature that never occurs in the data keeps no evidence: it takes its counterpart's fitted
  // weight (own ↔ opp). The self-play's positions never have the side to move holding an open three
  // (FLEX4 points): the search proves those wins and the game ends there; the search still evaluates them.
  const seen = new Uint8Array(N_FEATURES);
  for (let i = 0; i < s.n; i++) if (train[i]) for (let j = 0; j < N_FEATURES; j++) if (s.x[i * N_FEATURES + j] !== 0) seen[j] = 1;
  const counterpart = (j: number) => (j < 8 ? j + 8 : j < 16 ? j - 8 : j < 18 ? j + 2 : j - 2);
  for (let j = 0; j < N_FEATURES; j++)
    if (!seen[j] && mask[j] && seen[counterpart(j)]) {
      fitted[j] = -fitted[counterpart(j)];
      o.log(`feature ${j} never occurs: weight ${Math.abs(fitted[j]).toFixed(0)} copied from its counterpart`);
    }
  const weights = toWeights(fitted);
  const rounded = fromWeights(weights);
  const after = { train: loss(s, train, rounded, K), test: loss(s, test, rounded, K) };
  o.log(`fitted (integer) weights: loss train ${after.train.toFixed(5)}, held-out ${after.test.toFixed(5)}`);
  o.log(
    `own: ${weights.own.join(" ")}\nopp: ${weights.opp.join(" ")}\n4-3/4-4 own ${weights.own43} opp ${weights.opp43}; 3-3 own ${weights.own33} opp ${weights.opp33}`,
  );
  if (o.out) {
    writeFileSync(
      o.out,
      weightsModule(
        weights,
        `${games.length} games, ${s.n} positions, K = ${K.toPrecision(4)}, loss ${before.test.toFixed(5)} → ${after.test.toFixed(5)} (held-out).`,
      ),
    );
    o.log(`→ ${o.out}`);
  }
  return { K, before, after, weights, samples: s.n };
}
