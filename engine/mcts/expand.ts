// MCTS's expansion: a node's children from the alpha-beta engine's move generation and tactical
// pruning (a five to block is the only move; against an open four only defences), best-ordered
// first and at most `maxChildren`; or a proof when the position is decided (a five to play, two
// fives against, an open or double four). Allocation-free after construction.
import type { Board } from "../board/board";
import * as P from "../board/patterns";
import * as M from "../board/movegen";
import type { NodePool } from "./tree";

// Re-bound to local consts (getter calls under tsx/vitest, see playout.ts).
const { FIVE } = P;
const { GEN_ALL, GEN_DEFEND, findFives, generateMoves, hasOpenFour, playable } = M;

/** Order scores at or above this (movegen) mean the side to move has an open or double four. */
const OWN_OPEN_FOUR_ORDER = 5_000_000;

export class Expander {
  private readonly tmp = new Int16Array(4);
  private readonly moves = new Int16Array(400);
  private readonly scores = new Int32Array(400);
  private readonly noHistory: Int32Array;

  constructor(private readonly b: Board) {
    this.noHistory = new Int32Array(b.cells.length);
  }

  /** Creates the children of `node` (side to move `side`), or proves it (`prove`: its own wins too). */
  expand(pool: NodePool, node: number, side: number, maxChildren: number, prove = true): void {
    const b = this.b;
    const cnt = b.cnt;
    const opp = 3 - side;
    if (prove && cnt[side * 16 + FIVE] > 0) {
      pool.proof[node] = 1;
      return;
    }
    let n: number;
    let full = 1;
    if (cnt[opp * 16 + FIVE] > 0) {
      if (findFives(b, opp, this.tmp) >= 2) {
        pool.proof[node] = -2;
        return;
      }
      if (!playable(b, this.tmp[0], side)) {
        pool.proof[node] = -2; // renju: black cannot block on its forbidden point
        return;
      }
      this.moves[0] = this.tmp[0];
      n = 1;
    } else if (prove && hasOpenFour(b, side)) {
      pool.proof[node] = 3;
      return;
    } else {
      const mode = hasOpenFour(b, opp) ? GEN_DEFEND : GEN_ALL;
      const all = generateMoves(b, side, mode, this.moves, this.scores, 0, this.noHistory, 0, -1, -1, -1);
      n = keepBest(this.moves, this.scores, all, maxChildren);
      if (n < all) full = 0;
      if (prove && n > 0 && this.scores[0] >= OWN_OPEN_FOUR_ORDER) {
        pool.proof[node] = 3; // an open four or a double four: the opponent has no five to answer with
        return;
      }
    }
    this.addChildren(pool, node, n, full);
  }

  /** The first n generated moves become node's children (a node with none: a full board). */
  private addChildren(pool: NodePool, node: number, n: number, full: number): void {
    if (n === 0) {
      pool.first[node] = pool.used;
      pool.count[node] = 0;
      pool.full[node] = 1;
      return;
    }
    if (pool.used + n > pool.cap && !pool.ensure(pool.used + n)) return; // pool full: the node stays a leaf
    const first = pool.used;
    for (let i = 0; i < n; i++) pool.clear(first + i, this.moves[i]);
    pool.used += n;
    pool.first[node] = first;
    pool.count[node] = n;
    pool.full[node] = full;
  }
}

/** The best `max` of n moves by score, best first, in place (selection sort: short lists). Returns how many. */
function keepBest(moves: Int16Array, scores: Int32Array, n: number, max: number): number {
  const keep = n < max ? n : max;
  for (let i = 0; i < keep; i++) {
    let bi = i;
    for (let j = i + 1; j < n; j++) if (scores[j] > scores[bi]) bi = j;
    const m = moves[bi];
    const s = scores[bi];
    moves[bi] = moves[i];
    scores[bi] = scores[i];
    moves[i] = m;
    scores[i] = s;
  }
  return keep;
}
