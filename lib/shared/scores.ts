// One definition of a move's score, for every place that shows one: the live game (the engine's
// search, pondering, the reply's search), the server analysis, the replay, the lab, the brain.
//
//   - A move's score is the value of the position after it, from the MOVER's side: the root score of
//     the move in a search of the position before it (engine/search: forced results count the move
//     itself, "win in 1" = it makes five), or the search of the position after it turned round
//     (scoreFromReply: negated, a forced result one ply longer).
//   - A forced result is "win in N" / "loss in N", never a number. A win in N is followed by a loss in
//     N−1 for the other side (whatever they play: at best they last that long), and a win of the
//     other side refutes it (agreeingScores: the later proof stands, the earlier claim becomes a loss).
//   - Scores the engine did not compute (the casual player's expectimax values: its model of a
//     partly random opponent) are not scores: its moves are scored by the real engine.
//   - Win chance beside a score: lib/shared/analysis/winprob (the fitted logistic curve).
import type { Score } from "../../engine";
import { winPercent } from "./analysis/winprob";

/** Whether a player's own search values are scores: not the casual one's (expectimax against a model of a partly random opponent). */
export const searchIsScore = (algo: string | undefined): boolean => algo !== "casual";

/**
 * A move's score from a search of the position after it (the other side to move): seen by the mover,
 * a forced result one ply longer (the move itself is one of its plies).
 */
export function scoreFromReply(reply: Score): Score {
  if (reply.kind === "eval") return { kind: "eval", value: reply.value === 0 ? 0 : -reply.value };
  return reply.kind === "win" ? { kind: "loss", plies: reply.plies + 1 } : { kind: "win", plies: reply.plies + 1 };
}

/** What a move's score says of the next move's (the other side's), or null: after a win in N, at best a loss in N−1. */
export function nextMoveBound(s: Score): { kind: "loss"; plies: number } | null {
  return s.kind === "win" && s.plies >= 2 ? { kind: "loss", plies: s.plies - 1 } : null;
}

const lossWithin = (s: Score | null | undefined, plies: number) => s?.kind === "loss" && s.plies <= plies;

/**
 * Consecutive moves' scores (index i = ply i+1, alternating movers, from each mover's side) made to
 * agree, as every place shows them:
 *   1. The game's last move made five (`endsInFive`): a win in 1.
 *   2. From the end back: a move followed by a forced win of the other side (in M) was a loss in M+1
 *      at best — a proof found later refutes an earlier claim or evaluation.
 *   3. From the start on: a move after a win in N (still standing) is a loss in N−1 at most — a proof
 *      found earlier stands over a later evaluation that did not see it.
 * Missing scores stay missing (null); nothing else changes.
 */
export function agreeingScores(scores: ReadonlyArray<Score | null | undefined>, opts: { endsInFive?: boolean } = {}): Array<Score | null> {
  const out = scores.map((s) => s ?? null);
  const n = out.length;
  if (opts.endsInFive && n > 0) out[n - 1] = { kind: "win", plies: 1 };
  for (let i = n - 2; i >= 0; i--) {
    const next = out[i + 1];
    if (next?.kind === "win" && out[i] !== null && !lossWithin(out[i], next.plies + 1)) out[i] = { kind: "loss", plies: next.plies + 1 };
  }
  for (let i = 1; i < n; i++) {
    const bound = out[i - 1] && nextMoveBound(out[i - 1]!);
    if (bound && out[i] !== null && !lossWithin(out[i], bound.plies)) out[i] = bound;
  }
  return out;
}

/** Two consecutive moves' scores that cannot both be right. */
export interface Contradiction {
  /** The later move's ply (1-based). */
  ply: number;
  prev: Score;
  cur: Score;
  /** "mate": a forced result the other score denies; "chance": the later move worth more to its mover than the earlier allowed. */
  kind: "mate" | "chance";
  /** "chance": win-% points beyond what the earlier score allowed. */
  gap: number;
}

/**
 * Where consecutive scores contradict each other. After a win in N the other side's next move is a
 * loss within N−1 ("mate": anything else denies the forced result). Otherwise, after the mover's score
 * s the other side's next move is worth at most 100 − win%(s) to them (they move in the position s
 * valued; a move cannot make it better): more than `tolerance` win-% points above that is a
 * contradiction ("chance"; searches of different depths do disagree a little). A forced win found
 * after an evaluation counts as 100 %: after "+1311" (70 %) a "win in 11" of the other side is 70
 * points beyond; after "−1929" (21 %), 21.
 */
export function contradictions(scores: ReadonlyArray<Score | null | undefined>, tolerance: number): Contradiction[] {
  const found: Contradiction[] = [];
  for (let i = 1; i < scores.length; i++) {
    const prev = scores[i - 1];
    const cur = scores[i];
    if (!prev || !cur) continue;
    const bound = nextMoveBound(prev);
    const gap = winPercent(cur) - (100 - winPercent(prev));
    if (bound) {
      if (!lossWithin(cur, bound.plies)) found.push({ ply: i + 1, prev, cur, kind: "mate", gap });
    } else if (gap > tolerance) found.push({ ply: i + 1, prev, cur, kind: "chance", gap });
  }
  return found;
}

/** A win chance for people: whole percents, "<1" / ">99" near the ends of an evaluation, 0 and 100 for forced results only. */
export function winChanceText(s: Score): string {
  const p = winPercent(s);
  if (s.kind !== "eval") return String(Math.round(p));
  if (p < 1) return "<1";
  if (p > 99) return ">99";
  return String(Math.round(p));
}
