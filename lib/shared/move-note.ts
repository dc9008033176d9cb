// What a scored move says, as the terminal lab prints it: "+135, candidate 4 of 36; the engine's
// choice g4 +169". Engine moves and a person's pondered moves carry every candidate's score.
import { formatScore, scoreRank } from "../../engine";
import { toLabel } from "./notation";
import type { MoveRecord } from "./protocol";
import { formatCandidateScore } from "./replay/game";

/** The move's score, its rank among the searched candidates and the engine's choice; null when it was not searched. */
export function candidateNote(m: MoveRecord, size: number): string | null {
  const cands = m.rootScores;
  // A person's move with a score but no candidates: the search after it (the engine's reply) scored it.
  if (!cands?.length) return m.by === "human" && m.score ? `${formatScore(m.score)}, scored by a search after it` : null;
  let best = cands[0];
  for (const c of cands) if (scoreRank(c.score) > scoreRank(best.score)) best = c;
  const mine = cands.find((c) => c.x === m.x && c.y === m.y);
  const choice = `the engine's choice ${toLabel(best, size)} ${formatScore(best.score)}`;
  // Not among the exact candidates: its score, if any, came from the search after it (the engine's reply).
  if (!mine || mine.bound)
    return m.score ? `${formatScore(m.score)}, scored by a search after it; ${choice}` : `not among the engine's ${cands.length} candidates; ${choice}`;
  // Equal scores share a rank: 1 + how many candidates were strictly better.
  const rank = 1 + cands.filter((c) => scoreRank(c.score) > scoreRank(mine.score)).length;
  return `${formatCandidateScore(mine)}, candidate ${rank} of ${cands.length}; ${rank === 1 ? "the engine's choice too" : choice}`;
}
