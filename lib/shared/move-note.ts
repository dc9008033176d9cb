// What a scored move says, as the terminal lab prints it: "+135, candidate 4 of 36; the engine's
// choice g4 +169". Engine moves and a person's pondered moves carry every candidate's score.
// `moveNoteFacts` works out what there is to say; `candidateNote` says it in English (the page's
// data-note and scripts), app/_components/i18n/words useCandidateNote in the reader's language.
import { formatScore, scoreRank, type Score } from "../../engine";
import { toLabel } from "./notation";
import type { MoveRecord } from "./protocol";

/** What a move's note says, before it is put in words. */
export type MoveNoteFacts =
  /** A person's move with a score but no candidates: the search after it (the engine's reply) scored it. */
  | { kind: "searchedAlone"; mine: Score }
  /** Not among the exact candidates, without a score of its own. */
  | { kind: "notCandidate"; best: string; bestScore: Score; total: number }
  /** Not among the exact candidates; its score came from the search after it (the engine's reply). */
  | { kind: "searched"; mine: Score; best: string; bestScore: Score; total: number }
  /** Among the candidates: its rank (equal scores share one), 1 = the engine's choice too. */
  | { kind: "candidate"; mine: Score; rank: number; best: string; bestScore: Score; total: number };

/** The facts of a move's note; null when there is nothing to say (no candidates, no score of a person's move). */
export function moveNoteFacts(m: MoveRecord, size: number): MoveNoteFacts | null {
  const cands = m.rootScores;
  if (!cands?.length) return m.by === "human" && m.score ? { kind: "searchedAlone", mine: m.score } : null;
  let best = cands[0];
  for (const c of cands) if (scoreRank(c.score) > scoreRank(best.score)) best = c;
  const choice = { best: toLabel(best, size), bestScore: best.score, total: cands.length };
  const mine = cands.find((c) => c.x === m.x && c.y === m.y);
  if (!mine || mine.bound) return m.score ? { kind: "searched", mine: m.score, ...choice } : { kind: "notCandidate", ...choice };
  // Equal scores share a rank: 1 + how many candidates were strictly better.
  const rank = 1 + cands.filter((c) => scoreRank(c.score) > scoreRank(mine.score)).length;
  return { kind: "candidate", mine: mine.score, rank, ...choice };
}

/** The move's score, its rank among the searched candidates and the engine's choice, in English; null when it was not searched. */
export function candidateNote(m: MoveRecord, size: number): string | null {
  const f = moveNoteFacts(m, size);
  if (!f) return null;
  if (f.kind === "searchedAlone") return `${formatScore(f.mine)}, scored by a search after it`;
  const choice = `the engine's choice ${f.best} ${formatScore(f.bestScore)}`;
  if (f.kind === "notCandidate") return `not among the engine's ${f.total} candidates; ${choice}`;
  if (f.kind === "searched") return `${formatScore(f.mine)}, scored by a search after it; ${choice}`;
  return `${formatScore(f.mine)}, candidate ${f.rank} of ${f.total}; ${f.rank === 1 ? "the engine's choice too" : choice}`;
}
