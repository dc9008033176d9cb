// A level's move choice among the search's candidates (root moves with exact scores, best first).
// Pure and seeded: the same scores and random numbers give the same choice.
import type { RootScore, Score } from "../types";
import type { LevelSetting } from "./levels";

/** A forced result as a number on the evaluation's scale: far beyond any evaluation, quicker is more. */
const MATE_UTILITY = 100_000;
/** A candidate this far below the best "loses a lot": it makes the position sharp. */
const SHARP_GAP = 3000;

export function utility(s: Score): number {
  if (s.kind === "win") return MATE_UTILITY - s.plies;
  if (s.kind === "loss") return -MATE_UTILITY + s.plies;
  return s.value;
}

/**
 * The index (into `candidates`) a level plays. Exact candidates only (the first is the search's
 * best). A win in 1 (five) is always played: every player sees it. Otherwise:
 *   - a blunder, with probability blunder × sharpness (the share of the other candidates that lose
 *     SHARP_GAP or more against the best): any other candidate, uniformly — a plausible move (the
 *     search's candidates are moves near the stones with patterns) that does not see the threat;
 *   - else a draw weighted by e^(−gap / temperature) (temperature 0: the best).
 */
export function chooseCandidate(candidates: readonly RootScore[], setting: LevelSetting, random: () => number): number {
  const n = Math.min(setting.candidates, exactCount(candidates));
  if (n <= 1) return 0;
  const best = utility(candidates[0].score);
  if (candidates[0].score.kind === "win" && candidates[0].score.plies === 1) return 0;
  let sharp = 0;
  for (let i = 1; i < n; i++) if (best - utility(candidates[i].score) >= SHARP_GAP) sharp++;
  if (random() < setting.blunder * (sharp / (n - 1))) return 1 + Math.floor(random() * (n - 1));
  if (setting.temperature <= 0) return 0;
  let total = 0;
  const weights: number[] = [];
  for (let i = 0; i < n; i++) {
    const w = Math.exp(-(best - utility(candidates[i].score)) / setting.temperature);
    weights.push(w);
    total += w;
  }
  let r = random() * total;
  for (let i = 0; i < n; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return 0;
}

/** How many candidates from the front have exact scores (the rest are upper bounds). */
function exactCount(candidates: readonly RootScore[]): number {
  let i = 0;
  while (i < candidates.length && candidates[i].bound !== "upper") i++;
  return i;
}
