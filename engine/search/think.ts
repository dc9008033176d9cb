// think(): the engine's one entry point. Sets up the fast board, handles the decided cases
// (game over, a five now, a double five threat, a VCF win, a short VCT win), drops the root moves
// that leave the opponent a VCF (threat-space defence), then iterative deepening under the
// limits. The answer is always the best move of the last COMPLETED depth (or a proven VCT win
// when the search proves nothing quicker). Feature switches: ThinkOptions.features, docs/ENGINE.md.
import type { Analysis, Limits, Point, Position, RootScore, Score } from "../types";
import { scoreRank } from "../score";
import { boardOf, winnerOnBoard } from "../board/position";
import { FIVE, FLEX4 } from "../board/patterns";
import { GEN_ALL, findFives, generateMoves, playable } from "../board/movegen";
import { MATE, MATE_BOUND, Searcher } from "./alphabeta";
import { VcfSolver } from "./threats/vcf";
import { VctSolver } from "./threats/vct";

/** Internal switches, not part of the public Limits. */
export interface ThinkOptions {
  /** No threat shortcuts, pruning, extensions, LMR or VCF: equals plain alpha-beta (for tests). */
  plain?: boolean;
  /** Feature switches for A/B matches (docs/ENGINE.md); unset = DEFAULT_FEATURES. */
  features?: Partial<Features>;
  /**
   * Keep the transposition table of the think() calls before this one (aged: the new search's
   * stores replace old entries first) instead of clearing it. The answer then depends on earlier
   * calls (not deterministic); the Gomocup brain uses it, thinking move after move in one game.
   */
  keepTable?: boolean;
}

export interface Features {
  /** VCF probe of the side to move at the search horizon (measured: weaker at 200 ms, off). */
  leafVcf: boolean;
  /** Root: when the opponent has a VCF, drop the root moves that leave it one (proven losses). */
  rootDefence: boolean;
  /** Root: a budgeted VCT (threes and fours) for the side to move after the VCF. */
  rootVct: boolean;
  /** Root defence also against the opponent's VCT (not only its VCF). */
  rootDefenceVct: boolean;
}

/**
 * The site's AI (a game's engine seat): exact scores for the best this many root moves, fast upper
 * bounds for the others. The replay's heatmap still shows every candidate (bounds as "≤ …") while
 * the search keeps nearly the depth of the best-move-only search (docs/ENGINE.md).
 */
export const SITE_EXACT_ROOT_MOVES = 8;

/** With exact scores for the best K: the share of the time kept for them after the iterations. */
const REFINE_SHARE = 0.1;

export const DEFAULT_FEATURES: Features = { leafVcf: false, rootDefence: true, rootVct: true, rootDefenceVct: false };

const now = (): number => globalThis.performance.now();

/** Internal score (from the side to move, mates as MATE − plies) to the public Score. */
export function toScore(v: number): Score {
  if (v >= MATE_BOUND) return { kind: "win", plies: MATE - v };
  if (v <= -MATE_BOUND) return { kind: "loss", plies: MATE + v };
  return { kind: "eval", value: v };
}

export function think(position: Position, limits: Limits = {}, options: ThinkOptions = {}): Analysis {
  const r = thinkAny(position, limits, options);
  return position.rule === "renju" && position.toMove === 1 ? legalForBlack(position, r) : r;
}

/**
 * Renju's last line of defence: black's answer is never a forbidden point. The search does not
 * produce one (move generation filters them), but a lost position's "any block" shortcut could;
 * then the best-ordered legal move is played instead.
 */
function legalForBlack(position: Position, r: Analysis): Analysis {
  if (!r.move) return r;
  const b = boardOf(position);
  if (playable(b, b.index(r.move.x, r.move.y), 1)) return r;
  const moves = new Int16Array(b.size * b.size);
  const scores = new Int32Array(b.size * b.size);
  const n = generateMoves(b, 1, GEN_ALL, moves, scores, 0, new Int32Array(3 * 30 * 30), 0, -1, -1, -1);
  let best = -1;
  for (let i = 0; i < n; i++) if (best < 0 || scores[i] > scores[best]) best = i;
  const move = best < 0 ? null : { x: b.xOf(moves[best]), y: b.yOf(moves[best]) };
  return { ...r, move, pv: move ? [move] : [], rootScores: r.rootScores.filter((s) => playable(b, b.index(s.move.x, s.move.y), 1)) };
}

