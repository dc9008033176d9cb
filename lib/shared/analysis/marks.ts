// What a move was worth: its loss in win % against the engine's best, and its mark, lichess-like.
// Every score here is from the mover's side. Thresholds (in win-% points lost, 0..100):
//   < 10 good, ≥ 10 inaccuracy ?!, ≥ 20 mistake ?, ≥ 30 blunder ??
// Before those: "missed win" when the position held a forced win and the move threw it away;
// "only" when the move is the best and every other candidate would have been a blunder (or a
// forced loss); "best" when no candidate scored higher.
import { scoreRank, type Score } from "../../../engine";
import { winPercent, WIN_PROB_K } from "./winprob";

export const MARKS = ["best", "only", "good", "inaccuracy", "mistake", "blunder", "missed-win"] as const;
export type Mark = (typeof MARKS)[number];

/** Win-% drops at which a move becomes an inaccuracy, a mistake, a blunder. */
export const THRESHOLDS = { inaccuracy: 10, mistake: 20, blunder: 30 } as const;

/** How marks are shown beside a move ("" for the unremarkable ones). */
export const MARK_SYMBOL: Record<Mark, string> = {
  best: "",
  only: "!",
  good: "",
  inaccuracy: "?!",
  mistake: "?",
  blunder: "??",
  "missed-win": "?",
};

export interface MoveJudgement {
  /** Win % before the move (the best move's), after it (the played move's), and the drop (≥ 0). */
  winBefore: number;
  winAfter: number;
  loss: number;
  /** 1 = the engine's best; candidates with a strictly better score come before. */
  rank: number;
  mark: Mark;
}

export interface JudgeInput {
  /** The best candidate's score (= the position's score, mover's side). */
  best: Score;
  /** The played move's score (mover's side). */
  played: Score;
  /** Every candidate's score including the played move's, any order (for rank and "only move"). */
  candidates: Score[];
  k?: number;
}

export function judgeMove({ best, played, candidates, k = WIN_PROB_K }: JudgeInput): MoveJudgement {
  const winBefore = winPercent(best, k);
  const winAfter = winPercent(played, k);
  const loss = Math.max(0, winBefore - winAfter);
  const mine = scoreRank(played);
  const rank = 1 + candidates.filter((c) => scoreRank(c) > mine).length;
  return { winBefore, winAfter, loss, rank, mark: markOf({ best, played, candidates, loss, rank, k }) };
}

function markOf({ best, played, candidates, loss, rank, k }: { best: Score; played: Score; candidates: Score[]; loss: number; rank: number; k: number }): Mark {
  if (best.kind === "win" && played.kind !== "win") return "missed-win";
  if (rank === 1) {
    // The played move is (one of) the best; it was the only one if every other candidate loses.
    const others = [...candidates];
    const i = others.findIndex((c) => scoreRank(c) === scoreRank(played));
    if (i >= 0) others.splice(i, 1);
    const winBest = winPercent(best, k);
    const loses = (c: Score) => c.kind === "loss" || winBest - winPercent(c, k) >= THRESHOLDS.blunder;
    if (others.length > 0 && played.kind !== "loss" && others.every(loses)) return "only";
    return "best";
  }
  if (loss >= THRESHOLDS.blunder) return "blunder";
  if (loss >= THRESHOLDS.mistake) return "mistake";
  if (loss >= THRESHOLDS.inaccuracy) return "inaccuracy";
  return "good";
}
