// What the SQLite move-writer and transaction tests share: a move row to write, and another connection
// holding the file's write lock.
import { createClient } from "@libsql/client";
import type { MoveRow } from "../../lib/server/db/move-writer";
import { sqliteUrl } from "../../lib/server/db/sqlite-url";

/** A human's move row of `gameId` at `ply` (x = ply, y = 0 unless given), one second a ply after 2025-01-01. */
export const moveRow = (gameId: string, ply: number, over: Partial<Pick<MoveRow, "x" | "y" | "pv">> = {}): MoveRow => ({
  gameId,
  ply,
  x: ply,
  y: 0,
  color: ply % 2 ? 1 : 2,
  by: "human",
  timeMs: 5,
  score: null,
  depth: null,
  nodes: null,
  pv: null,
  rootScores: null,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, ply)),
  ...over,
});

/** Another connection on `file` holding the write lock (BEGIN IMMEDIATE) until release(). */
export async function holdWriteLock(file: string): Promise<{ release: () => Promise<void> }> {
  const c = createClient({ url: sqliteUrl(file) });
  const tx = await c.transaction("write");
  return {
    release: async () => {
      await tx.commit();
      c.close();
    },
  };
}
