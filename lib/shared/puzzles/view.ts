// What the puzzle trainer's HTTP API answers (lib/server/puzzles/http): a puzzle as served (never its
// solution before it is played), the answer to a move, a hint, a player's puzzle page.
import type { Color, Rule } from "../../../engine";
import type { PuzzleTheme } from "./puzzle";

export const PUZZLE_API = "/api/puzzles";
export type PuzzleMode = "rated" | "daily" | "streak" | "game";
export const PUZZLE_MODES: readonly PuzzleMode[] = ["rated", "daily", "streak", "game"];

export interface PuzzleView {
  attemptId: string;
  puzzleId: string;
  mode: PuzzleMode;
  /** This try counts for the ratings (the player's first at this puzzle, rated or daily). */
  rated: boolean;
  rule: Rule;
  size: number;
  toMove: Color;
  /** "win": find the forced win; "defend": find the only move that does not lose. */
  goal: "win" | "defend";
  black: string;
  white: string;
  /** The line's moves played so far (a puzzle served again mid-way). */
  played: string[];
  /** The puzzle's rating now (rounded). */
  rating: number;
  /** The player's puzzle rating now (rounded). */
  myRating: number;
  /** Streak mode: puzzles solved in a row before this one. */
  streak: number;
  /** "2026-11-27" for the daily puzzle. */
  day?: string;
}

export type MoveResult =
  /** Right: the defender's reply, played for you; keep going. */
  | { kind: "continue"; reply: string }
  /** Solved: the whole line. */
  | { kind: "solved"; line: string[]; theme: PuzzleTheme; rating?: RatingChange; from?: PuzzleSource }
  /** Wrong: the attempt is over; the solution and what punishes the move. */
  | { kind: "failed"; line: string[]; refutation: string[]; theme: PuzzleTheme; rating?: RatingChange; from?: PuzzleSource };

/** A puzzle mined from a game played (or imported) here: the game and the ply whose position it is.
 *  Told once the attempt is over (the game's analysis shows the winning move). */
export interface PuzzleSource {
  gameId: string;
  ply: number;
}

export interface RatingChange {
  before: number;
  after: number;
}

export type HintView = { kind: "area"; x0: number; y0: number; x1: number; y1: number } | { kind: "move"; move: string };

export interface ThemeStats {
  theme: PuzzleTheme;
  attempts: number;
  solved: number;
}

export interface PuzzleProfile {
  rating: number | null;
  attempts: number;
  solved: number;
  history: Array<{ puzzleId: string; solved: boolean; rated: boolean; ratingAfter: number | null; at: string; theme: string }>;
  themes: ThemeStats[];
}
