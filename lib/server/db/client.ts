// The one way to get a PrismaClient. Embedded by default: the libsql driver adapter on a SQLite
// file (no engine binary). With DATABASE_URL=postgresql://…: @prisma/adapter-pg and node-postgres,
// through the client generated from prisma/postgresql (the same models, see prisma/models).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { createClient, type Config } from "@libsql/client";
import { PrismaClient } from "../../../generated/prisma/client";
import { sqliteFile, sqliteUrl } from "./sqlite-url";
import { isPostgresUrl, type DbProvider } from "./provider";
import { connectionPragmas, withConnectionPragmas } from "./sqlite-pragmas";
import { serverConfig } from "../config";

/**
 * The libsql adapter, with our PRAGMAs on every connection it opens, every transaction begun as the
 * writer (BEGIN IMMEDIATE, not the adapter's BEGIN DEFERRED: no SQLITE_BUSY_SNAPSHOT at a transaction's
 * first write after its reads) and a connection a refused statement left pending replaced
 * (lib/server/db/sqlite-pragmas).
 */
class PrismaLibSQLWithPragmas extends PrismaLibSQL {
  private pragmas = connectionPragmas();
  override createClient(config: Config) {
    return withConnectionPragmas(() => super.createClient(config), this.pragmas);
  }
}

/** Both generated clients have the same models and methods; the SQLite one's type stands for both. */
export type Db = PrismaClient;

/** The database to open: DATABASE_URL when it is a PostgreSQL URL, else the SQLite file. */
export function defaultTarget(): string {
  const config = serverConfig();
  return config.databaseUrl ?? sqliteFile(config.databaseFile);
}

const providers = new WeakMap<object, DbProvider>();
const sqliteFiles = new WeakMap<object, string>();
/** The file a SQLite client opened by openDb reads and writes (null for PostgreSQL). */
export const sqliteFileOf = (db: Db): string | null => sqliteFiles.get(db) ?? null;

/** Which provider a client opened by openDb (or a transaction marked by inTransactionOf) talks to. */
export const dbProviderOf = (db: object): DbProvider => providers.get(db) ?? "sqlite";

/** Marks an interactive transaction's client `tx` as talking to `db`'s provider (lib/server/db/params sizes its statements by it). */
export function inTransactionOf<T extends object>(tx: T, db: object): T {
  providers.set(tx, dbProviderOf(db));
  return tx;
}

/**
 * Opens `target`: a postgresql:// URL, or a SQLite file (default DATABASE_URL if it is a
 * PostgreSQL URL, else DATABASE_FILE or data/gomoku.db). SQLite: creates the file's folder,
 * switches it to WAL, and every connection gets a busy timeout and synchronous = NORMAL
 * (SQLITE_SYNCHRONOUS; lib/server/db/sqlite-pragmas).
 */
export async function openDb(target: string = defaultTarget()): Promise<Db> {
  if (isPostgresUrl(target)) {
    const { pgAdapter } = await import("./pg");
    const { PrismaClient: PgClient } = await import("../../../generated/prisma-pg/client");
    const db = new PgClient({ adapter: pgAdapter(target, { max: serverConfig().pgPoolSize }) }) as unknown as Db;
    await db.$queryRawUnsafe("SELECT 1");
    providers.set(db, "postgresql");
    return db;
  }
  const url = sqliteUrl(target);
  const db = new PrismaClient({ adapter: new PrismaLibSQLWithPragmas({ url }) });
  // journal_mode = WAL stays in the file (readers never block the writer); busy_timeout and
  // synchronous are per connection: sqlite-pragmas runs them on each one.
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  providers.set(db, "sqlite");
  if (!target.includes(":memory:")) sqliteFiles.set(db, path.resolve(target));
  return db;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

function migrationSql(provider: DbProvider): string[] {
  const dir = path.join(root, "prisma", "migrations", provider);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f, "migration.sql"), "utf8"));
}

/**
 * Applies every migration's SQL to a fresh database (a SQLite file or an empty PostgreSQL
 * database) directly, with no Prisma CLI process. For tests and throwaway databases only: it
 * does not record them in _prisma_migrations, so use `node scripts/prisma.mjs migrate deploy`
 * for real databases.
 */
export async function applyMigrationsDirectly(target: string): Promise<void> {
  if (isPostgresUrl(target)) {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      for (const sql of migrationSql("postgresql")) await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const client = createClient({ url: sqliteUrl(target) });
  try {
    await client.execute("PRAGMA journal_mode = WAL");
    for (const sql of migrationSql("sqlite")) await client.executeMultiple(sql);
  } finally {
    client.close();
  }
}

/** True for Prisma's unique-constraint violation (P2002), however the adapter wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  if (!e || typeof e !== "object") return false;
  const err = e as { code?: unknown; message?: unknown; meta?: unknown; cause?: unknown };
  if (err.code === "P2002" || err.code === "23505") return true;
  const msg = typeof err.message === "string" ? err.message : "";
  if (/UNIQUE constraint failed|Unique constraint failed|duplicate key value/i.test(msg)) return true;
  return err.cause !== undefined && err.cause !== e ? isUniqueViolation(err.cause) : false;
}
