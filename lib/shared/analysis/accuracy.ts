// Accuracy, as lichess computes it (lila modules/analyse AccuracyPercent):
//   a move's accuracy  = 103.1668 · e^(−0.04354 · (winBefore − winAfter)) − 3.1669, clamped to 0..100
//   (win % from the mover's side, 0..100; a move that loses nothing scores 100);
//   a player's accuracy = the mean of (a) the volatility-weighted mean of their moves' accuracies
//   (each weighted by the standard deviation of the win % in a window around it, clamped to
//   0.5..12, so moves in sharp positions count more) and (b) their harmonic mean (one blunder
//   weighs more than many good moves).
import type { Mark } from "./marks";

export function moveAccuracy(winBefore: number, winAfter: number): number {
  const drop = Math.max(0, winBefore - winAfter);
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

function stdDev(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
}

/** One analysed ply for the summary: who moved, its win % before/after (mover's side), its mark. */
export interface JudgedPly {
  color: 1 | 2;
  winBefore: number;
  winAfter: number;
  mark: Mark;
}

export interface PlayerSummary {
  /** 0..100, one decimal; null without a judged move. */
  accuracy: number | null;
  moves: number;
  marks: Record<Mark, number>;
}

/** Black's and white's accuracy and mark counts over a game's judged plies (in ply order). */
export function summarize(plies: JudgedPly[]): { black: PlayerSummary; white: PlayerSummary } {
  // The game's win % from black's side, position by position, for the volatility weights.
  const blackWin = plies.map((p) => (p.color === 1 ? p.winBefore : 100 - p.winBefore));
  const window = Math.min(8, Math.max(2, Math.floor(plies.length / 10)));
  const weights = plies.map((_, i) => {
    const from = Math.max(0, Math.min(i - Math.floor(window / 2), plies.length - window));
    const slice = blackWin.slice(from, from + window);
    return Math.min(12, Math.max(0.5, slice.length ? stdDev(slice) : 0.5));
  });
  const one = (color: 1 | 2): PlayerSummary => {
    const marks = { best: 0, only: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0, "missed-win": 0 } satisfies Record<Mark, number>;
    let wsum = 0;
    let wacc = 0;
    let inv = 0;
    let n = 0;
    plies.forEach((p, i) => {
      if (p.color !== color) return;
      marks[p.mark]++;
      const a = moveAccuracy(p.winBefore, p.winAfter);
      wsum += weights[i];
      wacc += weights[i] * a;
      inv += 1 / Math.max(a, 1); // a 0 % move counts as 1 %: the harmonic mean stays finite
      n++;
    });
    if (!n) return { accuracy: null, moves: 0, marks };
    const weighted = wacc / wsum;
    const harmonic = n / inv;
    return { accuracy: Math.round(((weighted + harmonic) / 2) * 10) / 10, moves: n, marks };
  };
  return { black: one(1), white: one(2) };
}
