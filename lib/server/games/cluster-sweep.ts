// Several nodes: each engine turn is claimed in the game's row, so exactly one node searches it. A
// claim held by another node is retried when it lapses (retryAt), and every sweepMs a sweep resumes
// the games in progress that no node is moving (their node died).
import type { Logger } from "../log";
import type { Clock, TimerHandle } from "../time";
import { actingSeatOf, type Entry } from "./entry";
import type { GameStore } from "./store";

/** What the sweep reads and does. */
export interface ClusterSweepHost {
  readonly cluster: boolean;
  readonly log: Logger;
  readonly clock: Clock;
  readonly rows: Pick<GameStore, "sweepCandidates">;
  /** An engine turn of the game is scheduled or running here. */
  searching(gameId: string): boolean;
  /** Something holds or waits for the game's lock. */
  locked(gameId: string): boolean;
  /** This node runs the game's clock timer. */
  clockRunning(gameId: string): boolean;
  peek(gameId: string): Readonly<Entry> | undefined;
  resume(gameId: string, opts?: { skipFreshMs?: number }): Promise<void>;
}

/** The sweep leaves a game whose last move is younger than this: the node that took the move claims the reply (else both would search it). */
export const SWEEP_SKIP_FRESH_MS = 2000;

export class ClusterSweep {
  /** Engine turns claimed by another node: retry when the claim lapses. */
  private retries = new Map<string, TimerHandle>();
  private timer: TimerHandle | null = null;
  private closed = false;

  constructor(
    private readonly host: ClusterSweepHost,
    private readonly everyMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** Try the engine turn of game `id` again once another node's claim has lapsed (at `until`). */
  retryAt(id: string, until: Date): void {
    if (this.closed || this.retries.has(id)) return;
    const ms = Math.max(50, until.getTime() - this.host.clock.now() + 50 + Math.floor(this.random() * 250));
    const t = this.host.clock.setTimeout(() => {
      this.retries.delete(id);
      void this.host.resume(id).catch((err) => this.host.log.warn({ err, gameId: id }, "could not retry an engine turn"));
    }, ms);
    t.unref();
    this.retries.set(id, t);
  }

  /** Cluster: every everyMs, resume the games in progress that no node is moving. */
  start(): void {
    if (!this.host.cluster || this.timer || this.closed) return;
    const tick = async () => {
      try {
        await this.sweep();
      } catch (err) {
        this.host.log.warn({ err }, "sweep failed");
      }
      if (this.closed) return;
      this.schedule(tick);
    };
    this.schedule(tick);
  }

  close(): void {
    this.closed = true;
    for (const t of this.retries.values()) this.host.clock.clearTimeout(t);
    this.retries.clear();
    this.host.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(tick: () => Promise<void>): void {
    this.timer = this.host.clock.setTimeout(() => void tick(), this.everyMs);
    this.timer.unref();
  }

  private async sweep(): Promise<void> {
    const now = new Date(this.host.clock.now());
    const rows = await this.host.rows.sweepCandidates(now);
    for (const r of rows) {
      if (this.closed) return;
      if (this.host.searching(r.id) || this.retries.has(r.id) || this.host.locked(r.id)) continue;
      const clockHere = this.host.clockRunning(r.id);
      if (r.aiClaimUntil && r.aiClaimUntil > now && (!r.clocked || clockHere)) continue; // a search is under way somewhere
      if (r.clocked && clockHere) {
        const e = this.host.peek(r.id);
        if (e && e.seats[actingSeatOf(e)].kind !== "engine") continue; // we watch its clock; a human is to move
      }
      await this.host
        .resume(r.id, { skipFreshMs: SWEEP_SKIP_FRESH_MS })
        .catch((err) => this.host.log.warn({ err, gameId: r.id }, "sweep: could not resume a game"));
    }
  }
}
