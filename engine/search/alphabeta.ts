// Negamax alpha-beta with principal variation search, iterative deepening driven by think().
// Ordering: hash move, threats (movegen), killers, history. Exactness switches:
//  - plain: no threat shortcuts, no candidate pruning, no extensions, no LMR, no TT cut-offs;
//    the result then equals plain alpha-beta over the same candidates (see as-game.ts).
//  - exactRoot: how many root moves get exact scores (the best ones; Infinity: all). The first
//    exactRoot moves in order are searched with (aspiration) windows; every later one first with a
//    null window at the exactRoot-th best exact score so far: below it, its score is an upper bound
//    (rootBound), above it, it is searched again for its exact score. So the moves reported exact
//    include the best exactRoot of them, and no bound is above the exactRoot-th exact score.
//    think() uses 1 or all here: for "the best K" it searches with 1 and then calls refineRoot
//    (exact scores for K inside the iterations cost too much depth: docs/engine-log.md).
// All buffers are preallocated per ply: the search loop allocates nothing.
import type { Board } from "../board/board";
import * as P from "../board/patterns";
import * as M from "../board/movegen";
import * as T from "./tt";
import * as Z from "../board/zobrist";
import * as V from "./threats/vcf";

// Imported values are re-bound to local consts: transpilers that compile ESM to CommonJS (tsx,
// vitest) turn every use of an imported binding into a getter call, which costs ~4× in the hot loop.
const { BLOCK4, FIVE, FLEX4 } = P;
const { GEN_ALL, GEN_DEFEND, QUIET_LIMIT, findFives, generateMoves, hasOpenFour, playable } = M;
const { TT_EXACT, TT_LOWER, TT_UPPER, sharedTable } = T;
const { ZOBRIST_CELLS } = Z;
const { VcfSolver } = V;

export const MATE = 30000;
/** |score| ≥ MATE_BOUND is a forced result: MATE − plies. */
export const MATE_BOUND = MATE - 1000;
export const INF = 32000;
export const MAX_PLY = 128;
const MAX_MOVES = 400; // 20×20
/** Beam width below the root in quiet positions (see pvs). */
const MAX_BRANCH = 16;
/** Half-width of a root move's first aspiration window (exact root scores). */
const ASPIRATION = 40;
/** Late-move reductions for quiet moves: the later in the order, the shallower the first look. */
const LMR_DEPTH = 3;
const LMR_MOVES = 3;
/** Leaf VCF probe: at most this many fours, this many solver nodes per probe. */
const LEAF_VCF_FOURS = 5;
const LEAF_VCF_NODES = 20;
/**
 * Reverse futility pruning (RFP): a non-PV node this close to the horizon whose static evaluation is
 * RFP_MARGIN a remaining ply above beta returns it. Futility pruning (FP): at such a node this close
 * to the horizon, a quiet move (after the first) is not searched when the evaluation plus FP_MARGIN a
 * remaining ply is still at or below alpha. Both only when the other side has no open three (no open
 * four to make) and beta is not a mate score. Measured (SPRTs in docs/engine-log.md "Round three"):
 * RFP +33 (15×15) and +37 (11×11), FP +30 on top; null-move pruning and internal iterative
 * reduction were tried there too and are not kept.
 */
const RFP_DEPTH = 3;
const RFP_MARGIN = 150;
const FP_DEPTH = 2;
const FP_MARGIN = 150;
const LMR = new Int8Array(64).map((_, i) => (i < LMR_MOVES ? 0 : 1 + Math.floor(Math.log2(i / LMR_MOVES + 1))));

export interface SearchConfig {
  plain: boolean;
  /** Root moves with exact scores: the best this many (Infinity: all; 1: only the best). */
  exactRoot: number;
  maxNodes: number;
  deadline: number; // performance.now() value, Infinity when none
  /** At the horizon, probe for a VCF of the side to move (a proven win instead of an eval). */
  leafVcf?: boolean;
  /** Keep the transposition table of the searches before (aged), instead of clearing it. */
  keepTable?: boolean;
  /** A Lazy SMP helper (./smp.ts): the shared table as the main thread left it, neither cleared nor aged. */
  helper?: boolean;
  /**
   * Forward pruning near the horizon (RFP and FP, above). Default on; never in plain mode. The
   * depth-capped levels turn it off: their Elo was measured without it.
   */
  prune?: boolean;
}

