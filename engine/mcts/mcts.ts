// Monte-Carlo tree search (UCT) for gomoku on the alpha-beta engine's incremental board.
//
//  - Tree: a node pool in typed arrays (move, first child, child count, visits, reward sum,
//    proof), children of a node contiguous and ordered by the threat-based move ordering of
//    engine/board/movegen. No object per node; the pool is reused from search to search.
//  - Selection: UCB1 over the first k children only (progressive widening, k grows with √visits),
//    unvisited children in prior order first.
//  - Expansion: on a node's second visit, with the alpha-beta searcher's tactical pruning
//    (a five to block is the only move; against a three only defences and own fours).
//  - Playouts: guided by the pattern tables (threat levels of both sides plus cell potential),
//    mostly the best-ordered cell with some randomness among the next ones and a little uniform
//    noise; a five is taken, a four is blocked, an open four counts as won. After
//    `playoutDepth` plies the static evaluation decides, through a logistic curve.
//  - Solver: immediate wins, double fives and open fours are proven at expansion and proofs
//    propagate up (a child the opponent loses in makes the parent a win, …), so forced
//    results show as win/loss scores and the search stops early when the root is decided.
//  - Deterministic given `seed` and `maxIterations` (xorshift32 PRNG, no clock reads that
//    change the result); under `timeMs` the answer comes within the limit.
import type { Analysis, Color, Limits, MoveStat, Point, Position, Progress, RootScore, Score } from "../types";
import * as P from "../board/patterns";
import * as M from "../board/movegen";
import { boardOf, winnerOnBoard } from "../board/position";
import { VcfSolver } from "../search/threats/vcf";

// Imported values are re-bound to local consts: under tsx/vitest every use of an imported
// binding is a getter call, which costs ~4× in hot loops.
const { FIVE } = P;
const { GEN_ALL, GEN_DEFEND, findFives, generateMoves, hasOpenFour, playable, threatLevel } = M;

export interface MctsLimits extends Limits {
  /** Stop after this many iterations (playouts). With a seed and no timeMs: deterministic. */
  maxIterations?: number;
  /** PRNG seed (default fixed, so equal limits give equal answers). */
  seed?: number;
  /** UCB1 exploration constant (default 0.5). */
  exploration?: number;
  /** Playout plies before the evaluation decides (default 12). */
  playoutDepth?: number;
}

const now = (): number => globalThis.performance.now();

/** Children kept per node (best-ordered first); the root keeps more. */
const MAX_CHILDREN = 32;
const MAX_ROOT_CHILDREN = 96;
const MAX_TREE_DEPTH = 200;
const INITIAL_POOL = 1 << 18;
const MAX_POOL = 1 << 21;
/** Logistic scale of the evaluation at the end of a playout: eval / scale → win probability. */
const EVAL_SCALE = 200;
/** Playout move weights by threat level (index: movegen's L_* levels). Attack and defence. */
const P_ATTACK = new Int32Array([0, 0, 600, 1_200, 3_000, 10_000, 50_000, 1_000_000]);
const P_DEFEND = new Int32Array([0, 0, 400, 800, 2_000, 8_000, 30_000, 500_000]);
/** Order scores at or above this (movegen) mean the side to move has an open or double four. */
const OWN_OPEN_FOUR_ORDER = 5_000_000;
const DEFAULT_SEED = 0x2545f491;

// The node pool, shared by every search in this thread (searches are synchronous).
let cap = 0;
let nMove = new Int16Array(0);
let nFirst = new Int32Array(0);
let nCount = new Int16Array(0);
let nVisits = new Int32Array(0);
let nWins = new Float64Array(0);
/** 0 unknown; > 0: the side to move at the node wins in that many plies; < 0: loses in −n. */
let nProof = new Int16Array(0);
/** 1 when the children cover every candidate (so "all children lose" proves a loss). */
let nFull = new Uint8Array(0);

