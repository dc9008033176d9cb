// MCTS's answer read off the tree: the root's children by visits, the move to play (the quickest
// proven win, the slowest proven loss, else the most visited that is not a proven loss), its
// score, the most-visited line, every root move's score and the top ten's visit statistics.
import type { MoveStat, Point, RootScore, Score } from "../types";
import type { NodePool } from "./tree";

/** Win rate (0..1, side to move) → the public eval scale of MCTS: (winRate − ½) · 2000. */
export const winRateValue = (winRate: number): number => Math.round((winRate - 0.5) * 2000);

export interface RootReport {
  /** The move's cell, −1 when the root has no child. */
  move: number;
  score: Score;
  pv: number[];
  roots: RootScore[];
  top: MoveStat[];
}

export function rootReport(pool: NodePool, pt: (q: number) => Point): RootReport {
  const order = rootOrder(pool);
  const { best, score } = choose(pool, order);
  const roots: RootScore[] = [];
  for (const c of order) if (pool.visits[c] > 0 || pool.proof[c] !== 0) roots.push({ move: pt(pool.move[c]), score: childScore(pool, c) });
  if (best >= 0 && roots.length === 0) roots.push({ move: pt(pool.move[best]), score });
  const top: MoveStat[] = [];
  for (const c of order.slice(0, 10)) {
    if (pool.visits[c] === 0) break;
    top.push({ move: pt(pool.move[c]), visits: pool.visits[c], winRate: Math.round((pool.wins[c] / pool.visits[c]) * 1000) / 1000 });
  }
  return { move: best >= 0 ? pool.move[best] : -1, score, pv: principalVariation(pool, best), roots, top };
}

/** The root's children, most visited first (ties: the higher win rate). */
function rootOrder(pool: NodePool): number[] {
  const { visits, wins } = pool;
  const first = pool.first[0];
  const order: number[] = [];
  for (let i = 0; i < pool.count[0]; i++) order.push(first + i);
  order.sort((x, y) => visits[y] - visits[x] || wins[y] * visits[x] - wins[x] * visits[y]);
  return order;
}

/** A root child's score from the root's side: its proof, else its win rate on the eval scale. */
function childScore(pool: NodePool, c: number): Score {
  const pr = pool.proof[c];
  if (pr < 0) return { kind: "win", plies: -pr + 1 };
  if (pr > 0) return { kind: "loss", plies: pr + 1 };
  return { kind: "eval", value: pool.visits[c] > 0 ? winRateValue(pool.wins[c] / pool.visits[c]) : 0 };
}

/** The move to play and the root's score. */
function choose(pool: NodePool, order: number[]): { best: number; score: Score } {
  const proof = pool.proof;
  const first = pool.first[0];
  const n = pool.count[0];
  let best = n > 0 ? order[0] : -1;
  const rp = proof[0];
  if (rp > 0) {
    // Proven win: the quickest winning child.
    let bp = Infinity;
    for (let i = 0; i < n; i++) {
      const c = first + i;
      if (proof[c] < 0 && -proof[c] < bp) {
        bp = -proof[c];
        best = c;
      }
    }
    return { best, score: { kind: "win", plies: rp } };
  }
  if (rp < 0) {
    // Proven loss: the slowest one (the most visited among the longest).
    let bp = -1;
    for (const c of order) {
      if (proof[c] > bp) {
        bp = proof[c];
        best = c;
      }
    }
    return { best, score: { kind: "loss", plies: -rp } };
  }
  if (best < 0) return { best, score: { kind: "eval", value: 0 } };
  // Never recommend a proven loss while an unproven move is left.
  if (proof[best] > 0)
    for (const c of order)
      if (proof[c] === 0) {
        best = c;
        break;
      }
  return { best, score: childScore(pool, best) };
}

/** The most-visited line from the root child `best` (a proven win for the mover is followed first). */
function principalVariation(pool: NodePool, best: number): number[] {
  const { visits, proof } = pool;
  const pv: number[] = [];
  let node = best;
  while (node >= 0 && pv.length < 40) {
    pv.push(pool.move[node]);
    const f = pool.first[node];
    const k = f < 0 ? 0 : pool.count[node];
    let nb = -1;
    for (let i = 0; i < k; i++) {
      const c = f + i;
      if (visits[c] > 0 && (nb < 0 || visits[c] > visits[nb] || proof[c] < 0)) nb = c;
      if (proof[c] < 0) break;
    }
    node = nb;
  }
  return pv;
}
