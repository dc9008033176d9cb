// A player looked up by the name a request gives (blocks, reports): the stored row, or NOT_FOUND.
import type { Db } from "../db/client";
import { fail } from "../errors";

export async function playerByName(db: Db, name: string): Promise<{ id: string; name: string }> {
  const row = await db.player.findUnique({ where: { nameKey: name.trim().toLowerCase() }, select: { id: true, name: true } });
  if (!row) fail("NOT_FOUND", `There is no player named "${name.slice(0, 40)}".`, { reason: "noPlayer", params: { name: name.slice(0, 40) } });
  return row!;
}
