// The director: every TICK_MS each node looks at the events not finished and, for each, steps it only
// while holding its lease "tour:<id>" (lib/server/db/lease): exactly one node pairs an event at a
// time. All state is in rows, so a node that stops (its leases released) or dies (they lapse after
// LEASE_MS) loses nothing: the next holder reads the same rows. Time and timers from the Clock.
import { claimLease, releaseLease } from "../db/lease";
import type { TimerHandle } from "../time";
import { timed, type TournamentDeps } from "./deps";
import { ensureScheduled } from "./schedule";
import { stepEvent } from "./steps";

export const TICK_MS = 1_000;
/** A game ended here: the next pass this soon (a burst of endings is still one pass). */
export const SOON_MS = 20;
export const LEASE_MS = 10_000;
/** A pass longer than this is logged (it delays every pairing behind it). */
const SLOW_PASS_MS = 500;
/** How often the site's schedule is looked at (events are made an hour ahead). */
const SCHEDULE_EVERY_MS = 60_000;
const leaseName = (id: string) => `tour:${id}`;

export interface DirectorOptions {
  tickMs?: number;
  leaseMs?: number;
  /** Make the site's scheduled events (default true). */
  schedule?: boolean;
  /** Direct at all (default true; false: this node never pairs, as tests that drive their own director want). */
  enabled?: boolean;
}

export class Director {
  private timer: TimerHandle | null = null;
  private dueAt = 0;
  /** When this node last made the scheduled events. */
  private scheduledAt = -Infinity;
  private again = false;
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly held = new Set<string>();
  /** Per event held: when this node last took or renewed its lease (renewed once a third of it has gone, not every pass). */
  private readonly claimedAt = new Map<string, number>();
  /** Per event: when this node last looked for stale "starting" rows (./steps). */
  private readonly unstuckAt = new Map<string, number>();
  /** Per event held: when each player became free (deps.waitingSince). */
  private readonly waits = new Map<string, Map<string, number>>();
  private readonly tickMs: number;
  private readonly d: TournamentDeps;
  private readonly leaseMs: number;

  constructor(
    d: TournamentDeps,
    private readonly opts: DirectorOptions = {},
  ) {
    this.d = { ...d, again: () => (this.again = true) };
    this.tickMs = opts.tickMs ?? TICK_MS;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
  }

  start(): void {
    if (this.opts.enabled === false) return;
    this.schedule();
  }

  private schedule(ms = this.tickMs): void {
    if (this.closed) return;
    this.d.clock.clearTimeout(this.timer);
    this.dueAt = this.d.clock.now() + ms;
    this.timer = this.d.clock.setTimeout(() => {
      this.timer = null;
      // The node's event loop held up (a stall delays every pairing behind it): said with the slow passes.
      const late = this.d.clock.now() - this.dueAt;
      if (late > SLOW_PASS_MS) this.d.log.warn({ late }, "tournament director timer late");
      void this.tick().finally(() => {
        const again = this.again;
        this.again = false;
        this.schedule(again ? SOON_MS : this.tickMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** A game ended on this node: score it and pair its players soon rather than at the next tick. */
  soon(): void {
    if (this.closed || !this.timer) {
      if (this.running) this.again = true;
      return;
    }
    if (this.dueAt - this.d.clock.now() > SOON_MS) this.schedule(SOON_MS);
  }

  /** One pass over the events (exposed for tests). */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.running)
      this.running = this.pass()
        .catch((err: unknown) => this.d.log.error({ err }, "tournament director pass failed"))
        .finally(() => (this.running = null));
    return this.running;
  }

  /** The events this node directs now. */
  holding(): string[] {
    return [...this.held];
  }

  private async pass(): Promise<void> {
    const now = this.d.clock.now();
    const t0 = Date.now();
    const phases = (this.d.phases = new Map());
    await this.events(now);
    // Wall time on purpose: how long the database kept the director (pairing latency), not the injected clock.
    const ms = Date.now() - t0;
    if (ms > SLOW_PASS_MS)
      this.d.log.warn(
        { ms, events: this.held.size, phases: Object.fromEntries([...phases].map(([k, v]) => [k, Math.round(v)])) },
        "tournament director pass slow",
      );
  }

  private async events(now: number): Promise<void> {
    if ((this.opts.schedule ?? true) && now >= this.scheduledAt + SCHEDULE_EVERY_MS) {
      this.scheduledAt = now;
      await ensureScheduled(this.d.db, now);
    }
    const events = await timed(this.d, "events", () =>
      this.d.db.tournament.findMany({ where: { status: { in: ["created", "started"] }, startsAt: { lte: new Date(now + this.tickMs) } } }),
    );
    for (const t of events) {
      if (this.closed) return;
      // Held and renewed less than a third of the lease ago: still ours (a pass comes every 20 ms in a busy
      // arena; a lease UPDATE each time was a round trip on every pairing's path).
      const fresh = this.held.has(t.id) && now - (this.claimedAt.get(t.id) ?? -Infinity) < this.leaseMs / 3;
      const mine = fresh || (await timed(this.d, "lease", () => claimLease(this.d.db, leaseName(t.id), this.d.nodeId, this.leaseMs, now)));
      if (!mine) {
        this.held.delete(t.id);
        this.waits.delete(t.id);
        this.unstuckAt.delete(t.id);
        this.claimedAt.delete(t.id);
        continue;
      }
      if (!fresh) this.claimedAt.set(t.id, now);
      this.held.add(t.id);
      const holds = async () => {
        const at = this.d.clock.now();
        if (at - (this.claimedAt.get(t.id) ?? -Infinity) < this.leaseMs / 3) return true;
        this.claimedAt.set(t.id, at);
        const still = await claimLease(this.d.db, leaseName(t.id), this.d.nodeId, this.leaseMs, at);
        if (!still) {
          this.held.delete(t.id);
          this.claimedAt.delete(t.id);
        }
        return still;
      };
      const waitingSince = this.waits.get(t.id) ?? this.waits.set(t.id, new Map()).get(t.id)!;
      const over = await stepEvent({ ...this.d, holds, waitingSince, unstuckAt: this.unstuckAt }, t).catch((err: unknown) => {
        this.d.log.error({ err, tournamentId: t.id }, "tournament step failed");
        return false;
      });
      // A finished event needs no director: its lease row goes.
      if (over) {
        this.held.delete(t.id);
        this.waits.delete(t.id);
        this.unstuckAt.delete(t.id);
        this.claimedAt.delete(t.id);
        await releaseLease(this.d.db, leaseName(t.id), this.d.nodeId);
      }
    }
  }

  /** Stops; the leases go at once, so another node takes the events on its next tick. */
  async close(): Promise<void> {
    this.closed = true;
    this.d.clock.clearTimeout(this.timer);
    await this.running;
    await Promise.all([...this.held].map((id) => releaseLease(this.d.db, leaseName(id), this.d.nodeId).catch(() => {})));
    this.held.clear();
    this.claimedAt.clear();
  }
}
