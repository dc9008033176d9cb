// Which score a move list or the graph shows for a move. A move may carry two: the one stored with
// it (the engine's own search, or its pondering of a person's move while they thought: a search cut
// short when they moved) and the server analysis's (every move searched alike, to the analysis's
// depth). The analysis's wins where both exist: it is the one moves can be compared by.
import type { Score } from "../../../engine";
import type { AnalysisView } from "./view";
import { plyOf } from "./merge";
import { agreeingScores } from "../scores";

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

/**
 * Every move's shown score (shownScore), made to agree from move to move (lib/shared/scores
 * agreeingScores): a score the agreement changed keeps where it came from and says what it replaced
 * (`was`). `endsInFive`: the game's last move made five (a win in 1, whatever was stored).
 */
export function shownScores(
  analysis: AnalysisView | null,
  moves: ReadonlyArray<{ ply: number; score?: Score }>,
  endsInFive = false,
): Array<AgreedScore | null> {
  const shown = moves.map((m) => shownScore(analysis, m));
  const agreed = agreeingScores(
    shown.map((s) => s?.score),
    { endsInFive },
  );
  return shown.map((s, i) => {
    const a = agreed[i];
    if (!s || !a) return null;
    return sameScore(s.score, a) ? s : { score: a, from: s.from, was: s.score };
  });
}

/** A shown score; `was`: the score it replaced when the agreement between consecutive moves changed it. */
export interface AgreedScore extends ShownScore {
  was?: Score;
}

const sameScore = (a: Score, b: Score) =>
  a.kind === b.kind && (a.kind === "eval" ? a.value === (b as { value: number }).value : a.plies === (b as { plies: number }).plies);
