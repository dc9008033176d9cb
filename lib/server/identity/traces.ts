// Where each player is seen from: their device (lib/server/identity/device) and their network
// (lib/server/limits/network), one PlayerTrace row per (player, kind, key), its seenAt renewed at
// most every RENEW_MS. Written by the identity API on every answer that names a player (a new
// guest, /api/me, sign-in, sign-up); read by lib/server/ratings/eligibility.
import type { Db } from "../db/client";
import { networkOf } from "../limits/network";
import { deviceKeyOf } from "./device";

export type TraceKind = "device" | "net";

/** A trace is written again only when older than this (every page load calls /api/me). */
const RENEW_MS = 60 * 60_000;
const CACHE_MAX = 20_000;

export class PlayerTraces {
  /** "player|kind|key" → when this node last wrote it. */
  private written = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** Player `playerId` was seen from device `deviceId` (the cookie's id) and address `address` at `now`. */
  async seen(playerId: string, deviceId: string | null, address: string, now = new Date()): Promise<void> {
    const keys: Array<[TraceKind, string]> = [["net", networkOf(address)]];
    if (deviceId) keys.push(["device", deviceKeyOf(deviceId)]);
    for (const [kind, key] of keys) {
      const id = `${playerId}|${kind}|${key}`;
      const last = this.written.get(id);
      if (last !== undefined && now.getTime() - last < RENEW_MS) continue;
      await this.db.playerTrace.upsert({
        where: { playerId_kind_key: { playerId, kind, key } },
        create: { playerId, kind, key, seenAt: now },
        update: { seenAt: now },
      });
      if (this.written.size >= CACHE_MAX) this.written.delete(this.written.keys().next().value!);
      this.written.set(id, now.getTime());
    }
  }
}

/** Do players `a` and `b` share a trace of `kind` seen since `since` (each of them seen from it then)? */
export async function shareTrace(db: Db, kind: TraceKind, a: string, b: string, since: Date): Promise<boolean> {
  const mine = await db.playerTrace.findMany({ where: { playerId: a, kind, seenAt: { gte: since } }, select: { key: true } });
  if (mine.length === 0) return false;
  const shared = await db.playerTrace.count({ where: { playerId: b, kind, seenAt: { gte: since }, key: { in: mine.map((t) => t.key) } } });
  return shared > 0;
}
