// A puzzle as shipped (data/puzzles/puzzles.ndjson, one JSON object a line) and as the server keeps it.
// Made and proven by bin/puzzles (mine, verify); the server only compares moves with `line`.
import type { Color, Rule } from "../../../engine";

/** vcf: win by fours; vct: by threes and fours; defend: the only move that does not lose; renju: a win
 * (rule renju) that a forbidden point decides (without black's forbidden points the answer differs). */
export type PuzzleTheme = "vcf" | "vct" | "defend" | "renju";
export const PUZZLE_THEMES: readonly PuzzleTheme[] = ["vcf", "vct", "defend", "renju"];

export interface PuzzleRecord {
  id: string;
  rule: Rule;
  size: number;
  toMove: Color;
  /** The stones as move strings (lib/shared/notation), each colour apart. */
  black: string;
  white: string;
  theme: PuzzleTheme;
  /** The win's length in plies (attack), or the opponent's threat's (defend). */
  plies: number;
  /**
   * The solution: the solver's move, the defender's best reply, … (attack: ends on the five;
   * defend: the one move). Every move of the side to move in it is the only one that wins as fast.
   */
  line: string[];
  /** Attack: every move that completes the five at the last step (any of them solves it). */
  finish: string[];
  /** Defend: what the opponent threatens (its winning line if the side to move passed). */
  threat?: string[];
  /** The starting rating, from the length and the branching (moves after that: the database). */
  rating: number;
  /** Where it was found ("selfplay s1g3p22", "game <id> ply 31"). */
  source: string;
}