function ensurePool(n: number): boolean {
  if (n <= cap) return true;
  if (n > MAX_POOL) return false;
  let c = Math.max(INITIAL_POOL, cap);
  while (c < n) c *= 2;
  if (c > MAX_POOL) c = MAX_POOL;
  const grow = <T extends Int16Array | Int32Array | Float64Array | Uint8Array>(a: T, mk: (len: number) => T): T => {
    const b = mk(c);
    b.set(a);
    return b;
  };
  nMove = grow(nMove, (l) => new Int16Array(l));
  nFirst = grow(nFirst, (l) => new Int32Array(l));
  nCount = grow(nCount, (l) => new Int16Array(l));
  nVisits = grow(nVisits, (l) => new Int32Array(l));
  nWins = grow(nWins, (l) => new Float64Array(l));
  nProof = grow(nProof, (l) => new Int16Array(l));
  nFull = grow(nFull, (l) => new Uint8Array(l));
  cap = c;
  return true;
}

/** Win rate (0..1, side to move) → the public eval scale of MCTS: (winRate − ½) · 2000. */
export const winRateValue = (winRate: number): number => Math.round((winRate - 0.5) * 2000);

export function mcts(position: Position, limits: MctsLimits = {}): Analysis {
  const start = now();
  let timeMs = limits.timeMs;
  const maxIter = Math.max(1, Math.min(limits.maxIterations ?? Number.MAX_SAFE_INTEGER, limits.maxNodes ?? Number.MAX_SAFE_INTEGER));
  if (timeMs === undefined && limits.maxIterations === undefined && limits.maxNodes === undefined) timeMs = 1000;
  // A margin for the last clock check and the answer (as think() keeps).
  const deadline = timeMs === undefined ? Infinity : start + Math.max(1, timeMs - Math.min(25, timeMs * 0.1));
  const C = limits.exploration ?? 0.5;
  const playoutDepth = Math.max(0, limits.playoutDepth ?? 12);
  let rs = (limits.seed ?? DEFAULT_SEED) >>> 0 || DEFAULT_SEED;
  const rng = (): number => {
    rs ^= rs << 13;
    rs ^= rs >>> 17;
    rs ^= rs << 5;
    return rs >>> 0;
  };

  const b = boardOf(position);
  const size2 = position.size * position.size;
  const rootSide = position.toMove as number;
  const pt = (q: number): Point => ({ x: b.xOf(q), y: b.yOf(q) });
  const elapsed = () => Math.round((now() - start) * 10) / 10;
  const answer = (move: number, score: Score, depth: number, nodes: number, pv: number[], roots: RootScore[], top?: MoveStat[]): Analysis => ({
    move: move < 0 ? null : pt(move),
    score,
    depth,
    nodes,
    timeMs: elapsed(),
    pv: pv.map(pt),
    rootScores: roots,
    ...(top ? { top } : {}),
  });

  // Decided before any search.
  const winner = winnerOnBoard(b);
  if (winner !== 0) return answer(-1, winner === rootSide ? { kind: "win", plies: 0 } : { kind: "loss", plies: 0 }, 0, 0, [], []);
  if (b.count === size2) return answer(-1, { kind: "eval", value: 0 }, 0, 0, [], []);
  const tmp = new Int16Array(4);
  const opp0 = 3 - rootSide;
  if (b.cnt[rootSide * 16 + FIVE] > 0) {
    findFives(b, rootSide, tmp);
    const s: Score = { kind: "win", plies: 1 };
    return answer(tmp[0], s, 1, 1, [tmp[0]], [{ move: pt(tmp[0]), score: s }]);
  }
  if (b.cnt[opp0 * 16 + FIVE] > 0 && findFives(b, opp0, tmp) >= 2) {
    const s: Score = { kind: "loss", plies: 2 };
    return answer(tmp[0], s, 1, 1, [tmp[0], tmp[1]], [{ move: pt(tmp[0]), score: s }]);
  }
  // A forced win by continuous fours: cheap, and exact.
  {
    const vcf = new VcfSolver(b);
    const vcfDeadline = timeMs === undefined ? Infinity : start + timeMs * 0.1;
    const plies = vcf.solve(rootSide, 20, timeMs === undefined ? 20_000 : 200_000, vcfDeadline);
    if (plies > 0) {
      const pv = Array.from(vcf.seq.subarray(0, vcf.length));
      const s: Score = { kind: "win", plies };
      const r = answer(pv[0], s, plies, 1, pv, [{ move: pt(pv[0]), score: s }]);
      limits.onProgress?.({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move });
      return r;
    }
  }

  // ---- the tree
  ensurePool(INITIAL_POOL);
  let used = 1;
  nMove[0] = -1;
  nFirst[0] = -1;
  nCount[0] = 0;
  nVisits[0] = 0;
  nWins[0] = 0;
  nProof[0] = 0;
  nFull[0] = 0;
  const genMoves = new Int16Array(400);
  const genScores = new Int32Array(400);
  const noHistory = new Int32Array(b.cells.length);
  const path = new Int32Array(MAX_TREE_DEPTH + 2);
  const cand = new Int16Array(400);
  const cells = b.cells;
  const near = b.near;
  const bc = b.boardCells;
  const cs = b.cellScore;
  const cnt = b.cnt;
  const nCells = bc.length;

  /** Creates the children of `node` (side to move `side`), or proves it. */
  function expand(node: number, side: number, maxChildren: number, prove = true): void {
    const opp = 3 - side;
    if (prove && cnt[side * 16 + FIVE] > 0) {
      nProof[node] = 1;
      return;
    }
    let n: number;
    let full = 1;
    if (cnt[opp * 16 + FIVE] > 0) {
      if (findFives(b, opp, tmp) >= 2) {
        nProof[node] = -2;
        return;
      }
      if (!playable(b, tmp[0], side)) {
        nProof[node] = -2; // renju: black cannot block on its forbidden point
        return;
      }
      genMoves[0] = tmp[0];
      n = 1;
    } else if (prove && hasOpenFour(b, side)) {
      nProof[node] = 3;
      return;
    } else {
      const mode = hasOpenFour(b, opp) ? GEN_DEFEND : GEN_ALL;
      n = generateMoves(b, side, mode, genMoves, genScores, 0, noHistory, 0, -1, -1, -1);
      // The best `maxChildren` by order score, best first (selection sort: short lists).
      const keep = n < maxChildren ? n : maxChildren;
      if (keep < n) full = 0;
      for (let i = 0; i < keep; i++) {
        let bi = i;
        for (let j = i + 1; j < n; j++) if (genScores[j] > genScores[bi]) bi = j;
        const m = genMoves[bi];
        const s = genScores[bi];
        genMoves[bi] = genMoves[i];
        genScores[bi] = genScores[i];
        genMoves[i] = m;
        genScores[i] = s;
      }
      if (prove && keep > 0 && genScores[0] >= OWN_OPEN_FOUR_ORDER) {
        nProof[node] = 3; // an open four or a double four: the opponent has no five to answer with
        return;
      }
      n = keep;
    }
    if (n === 0) {
      nFirst[node] = used;
      nCount[node] = 0;
      nFull[node] = 1;
      return;
    }
    if (used + n > cap && !ensurePool(used + n)) return; // pool full: the node stays a leaf
    const first = used;
    for (let i = 0; i < n; i++) {
      const c = first + i;
      nMove[c] = genMoves[i];
      nFirst[c] = -1;
      nCount[c] = 0;
      nVisits[c] = 0;
      nWins[c] = 0;
      nProof[c] = 0;
      nFull[c] = 0;
    }
    used += n;
    nFirst[node] = first;
    nCount[node] = n;
    nFull[node] = full;
  }

  /** UCB1 with progressive widening; proven children are taken (a win) or avoided (a loss). */
  function select(node: number): number {
    const first = nFirst[node];
    const count = nCount[node];
    const pv = nVisits[node];
    let k = 2 + Math.floor(Math.sqrt(pv));
    if (k > count) k = count;
    const logN = Math.log(pv + 1);
    let best = -1;
    let bestU = -Infinity;
    for (let i = 0; i < count; i++) {
      const c = first + i;
      const pr = nProof[c];
      if (pr < 0) return c; // the opponent loses there
      if (pr > 0) {
        if (best < 0) {
          best = c;
          bestU = -1e9 + nVisits[c]; // a losing move, only if nothing else is left
        }
        if (i < k && k < count) k++; // look one further instead
        continue;
      }
      if (i >= k && bestU > -1e8) break;
      const v = nVisits[c];
      if (v === 0) return c;
      const u = nWins[c] / v + C * Math.sqrt(logN / v);
      if (u > bestU) {
        bestU = u;
        best = c;
      }
    }
    return best;
  }

  /** A playout from the current board, `side` to move: the result for `side` in [0, 1]. */
  function playout(side: number): number {
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
      } else if (plies >= playoutDepth) {
        // Potential difference with a small bonus for the side to move (Board.evaluate's tempo
        // bonus of a quarter is tuned for alpha-beta and would decide every cut-off playout).
        const ts = b.total[s];
        const e = ts - b.total[o] + (ts >> 5);
        const p = 1 / (1 + Math.exp(-e / EVAL_SCALE));
        result = s === side ? p : 1 - p;
        break;
      } else {
        // Scan the candidates from a random start (random tie-breaks), keep the best three.
        let b1 = -1;
        let b2 = -1;
        let b3 = -1;
        let s1 = -1;
        let s2 = -1;
        let s3 = -1;
        let nc = 0;
        const off = rng() % nCells;
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
          const h = position.size >> 1;
          q = b.index(h, h);
          if (cells[q] !== 0) {
            result = 0.5;
            break;
          }
        } else {
          const r = rng() & 1023;
          if (s1 >= 8_000)
            q = r < 950 || b2 < 0 ? b1 : b2; // a strong threat to make or stop: mostly forced
          else if (r < 560 || b2 < 0) q = b1;
          else if (r < 790 || b3 < 0) q = b2;
          else if (r < 930) q = b3;
          else q = cand[rng() % nc];
        }
      }
      b.make(q, s as Color);
      plies++;
      s = o;
    }
    for (let i = 0; i < plies; i++) b.undo();
    return result;
  }

  // Root expansion (with more children than inner nodes; its quick wins were handled above, and
  // the root needs children to name a move).
  expand(0, rootSide, MAX_ROOT_CHILDREN, false);
  const rootChildren = nCount[0];

  let iterations = 0;
  let maxDepthSeen = 0;
  let nextProgress = start + 100;
  const progressEvery = 100;

  const report = (): Analysis => {
    const first = nFirst[0];
    const n = nCount[0];
    const order: number[] = [];
    for (let i = 0; i < n; i++) order.push(first + i);
    order.sort((x, y) => nVisits[y] - nVisits[x] || nWins[y] * nVisits[x] - nWins[x] * nVisits[y]);
    const childScore = (c: number): Score => {
      const pr = nProof[c];
      if (pr < 0) return { kind: "win", plies: -pr + 1 };
      if (pr > 0) return { kind: "loss", plies: pr + 1 };
      return { kind: "eval", value: nVisits[c] > 0 ? winRateValue(nWins[c] / nVisits[c]) : 0 };
    };
    let best = n > 0 ? order[0] : -1;
    let score: Score;
    const rp = nProof[0];
    if (rp > 0) {
      // Proven win: the quickest winning child.
      let bp = Infinity;
      for (let i = 0; i < n; i++) {
        const c = first + i;
        if (nProof[c] < 0 && -nProof[c] < bp) {
          bp = -nProof[c];
          best = c;
        }
      }
      score = { kind: "win", plies: rp };
    } else if (rp < 0) {
      // Proven loss: the slowest one (the most visited among the longest).
      let bp = -1;
      for (const c of order) {
        if (nProof[c] > bp) {
          bp = nProof[c];
          best = c;
        }
      }
      score = { kind: "loss", plies: -rp };
    } else if (best >= 0) {
      // Never recommend a proven loss while an unproven move is left.
      if (nProof[best] > 0)
        for (const c of order)
          if (nProof[c] === 0) {
            best = c;
            break;
          }
      score = childScore(best);
    } else score = { kind: "eval", value: 0 };
    // Principal variation: the most-visited line (from the best root child).
    const pv: number[] = [];
    let node = best;
    while (node >= 0 && pv.length < 40) {
      pv.push(nMove[node]);
      const f = nFirst[node];
      const k = f < 0 ? 0 : nCount[node];
      let nb = -1;
      for (let i = 0; i < k; i++) {
        const c = f + i;
        if (nVisits[c] > 0 && (nb < 0 || nVisits[c] > nVisits[nb] || nProof[c] < 0)) nb = c;
        if (nProof[c] < 0) break;
      }
      node = nb;
    }
    const roots: RootScore[] = [];
    for (const c of order) if (nVisits[c] > 0 || nProof[c] !== 0) roots.push({ move: pt(nMove[c]), score: childScore(c) });
    if (best >= 0 && roots.length === 0) roots.push({ move: pt(nMove[best]), score });
    const top: MoveStat[] = [];
    for (const c of order.slice(0, 10)) {
      if (nVisits[c] === 0) break;
      top.push({ move: pt(nMove[c]), visits: nVisits[c], winRate: Math.round((nWins[c] / nVisits[c]) * 1000) / 1000 });
    }
    return answer(best >= 0 ? nMove[best] : -1, score, Math.max(1, maxDepthSeen), iterations, pv, roots, top);
  };

  const progress = (): void => {
    const r = report();
    const p: Progress = { depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move, top: r.top };
    limits.onProgress?.(p);
  };

  // One forced reply (a five to block): a short look for its score is enough.
  const iterLimit = rootChildren === 1 ? Math.min(maxIter, 300) : maxIter;
  if (nProof[0] === 0 && rootChildren > 0) {
    for (;;) {
      // Selection (and expansion on a node's second visit).
      let node = 0;
      let side = rootSide;
      let depth = 0;
      path[0] = 0;
      for (;;) {
        if (nProof[node] !== 0) break;
        if (nFirst[node] < 0) {
          if (nVisits[node] === 0 || depth >= MAX_TREE_DEPTH) break;
          expand(node, side, MAX_CHILDREN);
          if (nProof[node] !== 0 || nFirst[node] < 0) break;
        }
        if (nCount[node] === 0) break; // full board
        const c = select(node);
        b.make(nMove[c], side as Color);
        side = 3 - side;
        node = c;
        path[++depth] = node;
      }
      if (depth > maxDepthSeen) maxDepthSeen = depth;
      // Simulation: the value for the side to move at the leaf.
      const pr = nProof[node];
      const r = pr > 0 ? 1 : pr < 0 ? 0 : playout(side);
      for (let i = 0; i < depth; i++) b.undo();
      // Backpropagation: each node holds the reward of the side that moved into it.
      let v = 1 - r;
      for (let d = depth; d >= 0; d--) {
        const nd = path[d];
        nVisits[nd]++;
        nWins[nd] += v;
        v = 1 - v;
      }
      // Proofs move up while they decide the parent.
      for (let d = depth; d >= 1 && nProof[path[d]] !== 0; d--) {
        const c = path[d];
        const p = path[d - 1];
        const pc = nProof[c];
        if (pc < 0) {
          const w = -pc + 1;
          if (nProof[p] <= 0 || nProof[p] > w) nProof[p] = w;
        } else {
          if (!nFull[p] || nProof[p] !== 0) break;
          const f = nFirst[p];
          let worst = 0;
          let all = true;
          for (let i = 0; i < nCount[p]; i++) {
            const x = nProof[f + i];
            if (x <= 0) {
              all = false;
              break;
            }
            if (x > worst) worst = x;
          }
          if (!all) break;
          nProof[p] = -(worst + 1);
        }
      }
      iterations++;
      if (nProof[0] !== 0 || iterations >= iterLimit) break;
      if ((iterations & 15) === 0 && (deadline !== Infinity || limits.onProgress)) {
        const t = now();
        if (t >= deadline) break;
        if (limits.onProgress && t >= nextProgress) {
          progress();
          nextProgress = t + progressEvery;
        }
      }
    }
  }
  const result = report();
  if (result.nodes === 0) result.nodes = 1;
  if (limits.onProgress)
    limits.onProgress({
      depth: result.depth,
      score: result.score,
      nodes: result.nodes,
      timeMs: result.timeMs,
      pv: result.pv,
      move: result.move,
      top: result.top,
    });
  return result;
}
