// Follows (issue 28): a player follows others to see who is online and playing. Stored rows, capped:
// at most MAX_FOLLOWS per player, and FOLLOW_CHANGES_PER_DAY follows and unfollows a day (a flood of
// follow/unfollow would otherwise be a notification flood). A block between two refuses the follow and
// hides a follow made before it.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "../db/client";
import { fail } from "../errors";
import { blockedAmong, isBlocked } from "../moderation/blocks";
import { playerByName } from "../moderation/players";
import type { Me } from "../../shared/identity";
import type { FollowView } from "../../shared/social";
import { requireMe } from "./me";

export const MAX_FOLLOWS = 200;
export const FOLLOW_CHANGES_PER_DAY = 100;

/** Where the people I follow are now (the realtime layer knows: their sockets and the games they sit in). */
export type WhereAbouts = (playerIds: string[]) => Promise<Map<string, { online: boolean; playing: string | null }>>;

export class Follows {
  private readonly changes: RateLimiterAbstract;

  constructor(
    private readonly db: Db,
    opts: { redis?: Redis | null; prefix?: string; perDay?: number; max?: number } = {},
    private readonly max = opts.max ?? MAX_FOLLOWS,
  ) {
    const keyPrefix = `${opts.prefix ?? "gomoku:rl"}:follows`;
    const points = opts.perDay ?? FOLLOW_CHANGES_PER_DAY;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration: 86_400 });
    this.changes = opts.redis ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix, points, duration: 86_400, insuranceLimiter: memory }) : memory;
  }

  /** Follows (true) or unfollows (false) the player named `name`; their name as stored. */
  async set(me: Me | null, name: string, follow: boolean): Promise<string> {
    const p = requireMe(me);
    const target = await playerByName(this.db, name);
    if (target.id === p.id) fail("NOT_ALLOWED", "You cannot follow yourself.", { reason: "followSelf" });
    const spent = await this.changes.consume(p.id, 1).then(
      () => null,
      (r: { msBeforeNext?: number }) => r,
    );
    if (spent)
      fail("LIMIT", `You followed or unfollowed ${FOLLOW_CHANGES_PER_DAY} times today: try again tomorrow.`, {
        reason: "followDay",
        params: { max: FOLLOW_CHANGES_PER_DAY },
      });
    if (!follow) {
      await this.db.follow.deleteMany({ where: { followerId: p.id, followeeId: target.id } });
      return target.name;
    }
    if (await isBlocked(this.db, p.id, target.id)) fail("BLOCKED", "You cannot follow this player.", { reason: "followBlocked" });
    const count = await this.db.follow.count({ where: { followerId: p.id } });
    if (count >= this.max)
      fail("LIMIT", `You follow ${count} players already (at most ${this.max}): unfollow someone first.`, {
        reason: "followMax",
        params: { n: count, max: this.max },
      });
    await this.db.follow.upsert({
      where: { followerId_followeeId: { followerId: p.id, followeeId: target.id } },
      create: { followerId: p.id, followeeId: target.id },
      update: {},
    });
    return target.name;
  }

  /** Do I follow the player named `name`? */
  async follows(me: Me | null, name: string): Promise<boolean> {
    const p = requireMe(me);
    const target = await playerByName(this.db, name);
    return (await this.db.follow.count({ where: { followerId: p.id, followeeId: target.id } })) > 0;
  }

  /** The ids of whom I follow, less any block since the follow (either way): a blocker's presence is not told to the blocked. */
  async followedIds(me: Me | null): Promise<string[]> {
    const p = requireMe(me);
    const rows = await this.db.follow.findMany({ where: { followerId: p.id }, select: { followeeId: true }, take: this.max });
    const blocked = await blockedAmong(
      this.db,
      p.id,
      rows.map((r) => r.followeeId),
    );
    return rows.map((r) => r.followeeId).filter((id) => !blocked.has(id));
  }

  /** Whom I follow, online ones first (then by name), with the game each is playing. */
  async list(me: Me | null, whereAbouts: WhereAbouts): Promise<FollowView[]> {
    const ids = await this.followedIds(me);
    const [players, where] = await Promise.all([this.db.player.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }), whereAbouts(ids)]);
    return players
      .map((pl) => ({ name: pl.name, online: where.get(pl.id)?.online ?? false, playing: where.get(pl.id)?.playing ?? null }))
      .sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
  }
}
