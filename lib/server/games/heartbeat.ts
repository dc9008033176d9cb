// When the server was last alive, so that a restart is never charged to a clock. Each process beats
// (its row in Heartbeat) every second while it serves games; at a start, the newest beat of any
// node is when the service stopped listening, and the time from then to now is downtime: the game
// service credits it to the turn under way in every clocked game (Entry.clockCredit), so the side
// to move keeps the time it had when the server stopped (lichess gives 15-20 s to both players after
// a restart; here the downtime measured, to within a beat).
import type { Db } from "../db/client";
import type { Logger } from "../log";

export const BEAT_MS = 1000;
/** Rows of nodes gone this long are removed at a start. */
const FORGET_MS = 7 * 24 * 3600_000;

export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly node: string,
    private readonly opts: { everyMs?: number; now?: () => number; log?: Logger } = {},
  ) {}

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /**
   * The downtime before this start: from the newest beat of any node to now; with no beat yet (the
   * first start of a version that beats), from the last thing stored (a move, a game's change);
   * null on a new database. minGapMs: shorter gaps are no downtime (several nodes: another node was serving).
   */
  async downtime(minGapMs = 0): Promise<{ from: number; to: number } | null> {
    const to = this.now();
    const newest = await this.db.heartbeat.findFirst({ orderBy: { at: "desc" }, select: { at: true } });
    await this.db.heartbeat.deleteMany({ where: { at: { lt: new Date(to - FORGET_MS) } } });
    const from = newest ? newest.at.getTime() : await this.lastStoredEvent();
    if (from === null) return null;
    return to - from > minGapMs ? { from, to } : null;
  }

  /** When the last move or game change was stored (ms), or null: nothing stored. Read once, at a first start. */
  private async lastStoredEvent(): Promise<number | null> {
    const [move, game] = await Promise.all([
      this.db.move.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
      this.db.game.findFirst({ orderBy: { updatedAt: "desc" }, select: { updatedAt: true } }),
    ]);
    const times = [move?.createdAt, game?.updatedAt].filter((d): d is Date => !!d).map((d) => d.getTime());
    return times.length ? Math.max(...times) : null;
  }

  /** Beats now and every `everyMs` (default 1 s) until stop(). */
  start(): void {
    if (this.timer) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.opts.everyMs ?? BEAT_MS);
    this.timer.unref();
  }

  /** A last beat (an orderly stop: the downtime counts from now), then no more. */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    await this.beat();
  }

  private async beat(): Promise<void> {
    const at = new Date(this.now());
    await this.db.heartbeat
      .upsert({ where: { node: this.node }, create: { node: this.node, at }, update: { at } })
      .catch((err: unknown) => this.opts.log?.warn({ err }, "heartbeat: could not write"));
  }
}
