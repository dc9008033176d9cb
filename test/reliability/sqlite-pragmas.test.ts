// The SQLite connection settings hold on every connection, including the new one @libsql/client
// opens after each transaction (before the wrapper, busy_timeout went back to 0 and synchronous to
// FULL after the first transaction).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../lib/server/db/client";
import { connectionPragmas } from "../../lib/server/db/sqlite-pragmas";
import { loadConfig, type Env } from "../../lib/server/config";
import { tempSqlite } from "./helpers";

let tmp: Awaited<ReturnType<typeof tempSqlite>>;
let db: Db;
beforeAll(async () => {
  tmp = await tempSqlite();
  db = await openDb(tmp.file);
});
afterAll(async () => {
  await db?.$disconnect();
  tmp?.cleanup();
});

const settings = async () => {
  const [s] = await db.$queryRawUnsafe<Array<{ synchronous: number | bigint }>>("PRAGMA synchronous");
  const [b] = await db.$queryRawUnsafe<Array<Record<string, number | bigint>>>("PRAGMA busy_timeout");
  return { synchronous: Number(s.synchronous), busyTimeout: Number(Object.values(b)[0]) };
};

describe("SQLite connection settings", () => {
  it("holds busy_timeout and synchronous = NORMAL before and after transactions", async () => {
    expect(await settings()).toEqual({ synchronous: 1, busyTimeout: 5000 });
    for (let i = 0; i < 3; i++) {
      await db.$transaction([
        db.game.create({ data: { id: `t${i}`, kind: "hvh", size: 15, rule: "freestyle", opening: "[]", black: "{}", white: "{}", status: "playing" } }),
      ]);
      expect(await settings()).toEqual({ synchronous: 1, busyTimeout: 5000 });
    }
    expect(await db.game.count()).toBe(3);
  });

  it("reads SQLITE_SYNCHRONOUS and refuses nonsense", () => {
    const pragmasFor = (env: Env) => connectionPragmas(loadConfig(env).sqliteSynchronous);
    expect(pragmasFor({ SQLITE_SYNCHRONOUS: "full" })).toContain("PRAGMA synchronous = FULL");
    expect(pragmasFor({})).toContain("PRAGMA synchronous = NORMAL");
    expect(() => pragmasFor({ SQLITE_SYNCHRONOUS: "1; DROP TABLE Game" })).toThrow(/SQLITE_SYNCHRONOUS/);
    // And if a caller skips the config: it is pasted into SQL, so it is checked again.
    expect(() => connectionPragmas("1; DROP TABLE Game" as never)).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
