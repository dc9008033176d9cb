// One ply of a game analysed: the position before the move is searched (every root candidate
// scored exactly), and the played move is judged against the best (lib/shared/analysis/marks).
import { type Analysis, type Limits, type Point, type Position, type Score, type Stone } from "../../../engine";
import { judgeMove, type PlyAnalysis } from "../../shared/analysis";
import type { GameState } from "../../shared/protocol";
import { scoreFromReply } from "../../shared/scores";

export type Search = (position: Position, limits: Omit<Limits, "onProgress">) => Promise<Analysis>;

export interface PlyBudget {
  timeMs: number;
  depth: number | null;
}

/** The position before ply `ply` (1-based) of `game`: its opening stones and the moves before it. */
export function positionBefore(game: Pick<GameState, "size" | "rule" | "opening" | "moves">, ply: number): Position {
  const stones: Stone[] = [...game.opening, ...game.moves.slice(0, ply - 1).map((m) => ({ x: m.x, y: m.y, color: m.color }))];
  return { size: game.size, rule: game.rule, stones, toMove: game.moves[ply - 1].color };
}

const same = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

/**
 * Candidates kept per ply for the heatmap (best first, the played move too): bounds what an analysis
 * weighs (a 385-ply import: about 850 kB of candidates in its view at most; docs/SECURITY.md).
 */
export const ROOTS_KEPT = 48;

export async function analysePly(
  game: Pick<GameState, "size" | "rule" | "opening" | "moves" | "reason">,
  ply: number,
  search: Search,
  budget: PlyBudget,
): Promise<PlyAnalysis> {
  const move = game.moves[ply - 1];
  const limits = { timeMs: budget.timeMs, exactRootScores: true, ...(budget.depth ? { maxDepth: budget.depth } : {}) };
  const a = await search(positionBefore(game, ply), limits);
  const candidates = a.rootScores.map((r) => r.score);
  const roots = a.rootScores
    .filter((r) => !r.bound)
    .slice(0, ROOTS_KEPT)
    .map((r) => ({ x: r.move.x, y: r.move.y, score: r.score }));
  const bestScore = a.rootScores[0]?.score ?? a.score;
  let played: Score | undefined = a.rootScores.find((r) => same(r.move, move))?.score;
  if (!played) {
    // A move the search did not consider (far from every stone): the position after it, searched,
    // seen from the mover's side (lib/shared/scores: one ply longer). The last move of a game won by five wins at once.
    if (ply === game.moves.length && game.reason === "five") played = { kind: "win", plies: 1 };
    else {
      const after = positionBefore(game, ply);
      after.stones.push({ x: move.x, y: move.y, color: move.color });
      after.toMove = move.color === 1 ? 2 : 1;
      played = scoreFromReply((await search(after, { ...limits, exactRootScores: false })).score);
    }
    candidates.push(played);
  }
  // The played move among the heatmap's cells even when it ranks below the kept ones.
  if (!roots.some((r) => same(r, move))) roots.push({ x: move.x, y: move.y, score: played });
  const j = judgeMove({ best: bestScore, played, candidates });
  return {
    ply,
    color: move.color,
    before: bestScore,
    after: played,
    best: a.move,
    bestScore,
    line: a.pv.slice(0, 12),
    rank: j.rank,
    candidates: candidates.length,
    winBefore: j.winBefore,
    winAfter: j.winAfter,
    loss: j.loss,
    mark: j.mark,
    depth: a.depth,
    roots,
  };
}
