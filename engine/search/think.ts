// think(): the engine's one entry point. Sets up the fast board, handles the decided cases
// (game over, a five now, a double five threat, a VCF win, a short VCT win), drops the root moves
// that leave the opponent a VCF (threat-space defence), then iterative deepening under the
// limits. The answer is always the best move of the last COMPLETED depth (or a proven VCT win
// when the search proves nothing quicker). Feature switches: ThinkOptions.features, docs/engine-log.md.
import type { Analysis, Color, Limits, Point, Position, RootScore, Score } from "../types";
import type { Board } from "../board/board";
import { scoreRank } from "../score";
import { boardOf, winnerOnBoard } from "../board/position";
import { FIVE, FLEX4 } from "../board/patterns";
import { GEN_ALL, findFives, generateMoves, playable } from "../board/movegen";
import { MATE, MATE_BOUND, Searcher } from "./alphabeta";
import { VcfSolver } from "./threats/vcf";
import { VctSolver } from "./threats/vct";
import { DepthTimer, ThinkClock, now } from "./time";
import type { SearchHelpers } from "./smp";

/** Internal switches, not part of the public Limits. */
export interface ThinkOptions {
  /** No threat shortcuts, pruning, extensions, LMR or VCF: equals plain alpha-beta (for tests). */
  plain?: boolean;
  /** Feature switches for A/B matches (docs/engine-log.md); unset = DEFAULT_FEATURES. */
  features?: Partial<Features>;
  /**
   * Keep the transposition table of the think() calls before this one (aged: the new search's
   * stores replace old entries first) instead of clearing it. The answer then depends on earlier
   * calls (not deterministic); the Gomocup brain uses it, thinking move after move in one game.
   */
  keepTable?: boolean;
  /**
   * Lazy SMP (./smp.ts): helper threads searching the main search's root in the shared table from
   * its start to the end of its iterations. The caller gives them only to time-limited searches
   * (with them the result depends on timing).
   */
  helpers?: SearchHelpers;
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
  /** Forward pruning near the horizon (SearchConfig.prune): on at full strength, off for the depth-capped levels. */
  pruning: boolean;
  /** The pattern-combination evaluation (Board.readPatterns, boards up to PATTERN_EVAL_MAX_SIZE): on at full strength, off for the depth-capped levels. */
  patternEval: boolean;
}

/**
 * The brain's root (bin/pbrain, and the site's AI when it chooses a move): only the best move's score
 * exact, bounds for the others: the deepest search for the time. Exact scores for the best 8 cost the
 * site's AI about −55 Elo on balanced openings (issue 33, docs/engine-log.md).
 */
export const BRAIN_EXACT_ROOT = false;

/**
 * The site's candidates' scores, searched after the AI's move is played (lib/server/games/
 * candidate-scores, at the analysis priority): exact scores for the best this many root moves, fast
 * upper bounds for the others. The heatmap shows every candidate (bounds as "≤ …").
 */
export const SITE_EXACT_ROOT_MOVES = 8;

/** With exact scores for the best K: the share of the time kept for them after the iterations. */
const REFINE_SHARE = 0.1;

export const DEFAULT_FEATURES: Features = { leafVcf: false, rootDefence: true, rootVct: true, rootDefenceVct: false, pruning: true, patternEval: true };

/** Internal score (from the side to move, mates as MATE − plies) to the public Score. */
export function toScore(v: number): Score {
  if (v >= MATE_BOUND) return { kind: "win", plies: MATE - v };
  if (v <= -MATE_BOUND) return { kind: "loss", plies: MATE + v };
  return { kind: "eval", value: v };
}