export class Searcher {
  readonly tt: T.TranspositionTable;
  readonly moves = new Int16Array(MAX_PLY * MAX_MOVES);
  readonly scores = new Int32Array(MAX_PLY * MAX_MOVES);
  readonly pvTable = new Int16Array(MAX_PLY * MAX_PLY);
  readonly pvLen = new Int32Array(MAX_PLY + 1);
  private readonly killers = new Int16Array(MAX_PLY * 2).fill(-1);
  private readonly history = new Int32Array(3 * ZOBRIST_CELLS);
  /** plain mode: did the move that led to this ply make five? */
  private readonly lastFive = new Uint8Array(MAX_PLY + 1);
  private readonly tmp = new Int16Array(4);
  nodes = 0;
  stopped = false;
  private nextCheck = 1024;
  /** Nodes between clock checks (finer in the refinement, which always runs up to the deadline). */
  private checkEvery = 1024;
  private readonly vcf: V.VcfSolver | null;
  private readonly leafVcf: boolean;
  private readonly prune: boolean;

  // Root state, kept across iterations.
  rootCount = 0;
  readonly rootMoves = new Int16Array(MAX_MOVES);
  readonly rootScores = new Int32Array(MAX_MOVES);
  /** 1: rootScores[i] is an upper bound (the move failed low against a better one), 0: exact. */
  readonly rootBound = new Uint8Array(MAX_MOVES);
  readonly rootPv: Int16Array[] = [];
  readonly rootPvLen = new Int32Array(MAX_MOVES);

  constructor(
    readonly board: Board,
    readonly cfg: SearchConfig,
  ) {
    this.tt = sharedTable();
    if (cfg.helper === true) {
      // The main thread cleared or aged it.
    } else if (cfg.keepTable === true && !cfg.plain) this.tt.nextGeneration();
    else this.tt.clear();
    this.leafVcf = !cfg.plain && cfg.leafVcf === true;
    this.prune = !cfg.plain && cfg.prune !== false;
    this.vcf = this.leafVcf ? new VcfSolver(board) : null;
  }

  private checkLimits(): void {
    if (this.nodes >= this.cfg.maxNodes) this.stopped = true;
    else if (this.nodes >= this.nextCheck) {
      this.nextCheck = this.nodes + this.checkEvery;
      if (this.cfg.deadline !== Infinity && globalThis.performance.now() >= this.cfg.deadline) this.stopped = true;
    }
  }

  /**
   * Goes on after a stop by the clock, with a new deadline (the node limit still holds); the clock
   * is then read every 256 nodes, since what follows (refineRoot) runs until the deadline.
   */
  resume(deadline: number): void {
    this.cfg.deadline = deadline;
    this.checkEvery = 256;
    this.stopped = false;
    this.nextCheck = this.nodes;
    this.checkLimits();
  }

  /** Root candidates in order (threat pruning applies unless plain). */
  generateRoot(side: number): number {
    const b = this.board;
    const opp = 3 - side;
    let n: number;
    n = 0;
    if (!this.cfg.plain && b.cnt[opp * 16 + FIVE] > 0) {
      // The blocks (renju: black cannot block on a forbidden point; with none left it plays on, lost).
      const fives = findFives(b, opp, this.tmp);
      for (let i = 0; i < fives; i++) if (playable(b, this.tmp[i], side)) this.moves[n++] = this.tmp[i];
    }
    if (n === 0) {
      const mode = !this.cfg.plain && hasOpenFour(b, opp) ? GEN_DEFEND : GEN_ALL;
      n = generateMoves(b, side, mode, this.moves, this.scores, 0, this.history, side * ZOBRIST_CELLS, -1, -1, -1);
      // Sort by order score, stable (insertion sort on a short list).
      for (let i = 1; i < n; i++) {
        const m = this.moves[i];
        const s = this.scores[i];
        let j = i - 1;
        while (j >= 0 && this.scores[j] < s) {
          this.moves[j + 1] = this.moves[j];
          this.scores[j + 1] = this.scores[j];
          j--;
        }
        this.moves[j + 1] = m;
        this.scores[j + 1] = s;
      }
    }
    this.rootCount = n;
    for (let i = 0; i < n; i++) {
      this.rootMoves[i] = this.moves[i];
      this.rootScores[i] = -INF;
      this.rootBound[i] = 0;
      this.rootPv[i] ??= new Int16Array(MAX_PLY);
      this.rootPvLen[i] = 0;
    }
    return n;
  }

