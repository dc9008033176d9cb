// Quick pairing: players wait in a pool (QUICK_POOLS, lib/shared/pools) as Seek rows, one per
// player (its primary key), so nobody waits in two pools. A matcher pairs them by rating
// (./window) every PAIR_EVERY_MS; with several nodes only the holder of the lease "pairing" runs
// it, and its pairs are still claimed by a conditional update of their rows in a transaction (all of
// a pass at once, else pair by pair), so a pair is decided once whatever happens. A pass's games are
// made together (one insert). The paired game is rated, with random colours.
import type { Clock, TimerHandle } from "../time";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { claimLease, releaseLease } from "../db/lease";
import type { GameService } from "../games/service";
import { fail } from "../errors";
import type { Logger } from "../log";
import { ratingsIn, seatRatings } from "../ratings/read";
import { ratedEligibility } from "../ratings/eligibility";
import { QUICK_POOLS, quickPoolLabel, ratingPoolOf, type QuickPool } from "../../shared/pools";
import type { Me } from "../../shared/identity";
import type { LobbyNotices } from "./notices";
import { pairUp, type Waiting } from "./window";
import { blockedPairs, pairKey } from "../moderation/blocks";

export const PAIR_EVERY_MS = 250;
/**
 * A join brings the next pass forward to this soon (a burst of joins is still one pass), or to twice
 * the last pass's length if that is longer: under load, passes spread out and pair more at a time
 * (each pass has a fixed cost in queries), so the database keeps up.
 */
const PAIR_SOON_MS = 15;
const LEASE = "pairing";
const LEASE_MS = 5_000;

export interface PairingOptions {
  /** Several nodes share the database: run the matcher only while holding the lease. */
  cluster: boolean;
  log: Logger;
  everyMs?: number;
  /** The time and timers (default the game service's: lib/server/time). */
  clock?: Clock;
}

