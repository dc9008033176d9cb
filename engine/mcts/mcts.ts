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
import type { Analysis, Color, Limits, Point, Position, Progress, Score } from "../types";
import type { Board } from "../board/board";
import * as P from "../board/patterns";
import * as M from "../board/movegen";
import { boardOf, winnerOnBoard } from "../board/position";
import { VcfSolver } from "../search/threats/vcf";
import { POOL } from "./tree";
import { Expander } from "./expand";
import { Playout } from "./playout";
import { backup, proveUp, select } from "./uct";
import { type RootReport, rootReport } from "./report";

export { winRateValue } from "./report";

// Re-bound to local consts (getter calls under tsx/vitest, see playout.ts).
const { FIVE } = P;
const { findFives } = M;

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
const DEFAULT_SEED = 0x2545f491;
/** With onProgress: a report at most this often (ms). */
const PROGRESS_EVERY = 100;

export function mcts(position: Position, limits: MctsLimits = {}): Analysis {
  return new Mcts(position, limits).run();
}

/** One search: its own board (built from the position), the shared node pool, its playouts. */
export class Mcts {
  private readonly start = now();
  private readonly board: Board;
  private readonly pool = POOL;
  private readonly rootSide: number;
  private readonly timeMs: number | undefined;
  private readonly maxIter: number;
  private readonly deadline: number;
  private readonly exploration: number;
  private readonly expander: Expander;
  private readonly playout: Playout;
  private readonly path = new Int32Array(MAX_TREE_DEPTH + 2);
  private iterations = 0;
  private maxDepthSeen = 0;

  constructor(
    position: Position,
    private readonly limits: MctsLimits,
  ) {
    let timeMs = limits.timeMs;
    this.maxIter = Math.max(1, Math.min(limits.maxIterations ?? Number.MAX_SAFE_INTEGER, limits.maxNodes ?? Number.MAX_SAFE_INTEGER));
    if (timeMs === undefined && limits.maxIterations === undefined && limits.maxNodes === undefined) timeMs = 1000;
    this.timeMs = timeMs;
    // A margin for the last clock check and the answer (as think() keeps).
    this.deadline = timeMs === undefined ? Infinity : this.start + Math.max(1, timeMs - Math.min(25, timeMs * 0.1));
    this.exploration = limits.exploration ?? 0.5;
    this.board = boardOf(position);
    this.rootSide = position.toMove;
    this.expander = new Expander(this.board);
    this.playout = new Playout(this.board, Math.max(0, limits.playoutDepth ?? 12), (limits.seed ?? DEFAULT_SEED) >>> 0 || DEFAULT_SEED);
  }

  run(): Analysis {
    const decided = this.decided();
    if (decided) return decided;
    this.pool.reset();
    // The root gets more children than inner nodes; its quick wins were handled above, and it
    // needs children to name a move.
    this.expander.expand(this.pool, 0, this.rootSide, MAX_ROOT_CHILDREN, false);
    this.search();
    const result = this.report();
    if (result.nodes === 0) result.nodes = 1;
    this.limits.onProgress?.(progressOf(result));
    return result;
  }

  /** The answer when the position is decided before any search (game over, a five, a VCF), else null. */
  private decided(): Analysis | null {
    const b = this.board;
    const side = this.rootSide;
    const opp = 3 - side;
    const winner = winnerOnBoard(b);
    if (winner !== 0) return this.answer(-1, winner === side ? { kind: "win", plies: 0 } : { kind: "loss", plies: 0 }, 0, 0, []);
    if (b.count === b.size * b.size) return this.answer(-1, { kind: "eval", value: 0 }, 0, 0, []);
    const tmp = new Int16Array(4);
    if (b.cnt[side * 16 + FIVE] > 0) {
      findFives(b, side, tmp);
      return this.answer(tmp[0], { kind: "win", plies: 1 }, 1, 1, [tmp[0]]);
    }
    if (b.cnt[opp * 16 + FIVE] > 0 && findFives(b, opp, tmp) >= 2) return this.answer(tmp[0], { kind: "loss", plies: 2 }, 1, 1, [tmp[0], tmp[1]]);
    // A forced win by continuous fours: cheap, and exact.
    const vcf = new VcfSolver(b);
    const timeMs = this.timeMs;
    const plies = vcf.solve(side, 20, timeMs === undefined ? 20_000 : 200_000, timeMs === undefined ? Infinity : this.start + timeMs * 0.1);
    if (plies === 0) return null;
    const r = this.answer(vcf.seq[0], { kind: "win", plies }, plies, 1, Array.from(vcf.seq.subarray(0, vcf.length)));
    this.limits.onProgress?.({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move });
    return r;
  }

