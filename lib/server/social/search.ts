// Player search by name prefix (issue 28): a range on the unique lower-case name (Player.nameKey), so
// the index answers it whatever the number of players; at most SEARCH_MAX names. The socket event's
// cost bounds how often one address may ask (lib/server/realtime/costs).
import type { Db } from "../db/client";
import type { PlayerHit } from "../../shared/social";

export const SEARCH_MAX = 10;

export async function searchPlayers(db: Db, prefix: string, max = SEARCH_MAX): Promise<PlayerHit[]> {
  const key = prefix.trim().toLowerCase();
  if (!key) return [];
  // Names use [a-z0-9_-] only: "~" sorts after each of them, so [key, key + "~") is every name starting with key.
  const rows = await db.player.findMany({
    // The range is what the index reads; startsWith keeps the answer exact under any collation.
    where: { nameKey: { gte: key, lt: `${key}~`, startsWith: key } },
    orderBy: { nameKey: "asc" },
    take: Math.min(max, SEARCH_MAX),
    select: { name: true },
  });
  return rows.map((r) => ({ name: r.name }));
}
