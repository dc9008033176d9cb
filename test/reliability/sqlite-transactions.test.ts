// An interactive transaction on SQLite that reads, then writes, while another connection (the move
// writer's thread has its own) writes: in WAL a transaction begun DEFERRED reads a snapshot, and if
// another connection commits after it, its first write fails with SQLITE_BUSY_SNAPSHOT (busy_timeout
// does not help; a fresh-clone CI run answered a rename with INTERNAL). openDb's transactions begin
// as the writer (BEGIN IMMEDIATE): the other connection waits for them instead. And a statement refused
// with SQLITE_BUSY (a BEGIN IMMEDIATE among them) must not leave its connection unusable: libsql keeps
// it pending, and that connection's later writes were never committed. The order is set by promises
// and locks, not by timing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient, type Client } from "@libsql/client";
import { openDb, type Db } from "../../lib/server/db/client";
import { withConnectionPragmas } from "../../lib/server/db/sqlite-pragmas";
import { sqliteUrl } from "../../lib/server/db/sqlite-url";
import { tempSqlite } from "./helpers";
import { holdWriteLock } from "./sqlite-test-helpers";

// Each test its own file: a connection one leaves stuck must not fail the next.
let tmp: Awaited<ReturnType<typeof tempSqlite>>;
let db: Db;
let other: Client;
beforeEach(async () => {
  tmp = await tempSqlite();
  db = await openDb(tmp.file);
  other = busyAtOnce();
});
afterEach(async () => {
  other?.close();
  await db?.$disconnect();
  tmp?.cleanup();
});

/**
 * Another client on the file, wrapped as openDb's is, but with busy_timeout 0: a statement refused
 * because another connection holds the write lock answers at once (libsql waits synchronously: with a
 * timeout it would stall this thread, the one the lock holder runs on, until it gave up).
 */
const busyAtOnce = () => withConnectionPragmas(() => createClient({ url: sqliteUrl(tmp.file) }), ["PRAGMA busy_timeout = 0"]);

const player = (id: string) => ({ id, name: id, nameKey: id });
const insert = (c: Pick<Client, "execute">, id: string) =>
  c.execute({ sql: `INSERT INTO "Player" ("id", "name", "nameKey") VALUES (?, ?, ?)`, args: [id, id, id] });
const insertByOther = (id: string) => insert(other, id);
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "done",
    (e: { code?: string }) => e.code,
  );
/** The ids among `ids` that a new connection sees (committed ones only). */
async function committed(ids: string[]): Promise<string[]> {
  const c = createClient({ url: sqliteUrl(tmp.file) });
  try {
    const r = await c.execute({ sql: `SELECT "id" FROM "Player" WHERE "id" IN (${ids.map(() => "?").join(", ")}) ORDER BY "id"`, args: ids });
    return r.rows.map((row) => String(row.id));
  } finally {
    c.close();
  }
}

/** A promise and its resolve, to order the steps. */
function step(): { done: Promise<void>; go: () => void } {
  let go!: () => void;
  const done = new Promise<void>((r) => (go = r));
  return { done, go };
}

describe("SQLite interactive transactions", () => {
  it("one that reads, then writes after another connection tried to write, commits; the other writes after it", async () => {
    const hasRead = step();
    const mayWrite = step();
    const tx = db.$transaction(async (t) => {
      const seen = await t.player.count({ where: { id: { in: ["a1", "b1"] } } });
      hasRead.go();
      await mayWrite.done;
      await t.player.create({ data: player("a1") });
      return seen;
    });
    await hasRead.done;
    // Begun DEFERRED, the transaction would hold only a read snapshot here: this write would commit, and
    // the transaction's write below would fail (SQLITE_BUSY_SNAPSHOT). Begun as the writer, it holds the
    // write lock: this one is refused (SQLITE_BUSY, at once with busy_timeout 0; the move writer waits).
    const meanwhile = await codeOf(insertByOther("b1"));
    mayWrite.go();
    await expect(tx).resolves.toBe(0);
    expect(meanwhile).toBe("SQLITE_BUSY");
    // After the commit the other connection writes.
    await insertByOther("b1");
    expect(await committed(["a1", "b1"])).toEqual(["a1", "b1"]);
  });

  it("a batch transaction and a plain write still work, and leave no lock behind", async () => {
    await db.$transaction([db.player.create({ data: player("a2") }), db.player.create({ data: player("a3") })]);
    await db.player.create({ data: player("a4") });
    await insertByOther("b2"); // busy_timeout 0: would fail if a transaction were left open
    expect(await committed(["a2", "a3", "a4", "b2"])).toEqual(["a2", "a3", "a4", "b2"]);
  });

  it("a write refused while another connection holds the lock leaves its connection usable: the next one commits", async () => {
    const c = busyAtOnce();
    try {
      const lock = await holdWriteLock(tmp.file);
      expect(await codeOf(insert(c, "c1"))).toBe("SQLITE_BUSY");
      await lock.release();
      await insert(c, "c2");
      expect(await committed(["c1", "c2"])).toEqual(["c2"]);
      await insertByOther("c3"); // and nobody is left waiting for a lock it holds
      expect(await committed(["c2", "c3"])).toEqual(["c2", "c3"]);
    } finally {
      c.close();
    }
  });

  it("a BEGIN refused while another connection holds the lock leaves the connection usable", async () => {
    const c = busyAtOnce();
    try {
      const lock = await holdWriteLock(tmp.file);
      expect(await codeOf(c.transaction("deferred"))).toBe("SQLITE_BUSY"); // begun as the writer: refused at its BEGIN
      await lock.release();
      await insert(c, "d1");
      const tx = await c.transaction("deferred");
      await insert(tx, "d2");
      await tx.commit();
      expect(await committed(["d1", "d2"])).toEqual(["d1", "d2"]);
      await insertByOther("d3");
      expect(await committed(["d1", "d2", "d3"])).toEqual(["d1", "d2", "d3"]);
    } finally {
      c.close();
    }
  });
});