  /** Iterations until the root is proven, the iteration limit, or the deadline. */
  private search(): void {
    const pool = this.pool;
    const rootChildren = pool.count[0];
    if (pool.proof[0] !== 0 || rootChildren === 0) return;
    // One forced reply (a five to block): a short look for its score is enough.
    const iterLimit = rootChildren === 1 ? Math.min(this.maxIter, 300) : this.maxIter;
    const onProgress = this.limits.onProgress;
    let nextProgress = this.start + PROGRESS_EVERY;
    for (;;) {
      this.iterate();
      this.iterations++;
      if (pool.proof[0] !== 0 || this.iterations >= iterLimit) break;
      if ((this.iterations & 15) === 0 && (this.deadline !== Infinity || onProgress)) {
        const t = now();
        if (t >= this.deadline) break;
        if (onProgress && t >= nextProgress) {
          onProgress(progressOf(this.report()));
          nextProgress = t + PROGRESS_EVERY;
        }
      }
    }
  }

  /** One iteration: down the tree, a playout from the leaf (or its proof), the result back up. */
  private iterate(): void {
    const pool = this.pool;
    const depth = this.descend();
    const leaf = this.path[depth];
    const side = depth % 2 === 0 ? this.rootSide : 3 - this.rootSide;
    const pr = pool.proof[leaf];
    const r = pr > 0 ? 1 : pr < 0 ? 0 : this.playout.run(side);
    for (let i = 0; i < depth; i++) this.board.undo();
    backup(pool, this.path, depth, r);
    proveUp(pool, this.path, depth);
  }

  /** Selection, expanding a node on its second visit; plays the path on the board. Returns its depth. */
  private descend(): number {
    const pool = this.pool;
    const path = this.path;
    let node = 0;
    let side = this.rootSide;
    let depth = 0;
    path[0] = 0;
    for (;;) {
      if (pool.proof[node] !== 0) break;
      if (pool.first[node] < 0) {
        if (pool.visits[node] === 0 || depth >= MAX_TREE_DEPTH) break;
        this.expander.expand(pool, node, side, MAX_CHILDREN);
        if (pool.proof[node] !== 0 || pool.first[node] < 0) break;
      }
      if (pool.count[node] === 0) break; // full board
      const c = select(pool, node, this.exploration);
      this.board.make(pool.move[c], side as Color);
      side = 3 - side;
      node = c;
      path[++depth] = node;
    }
    if (depth > this.maxDepthSeen) this.maxDepthSeen = depth;
    return depth;
  }

  private report(): Analysis {
    const r: RootReport = rootReport(this.pool, this.pt);
    return { ...this.answer(r.move, r.score, Math.max(1, this.maxDepthSeen), this.iterations, r.pv, r.roots), top: r.top };
  }

  private readonly pt = (q: number): Point => ({ x: this.board.xOf(q), y: this.board.yOf(q) });

  /** An answer; rootScores default to the move alone with the answer's score. */
  private answer(move: number, score: Score, depth: number, nodes: number, pv: number[], roots = move < 0 ? [] : [{ move: this.pt(move), score }]): Analysis {
    return {
      move: move < 0 ? null : this.pt(move),
      score,
      depth,
      nodes,
      timeMs: Math.round((now() - this.start) * 10) / 10,
      pv: pv.map(this.pt),
      rootScores: roots,
    };
  }
}

const progressOf = (r: Analysis): Progress => ({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move, top: r.top });