  /**
   * One iteration at the root. Returns false when stopped (the iteration is then discarded by
   * the caller). On success root moves are re-sorted best first with their scores and PVs.
   */
  searchRoot(depth: number, side: number): boolean {
    const b = this.board;
    const opp = 3 - side;
    const n = this.rootCount;
    const scores = new Int32Array(n); // once per iteration, not per node
    const bound = new Uint8Array(n);
    const k = this.cfg.exactRoot;
    // The best k exact scores so far, best first (only when some moves get bounds).
    const top = new Int32Array(k < n ? k : 0);
    let exact = 0;
    // Aspiration windows for exact scores after depth 1, except when only the best is exact (then
    // the first move gets an open window and the others null windows, as plain PVS).
    const aspire = depth > 1 && k > 1;
    for (let i = 0; i < n; i++) {
      const q = this.rootMoves[i];
      this.lastFive[1] = b.isFive(q, side) ? 1 : 0;
      b.make(q, side as 1 | 2);
      let s: number;
      let isBound = 0;
      if (exact < k) s = this.exactRootScore(i, depth, aspire, opp);
      else {
        // Below the k-th best exact score so far: a bound is enough.
        const thr = top[k - 1];
        s = -this.pvs(depth - 1, -thr - 1, -thr, 1, opp);
        if (s > thr && !this.stopped) s = -this.pvs(depth - 1, -INF, -thr, 1, opp);
        if (s <= thr) isBound = 1; // failed low (or, after a fail high, search instability)
      }
      b.undo();
      if (this.stopped) return false;
      scores[i] = s;
      bound[i] = isBound;
      if (!isBound && top.length > 0) {
        // Insert into the best-k list.
        let j = exact < k ? exact : k - 1;
        if (exact >= k && s <= top[j]) j = -1;
        if (j >= 0) {
          while (j > 0 && top[j - 1] < s) {
            top[j] = top[j - 1];
            j--;
          }
          top[j] = s;
        }
      }
      if (!isBound) exact++;
      this.savePv(i, q);
    }
    // Stable sort root moves by score, best first (on a tie an exact score before a bound, then
    // the earlier move): the first move is always one with an exact score.
    const idx = Array.from({ length: n }, (_, i) => i).sort((a, c) => scores[c] - scores[a] || bound[a] - bound[c] || a - c);
    const moves = idx.map((i) => this.rootMoves[i]);
    const pvs = idx.map((i) => this.rootPv[i]);
    const lens = idx.map((i) => this.rootPvLen[i]);
    for (let i = 0; i < n; i++) {
      this.rootMoves[i] = moves[i];
      this.rootScores[i] = scores[idx[i]];
      this.rootBound[i] = bound[idx[i]];
      this.rootPv[i] = pvs[i];
      this.rootPvLen[i] = lens[i];
    }
    // Remember the best move for the next iteration's ordering below the root too.
    this.tt.store(b.hashLo, b.hashHi, depth, TT_EXACT, this.rootScores[0], this.rootMoves[0]);
    return true;
  }

