// MCTS's walk through the tree: selection (UCB1 over the first k children only, k growing with
// √visits: progressive widening; unvisited children in prior order first; proven children taken
// or avoided) and backpropagation (rewards, then proofs while they decide the parent).
import type { NodePool } from "./tree";

/** The child of `node` to descend to: UCB1 with exploration `C` and progressive widening. */
export function select(pool: NodePool, node: number, C: number): number {
  const proof = pool.proof;
  const visits = pool.visits;
  const wins = pool.wins;
  const first = pool.first[node];
  const count = pool.count[node];
  const pv = visits[node];
  let k = 2 + Math.floor(Math.sqrt(pv));
  if (k > count) k = count;
  const logN = Math.log(pv + 1);
  let best = -1;
  let bestU = -Infinity;
  for (let i = 0; i < count; i++) {
    const c = first + i;
    const pr = proof[c];
    if (pr < 0) return c; // the opponent loses there
    if (pr > 0) {
      if (best < 0) {
        best = c;
        bestU = -1e9 + visits[c]; // a losing move, only if nothing else is left
      }
      if (i < k && k < count) k++; // look one further instead
      continue;
    }
    if (i >= k && bestU > -1e8) break;
    const v = visits[c];
    if (v === 0) return c;
    const u = wins[c] / v + C * Math.sqrt(logN / v);
    if (u > bestU) {
      bestU = u;
      best = c;
    }
  }
  return best;
}

/**
 * The playout's result `r` (for the side to move at the leaf path[depth]) up the path: each node
 * holds the reward of the side that moved into it.
 */
export function backup(pool: NodePool, path: Int32Array, depth: number, r: number): void {
  let v = 1 - r;
  for (let d = depth; d >= 0; d--) {
    const nd = path[d];
    pool.visits[nd]++;
    pool.wins[nd] += v;
    v = 1 - v;
  }
}

/**
 * Proofs move up the path while they decide the parent: a child the mover there loses in makes
 * the parent a win; a parent whose children (all of its candidates) are all wins for the opponent is lost.
 */
export function proveUp(pool: NodePool, path: Int32Array, depth: number): void {
  const proof = pool.proof;
  for (let d = depth; d >= 1 && proof[path[d]] !== 0; d--) {
    const c = path[d];
    const p = path[d - 1];
    const pc = proof[c];
    if (pc < 0) {
      const w = -pc + 1;
      if (proof[p] <= 0 || proof[p] > w) proof[p] = w;
    } else {
      if (!pool.full[p] || proof[p] !== 0) break;
      const f = pool.first[p];
      let worst = 0;
      let all = true;
      for (let i = 0; i < pool.count[p]; i++) {
        const x = proof[f + i];
        if (x <= 0) {
          all = false;
          break;
        }
        if (x > worst) worst = x;
      }
      if (!all) break;
      proof[p] = -(worst + 1);
    }
  }
}
