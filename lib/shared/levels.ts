// The AI's levels as players see them ("Level 4 · ≈ 1350"): engine/levels sets each level's search;
// these Elo figures are measured, not set — a round robin of the levels and the casual player
// (npm run levels:calibrate; the table and the commands: docs/LEVELS.md), level 1 anchored at 800.
import { MAX_LEVEL, MIN_LEVEL } from "../../engine";

export const LEVEL_NUMBERS: readonly number[] = Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => MIN_LEVEL + i);

/** Measured Elo of each level (index = level − 1). */
export const LEVEL_ELO: readonly number[] = [800, 1215, 1518, 1625, 1655, 1830, 2097, 2211, 2388, 2262];

/** A level's Elo, rounded to 50 (the figures' error bars are wider than that). */
export function levelElo(level: number): number {
  return Math.round(LEVEL_ELO[level - 1] / 50) * 50;
}
