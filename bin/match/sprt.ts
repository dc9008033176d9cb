// Sequential probability ratio test for engine changes, as fishtest (Stockfish's testing framework)
// runs it: the generalized SPRT (GSPRT) of M. Van den Bergh, on game pairs (pentanomial) or single
// games (trinomial). Pure functions, no I/O; bin/match.ts drives it. Formulas: docs/engine-log.md,
// "Testing changes: SPRT"; the reference is fishtest's server/fishtest/stats/LLRcalc.py.
//
// H0: elo = elo0, H1: elo = elo1 (logistic Elo: expected score s = 1 / (1 + 10^(−elo/400))).
// The data are counts of outcomes with scores a_i (pairs: 0, ¼, ½, ¾, 1 per game; games: 0, ½, 1).
// For each hypothesis the likelihood is maximised over every distribution p on those outcomes whose
// mean is s (the "generalized" part: draws and pair correlations are nuisance parameters):
//   p_i = p̂_i / (1 + λ (a_i − s)),  λ the root of  Σ p̂_i (a_i − s) / (1 + λ (a_i − s)) = 0,
// with p̂ the observed frequencies. Then  LLR = N · Σ p̂_i ln(p1_i / p0_i)  (N = pairs or games).
// Stop when LLR ≤ ln(β / (1 − α)) (accept H0) or LLR ≥ ln((1 − β) / α) (accept H1).

/** Outcome counts of game pairs, from A's side: [LL, LD+DL, LW+DD+WL, DW+WD, WW] (A = the change). */
export type Penta = [number, number, number, number, number];

export interface SprtParams {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export const DEFAULT_SPRT: SprtParams = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

/** fishtest replaces an outcome never seen by this count, so every outcome keeps a little mass. */
export const REGULARIZE = 1e-3;

/** Expected score for a logistic Elo difference. */
export function scoreOfElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

/** Logistic Elo for an expected score (±Infinity at 0 and 1). */
export function eloOfScore(s: number): number {
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return -400 * Math.log10(1 / s - 1);
}

/** The decision bounds: [lower (accept H0), upper (accept H1)]. */
export function sprtBounds(alpha: number, beta: number): [number, number] {
  return [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)];
}

export interface Pdf {
  a: number[]; // outcome scores, ascending
  p: number[]; // frequencies, sum 1
  n: number; // number of observations (pairs or games)
}

/** Counts → a distribution over scores 0 … 1 (equally spaced), zero counts regularized. */
export function pdfOf(counts: readonly number[], regularize = true): Pdf {
  const k = counts.length;
  if (counts.every((x) => x === 0)) return { a: counts.map((_, i) => i / (k - 1)), p: counts.map(() => 0), n: 0 };
  const c = regularize ? counts.map((x) => (x === 0 ? REGULARIZE : x)) : [...counts];
  const n = c.reduce((x, y) => x + y, 0); // as fishtest: N counts the regularized mass too
  return { a: c.map((_, i) => i / (k - 1)), p: c.map((x) => x / n), n };
}

/** Mean and variance of a distribution. */
export function meanVar(pdf: Pdf): { mean: number; variance: number } {
  let mean = 0;
  for (let i = 0; i < pdf.a.length; i++) mean += pdf.a[i] * pdf.p[i];
  let variance = 0;
  for (let i = 0; i < pdf.a.length; i++) variance += pdf.p[i] * (pdf.a[i] - mean) ** 2;
  return { mean, variance };
}

/**
 * The maximum-likelihood distribution with mean s on pdf's outcomes (fishtest's MLE_expected):
 * p_i / (1 + λ (a_i − s)), λ solving the secular equation by bisection. The outcomes with mass must
 * lie on both sides of s (always so after regularization, since the scores run from 0 to 1).
 */
