// Per-connection SQLite settings that hold on every connection. @libsql/client hands its connection
// to each transaction and opens a new one lazily after it, so a PRAGMA run once at start is lost
// after the first transaction. This wraps the client so the settings are run again on each new
// connection, before its first statement.
import type { Client } from "@libsql/client";
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

export function withConnectionPragmas(client: Client, pragmas: readonly string[]): Client {
  let fresh = true;
  const ready = async () => {
    if (!fresh) return;
    fresh = false;
    for (const sql of pragmas) await client.execute(sql); // one by one: PRAGMAs return rows
  };
  const own: Partial<Client> = {
    async execute(...args: Parameters<Client["execute"]>) {
      await ready();
      return client.execute(...(args as [never]));
    },
    async batch(...args: Parameters<Client["batch"]>) {
      await ready();
      return client.batch(...args);
    },
    async executeMultiple(sql: string) {
      await ready();
      return client.executeMultiple(sql);
    },
    async transaction(...args: Parameters<Client["transaction"]>) {
      await ready();
      const tx = await client.transaction(...args);
      fresh = true; // the client opens a new connection for its next statement
      return tx;
    },
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop in own) return own[prop as keyof Client];
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
