// A game's analysis as the server sends it (the ack of analysis:get / analysis:request and the
// analysis:update broadcast to the game's room). Plain data.
import type { Point, Score } from "../../../engine";
import type { Mark } from "./marks";
import type { PlayerSummary } from "./accuracy";

export const ANALYSIS_STATUSES = ["requested", "running", "done", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** One analysed ply. Scores from the mover's side. */
export interface PlyAnalysis {
  ply: number;
  color: 1 | 2;
  /** The position's score before the move (its best candidate's). */
  before: Score;
  /** The played move's score. */
  after: Score;
  /** The engine's best move there, its score and its line (from the best move on). */
  best: Point | null;
  bestScore: Score;
  line: Point[];
  /** 1 = the best; out of `candidates` scored. */
  rank: number;
  candidates: number;
  winBefore: number;
  winAfter: number;
  /** Win-% points lost against the best (≥ 0). */
  loss: number;
  mark: Mark;
  depth: number;
  /** Every candidate's score (mover's side), best first: the heatmap. Absent in analyses stored before it was kept. */
  roots?: AnalysisRoot[];
}

/** A candidate of an analysed ply: its point and exact score (mover's side). */
export interface AnalysisRoot extends Point {
  score: Score;
}

export interface AnalysisView {
  gameId: string;
  status: AnalysisStatus;
  /** Plies searched so far, of `total`. */
  done: number;
  total: number;
  /** Why it failed (status failed). */
  reason: string | null;
  /** The analysed plies so far, in ply order. */
  plies: PlyAnalysis[];
  /** Per player, once done. */
  summary: { black: PlayerSummary; white: PlayerSummary } | null;
}

/** The broadcast to a game's room as its analysis goes (EV.analysis): the job, and the ply just analysed. */
export interface AnalysisUpdate extends Omit<AnalysisView, "plies"> {
  /** The ply just analysed (null: a change of status only). Its ply is done; a gap means "ask again". */
  ply: PlyAnalysis | null;
}