function thinkAny(position: Position, limits: Limits = {}, options: ThinkOptions = {}): Analysis {
  const start = now();
  const plain = options.plain === true;
  const features: Features = { ...DEFAULT_FEATURES, ...options.features };
  const er = limits.exactRootScores ?? true;
  const exactRoot = er === true ? Infinity : er === false || !(er >= 1) ? 1 : Math.floor(er);
  let timeMs = limits.timeMs;
  const noLimit = timeMs === undefined && limits.maxDepth === undefined && limits.maxNodes === undefined;
  if (noLimit) timeMs = 1000;
  // Keep a margin for the last clock check (every 1024 nodes) and for building the answer.
  const deadline = timeMs === undefined ? Infinity : start + Math.max(1, timeMs - Math.min(25, timeMs * 0.1));
  // The time aimed at (time management, Limits.softTimeMs): the root solvers' shares are of it.
  const aimMs = timeMs !== undefined && limits.softTimeMs !== undefined && limits.softTimeMs < timeMs ? Math.max(1, limits.softTimeMs) : timeMs;
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
  // A proven win found before the main search (VCF, VCT, the quicker-win pass): the answer with its
  // one root score, reported as progress too.
  const proven = (pv: number[], v: number, depth: number, nodes: number): Analysis => {
    const r = done(pv[0], v, depth, nodes, pv, [{ move: pt(pv[0]), score: toScore(v) }]);
    limits.onProgress?.({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move });
    return r;
  };

  // Game over: a five on the board, or no empty cell.
  const winner = winnerOnBoard(b);
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
      return done(
        tmp[0],
        v,
        1,
        1,
        [tmp[0], tmp[1]],
        [tmp[0], tmp[1]].map((q) => ({ move: pt(q), score: toScore(v) })),
      );
    }
  }

  let vcfNodes = 0;
  if (!plain) {
    // Continuous fours first: cheap, narrow, and decisive when it finds something.
    const vcf = new VcfSolver(b);
    const vcfDeadline = aimMs === undefined ? Infinity : start + aimMs * 0.2;
    const vcfBudget = Math.min(timeMs === undefined ? 20_000 : 400_000, Math.max(1, Math.floor(maxNodes / 4)));
    // The shortest VCF: the reported win is the true minimum by fours, its first move one of the
    // shortest's. A VCF found ends the turn, so the search for a shorter one may use up to half the
    // time aimed at (the first VCF's 20 % share would cut it short under load).
    const shortDeadline = aimMs === undefined ? Infinity : start + aimMs * 0.5;
    const plies = vcf.solveShortest(side, 20, vcfBudget, vcfDeadline, shortDeadline);
    vcfNodes = vcf.nodes;
    if (plies > 0) return proven(Array.from(vcf.seq.subarray(0, vcf.length)), MATE - plies, plies, vcfNodes);
  }

  let vct: VctSolver | null = null;
  let vctMove = -1;
  let vctPlies = 0;
  const vctResult = (): Analysis => proven([vctMove], MATE - vctPlies, vctPlies, vcfNodes + (sNodes?.() ?? 0));
  let sNodes: (() => number) | null = null;
  if (!plain && features.rootVct) {
    // Continuous threats (threes too): wider than VCF, so a smaller share of the time.
    vct = new VctSolver(b);
    const vctDeadline = aimMs === undefined ? Infinity : start + aimMs * 0.15;
    const vctBudget = Math.min(20_000, Math.max(1, Math.floor(maxNodes / 8)));
    const plies = vct.solve(side, 6, vctBudget, vctDeadline);
    vcfNodes += vct.nodes;
    if (plies > 0) {
      vctMove = vct.seq[0];
      vctPlies = plies;
      // A short win is played at once; a long one only if the search finds no quicker win.
      if (plies <= 7) return vctResult();
    }
  }
  // A VCT win longer than 7 plies while every root move gets an exact score: a quicker win that
  // starts with a quiet move (no three, so no VCT: w7-sp-vct-e9, -i7) is proven at depth 4, but
  // with all root moves exact that takes 4× the nodes. A best-move-only search to the depth of a
  // win 2 plies quicker (p plies need depth p − 3: an open four is scored at the horizon) looks
  // for it first. It may use most of the time: after a VCT win the main search below matters only
  // if it proves a quicker one, and this pass is the cheaper way to find that.
  if (vctMove >= 0 && exactRoot === Infinity) {
    const quick = new Searcher(b, {
      plain,
      exactRoot: 1,
      maxNodes: Math.min(200_000, Math.max(1, Math.floor(maxNodes / 4))),
      deadline: aimMs === undefined ? Infinity : start + aimMs * 0.7,
      leafVcf: features.leafVcf,
    });
    quick.generateRoot(side);
    const depths = Math.min(maxDepth, vctPlies - 5);
    for (let depth = 1; depth <= depths && quick.searchRoot(depth, side); depth++) {
      const v = quick.rootScores[0];
      if (v < MATE_BOUND && v > -MATE_BOUND) continue;
      if (v >= MATE_BOUND && MATE - v < vctPlies) return proven(Array.from(quick.rootPv[0].subarray(0, quick.rootPvLen[0])), v, depth, vcfNodes + quick.nodes);
      break; // proven, not quicker
    }
    vcfNodes += quick.nodes;
  }

  // Exact scores for the best K (1 < K < all): the iterations search as for the best move only (its
  // depth), then the time left gives the best K exact scores at the last completed depth.
  // A share of the time is kept for that (the iterations stop earlier).
  const refineK = exactRoot > 1 && exactRoot !== Infinity ? exactRoot : 0;
  const iterShare = refineK ? 1 - REFINE_SHARE : 1;
  const s = new Searcher(b, {
    plain,
    exactRoot: refineK ? 1 : exactRoot,
    maxNodes: Math.max(1, maxNodes - vcfNodes),
    deadline: deadline === Infinity ? Infinity : start + (deadline - start) * iterShare,
    leafVcf: features.leafVcf,
    keepTable: options.keepTable === true,
  });
  let n = s.generateRoot(side);
  // Threat-space defence at the root: if the opponent, given a free move, has a VCF, every root
  // move after which it still has one is a proven loss. Those are not searched (their scores are
  // reported as losses); if every move loses, all are searched (longest resistance).
  const lost: RootScore[] = [];
  if (!plain && features.rootDefence && n > 1 && b.cnt[opp * 16 + FIVE] === 0) {
    const vcf = new VcfSolver(b);
    const tssDeadline = aimMs === undefined ? Infinity : start + aimMs * 0.3;
    const tssBudget = Math.min(timeMs === undefined ? 20_000 : 200_000, Math.max(1, Math.floor(maxNodes / 4)));
    let used = 0;
    let threat = vcf.solve(opp, 20, Math.min(tssBudget, 20_000), tssDeadline);
    used += vcf.nodes;
    // Without a VCF, maybe a VCT (then the root moves are checked against both).
    const useVct = threat === 0 && features.rootDefenceVct && b.cnt[opp * 16 + FLEX4] === 0;
    if (useVct) {
      vct ??= new VctSolver(b);
      threat = vct.solve(opp, 6, Math.min(tssBudget - used, 20_000), tssDeadline);
      used += vct.nodes;
    }
    if (threat > 0) {
      const keep: number[] = [];
      const drop: Array<[number, number]> = [];
      for (let i = 0; i < n; i++) {
        const q = s.rootMoves[i];
        let p = 0;
        // A move whose check runs out of its own small budget is simply kept (not proven lost).
        if (used < tssBudget && now() < tssDeadline) {
          b.make(q, side);
          p = vcf.solve(opp, 20, Math.min(5_000, tssBudget - used), tssDeadline);
          used += vcf.nodes;
          if (p === 0 && useVct && used < tssBudget) {
            p = vct!.solve(opp, 6, Math.min(5_000, tssBudget - used), tssDeadline);
            used += vct!.nodes;
          }
          b.undo();
        }
        if (p > 0) drop.push([q, p]);
        else keep.push(q);
      }
      if (keep.length > 0 && drop.length > 0) {
        for (let i = 0; i < keep.length; i++) s.rootMoves[i] = keep[i];
        n = s.rootCount = keep.length;
        for (const [q, p] of drop) lost.push({ move: pt(q), score: toScore(-(MATE - (1 + p))) });
        lost.sort((x, y) => (x.score.kind === "loss" && y.score.kind === "loss" ? y.score.plies - x.score.plies : 0));
      }
    }
    vcfNodes += used;
  }
  // Fallback when not even depth 1 completes: the best-ordered candidate, scored statically.
  let result = done(s.rootMoves[0], b.evaluate(side), 0, vcfNodes, [s.rootMoves[0]], []);
  let iterStart = now();
  // The answer from the root moves as the searcher holds them after a completed depth.
  const answer = (depth: number): Analysis => {
    const pv = Array.from(s.rootPv[0].subarray(0, s.rootPvLen[0]));
    const roots: RootScore[] = [];
    for (let i = 0; i < n; i++) {
      const r: RootScore = { move: pt(s.rootMoves[i]), score: toScore(s.rootScores[i]) };
      if (s.rootBound[i]) r.bound = "upper";
      roots.push(r);
    }
    if (lost.length > 0) {
      for (const r of lost) roots.push(r);
      roots.sort((x, y) => scoreRank(y.score) - scoreRank(x.score)); // stable: best first
    }
    return done(s.rootMoves[0], s.rootScores[0], depth, s.nodes + vcfNodes, pv, roots);
  };
  // Time management: a soft target below the hard limit (docs/ENGINE.md, "Time management").
  const hardIter = timeMs === undefined ? Infinity : timeMs * iterShare;
  const soft = aimMs !== undefined && timeMs !== undefined && aimMs < timeMs ? aimMs * iterShare : hardIter;
  let target = soft;
  let stable = 0;
  let lastMove = -1;
  const depthScore = new Int32Array(maxDepth + 1);
  for (let depth = 1; depth <= maxDepth; depth++) {
    if (!s.searchRoot(depth, side)) break;
    const best = s.rootScores[0];
    if (soft < hardIter) {
      depthScore[depth] = best;
      stable = s.rootMoves[0] === lastMove ? stable + 1 : 0;
      lastMove = s.rootMoves[0];
      let f = stable >= 3 ? 0.5 : stable === 0 && depth > 1 ? 1.5 : 1;
      // Against the depth before last: the evaluation swings between odd and even depths.
      if (depth > 2 && best < depthScore[depth - 2] - 50) f *= 1.5;
      target = Math.min(hardIter, soft * f);
    }
    result = answer(depth);
    limits.onProgress?.({ depth, score: result.score, nodes: result.nodes, timeMs: result.timeMs, pv: result.pv, move: result.move });
    // A proven result does not change with more depth (all shortcuts and prunings are exact).
    if (!plain && (best >= MATE_BOUND || best <= -MATE_BOUND)) break;
    // A single legal choice: its score is all that deeper iterations add. Under a time limit they go
    // on while cheap (a quarter of the target): a forced block that itself starts a win by threes is
    // proven at depth 3, not 2 (w7-sp-block-then-vct). Without one, depth 2 is enough.
    if (n === 1 && depth >= 2 && !plain && (timeMs === undefined || now() - start > target * 0.25)) break;
    // Do not start a depth that cannot finish: the next one costs about 1.5–2.5× the last.
    const t = now();
    if (timeMs !== undefined && t - start + (t - iterStart) * 1.5 > target) break;
    iterStart = t;
  }
  if (refineK && result.depth > 0 && n > 1) {
    const first = s.rootMoves[0];
    const line = result.pv;
    s.resume(deadline);
    s.refineRoot(result.depth, side, refineK);
    // An iteration stopped half-way may have written over root lines: the best move's line is the
    // one reported at its depth unless the refinement found a better move (then its own, fresh).
    const refined = answer(result.depth);
    result = s.rootMoves[0] === first ? { ...refined, pv: line } : refined;
  }
  result.nodes = s.nodes + vcfNodes;
  result.timeMs = elapsed();
  if (vctMove >= 0 && !(result.score.kind === "win" && result.score.plies <= vctPlies)) {
    sNodes = () => s.nodes;
    return vctResult();
  }
  return result;
}
