// The correspondence sweeper (issue 28): every SWEEP_MS, on one node of the cluster (the lease
// "correspondence", lib/server/db/lease), the games whose move is overdue (their row's corrDeadline,
// indexed) are ended: the player to move loses on time. The deadline is in the database, so a restart
// or a dead node loses nothing: the next sweep, on whichever node holds the lease, ends them. The time
// is the game service's Clock, so tests move it instead of waiting days.
import type { Db } from "../db/client";
import { claimLease, releaseLease } from "../db/lease";
import type { GameService } from "../games/service";
import { overdueGames } from "../games/correspondence";
import type { Logger } from "../log";
import type { TimerHandle } from "../time";

export const SWEEP_MS = 60_000;
const LEASE = "correspondence";

export class CorrespondenceSweeper {
  private timer: TimerHandle | null = null;
  private running: Promise<number> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly opts: { nodeId: string; log: Logger; everyMs?: number },
  ) {}

  start(): this {
    this.schedule(0);
    return this;
  }

  /** One pass now: how many overdue games ended here (0 when another node holds the lease). */
  async sweep(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const every = this.opts.everyMs ?? SWEEP_MS;
    if (!(await claimLease(this.db, LEASE, this.opts.nodeId, Math.max(3 * every, 30_000)))) return 0;
    const ids = await overdueGames(this.db, this.games.clock.now());
    // resume() flags an overdue game under its lock (lib/server/games/core flagIfExpired): the same path as a move would take.
    // A game found overdue may not end here: a move may have landed between the query and the lock.
    let ended = 0;
    for (const id of ids) {
      const flagged = await this.games.resume(id).catch((err: unknown) => {
        this.opts.log.warn({ err, gameId: id }, "could not end an overdue correspondence game");
        return false;
      });
      if (flagged) ended++;
    }
    if (ids.length) this.opts.log.info({ found: ids.length, ended }, "correspondence: overdue games");
    return ended;
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = this.games.clock.setTimeout(() => {
      void this.sweep()
        .catch((err: unknown) => this.opts.log.warn({ err }, "correspondence sweep failed"))
        .finally(() => this.schedule(this.opts.everyMs ?? SWEEP_MS));
    }, ms);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.games.clock.clearTimeout(this.timer);
    await this.running?.catch(() => 0);
    await releaseLease(this.db, LEASE, this.opts.nodeId).catch(() => {});
  }
}