export class Pairing {
  private timer: TimerHandle | null = null;
  private running = false;
  private closed = false;
  private leaseUntil = 0;
  /** When the next pass is due (ms since the epoch), and whether a join asked for one during a pass. */
  private dueAt = 0;
  private soon = false;
  private lastPassMs = 0;
  private readonly everyMs: number;
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly nodeId: string,
    private readonly notices: LobbyNotices,
    private readonly opts: PairingOptions,
  ) {
    this.everyMs = opts.everyMs ?? PAIR_EVERY_MS;
    this.clock = opts.clock ?? games.clock;
  }

  start(): void {
    this.schedule(this.everyMs);
  }

  /** The next pass in `ms`; after it, the one after every everyMs (or soon, if a join came meanwhile). */
  private schedule(ms: number): void {
    if (this.closed) return;
    this.clock.clearTimeout(this.timer);
    this.dueAt = this.clock.now() + ms;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.matchOnce().finally(() => {
        const again = this.soon;
        this.soon = false;
        this.schedule(again ? this.soonMs() : this.everyMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** Someone joined: pair them soon rather than at the next regular pass. */
  private passSoon(): void {
    if (this.closed) return;
    // Another node holds the matcher: this one's passes only try for the lease, no sooner than usual.
    if (this.opts.cluster && this.clock.now() >= this.leaseUntil) return;
    if (this.running) this.soon = true;
    else if (this.timer && this.dueAt - this.clock.now() > this.soonMs()) this.schedule(this.soonMs());
  }

  private soonMs(): number {
    return Math.min(this.everyMs, Math.max(PAIR_SOON_MS, 2 * this.lastPassMs));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clock.clearTimeout(this.timer);
    // A pass under way finishes first (its pairs are written whole).
    while (this.running) await new Promise((r) => setTimeout(r, 10));
    if (this.opts.cluster) await releaseLease(this.db, LEASE, this.nodeId).catch(() => {});
  }

  /** `me` waits in pool `poolId` from now. */
  async join(me: Me | null, poolId: string, socketId: string): Promise<{ pool: string; since: string }> {
    if (!me) fail("NOT_SIGNED_IN", "Playing people needs an identity: open the site in a browser (it makes you a guest) and try again.");
    const pool = QUICK_POOLS.find((p) => p.id === poolId);
    if (!pool) fail("NOT_FOUND", `There is no pool "${poolId.slice(0, 40)}": the pools are ${QUICK_POOLS.map((p) => p.id).join(", ")}.`);
    const rating = (await ratingsIn(this.db, ratingPoolOf(pool!), [me!.id])).get(me!.id)!.rating;
    try {
      const row = await this.db.seek.create({ data: { playerId: me!.id, pool: pool!.id, rating, status: "waiting", nodeId: this.nodeId, socketId } });
      this.notices.changed();
      this.passSoon();
      return { pool: row.pool, since: row.createdAt.toISOString() };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const other = await this.db.seek.findUnique({ where: { playerId: me!.id } });
      const label = QUICK_POOLS.find((p) => p.id === other?.pool);
      return fail("LIMIT", `You are already waiting${label ? ` for ${quickPoolLabel(label)}` : ""}: leave that pool first.`, { reason: "alreadyWaiting" });
    }
  }

  async leave(me: Me | null): Promise<void> {
    if (!me) return;
    const { count } = await this.db.seek.deleteMany({ where: { playerId: me.id, status: "waiting" } });
    if (count) this.notices.changed();
  }

  /** The pool `me` waits in, if any. */
  async seeking(me: Me | null): Promise<string | null> {
    if (!me) return null;
    return (await this.db.seek.findUnique({ where: { playerId: me.id } }))?.pool ?? null;
  }

  /** How many wait in each pool. */
  async counts(): Promise<Record<string, number>> {
    const rows = await this.db.seek.groupBy({ by: ["pool"], where: { status: "waiting" }, _count: { _all: true } });
    const out: Record<string, number> = Object.fromEntries(QUICK_POOLS.map((p) => [p.id, 0]));
    for (const r of rows) out[r.pool] = r._count._all;
    return out;
  }

  /** The socket that joined left: its seek goes. */
  async socketGone(socketId: string): Promise<void> {
    const { count } = await this.db.seek.deleteMany({ where: { socketId, nodeId: this.nodeId, status: "waiting" } });
    if (count) this.notices.changed();
  }

  /** One node: at start nobody of before is connected. */
  async clearAll(): Promise<void> {
    await this.db.seek.deleteMany({});
  }

  /** One pass of the matcher over every pool. Exposed for tests and the benchmark. */
  async matchOnce(now = this.clock.now()): Promise<number> {
    if (this.running || this.closed) return 0;
    this.running = true;
    const t0 = this.clock.now();
    try {
      if (this.opts.cluster && !(await this.holdLease(now))) return 0;
      // The pools share no seek: side by side, a pass costs its slowest pool, not their sum.
      const made = (await Promise.all(QUICK_POOLS.map((pool) => this.matchPool(pool, now)))).reduce((a, b) => a + b, 0);
      if (made) this.notices.changed();
      return made;
    } catch (err) {
      this.opts.log.error({ err }, "pairing pass failed");
      return 0;
    } finally {
      this.running = false;
      this.lastPassMs = this.clock.now() - t0;
    }
  }

  private async holdLease(now: number): Promise<boolean> {
    if (now < this.leaseUntil - LEASE_MS / 2) return true;
    const ok = await claimLease(this.db, LEASE, this.nodeId, LEASE_MS);
    this.leaseUntil = ok ? now + LEASE_MS : 0;
    return ok;
  }

  private async matchPool(pool: QuickPool, now: number): Promise<number> {
    const rows = await this.db.seek.findMany({ where: { pool: pool.id, status: "waiting" }, orderBy: { createdAt: "asc" } });
    if (rows.length < 2) return 0;
    const waiting: Waiting[] = rows.map((r) => ({ playerId: r.playerId, rating: r.rating, since: r.createdAt.getTime() }));
    // Two players of whom one blocked the other are never paired (one query for the pool's waiting players).
    const blocked = await blockedPairs(
      this.db,
      rows.map((r) => r.playerId),
    );
    const pairs = pairUp(waiting, now, (a, b) => blocked.has(pairKey(a, b))).map(([a, b]): [string, string] => [a.playerId, b.playerId]);
    if (!pairs.length) return 0;
    // The whole pass in one claim (the usual case: one matcher); if any seek went meanwhile, pair by pair.
    const claimed = (await this.claim(pairs.flat())) ? pairs : await this.claimEach(pairs);
    if (!claimed.length) return 0;
    const ratingPool = ratingPoolOf(pool);
    const r = await ratingsIn(this.db, ratingPool, claimed.flat());
    const games = await Promise.all(
      claimed.map(async ([a, b]) => {
        const [black, white] = Math.random() < 0.5 ? [a, b] : [b, a];
        // Rated unless lib/server/ratings/eligibility says casual (one device, a pair's daily allowance…).
        const eligible = await ratedEligibility(this.db, { pool: ratingPool, black, white });
        return {
          size: pool.size,
          rule: pool.rule,
          clock: pool.clock,
          swap2: Boolean(pool.swap2),
          black,
          white,
          rated: eligible.rated,
          pool: ratingPool,
          ...(eligible.rated ? seatRatings(r, black, white) : { unrated: eligible.code }),
        };
      }),
    );
    const ids = await this.games.createMatchedMany(games);
    await this.db.seek.deleteMany({ where: { playerId: { in: claimed.flat() }, status: "paired" } });
    games.forEach((g, i) => {
      this.notices.started(g.black, ids[i], "pairing");
      this.notices.started(g.white, ids[i], "pairing");
    });
    return ids.length;
  }

  /** Marks every seek of `players` paired, or none (one transaction): false when any was no longer waiting. */
  private claim(players: string[]): Promise<boolean> {
    return this.db
      .$transaction(async (tx) => {
        const { count } = await tx.seek.updateMany({ where: { playerId: { in: players }, status: "waiting" }, data: { status: "paired" } });
        if (count !== players.length) throw new NotBoth();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof NotBoth) return false;
        throw err;
      });
  }

  private async claimEach(pairs: Array<[string, string]>): Promise<Array<[string, string]>> {
    const out: Array<[string, string]> = [];
    for (const p of pairs) if (await this.claim(p)) out.push(p);
    return out;
  }
}

class NotBoth extends Error {}
