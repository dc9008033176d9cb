// The one way to get a PrismaClient: the libsql driver adapter on a SQLite file (no engine binary).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { createClient } from "@libsql/client";
import { PrismaClient } from "../../generated/prisma/client";
import { sqliteFile, sqliteUrl } from "./sqlite-url";

export type Db = PrismaClient;

/**
 * Opens the SQLite database at `file` (default DATABASE_FILE or data/gomoku.db), creating its
 * folder, and switches it to WAL (readers never block the writer; persistent in the file) with a
 * busy timeout for a second process writing the same file.
 */
export async function openDb(file: string = sqliteFile()): Promise<Db> {
  const url = sqliteUrl(file);
  const db = new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
  // PRAGMAs return rows, so they go through queryRaw.
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
  return db;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Applies every migration's SQL to a fresh database file directly (no Prisma CLI process).
 * For tests and throwaway files only: it does not record them in _prisma_migrations, so use
 * `node scripts/prisma.mjs migrate deploy` for real databases.
 */
export async function applyMigrationsDirectly(file: string): Promise<void> {
  const url = sqliteUrl(file);
  const dir = path.join(root, "prisma", "migrations");
  const folders = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const client = createClient({ url });
  try {
    await client.execute("PRAGMA journal_mode = WAL");
    for (const f of folders) {
      const sql = fs.readFileSync(path.join(dir, f, "migration.sql"), "utf8");
      await client.executeMultiple(sql);
    }
  } finally {
    client.close();
  }
}

/** True for Prisma's unique-constraint violation (P2002), however the adapter wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  if (!e || typeof e !== "object") return false;
  const err = e as { code?: unknown; message?: unknown; meta?: unknown };
  if (err.code === "P2002") return true;
  const msg = typeof err.message === "string" ? err.message : "";
  return /UNIQUE constraint failed|Unique constraint failed/i.test(msg);
}
