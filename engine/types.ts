// The engine's public vocabulary. Plain data only, so every value crosses a worker boundary,
// a socket or a database column as JSON unchanged.

/** 1 = black (x in the lab, moves first), 2 = white (o). */
export type Color = 1 | 2;
export const other = (c: Color): Color => (c === 1 ? 2 : 1);

/** 0-based; x is the column (left to right), y the row (top to bottom), as Gomocup has it. */
export interface Point {
  x: number;
  y: number;
}
export interface Stone extends Point {
  color: Color;
}

/** freestyle: five or more wins; exact5: exactly five (an overline does not win). */
export type Rule = "freestyle" | "exact5";

export const MIN_SIZE = 5;
export const MAX_SIZE = 19;

/** A position to think about: board size, rule, every stone on the board, and the side to move. */
export interface Position {
  size: number;
  rule: Rule;
  stones: Stone[];
  toMove: Color;
}

/**
 * An evaluation, always from the side to move (in rootScores: from the side that would play the move).
 * A forced result is its own kind, never a magic number.
 */
export type Score =
  | { kind: "eval"; value: number }
  | { kind: "win"; plies: number } // the side to move wins in this many plies (its own moves included)
  | { kind: "loss"; plies: number };

export interface Limits {
  /** Wall-clock budget in ms; the answer is the best move of the last fully completed depth. */
  timeMs?: number;
  /** Maximum nominal depth (plies). Deterministic when given without timeMs. */
  maxDepth?: number;
  /** Stop after about this many nodes. Deterministic. */
  maxNodes?: number;
  /**
   * Search every root move with an open window so each rootScores entry is exact (default true).
   * When false, only the best move's score is exact; the others are upper bounds (faster).
   */
  exactRootScores?: boolean;
  /** Called after each completed iteration of iterative deepening. */
  onProgress?: (progress: Progress) => void;
}

export interface Progress {
  depth: number;
  score: Score;
  nodes: number;
  timeMs: number;
  pv: Point[];
  move: Point | null;
  /** MCTS only: the most-visited root moves (most first). */
  top?: MoveStat[];
}

/** MCTS: one root move's statistics. winRate is from the side to move, 0..1. */
export interface MoveStat {
  move: Point;
  visits: number;
  winRate: number;
}

export interface RootScore {
  move: Point;
  score: Score;
}

export interface Analysis {
  move: Point | null; // null only when the board is full or the game is already over
  score: Score;
  depth: number;
  nodes: number;
  timeMs: number;
  pv: Point[];
  /** Every root candidate with its score (from the mover's side), best first. */
  rootScores: RootScore[];
  /** MCTS only: the most-visited root moves (most first), with visits and win rates. */
  top?: MoveStat[];
}
