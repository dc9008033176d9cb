// The SQLite move thread (lib/server/db/sqlite-move-thread.mjs) when its batch cannot be written: another
// connection holds the write lock past the thread's busy_timeout (its BEGIN IMMEDIATE is refused with
// SQLITE_BUSY), or a row fails in a way that makes SQLite undo the whole transaction (the disk is full).
// Each refused row's caller is told; the thread's connection stays usable and holds no lock; what is
// refused is not committed, and what is written later is committed once. The thread's busy_timeout is
// short (its wait is on its own thread); the lock is held until the refusal has been seen, so nothing
// depends on timing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient, type Client } from "@libsql/client";
import { openDb, type Db } from "../../lib/server/db/client";
import { MoveWriter } from "../../lib/server/db/move-writer";
import { SqliteMoveSink } from "../../lib/server/db/sqlite-move-sink";
import { sqliteUrl } from "../../lib/server/db/sqlite-url";
import { tempSqlite } from "./helpers";
import { holdWriteLock, moveRow } from "./sqlite-test-helpers";

// Each test its own file: a connection one leaves stuck must not fail the next.
let tmp: Awaited<ReturnType<typeof tempSqlite>>;
let db: Db;
let writer: MoveWriter | null = null;
beforeEach(async () => {
  tmp = await tempSqlite();
  db = await openDb(tmp.file);
  for (const id of ["g1", "g2", "g3"])
    await db.game.create({ data: { id, kind: "hvh", size: 15, rule: "freestyle", opening: "[]", black: "{}", white: "{}", status: "playing" } });
});
afterEach(async () => {
  await writer?.close();
  writer = null;
  await db?.$disconnect();
  tmp?.cleanup();
});

/** A writer whose thread waits at most 50 ms for the write lock, with `more` settings on its connection. */
function threadWriter(...more: string[]): MoveWriter {
  writer = new MoveWriter(new SqliteMoveSink(tmp.file, ["PRAGMA busy_timeout = 50", "PRAGMA synchronous = NORMAL", ...more]));
  return writer;
}

/** A new connection on the file; busy_timeout 0: refused at once if anyone holds the write lock. */
async function connection(): Promise<Client> {
  const c = createClient({ url: sqliteUrl(tmp.file) });
  await c.execute("PRAGMA busy_timeout = 0");
  return c;
}
/** The committed moves, [gameId, ply], as a new connection sees them. */
async function committedMoves(): Promise<Array<[string, number]>> {
  const c = await connection();
  try {
    const r = await c.execute(`SELECT "gameId", "ply" FROM "Move" ORDER BY "gameId", "ply"`);
    return r.rows.map((m) => [String(m.gameId), Number(m.ply)]);
  } finally {
    c.close();
  }
}
/** Another connection writes (a player row), refused at once if the write lock is held: throws then. */
async function otherWrites(id: string): Promise<void> {
  const c = await connection();
  try {
    await c.execute({ sql: `INSERT INTO "Player" ("id", "name", "nameKey") VALUES (?, ?, ?)`, args: [id, id, id] });
  } finally {
    c.close();
  }
}
const outcomes = (ps: Array<Promise<void>>) =>
  Promise.allSettled(ps).then((rs) => rs.map((r) => (r.status === "fulfilled" ? "committed" : (r.reason as { code?: string }).code)));

describe("the SQLite move thread, when a batch cannot be written", () => {
  it("refused at its BEGIN (the lock held past busy_timeout): each row's caller is told; the thread holds no lock; later moves commit, once each", async () => {
    const w = threadWriter();
    await w.insert(moveRow("g1", 1)); // the thread is up, its BEGIN run once already
    const lock = await holdWriteLock(tmp.file);
    expect(await outcomes([w.insert(moveRow("g1", 2)), w.insert(moveRow("g2", 1))])).toEqual(["SQLITE_BUSY", "SQLITE_BUSY"]);
    expect(await outcomes([w.insert(moveRow("g3", 1))])).toEqual(["SQLITE_BUSY"]); // and again: refusals don't pile up
    await lock.release();
    // The refused BEGIN left no lock on the thread's connection: another connection writes at once.
    await otherWrites("p1");
    // The callers try again, with more: each row committed once.
    expect(await outcomes([w.insert(moveRow("g1", 2)), w.insert(moveRow("g2", 1)), w.insert(moveRow("g3", 1))])).toEqual([
      "committed",
      "committed",
      "committed",
    ]);
    await w.insert(moveRow("g1", 3));
    expect(await committedMoves()).toEqual([
      ["g1", 1],
      ["g1", 2],
      ["g1", 3],
      ["g2", 1],
      ["g3", 1],
    ]);
    await otherWrites("p2"); // and after them, no lock left behind
  });

  it("a row that makes SQLite undo the whole transaction (disk full) fails the batch: no other row of it is committed on its own", async () => {
    // No room to grow the file: a small row fits in the pages there are, a 64 KB one does not.
    const [{ page_count }] = await db.$queryRawUnsafe<Array<{ page_count: bigint }>>("PRAGMA page_count");
    const w = threadWriter(`PRAGMA max_page_count = ${Number(page_count)}`);
    await w.insert(moveRow("g1", 1));
    const batch = [w.insert(moveRow("g1", 2)), w.insert(moveRow("g2", 1, { pv: "x".repeat(65536) })), w.insert(moveRow("g3", 1))];
    expect(await outcomes(batch)).toEqual(["SQLITE_FULL", "SQLITE_FULL", "SQLITE_FULL"]);
    expect(await committedMoves()).toEqual([["g1", 1]]);
    // The callers try again without the big row: committed once each; the connection is usable.
    expect(await outcomes([w.insert(moveRow("g1", 2)), w.insert(moveRow("g3", 1))])).toEqual(["committed", "committed"]);
    expect(await committedMoves()).toEqual([
      ["g1", 1],
      ["g1", 2],
      ["g3", 1],
    ]);
    await otherWrites("p1");
  });
});
