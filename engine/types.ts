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

/**
 * freestyle: five or more wins; exact5: exactly five (an overline does not win);
 * renju: black wins with exactly five and may not play a double three, a double four or an
 * overline (RIF rules); white wins with five or more.
 */
export type Rule = "freestyle" | "exact5" | "renju";
export const RULES: readonly Rule[] = ["freestyle", "exact5", "renju"];

export const MIN_SIZE = 5;
export const MAX_SIZE = 20; // Gomocup's freestyle games are on 20×20

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
  /**
   * Time management (with timeMs as the hard limit): the time the search aims at. After each
   * completed depth it stops when the next depth would end past softTimeMs × f: f = 0.5 when the
   * best move has stayed the same for the last 3 depths, 1.5 when it just changed, × 1.5 when the
   * score fell by more than 50 since the depth before last; never past timeMs. Unset: timeMs.
   */
  softTimeMs?: number;
  /** Maximum nominal depth (plies). Deterministic when given without timeMs. */
  maxDepth?: number;
  /** Stop after about this many nodes. Deterministic. */
  maxNodes?: number;
  /**
   * Which root moves get exact scores (default true). true: every root move is searched with an
   * open window, so each rootScores entry is exact (costs about three plies). A number K: the best
   * K moves get exact scores and the others fast upper bounds (RootScore.bound "upper"). false:
   * only the best move's score is exact (K = 1, the fastest).
   */
  exactRootScores?: boolean | number;
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
  /** "upper": score is only an upper bound (the move is at most this good); absent: exact. */
  bound?: "upper";
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
