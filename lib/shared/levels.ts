// The AI's levels as players see them ("Level 4 · ≈ 1600"): engine/levels sets each level's search;
// these Elo figures are measured, not set — matches between neighbouring levels and the casual player at 1 s a move
// (npm run levels:calibrate; the table and the commands: docs/LEVELS.md), level 1 anchored at 800.
import { MAX_LEVEL, MIN_LEVEL } from "../../engine";

export const LEVEL_NUMBERS: readonly number[] = Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => MIN_LEVEL + i);

/** Measured Elo of each level (index = level − 1). */
export const LEVEL_ELO: readonly number[] = [800, 1088, 1298, 1590, 1817, 2052, 2285, 2526, 2701, 2938];

/** A level's Elo, rounded to 50 (the figures' error bars are wider than that). */
export function levelElo(level: number): number {
  return Math.round(LEVEL_ELO[level - 1] / 50) * 50;
}
