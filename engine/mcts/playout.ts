// MCTS's simulation: a playout guided by the pattern tables (threat levels of both sides plus cell
// potential), mostly the best-ordered cell with some randomness among the next ones and a little
// uniform noise; a five is taken, a four is blocked, an open four counts as won. After `depth`
// plies the static potentials decide, through a logistic curve. The board is played on and taken
// back: it is as it was after every playout. Allocation-free.
import type { Color } from "../types";
import type { Board } from "../board/board";
import * as P from "../board/patterns";
import * as M from "../board/movegen";

// Imported values are re-bound to local consts: under tsx/vitest every use of an imported
// binding is a getter call, which costs ~4× in hot loops.
const { FIVE } = P;
const { findFives, hasOpenFour, playable, threatLevel } = M;

/** Logistic scale of the evaluation at the end of a playout: eval / scale → win probability. */
const EVAL_SCALE = 200;
/** Playout move weights by threat level (index: movegen's L_* levels). Attack and defence. */
const P_ATTACK = new Int32Array([0, 0, 600, 1_200, 3_000, 10_000, 50_000, 1_000_000]);
const P_DEFEND = new Int32Array([0, 0, 400, 800, 2_000, 8_000, 30_000, 500_000]);

export class Playout {
  private readonly tmp = new Int16Array(4);
  private readonly cand = new Int16Array(400);
  /** xorshift32 state: the playouts, and so the search, are deterministic given the seed. */
  private rs: number;

  constructor(
    private readonly b: Board,
    private readonly depth: number,
    seed: number,
  ) {
    this.rs = seed;
  }

  private rng(): number {
    let rs = this.rs;
    rs ^= rs << 13;
    rs ^= rs >>> 17;
    rs ^= rs << 5;
    this.rs = rs;
    return rs >>> 0;
  }

  /** A playout from the current board, `side` to move: the result for `side` in [0, 1]. */
  run(side: number): number {
    const b = this.b;
    const cnt = b.cnt;
    const tmp = this.tmp;
    const size2 = b.size * b.size;
    let s = side;
    let plies = 0;
    let result: number;
    for (;;) {
      const o = 3 - s;
      if (b.count === size2) {
        result = 0.5;
        break;
      }
      if (cnt[s * 16 + FIVE] > 0) {
        result = s === side ? 1 : 0;
        break;
      }
      let q: number;
      if (cnt[o * 16 + FIVE] > 0) {
        if (findFives(b, o, tmp) >= 2) {
          result = o === side ? 1 : 0;
          break;
        }
        q = tmp[0];
        if (!playable(b, q, s)) {
          result = o === side ? 1 : 0;
          break;
        }
      } else if (hasOpenFour(b, s)) {
        result = s === side ? 1 : 0;
        break;
      } else if (plies >= this.depth) {
        const p = this.cutoff(s, o);
        result = s === side ? p : 1 - p;
        break;
      } else {
        q = this.pick(s, o);
        if (q < 0) {
          result = 0.5;
          break;
        }
      }
      b.make(q, s as Color);
      plies++;
      s = o;
    }
    for (let i = 0; i < plies; i++) b.undo();
    return result;
  }

  /**
   * The win probability of `s` (to move) when the playout is cut: the potential difference with a
   * small bonus for the side to move (Board.evaluate's tempo bonus of a quarter is tuned for
   * alpha-beta and would decide every cut-off playout).
   */
  private cutoff(s: number, o: number): number {
    const ts = this.b.total[s];
    const e = ts - this.b.total[o] + (ts >> 5);
    return 1 / (1 + Math.exp(-e / EVAL_SCALE));
  }

  /**
   * The playout's move for `s`: the candidates scanned from a random start (random tie-breaks),
   * the best three kept, one of them drawn (a strong threat to make or stop is mostly forced), now
   * and then any candidate. −1: nothing near a stone and the centre taken.
   */
  private pick(s: number, o: number): number {
    const b = this.b;
    const cells = b.cells;
    const near = b.near;
    const bc = b.boardCells;
    const cs = b.cellScore;
    const cand = this.cand;
    const nCells = bc.length;
    let b1 = -1;
    let b2 = -1;
    let b3 = -1;
    let s1 = -1;
    let s2 = -1;
    let s3 = -1;
    let nc = 0;
    const off = this.rng() % nCells;
    const co = o - 1;
    const cm = s - 1;
    for (let j = 0; j < nCells; j++) {
      let i = j + off;
      if (i >= nCells) i -= nCells;
      const c = bc[i];
      if (cells[c] !== 0 || near[c] === 0) continue;
      cand[nc++] = c;
      const sc = P_ATTACK[threatLevel(b, c, s)] + P_DEFEND[threatLevel(b, c, o)] + cs[c * 2 + cm] + cs[c * 2 + co];
      if (sc > s1) {
        b3 = b2;
        s3 = s2;
        b2 = b1;
        s2 = s1;
        b1 = c;
        s1 = sc;
      } else if (sc > s2) {
        b3 = b2;
        s3 = s2;
        b2 = c;
        s2 = sc;
      } else if (sc > s3) {
        b3 = c;
        s3 = sc;
      }
    }
    if (nc === 0) {
      // Nothing near a stone (cannot happen after the first move): the centre.
      const h = b.size >> 1;
      const q = b.index(h, h);
      return cells[q] !== 0 ? -1 : q;
    }
    const r = this.rng() & 1023;
    if (s1 >= 8_000) return r < 950 || b2 < 0 ? b1 : b2;
    if (r < 560 || b2 < 0) return b1;
    if (r < 790 || b3 < 0) return b2;
    if (r < 930) return b3;
    return cand[this.rng() % nc];
  }
}