  /**
   * After iteration `depth` completed with only some root moves exact: exact depth-`depth` scores
   * for the best k root moves, in the time and nodes left (the site's AI: its move is the one the
   * best-move-only search chose, the heatmap gets exact scores for the best k). Bounds are taken in
   * order, highest first: while fewer than k are exact, a bound gets an exact search; then one
   * above the k-th exact score gets a null window there (a lower bound, or a fail high and an exact
   * search); the first bound at or below the k-th exact score ends it (every later one is lower).
   * Stopped by the limits, the moves done keep their exact scores and the rest their bounds. The
   * root moves are re-sorted best first. Returns false when stopped.
   */
  refineRoot(depth: number, side: number, k: number): boolean {
    const b = this.board;
    const opp = 3 - side;
    const n = this.rootCount;
    const top: number[] = [];
    for (let i = 0; i < n; i++) if (!this.rootBound[i]) top.push(this.rootScores[i]);
    top.sort((x, y) => y - x);
    let done = true;
    for (let i = 0; i < n; i++) {
      if (!this.rootBound[i]) continue;
      const thr = top.length >= k ? top[k - 1] : -INF;
      if (this.rootScores[i] <= thr) break;
      const q = this.rootMoves[i];
      this.lastFive[1] = b.isFive(q, side) ? 1 : 0;
      b.make(q, side as 1 | 2);
      let s: number;
      let isBound = 0;
      if (thr === -INF) s = this.exactRootScore(i, depth, depth > 1, opp);
      else {
        s = -this.pvs(depth - 1, -thr - 1, -thr, 1, opp);
        if (s > thr && !this.stopped) s = -this.pvs(depth - 1, -INF, -thr, 1, opp);
        if (s <= thr) isBound = 1;
      }
      b.undo();
      if (this.stopped) {
        done = false;
        break;
      }
      // A new bound is kept only if tighter (both hold).
      this.rootScores[i] = isBound ? Math.min(s, this.rootScores[i]) : s;
      this.rootBound[i] = isBound;
      if (!isBound) {
        top.push(s);
        top.sort((x, y) => y - x);
        this.savePv(i, q);
      }
    }
    const idx = Array.from({ length: n }, (_, i) => i).sort(
      (a, c) => this.rootScores[c] - this.rootScores[a] || this.rootBound[a] - this.rootBound[c] || a - c,
    );
    const moves = idx.map((i) => this.rootMoves[i]);
    const scores = idx.map((i) => this.rootScores[i]);
    const bounds = idx.map((i) => this.rootBound[i]);
    const pvs = idx.map((i) => this.rootPv[i]);
    const lens = idx.map((i) => this.rootPvLen[i]);
    for (let i = 0; i < n; i++) {
      this.rootMoves[i] = moves[i];
      this.rootScores[i] = scores[i];
      this.rootBound[i] = bounds[i];
      this.rootPv[i] = pvs[i];
      this.rootPvLen[i] = lens[i];
    }
    return done;
  }

  /** Root move i's line from the search just made (pvTable's ply-1 row after the move q). */
  private savePv(i: number, q: number): void {
    const pv = this.rootPv[i];
    pv[0] = q;
    let len = 1;
    for (let j = 1; j < this.pvLen[1]; j++) pv[len++] = this.pvTable[MAX_PLY + j];
    this.rootPvLen[i] = len;
  }

  /**
   * The exact score of root move i (already made on the board): an aspiration window around its
   * previous score, widened until the score falls strictly inside (cheaper than one open window),
   * or one open window.
   */
  private exactRootScore(i: number, depth: number, aspire: boolean, opp: number): number {
    if (!aspire) return -this.pvs(depth - 1, -INF, INF, 1, opp);
    const prev = this.rootScores[i];
    let delta = ASPIRATION;
    let lo = prev - delta;
    let hi = prev + delta;
    if (prev <= -MATE_BOUND || prev >= MATE_BOUND) {
      lo = -INF;
      hi = INF;
    }
    let s: number;
    for (;;) {
      if (lo < -INF) lo = -INF;
      if (hi > INF) hi = INF;
      s = -this.pvs(depth - 1, -hi, -lo, 1, opp);
      if (this.stopped) break;
      if (s <= lo && lo > -INF) lo = s - (delta *= 4);
      else if (s >= hi && hi < INF) hi = s + (delta *= 4);
      else break;
    }
    return s;
  }

