// A migrated SQLite database file of its own in a temporary folder, for a test file that needs the real
// database but no server; close() disconnects and removes the folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrationsDirectly, openDb, type Db } from "../../lib/server/db/client";

export async function openTempDb(name: string): Promise<{ db: Db; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gomoku-${name}-`));
  const file = path.join(dir, `${name}.db`);
  await applyMigrationsDirectly(file);
  const db = await openDb(file);
  return {
    db,
    async close() {
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