export function think(position: Position, limits: Limits = {}, options: ThinkOptions = {}): Analysis {
  const r = new Think(position, limits, options).run();
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

/**
 * One think() call, its phases in order (each a short method; the first that decides answers):
 * decided cases, the root VCF, the root VCT, a quicker win than a long VCT, then the main search
 * (root defence, iterative deepening, refinement of the best K root scores).
 */
class Think {
  private readonly clock: ThinkClock;
  private readonly plain: boolean;
  private readonly features: Features;
  /** Root moves with exact scores: Infinity all, else the best this many. */
  private readonly exactRoot: number;
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  private readonly b: Board;
  private readonly side: Color;
  private readonly opp: number;
  /** Nodes of the root solvers and of the quicker-win pass (added to the main search's). */
  private extraNodes = 0;
  private vct: VctSolver | null = null;
  /** A proven VCT win too long to play at once: its first move (−1: none) and length. */
  private vctMove = -1;
  private vctPlies = 0;
  /** The main search's root moves still searched, and those proven lost by root defence. */
  private n = 0;
  private readonly lost: RootScore[] = [];

  constructor(
    position: Position,
    private readonly limits: Limits,
    private readonly options: ThinkOptions,
  ) {
    this.clock = new ThinkClock(limits);
    this.plain = options.plain === true;
    this.features = { ...DEFAULT_FEATURES, ...options.features };
    const er = limits.exactRootScores ?? true;
    this.exactRoot = er === true ? Infinity : er === false || !(er >= 1) ? 1 : Math.floor(er);
    this.maxDepth = Math.max(1, Math.min(limits.maxDepth ?? 100, 100));
    this.maxNodes = limits.maxNodes ?? Number.MAX_SAFE_INTEGER;
    this.b = boardOf(position);
    this.b.readPatterns(!this.plain && this.features.patternEval); // plain: the course's alpha-beta, as the lab and the reference searches evaluate
    this.side = position.toMove;
    this.opp = 3 - this.side;
  }

  run(): Analysis {
    return this.decided() ?? this.rootVcf() ?? this.rootVct() ?? this.quickerWin() ?? this.mainSearch();
  }

  /** Game over (a five on the board, no empty cell), a five now, or two five points against us. */
  private decided(): Analysis | null {
    const { b, side, opp } = this;
    const winner = winnerOnBoard(b);
    if (winner !== 0) return this.done(-1, winner === side ? MATE : -MATE, 0, 0, [], []);
    if (b.count === b.size * b.size) return this.done(-1, 0, 0, 0, [], []);
    if (this.plain) return null;
    const tmp = new Int16Array(4);
    if (b.cnt[side * 16 + FIVE] > 0) {
      findFives(b, side, tmp);
      const v = MATE - 1;
      return this.done(tmp[0], v, 1, 1, [tmp[0]], [this.root(tmp[0], v)]);
    }
    // Two five points against us: any block loses in 2.
    if (b.cnt[opp * 16 + FIVE] > 0 && findFives(b, opp, tmp) >= 2) {
      const v = -(MATE - 2);
      return this.done(tmp[0], v, 1, 1, [tmp[0], tmp[1]], [this.root(tmp[0], v), this.root(tmp[1], v)]);
    }
    return null;
  }

  /** Continuous fours first: cheap, narrow, and decisive when it finds something. */
  private rootVcf(): Analysis | null {
    if (this.plain) return null;
    const clock = this.clock;
    const vcf = new VcfSolver(this.b);
    const budget = Math.min(clock.timeMs === undefined ? 20_000 : 400_000, Math.max(1, Math.floor(this.maxNodes / 4)));
    // The shortest VCF: the reported win is the true minimum by fours, its first move one of the
    // shortest's. A VCF found ends the turn, so the search for a shorter one may use up to half the
    // time aimed at (the first VCF's 20 % share would cut it short under load).
    const plies = vcf.solveShortest(this.side, 20, budget, clock.at(0.2), clock.at(0.5));
    this.extraNodes = vcf.nodes;
    return plies > 0 ? this.proven(Array.from(vcf.seq.subarray(0, vcf.length)), MATE - plies, plies, this.extraNodes) : null;
  }

  /** Continuous threats (threes too): wider than VCF, so a smaller share of the time. A short win is played at once. */
  private rootVct(): Analysis | null {
    if (this.plain || !this.features.rootVct) return null;
    const vct = (this.vct = new VctSolver(this.b));
    const budget = Math.min(20_000, Math.max(1, Math.floor(this.maxNodes / 8)));
    const plies = vct.solve(this.side, 6, budget, this.clock.at(0.15));
    this.extraNodes += vct.nodes;
    if (plies === 0) return null;
    this.vctMove = vct.seq[0];
    this.vctPlies = plies;
    // A long one only if the search finds no quicker win.
    return plies <= 7 ? this.vctResult(this.extraNodes) : null;
  }

  private vctResult(nodes: number): Analysis {
    return this.proven([this.vctMove], MATE - this.vctPlies, this.vctPlies, nodes);
  }

  /**
   * A VCT win longer than 7 plies while every root move gets an exact score: a quicker win that
   * starts with a quiet move (no three, so no VCT: w7-sp-vct-e9, -i7) is proven at depth 4, but
   * with all root moves exact that takes 4× the nodes. A best-move-only search to the depth of a
   * win 2 plies quicker (p plies need depth p − 3: an open four is scored at the horizon) looks
   * for it first. It may use most of the time: after a VCT win the main search matters only if it
   * proves a quicker one, and this pass is the cheaper way to find that.
   */
  private quickerWin(): Analysis | null {
    if (this.vctMove < 0 || this.exactRoot !== Infinity) return null;
    const quick = new Searcher(this.b, {
      plain: this.plain,
      exactRoot: 1,
      maxNodes: Math.min(200_000, Math.max(1, Math.floor(this.maxNodes / 4))),
      deadline: this.clock.at(0.7),
      leafVcf: this.features.leafVcf,
      prune: this.features.pruning,
    });
    quick.generateRoot(this.side);
    const depths = Math.min(this.maxDepth, this.vctPlies - 5);
    for (let depth = 1; depth <= depths && quick.searchRoot(depth, this.side); depth++) {
      const v = quick.rootScores[0];
      if (v < MATE_BOUND && v > -MATE_BOUND) continue;
      if (v >= MATE_BOUND && MATE - v < this.vctPlies) {
        return this.proven(Array.from(quick.rootPv[0].subarray(0, quick.rootPvLen[0])), v, depth, this.extraNodes + quick.nodes);
      }
      break; // proven, not quicker
    }
    this.extraNodes += quick.nodes;
    return null;
  }

  /** Root defence, iterative deepening, refinement; a proven VCT win when the search proves nothing quicker. */
  private mainSearch(): Analysis {
    // Exact scores for the best K (1 < K < all): the iterations search as for the best move only (its
    // depth), then the time left gives the best K exact scores at the last completed depth.
    // A share of the time is kept for that (the iterations stop earlier).
    const refineK = this.exactRoot > 1 && this.exactRoot !== Infinity ? this.exactRoot : 0;
    const share = refineK ? 1 - REFINE_SHARE : 1;
    const clock = this.clock;
    const s = new Searcher(this.b, {
      plain: this.plain,
      exactRoot: refineK ? 1 : this.exactRoot,
      maxNodes: Math.max(1, this.maxNodes - this.extraNodes),
      deadline: clock.deadline === Infinity ? Infinity : clock.start + (clock.deadline - clock.start) * share,
      leafVcf: this.features.leafVcf,
      prune: this.features.pruning,
      keepTable: this.options.keepTable === true,
    });
    this.n = s.generateRoot(this.side);
    this.rootDefence(s);
    const helpers = this.options.helpers;
    if (this.n > 1) helpers?.start(Array.from(s.rootMoves.subarray(0, this.n), this.pt));
    let result: Analysis;
    try {
      result = this.deepen(s, share);
    } finally {
      helpers?.stop();
    }
    if (refineK && result.depth > 0 && this.n > 1) result = this.refine(s, result, refineK);
    result.nodes = s.nodes + this.extraNodes;
    result.timeMs = clock.elapsed();
    if (this.vctMove >= 0 && !(result.score.kind === "win" && result.score.plies <= this.vctPlies)) return this.vctResult(this.extraNodes + s.nodes);
    return result;
  }

  /**
   * Threat-space defence at the root: if the opponent, given a free move, has a VCF, every root
   * move after which it still has one is a proven loss. Those are not searched (their scores are
   * reported as losses); if every move loses, all are searched (longest resistance).
   */
  private rootDefence(s: Searcher): void {
    const { b, opp, clock, features } = this;
    if (this.plain || !features.rootDefence || this.n <= 1 || b.cnt[opp * 16 + FIVE] !== 0) return;
    const vcf = new VcfSolver(b);
    const deadline = clock.at(0.3);
    const budget = Math.min(clock.timeMs === undefined ? 20_000 : 200_000, Math.max(1, Math.floor(this.maxNodes / 4)));
    let used = 0;
    let threat = vcf.solve(opp, 20, Math.min(budget, 20_000), deadline);
    used += vcf.nodes;
    // Without a VCF, maybe a VCT (then the root moves are checked against both).
    const vct = threat === 0 && features.rootDefenceVct && b.cnt[opp * 16 + FLEX4] === 0 ? (this.vct ??= new VctSolver(b)) : null;
    if (vct) {
      threat = vct.solve(opp, 6, Math.min(budget - used, 20_000), deadline);
      used += vct.nodes;
    }
    if (threat > 0) used = this.dropLosing(s, vcf, vct, budget, used, deadline);
    this.extraNodes += used;
  }

  /** The root moves after which the opponent still wins by force leave the search. Returns the nodes used so far. */
  private dropLosing(s: Searcher, vcf: VcfSolver, vct: VctSolver | null, budget: number, used: number, deadline: number): number {
    const { b, side, opp } = this;
    const keep: number[] = [];
    const drop: Array<[number, number]> = [];
    for (let i = 0; i < this.n; i++) {
      const q = s.rootMoves[i];
      let p = 0;
      // A move whose check runs out of its own small budget is simply kept (not proven lost).
      if (used < budget && now() < deadline) {
        b.make(q, side);
        p = vcf.solve(opp, 20, Math.min(5_000, budget - used), deadline);
        used += vcf.nodes;
        if (p === 0 && vct && used < budget) {
          p = vct.solve(opp, 6, Math.min(5_000, budget - used), deadline);
          used += vct.nodes;
        }
        b.undo();
      }
      if (p > 0) drop.push([q, p]);
      else keep.push(q);
    }
    if (keep.length > 0 && drop.length > 0) {
      for (let i = 0; i < keep.length; i++) s.rootMoves[i] = keep[i];
      this.n = s.rootCount = keep.length;
      for (const [q, p] of drop) this.lost.push(this.root(q, -(MATE - (1 + p))));
      this.lost.sort((x, y) => (x.score.kind === "loss" && y.score.kind === "loss" ? y.score.plies - x.score.plies : 0));
    }
    return used;
  }

  /** Iterative deepening under the limits and time management: the answer of the last completed depth. */
  private deepen(s: Searcher, share: number): Analysis {
    const side = this.side;
    // Fallback when not even depth 1 completes: the best-ordered candidate, scored statically.
    let result = this.done(s.rootMoves[0], this.b.evaluate(side), 0, this.extraNodes, [s.rootMoves[0]], []);
    const timer = new DepthTimer(this.clock, share, this.maxDepth);
    for (let depth = 1; depth <= this.maxDepth; depth++) {
      if (!s.searchRoot(depth, side)) break;
      const best = s.rootScores[0];
      timer.completed(depth, best, s.rootMoves[0]);
      result = this.answer(s, depth);
      this.limits.onProgress?.({ depth, score: result.score, nodes: result.nodes, timeMs: result.timeMs, pv: result.pv, move: result.move });
      // A proven result does not change with more depth (all shortcuts and prunings are exact).
      if (!this.plain && (best >= MATE_BOUND || best <= -MATE_BOUND)) break;
      // A single legal choice: its score is all that deeper iterations add. Under a time limit they go
      // on while cheap (a quarter of the target): a forced block that itself starts a win by threes is
      // proven at depth 3, not 2 (w7-sp-block-then-vct). Without one, depth 2 is enough.
      if (this.n === 1 && depth >= 2 && !this.plain && timer.quarterUsed()) break;
      // Do not start a depth that cannot finish.
      if (!timer.nextFits()) break;
    }
    return result;
  }

  /** Exact scores for the best k root moves at the last completed depth, in the time left. */
  private refine(s: Searcher, result: Analysis, k: number): Analysis {
    const first = s.rootMoves[0];
    const line = result.pv;
    s.resume(this.clock.deadline);
    s.refineRoot(result.depth, this.side, k);
    // An iteration stopped half-way may have written over root lines: the best move's line is the
    // one reported at its depth unless the refinement found a better move (then its own, fresh).
    const refined = this.answer(s, result.depth);
    return s.rootMoves[0] === first ? { ...refined, pv: line } : refined;
  }

  /** The answer from the root moves as the searcher holds them after a completed depth. */
  private answer(s: Searcher, depth: number): Analysis {
    const pv = Array.from(s.rootPv[0].subarray(0, s.rootPvLen[0]));
    const roots: RootScore[] = [];
    for (let i = 0; i < this.n; i++) {
      const r: RootScore = { move: this.pt(s.rootMoves[i]), score: toScore(s.rootScores[i]) };
      if (s.rootBound[i]) r.bound = "upper";
      roots.push(r);
    }
    if (this.lost.length > 0) {
      for (const r of this.lost) roots.push(r);
      roots.sort((x, y) => scoreRank(y.score) - scoreRank(x.score)); // stable: best first
    }
    return this.done(s.rootMoves[0], s.rootScores[0], depth, s.nodes + this.extraNodes, pv, roots);
  }

  /** A proven win found before the main search: the answer with its one root score, reported as progress too. */
  private proven(pv: number[], v: number, depth: number, nodes: number): Analysis {
    const r = this.done(pv[0], v, depth, nodes, pv, [this.root(pv[0], v)]);
    this.limits.onProgress?.({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: r.timeMs, pv: r.pv, move: r.move });
    return r;
  }

  private done(move: number, v: number, depth: number, nodes: number, pv: number[], roots: RootScore[]): Analysis {
    return { move: move < 0 ? null : this.pt(move), score: toScore(v), depth, nodes, timeMs: this.clock.elapsed(), pv: pv.map(this.pt), rootScores: roots };
  }

  private root(q: number, v: number): RootScore {
    return { move: this.pt(q), score: toScore(v) };
  }

  private readonly pt = (q: number): Point => ({ x: this.b.xOf(q), y: this.b.yOf(q) });
}
