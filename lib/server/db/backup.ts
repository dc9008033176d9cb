// Backups of the SQLite database while the server runs, and restoring one. `VACUUM INTO` copies the
// database as one read transaction: a consistent snapshot that holds every committed move (moves
// are acknowledged only after their commit), taken without stopping writers (WAL mode). PostgreSQL
// has its own tools (pg_dump / pg_restore): see docs/OPERATIONS.md "Backups".
import fs from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";

export class BackupError extends Error {
  constructor(
    readonly code: "BACKUP_EXISTS" | "NOT_A_BACKUP" | "NO_DATABASE",
    message: string,
  ) {
    super(message);
  }
}

/** A file name for a backup taken now: gomoku-2026-11-25T03-21-00Z.db in `dir`. */
export function timestampedBackupPath(dir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return path.join(dir, `gomoku-${stamp}.db`);
}

/** Copies the live database `file` into `dest` (a new file) while the server keeps serving. */
export async function backupSqlite(file: string, dest: string): Promise<{ bytes: number; ms: number }> {
  if (!fs.existsSync(file)) throw new BackupError("NO_DATABASE", `There is no database at ${file}.`);
  if (fs.existsSync(dest)) throw new BackupError("BACKUP_EXISTS", `${dest} already exists: a backup never overwrites a file.`);
  fs.mkdirSync(path.dirname(path.resolve(dest)), { recursive: true });
  const t0 = Date.now();
  const db = createClient({ url: `file:${file}` });
  try {
    await db.execute("PRAGMA busy_timeout = 10000");
    await db.execute({ sql: "VACUUM INTO ?", args: [path.resolve(dest)] });
  } finally {
    db.close();
  }
  return { bytes: fs.statSync(dest).size, ms: Date.now() - t0 };
}

/** Checks that `file` is a whole database of ours: integrity, and the tables games and moves live in. */
export async function checkBackup(file: string): Promise<{ games: number; moves: number }> {
  if (!fs.existsSync(file)) throw new BackupError("NOT_A_BACKUP", `There is no file at ${file}.`);
  const db = createClient({ url: `file:${file}` });
  try {
    const ok = await db.execute("PRAGMA integrity_check").catch(() => null);
    if (!ok || ok.rows[0]?.[0] !== "ok") throw new BackupError("NOT_A_BACKUP", `${file} is not a sound SQLite database.`);
    const count = async (table: string) => Number((await db.execute(`SELECT COUNT(*) FROM "${table}"`)).rows[0][0]);
    try {
      return { games: await count("Game"), moves: await count("Move") };
    } catch {
      throw new BackupError("NOT_A_BACKUP", `${file} is a SQLite database but not one of Gomoku Arena's (no Game and Move tables).`);
    }
  } finally {
    db.close();
  }
}

/**
 * Puts backup `src` in place as the database `file` (the server must be stopped: SQLite files are
 * not swapped under a running process). The backup is checked first, copied beside the target and
 * renamed over it, so a failed restore leaves the old database as it was; its WAL files go with it.
 */
export async function restoreSqlite(src: string, file: string): Promise<{ games: number; moves: number }> {
  const counts = await checkBackup(src);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.restoring`;
  fs.copyFileSync(src, tmp);
  for (const ext of ["-wal", "-shm", "-journal"]) fs.rmSync(file + ext, { force: true });
  fs.renameSync(tmp, file);
  return counts;
}
