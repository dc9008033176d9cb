// Where an account has been used from: the addresses and devices (the ga_device cookie,
// ./device) of its sign-ins, sign-ups and sessions. Wrong passwords guessed from elsewhere lock the
// name for strangers only (./limits): the owner, from a device or address of theirs, still signs in.
// Rows keep SHA-256 hashes, never an address or a device id. An IPv6 address counts as its /64 (a
// device's privacy addresses change within it: lib/server/limits/network subscriberOf).
import type { Db } from "../db/client";
import { hashToken } from "../tokens";
import type { KnownAs } from "./limits";
import { subscriberOf } from "../limits/network";

/** A source unused this long is forgotten. */
const KNOWN_DAYS = 365;
/** A source is written again only when older than this (every page load asks /api/me). */
const RENEW_MS = 3600_000;
const CACHE_MAX = 20_000;

const addressSource = (address: string) => `ip:${hashToken(subscriberOf(address))}`;
const deviceSource = (deviceId: string) => `device:${hashToken(deviceId)}`;

export class KnownSources {
  /** "player|source" → when this node last wrote it. */
  private written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Account `playerId` was used from `address` (and device `deviceId`, when the browser has one). */
  async note(playerId: string, address: string, deviceId: string | null): Promise<void> {
    const at = this.now();
    const sources = [addressSource(address), ...(deviceId ? [deviceSource(deviceId)] : [])];
    for (const source of sources) {
      const key = `${playerId}|${source}`;
      const last = this.written.get(key);
      if (last !== undefined && at - last < RENEW_MS) continue;
      const lastSeenAt = new Date(at);
      await this.db.knownSource.upsert({
        where: { playerId_source: { playerId, source } },
        create: { playerId, source, lastSeenAt },
        update: { lastSeenAt },
      });
      if (this.written.size >= CACHE_MAX) this.written.delete(this.written.keys().next().value!);
      this.written.set(key, at);
    }
  }

  /** Forgets sources unused for a year (with the expired sessions: lib/server/app). */
  async purge(): Promise<number> {
    const { count } = await this.db.knownSource.deleteMany({ where: { lastSeenAt: { lt: new Date(this.now() - KNOWN_DAYS * 86_400_000) } } });
    return count;
  }

  /** How account `playerId` knows this source: its device first (the stronger proof), else its address. */
  async knownAs(playerId: string, address: string, deviceId: string | null): Promise<KnownAs> {
    const since = new Date(this.now() - KNOWN_DAYS * 86_400_000);
    const candidates = [...(deviceId ? [deviceSource(deviceId)] : []), addressSource(address)];
    const rows = await this.db.knownSource.findMany({
      where: { playerId, source: { in: candidates }, lastSeenAt: { gte: since } },
      select: { source: true },
    });
    if (rows.some((r) => r.source.startsWith("device:"))) return "device";
    return rows.length > 0 ? "address" : "unknown";
  }
}
