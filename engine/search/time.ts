// Time management of think(): the hard deadline and the time aimed at (Limits.timeMs,
// softTimeMs), the shares of it the root solvers get, and when iterative deepening stops
// (docs/engine-log.md, "Time management").
import type { Limits } from "../types";

export const now = (): number => globalThis.performance.now();

/** The clock of one think() call. Without timeMs (node or depth limits only): no deadline at all. */
export class ThinkClock {
  readonly start = now();
  /** The hard limit (ms); 1000 when no limit of any kind is given. */
  readonly timeMs: number | undefined;
  /** When to stop for good: a margin kept for the last clock check (every 1024 nodes) and the answer. */
  readonly deadline: number;
  /** The time aimed at (softTimeMs when below timeMs): the root solvers' shares are of it. */
  readonly aimMs: number | undefined;

  constructor(limits: Limits) {
    let timeMs = limits.timeMs;
    if (timeMs === undefined && limits.maxDepth === undefined && limits.maxNodes === undefined) timeMs = 1000;
    this.timeMs = timeMs;
    this.deadline = timeMs === undefined ? Infinity : this.start + Math.max(1, timeMs - Math.min(25, timeMs * 0.1));
    this.aimMs = timeMs !== undefined && limits.softTimeMs !== undefined && limits.softTimeMs < timeMs ? Math.max(1, limits.softTimeMs) : timeMs;
  }

  /** The moment `share` of the time aimed at has passed (Infinity without a time limit). */
  at(share: number): number {
    return this.aimMs === undefined ? Infinity : this.start + this.aimMs * share;
  }

  /** ms since the start, to a tenth. */
  elapsed(): number {
    return Math.round((now() - this.start) * 10) / 10;
  }
}

/**
 * Iterative deepening's stop rule under a soft target below the hard limit: after each completed
 * depth the target is the soft time × f, f = 0.5 when the best move has stayed for 3 depths, 1.5
 * when it just changed, × 1.5 when the score fell by more than 50 since the depth before last;
 * never past the hard limit. `share`: the part of the time the iterations may use.
 */
export class DepthTimer {
  private readonly hard: number;
  private readonly soft: number;
  private target: number;
  private stable = 0;
  private lastMove = -1;
  private readonly depthScore: Int32Array;
  private iterStart = now();

  constructor(
    private readonly clock: ThinkClock,
    share: number,
    maxDepth: number,
  ) {
    const { timeMs, aimMs } = clock;
    this.hard = timeMs === undefined ? Infinity : timeMs * share;
    this.soft = aimMs !== undefined && timeMs !== undefined && aimMs < timeMs ? aimMs * share : this.hard;
    this.target = this.soft;
    this.depthScore = new Int32Array(maxDepth + 1);
  }

  /** A depth completed with this best score and move: the new target. */
  completed(depth: number, best: number, move: number): void {
    if (!(this.soft < this.hard)) return;
    this.depthScore[depth] = best;
    this.stable = move === this.lastMove ? this.stable + 1 : 0;
    this.lastMove = move;
    let f = this.stable >= 3 ? 0.5 : this.stable === 0 && depth > 1 ? 1.5 : 1;
    // Against the depth before last: the evaluation swings between odd and even depths.
    if (depth > 2 && best < this.depthScore[depth - 2] - 50) f *= 1.5;
    this.target = Math.min(this.hard, this.soft * f);
  }

  /** A quarter of the target is used (or there is no clock): deeper looks at a single move stop. */
  quarterUsed(): boolean {
    return this.clock.timeMs === undefined || now() - this.clock.start > this.target * 0.25;
  }

  /** Can the next depth finish in the target? It costs about 1.5–2.5× the last. */
  nextFits(): boolean {
    const t = now();
    if (this.clock.timeMs !== undefined && t - this.clock.start + (t - this.iterStart) * 1.5 > this.target) return false;
    this.iterStart = t;
    return true;
  }
}