  pvs(depth: number, alpha: number, beta: number, ply: number, side: number): number {
    const b = this.board;
    this.nodes++;
    this.checkLimits();
    if (this.stopped) return 0;
    this.pvLen[ply] = ply;
    const opp = 3 - side;
    const cnt = b.cnt;
    const plain = this.cfg.plain;
    let forced = -1;
    if (plain) {
      if (this.lastFive[ply]) return -(MATE - ply);
    } else {
      // Exact shortcuts: a five now; a double five threat against us; our open four.
      if (cnt[side * 16 + FIVE] > 0) return MATE - (ply + 1);
      if (cnt[opp * 16 + FIVE] > 0) {
        if (findFives(b, opp, this.tmp) >= 2) return -(MATE - (ply + 2));
        forced = this.tmp[0];
        // Renju: black cannot block on its forbidden point.
        if (side === 1 && !playable(b, forced, 1)) return -(MATE - (ply + 2));
      } else if (hasOpenFour(b, side)) return MATE - (ply + 3);
    }
    if (ply >= MAX_PLY - 2) return b.evaluate(side);
    if (depth <= 0 && forced < 0) {
      // Horizon: a VCF of the side to move turns the guess into a proven win (needs a four to start).
      // Only when the eval alone would not already fail high (then a win changes nothing).
      const e = b.evaluate(side);
      const p = this.leafVcf && e < beta && cnt[side * 16 + BLOCK4] > 0 ? this.probeVcf(side) : 0;
      return p > 0 ? MATE - (ply + p) : e;
    }
    if (!plain) {
      // Mate distance pruning: no result here can beat a quicker mate already found above.
      const mateAlpha = -(MATE - ply);
      const mateBeta = MATE - (ply + 1);
      if (alpha < mateAlpha) alpha = mateAlpha;
      if (beta > mateBeta) beta = mateBeta;
      if (alpha >= beta) return alpha;
    }
    const pvNode = beta - alpha > 1;
    const tt = this.tt;
    let hashMove = -1;
    if (tt.probe(b.hashLo, b.hashHi)) {
      hashMove = tt.hitMove;
      if (!plain && !pvNode && tt.hitDepth >= depth) {
        let s = tt.hitScore;
        if (s >= MATE_BOUND) s -= ply;
        else if (s <= -MATE_BOUND) s += ply;
        const f = tt.hitFlag;
        if (f === TT_EXACT || (f === TT_LOWER && s >= beta) || (f === TT_UPPER && s <= alpha)) return s;
      }
    }
    let futile = INF; // quiet moves are not searched while this is at or below alpha
    const prune = this.prune;
    if (prune && !pvNode && forced < 0 && cnt[opp * 16 + FLEX4] === 0 && beta < MATE_BOUND && beta > -MATE_BOUND) {
      const e = b.evaluate(side);
      if (depth <= RFP_DEPTH && e - RFP_MARGIN * depth >= beta) return e;
      if (depth <= FP_DEPTH) futile = e + FP_MARGIN * depth;
    }
    const base = ply * MAX_MOVES;
    const moves = this.moves;
    const scores = this.scores;
    let n: number;
    let newDepth = depth - 1;
    let mode = GEN_ALL;
    if (forced >= 0) {
      moves[base] = forced;
      scores[base] = 0;
      n = 1;
      newDepth = depth; // a forced block costs no depth
    } else {
      mode = !plain && hasOpenFour(b, opp) ? GEN_DEFEND : GEN_ALL;
      n = generateMoves(b, side, mode, moves, scores, base, this.history, side * ZOBRIST_CELLS, this.killers[ply * 2], this.killers[ply * 2 + 1], hashMove);
    }
    if (n === 0) return 0; // full board: draw
    // Beam: below the root, quiet positions look at the best-ordered moves only (threats are
    // never cut: in DEFEND mode every defence stays). Not exact, so never in plain mode.
    const limit = !plain && forced < 0 && n > MAX_BRANCH && mode !== GEN_DEFEND ? MAX_BRANCH : n;
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      // Beyond the beam only while every move so far loses: a proven loss must have tried them all.
      if (i >= limit && best > -MATE_BOUND) break;
      this.selectNext(base, i, n);
      const q = moves[base + i];
      const qs = scores[base + i];
      if (i > 0 && futile <= alpha && qs < QUIET_LIMIT && best > -MATE_BOUND) {
        if (futile > best) best = futile;
        continue;
      }
      if (plain) this.lastFive[ply + 1] = b.isFive(q, side) ? 1 : 0;
      b.make(q, side as 1 | 2);
      let s: number;
      if (i === 0) s = -this.pvs(newDepth, -beta, -alpha, ply + 1, opp);
      else {
        let r = 0;
        if (!plain && depth >= LMR_DEPTH && i >= LMR_MOVES && qs < QUIET_LIMIT) r = LMR[i < 63 ? i : 63];
        s = -this.pvs(newDepth - r, -alpha - 1, -alpha, ply + 1, opp);
        if (s > alpha && r > 0 && !this.stopped) s = -this.pvs(newDepth, -alpha - 1, -alpha, ply + 1, opp);
        if (s > alpha && s < beta && !this.stopped) s = -this.pvs(newDepth, -beta, -alpha, ply + 1, opp);
      }
      b.undo();
      if (this.stopped) return 0;
      if (s > best) {
        best = s;
        bestMove = q;
        if (s > alpha) {
          alpha = s;
          this.extendPv(ply, q);
          if (s >= beta) {
            if (qs < QUIET_LIMIT) this.rewardQuietCut(ply, side, q, depth);
            break;
          }
        }
      }
    }
    this.store(depth, ply, best, alpha0, beta, bestMove);
    return best;
  }

  /** Selection: brings the best-ordered remaining move of the list at `base` to i (cheap when a cut-off comes early). */
  private selectNext(base: number, i: number, n: number): void {
    const moves = this.moves;
    const scores = this.scores;
    let bi = i;
    for (let j = i + 1; j < n; j++) if (scores[base + j] > scores[base + bi]) bi = j;
    const q = moves[base + bi];
    const qs = scores[base + bi];
    moves[base + bi] = moves[base + i];
    scores[base + bi] = scores[base + i];
    moves[base + i] = q;
    scores[base + i] = qs;
  }

  /** A short VCF probe of `side` at the horizon: its plies to win, 0 none found. */
  private probeVcf(side: number): number {
    const vcf = this.vcf!;
    const p = vcf.probe(side, LEAF_VCF_FOURS, LEAF_VCF_NODES, Infinity);
    this.nodes += vcf.nodes;
    return p;
  }

  /** The PV at ply: q, then the line below it. */
  private extendPv(ply: number, q: number): void {
    const row = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.pvTable[row + ply] = q;
    const len = this.pvLen[ply + 1];
    for (let j = ply + 1; j < len; j++) this.pvTable[row + j] = this.pvTable[child + j];
    this.pvLen[ply] = len > ply + 1 ? len : ply + 1;
  }

  /** A quiet move that cut off: a killer at this ply, and history credit. */
  private rewardQuietCut(ply: number, side: number, q: number, depth: number): void {
    if (this.killers[ply * 2] !== q) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2];
      this.killers[ply * 2] = q;
    }
    this.history[side * ZOBRIST_CELLS + q] += depth * depth;
  }

  /** The node's result into the TT (bound from the window it was searched with; mates from this node). */
  private store(depth: number, ply: number, best: number, alpha0: number, beta: number, bestMove: number): void {
    let stored = best;
    if (stored >= MATE_BOUND) stored += ply;
    else if (stored <= -MATE_BOUND) stored -= ply;
    const flag = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    this.tt.store(this.board.hashLo, this.board.hashHi, depth, flag, stored, bestMove);
  }
}
