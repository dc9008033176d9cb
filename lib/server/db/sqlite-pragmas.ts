// Per-connection SQLite settings that hold on every connection. @libsql/client hands its connection
// to each transaction and opens a new one lazily after it, so a PRAGMA run once at start is lost
// after the first transaction. This wraps the client so the settings are run again on each new
// connection, before its first statement. The wrapper also begins every transaction (Prisma's) as the
// writer, and replaces a connection a refused statement (SQLITE_BUSY) left unusable: see withConnectionPragmas.
import type { Client, TransactionMode } from "@libsql/client";
import { serverConfig, SQLITE_SYNCHRONOUS, type SqliteSynchronous } from "../config";

/** synchronous = NORMAL: in WAL mode a commit writes the WAL without an fsync of its own; a
 * committed move survives the process being killed (the OS has it), only a power cut or kernel
 * crash may lose the last commits. SQLITE_SYNCHRONOUS=FULL trades that for an fsync per commit
 * on the event loop (libsql runs statements synchronously). */
export function connectionPragmas(sync: SqliteSynchronous = serverConfig().sqliteSynchronous): string[] {
  // Checked by lib/server/config; checked again here because it is pasted into SQL.
  if (!SQLITE_SYNCHRONOUS.includes(sync)) throw new Error(`SQLITE_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA, not "${sync}"`);
  // busy_timeout: a second process on the same file (a migration, the CLI) waits instead of failing.
  return ["PRAGMA busy_timeout = 5000", `PRAGMA synchronous = ${sync}`];
}

/** SQLITE_BUSY or one of its extended codes (BUSY_SNAPSHOT is 517), as @libsql/client reports them. */
export function isSqliteBusy(e: unknown): boolean {
  const err = e as { code?: unknown; rawCode?: unknown } | null;
  if (typeof err?.rawCode === "number") return (err.rawCode & 0xff) === 5;
  return typeof err?.code === "string" && err.code.startsWith("SQLITE_BUSY");
}

/**
 * A client from `open`, with `pragmas` run on each of its connections before its first statement, and:
 *
 * Every transaction asked to begin "deferred" begins as the writer ("write": BEGIN IMMEDIATE).
 * @prisma/adapter-libsql begins each of Prisma's transactions "deferred": in WAL such a transaction
 * reads a snapshot, and if another connection (the move writer's thread has its own) commits after
 * that, its first write fails with SQLITE_BUSY_SNAPSHOT, which busy_timeout does not help (an
 * interactive transaction that reads, then writes: a rename, a scoring pass). Begun as the writer, it
 * waits (busy_timeout) for the write lock at its BEGIN and holds it to its end: its reads are of the
 * latest rows, and the other connections' writes wait for it.
 *
 * A statement refused with SQLITE_BUSY (the lock held past busy_timeout) on the client's own connection
 * closes that connection; the next statement opens another. libsql does not reset a refused statement:
 * it stays pending on its connection, and until it is finalized that connection's later writes are
 * never committed while it holds the write lock (every other connection's writes then fail). A refused
 * BEGIN IMMEDIATE is one such statement; a transaction's own connection is dropped after it anyway.
 */
export function withConnectionPragmas(open: () => Client, pragmas: readonly string[]): Client {
  let client = open();
  let fresh = true;
  const ready = async () => {
    if (!fresh) return;
    fresh = false;
    for (const sql of pragmas) await client.execute(sql); // one by one: PRAGMAs return rows
  };
  /** `run` on the client, after the PRAGMAs if its connection is new; refused with SQLITE_BUSY: the connection replaced. */
  const onConnection = async <T>(run: (c: Client) => Promise<T>): Promise<T> => {
    await ready();
    const c = client;
    try {
      return await run(c);
    } catch (e) {
      if (isSqliteBusy(e) && c === client) replace(c);
      throw e;
    }
  };
  /** A new client for `c`, closed; if none opens now, `c` stays (the refusal is what is thrown). */
  const replace = (c: Client) => {
    try {
      client = open();
    } catch {
      return;
    }
    fresh = true;
    c.close();
  };
  const own: Partial<Client> = {
    execute(...args: Parameters<Client["execute"]>) {
      return onConnection((c) => c.execute(...(args as [never])));
    },
    batch(...args: Parameters<Client["batch"]>) {
      return onConnection((c) => c.batch(...args));
    },
    executeMultiple(sql: string) {
      return onConnection((c) => c.executeMultiple(sql));
    },
    async transaction(mode?: TransactionMode) {
      const tx = await onConnection((c) => c.transaction(mode === "deferred" ? "write" : mode));
      fresh = true; // the client opens a new connection for its next statement
      return tx;
    },
  };
  return new Proxy(client, {
    get(_initial, prop) {
      if (prop in own) return own[prop as keyof Client];
      const v = Reflect.get(client, prop, client);
      return typeof v === "function" ? v.bind(client) : v;
    },
  });
}
