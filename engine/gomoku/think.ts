// think(): the engine's one entry point. Sets up the fast board, handles the decided cases
// (game over, a five now, a double five threat, a VCF win), then iterative deepening under the
// limits. The answer is always the best move of the last COMPLETED depth.
import type { Analysis, Limits, Point, Position, RootScore, Score } from "../types";
import { Board } from "./board";
import { FIVE } from "./patterns";
import { findFives } from "./movegen";
import { MATE, MATE_BOUND, Searcher } from "./search";
import { VcfSolver } from "./vcf";

/** Internal switches, not part of the public Limits. */
export interface ThinkOptions {
  /** No threat shortcuts, pruning, extensions, LMR or VCF: equals plain alpha-beta (for tests). */
  plain?: boolean;
}

const now = (): number => globalThis.performance.now();

/** Internal score (from the side to move, mates as MATE − plies) to the public Score. */
export function toScore(v: number): Score {
  if (v >= MATE_BOUND) return { kind: "win", plies: MATE - v };
  if (v <= -MATE_BOUND) return { kind: "loss", plies: MATE + v };
  return { kind: "eval", value: v };
}

/** A Board holding the position's stones (throws on a bad position). */
export function boardOf(position: Position): Board {
  const b = new Board(position.size, position.rule);
  for (const s of position.stones) {
    const q = b.index(s.x, s.y);
    if (s.x < 0 || s.y < 0 || s.x >= position.size || s.y >= position.size || b.cells[q] !== 0)
      throw new RangeError(`bad stone (${s.x},${s.y})`);
    b.make(q, s.color);
  }
  return b;
}

/** Is there already a winning line on the board? Returns its colour or 0. */
function winnerOf(b: Board): number {
  for (let i = 0; i < b.count; i++) {
    const q = b.stack[i];
    if (lineFive(b, q, b.cells[q])) return b.cells[q];
  }
  return 0;
}

function lineFive(b: Board, q: number, c: number): boolean {
  for (let d = 0; d < 4; d++) {
    const o = b.dirs[d];
    let len = 1;
    for (let r = q + o; b.cells[r] === c; r += o) len++;
    for (let r = q - o; b.cells[r] === c; r -= o) len++;
    if (b.rule === "exact5" ? len === 5 : len >= 5) return true;
  }
  return false;
}

export function think(position: Position, limits: Limits = {}, options: ThinkOptions = {}): Analysis {
  const start = now();
  const plain = options.plain === true;
  const exactRoot = limits.exactRootScores ?? true;
  let timeMs = limits.timeMs;
  const noLimit = timeMs === undefined && limits.maxDepth === undefined && limits.maxNodes === undefined;
  if (noLimit) timeMs = 1000;
  // Keep a margin for the last clock check (every 1024 nodes) and for building the answer.
  const deadline = timeMs === undefined ? Infinity : start + Math.max(1, timeMs - Math.min(25, timeMs * 0.1));
  const maxDepth = Math.max(1, Math.min(limits.maxDepth ?? 100, 100));
  const maxNodes = limits.maxNodes ?? Number.MAX_SAFE_INTEGER;

  const b = boardOf(position);
  const side = position.toMove;
  const opp = 3 - side;
  const pt = (q: number): Point => ({ x: b.xOf(q), y: b.yOf(q) });
  const elapsed = () => Math.round((now() - start) * 10) / 10;
  const done = (move: number, v: number, depth: number, nodes: number, pv: number[], roots: RootScore[]): Analysis => ({
    move: move < 0 ? null : pt(move),
    score: toScore(v),
    depth,
    nodes,
    timeMs: elapsed(),
    pv: pv.map(pt),
    rootScores: roots,
  });

  // Game over: a five on the board, or no empty cell.
  const winner = winnerOf(b);
  if (winner !== 0) return done(-1, winner === side ? MATE : -MATE, 0, 0, [], []);
  if (b.count === position.size * position.size) return done(-1, 0, 0, 0, [], []);

  const tmp = new Int16Array(4);
  if (!plain) {
    // A five now.
    if (b.cnt[side * 16 + FIVE] > 0) {
      findFives(b, side, tmp);
      const v = MATE - 1;
      return done(tmp[0], v, 1, 1, [tmp[0]], [{ move: pt(tmp[0]), score: toScore(v) }]);
    }
    // Two five points against us: any block loses in 2.
    if (b.cnt[opp * 16 + FIVE] > 0 && findFives(b, opp, tmp) >= 2) {
      const v = -(MATE - 2);
      return done(tmp[0], v, 1, 1, [tmp[0], tmp[1]], [tmp[0], tmp[1]].map((q) => ({ move: pt(q), score: toScore(v) })));
    }
  }

  let vcfNodes = 0;
  if (!plain) {
    // Continuous fours first: cheap, narrow, and decisive when it finds something.
    const vcf = new VcfSolver(b);
    const vcfDeadline = timeMs === undefined ? Infinity : start + timeMs * 0.2;
    const vcfBudget = Math.min(timeMs === undefined ? 20_000 : 400_000, Math.max(1, Math.floor(maxNodes / 4)));
    const plies = vcf.solve(side, 20, vcfBudget, vcfDeadline);
    vcfNodes = vcf.nodes;
    if (plies > 0) {
      const v = MATE - plies;
      const pv = Array.from(vcf.seq.subarray(0, vcf.length));
      const r = done(pv[0], v, plies, vcfNodes, pv, [{ move: pt(pv[0]), score: toScore(v) }]);
      limits.onProgress?.({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move });
      return r;
    }
  }

  const s = new Searcher(b, { plain, exactRoot, maxNodes: Math.max(1, maxNodes - vcfNodes), deadline });
  const n = s.generateRoot(side);
  // Fallback when not even depth 1 completes: the best-ordered candidate, scored statically.
  let result = done(s.rootMoves[0], b.evaluate(side), 0, vcfNodes, [s.rootMoves[0]], []);
  let iterStart = now();
  for (let depth = 1; depth <= maxDepth; depth++) {
    if (!s.searchRoot(depth, side)) break;
    const best = s.rootScores[0];
    const pv = Array.from(s.rootPv[0].subarray(0, s.rootPvLen[0]));
    const roots: RootScore[] = [];
    for (let i = 0; i < n; i++) roots.push({ move: pt(s.rootMoves[i]), score: toScore(s.rootScores[i]) });
    result = done(s.rootMoves[0], best, depth, s.nodes + vcfNodes, pv, roots);
    limits.onProgress?.({ depth, score: result.score, nodes: result.nodes, timeMs: result.timeMs, pv: result.pv, move: result.move });
    // A proven result does not change with more depth (all shortcuts and prunings are exact).
    if (!plain && (best >= MATE_BOUND || best <= -MATE_BOUND)) break;
    if (n === 1 && depth >= 2 && !plain) break; // a single legal choice: enough to give it a score
    // Do not start a depth that cannot finish: the next one costs about 1.5–2.5× the last.
    const t = now();
    if (timeMs !== undefined && t - start + (t - iterStart) * 1.5 > timeMs) break;
    iterStart = t;
  }
  result.nodes = s.nodes + vcfNodes;
  result.timeMs = elapsed();
  return result;
}
