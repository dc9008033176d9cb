// One test file's cluster on real PostgreSQL + Redis: a throwaway database, a Redis prefix of its own, a
// reader on the database and the sockets to close, made before the file's tests (after them: the sockets
// closed, every node process killed, the database dropped, the prefix's keys flushed). `start` runs once the
// database exists and starts the file's nodes (`env(id)` is a node's shared settings). Kept apart from
// ./helpers, which the benches import outside vitest.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { openDb, type Db } from "../../lib/server/db/client";
import { REDIS_TEST_URL, flushRedisPrefix, killAll, sharedNodeEnv, tempPostgres } from "./helpers";

export interface Cluster {
  readonly prefix: string;
  /** The throwaway database (set before `start` runs). */
  pgdb: Awaited<ReturnType<typeof tempPostgres>>;
  /** A client of the database for the tests' own reads and writes (set after `start`). */
  reader: Db;
  /** Closed after the file's tests. */
  readonly sockets: Array<{ disconnect(): unknown }>;
  /** A node's settings: the database, Redis and its id, and `more`. */
  env(id: string, more?: Record<string, string>): Record<string, string | undefined>;
}

export function clusterFixture(start: (c: Cluster) => Promise<void>, timeoutMs = 60_000): Cluster {
  const made: Partial<Cluster> = {
    prefix: `gomoku_test_${randomBytes(4).toString("hex")}`,
    sockets: [],
    env: (id, more = {}) => ({ ...sharedNodeEnv(c.pgdb.url, c.prefix, id), ...more }),
  };
  const c = made as Cluster;
  beforeAll(async () => {
    c.pgdb = await tempPostgres();
    await start(c);
    c.reader = await openDb(c.pgdb.url);
  }, timeoutMs);
  afterAll(async () => {
    for (const s of c.sockets) s.disconnect();
    await c.reader?.$disconnect();
    await killAll();
    await c.pgdb?.drop();
    await flushRedisPrefix(REDIS_TEST_URL, c.prefix);
  });
  return c;
}