export function mleWithMean(pdf: Pdf, s: number): number[] {
  const d: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < pdf.a.length; i++) {
    if (pdf.p[i] > 0) {
      d.push(pdf.a[i] - s);
      w.push(pdf.p[i]);
    }
  }
  const lo = Math.min(...d);
  const hi = Math.max(...d);
  if (!(lo < 0 && hi > 0)) throw new RangeError(`no distribution on these outcomes has mean ${s}`);
  // f(λ) = Σ w_i d_i / (1 + λ d_i) is decreasing on (−1/hi, −1/lo) and runs from +∞ to −∞.
  const f = (x: number) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += (w[i] * d[i]) / (1 + x * d[i]);
    return sum;
  };
  let a = -1 / hi;
  let b = -1 / lo;
  const eps = 1e-12 * (b - a);
  a += eps;
  b -= eps;
  for (let it = 0; it < 200 && b - a > 1e-15; it++) {
    const m = (a + b) / 2;
    if (f(m) > 0) a = m;
    else b = m;
  }
  const lambda = (a + b) / 2;
  return pdf.a.map((ai, i) => (pdf.p[i] > 0 ? pdf.p[i] / (1 + lambda * (ai - s)) : 0));
}

/** The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for the counts (3 = games, 5 = pairs). */
export function llr(counts: readonly number[], elo0: number, elo1: number, regularize = true): number {
  const pdf = pdfOf(counts, regularize);
  if (pdf.n === 0) return 0;
  const p0 = mleWithMean(pdf, scoreOfElo(elo0));
  const p1 = mleWithMean(pdf, scoreOfElo(elo1));
  let sum = 0;
  for (let i = 0; i < pdf.p.length; i++) if (pdf.p[i] > 0) sum += pdf.p[i] * Math.log(p1[i] / p0[i]);
  return pdf.n * sum;
}

/**
 * The quick approximation of the same LLR (Van den Bergh, "A simple approximation of the GSPRT";
 * cutechess-cli uses it): N · (s1 − s0) (2 x̄ − s0 − s1) / (2 σ²), x̄ and σ² the sample mean and
 * variance per observation. Close to llr() for small Elo differences; kept for the tests.
 */
export function llrApprox(counts: readonly number[], elo0: number, elo1: number): number {
  const pdf = pdfOf(counts);
  if (pdf.n === 0) return 0;
  const { mean, variance } = meanVar(pdf);
  const s0 = scoreOfElo(elo0);
  const s1 = scoreOfElo(elo1);
  return (pdf.n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/**
 * Elo with a 95 % interval from the counts: the score per game and its standard error (per pair for
 * the pentanomial, so the correlation between the two games of a pair is counted), mapped to Elo.
 */
export function eloEstimate(counts: readonly number[]): { score: number; elo: number; lo: number; hi: number } {
  const pdf = pdfOf(counts, false);
  if (pdf.n === 0) return { score: 0.5, elo: 0, lo: -Infinity, hi: Infinity };
  const { mean, variance } = meanVar(pdf);
  const se = Math.sqrt(variance / pdf.n);
  const z = 1.959964;
  return { score: mean, elo: eloOfScore(mean), lo: eloOfScore(mean - z * se), hi: eloOfScore(mean + z * se) };
}

export type Verdict = "H1" | "H0" | null;

export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  /** H1: A is better by elo1 or more (accepted); H0: not (rejected); null: go on. */
  verdict: Verdict;
}

export function sprtState(counts: readonly number[], p: SprtParams): SprtState {
  const [lower, upper] = sprtBounds(p.alpha, p.beta);
  const v = llr(counts, p.elo0, p.elo1);
  return { llr: v, lower, upper, verdict: v >= upper ? "H1" : v <= lower ? "H0" : null };
}

/** A pair's two results for A (1, ½, 0 each) → its pentanomial index (0 = LL … 4 = WW). */
export function pairIndex(first: number, second: number): number {
  return Math.round((first + second) * 2);
}

const signed = (n: number) => (n === Infinity ? "+inf" : n === -Infinity ? "-inf" : `${n >= 0 ? "+" : ""}${n.toFixed(1)}`);

/** "LLR +1.23 [-2.94, 2.94]  Elo +12.3 [-5.1, +30.0] (95%)" plus the verdict once there is one. */
export function formatSprt(counts: readonly number[], p: SprtParams): string {
  const s = sprtState(counts, p);
  const e = eloEstimate(counts);
  const verdict = s.verdict === "H1" ? "  → H1 accepted" : s.verdict === "H0" ? "  → H0 accepted" : "";
  const llrText = `${s.llr >= 0 ? "+" : ""}${s.llr.toFixed(2)}`;
  return `LLR ${llrText} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]  Elo ${signed(e.elo)} [${signed(e.lo)}, ${signed(e.hi)}] (95%)${verdict}`;
}
