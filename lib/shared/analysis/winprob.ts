// Win probability from an engine score: a logistic curve of the evaluation, P = 1 / (1 + e^(-k·v)),
// from the side whose score it is. k was fitted on our own engine's self-play (npm run fit:winprob,
// bin/fit-winprob.ts; the fit and its figures: docs/ANALYSIS.md). A forced win is 100 %, a forced
// loss 0 %.
import type { Score } from "../../../engine";

/** Fitted by `npm run fit:winprob` (docs/ANALYSIS.md "Win probability"). */
export const WIN_PROB_K = 0.000672;

/** The chance (0..100 %) that the side whose score this is wins. */
export function winPercent(s: Score, k: number = WIN_PROB_K): number {
  if (s.kind === "win") return 100;
  if (s.kind === "loss") return 0;
  return 100 / (1 + Math.exp(-k * s.value));
}

/** One fitting sample: an evaluation (side to move) and whether that side went on to win (1), draw (0.5) or lose (0). */
export interface WinSample {
  value: number;
  outcome: 0 | 0.5 | 1;
}

/** Mean log-loss of P = 1/(1+e^(-k·v)) on the samples (nats; lower is better). */
export function logLoss(samples: WinSample[], k: number): number {
  let sum = 0;
  for (const { value, outcome } of samples) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, 1 / (1 + Math.exp(-k * value))));
    sum -= outcome * Math.log(p) + (1 - outcome) * Math.log(1 - p);
  }
  return sum / samples.length;
}

/** The k with the least log-loss (the loss is convex in k: a golden-section search on [0, kMax]). */
export function fitK(samples: WinSample[], kMax = 0.1): { k: number; logLoss: number } {
  let lo = 0;
  let hi = kMax;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 100; i++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (logLoss(samples, a) < logLoss(samples, b)) hi = b;
    else lo = a;
  }
  const k = (lo + hi) / 2;
  return { k, logLoss: logLoss(samples, k) };
}
