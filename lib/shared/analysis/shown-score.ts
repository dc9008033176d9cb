// Which score a move list or the graph shows for a move. A move may carry two: the one stored with
// it (the engine's own search, or its pondering of a person's move while they thought: a search cut
// short when they moved) and the server analysis's (every move searched alike, to the analysis's
// depth). The analysis's wins where both exist: it is the one moves can be compared by.
import type { Score } from "../../../engine";
import type { AnalysisView } from "./view";
import { plyOf } from "./merge";

export interface ShownScore {
  /** From the mover's side, as both are stored. */
  score: Score;
  from: "analysis" | "search";
}

export function shownScore(analysis: AnalysisView | null, move: { ply: number; score?: Score }): ShownScore | null {
  const analysed = plyOf(analysis, move.ply);
  if (analysed) return { score: analysed.after, from: "analysis" };
  return move.score ? { score: move.score, from: "search" } : null;
}
