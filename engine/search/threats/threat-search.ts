// What the two threat solvers (vcf.ts, vct.ts) share: the winning sequence, the per-ply candidate
// arrays and the failure table (typed arrays allocated once: the search allocates nothing), the
// node and time budget, and the best-first pick of the next candidate.
import type { Board } from "../../board/board";
import { FailTable } from "./fail-table";
import * as P from "../../board/patterns";
import * as M from "../../board/movegen";

// Re-bound to local consts (see search.ts: getter calls under tsx/vitest).
const { FIVE } = P;
const { findFives } = M;

/** forcedBlock's answers other than a point: the defender has no five point, or two (no block saves the attacker). */
export const NO_FIVE = -1;
export const TWO_FIVES = -2;

export abstract class ThreatSearch {
  /** The winning line's moves from ply 0 (attacker, defender, …); seq[0] is the move to play. */
  readonly seq: Int16Array;
  nodes = 0;
  stopped = false;
  protected maxNodes = 0;
  protected deadline = Infinity;
  /** Candidates of ply p at [p * maxCand, (p + 1) * maxCand), with their ordering scores. */
  protected readonly cand: Int16Array;
  protected readonly candScore: Int32Array;
  protected readonly tmp = new Int16Array(4);
  protected readonly failed: FailTable;

  constructor(
    protected readonly board: Board,
    maxPly: number,
    maxCand: number,
    failBits: number,
    failSalt: number,
  ) {
    this.seq = new Int16Array(maxPly + 4);
    this.cand = new Int16Array(maxPly * maxCand);
    this.candScore = new Int32Array(maxPly * maxCand);
    this.failed = new FailTable(failBits, failSalt);
  }

  /** A new budget; the node count starts from zero. */
  protected budget(maxNodes: number, deadline: number): void {
    this.nodes = 0;
    this.stopped = false;
    this.maxNodes = maxNodes;
    this.deadline = deadline;
  }

  /** Counts a node; true once the budget is spent (the clock is read when nodes & clockMask is 0). */
  protected spent(clockMask: number): boolean {
    this.nodes++;
    if (this.nodes >= this.maxNodes) this.stopped = true;
    else if ((this.nodes & clockMask) === 0 && globalThis.performance.now() >= this.deadline) this.stopped = true;
    return this.stopped;
  }

  /** Has the attacker (to move) a five point? Then it is written to seq[ply]. */
  protected fiveNow(att: number, ply: number): boolean {
    const b = this.board;
    if (b.cnt[att * 16 + FIVE] === 0) return false;
    findFives(b, att, this.tmp);
    this.seq[ply] = this.tmp[0];
    return true;
  }

  /** Where the attacker must block the defender's five: that point, NO_FIVE or TWO_FIVES. */
  protected forcedBlock(def: number): number {
    const b = this.board;
    if (b.cnt[def * 16 + FIVE] === 0) return NO_FIVE;
    return findFives(b, def, this.tmp) >= 2 ? TWO_FIVES : this.tmp[0];
  }

  /** One selection-sort step: the best-scored of the candidates i … n−1 (from base) goes to i and is returned. */
  protected takeBest(base: number, i: number, n: number): number {
    const cand = this.cand;
    const cs = this.candScore;
    let bi = i;
    for (let j = i + 1; j < n; j++) if (cs[base + j] > cs[base + bi]) bi = j;
    const c = cand[base + bi];
    cand[base + bi] = cand[base + i];
    cs[base + bi] = cs[base + i];
    cand[base + i] = c;
    return c;
  }
}
