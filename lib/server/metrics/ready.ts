// Readiness (/readyz): can this node serve? The database answers and has the schema this build
// expects (every migration applied: reading a row of each model names all of its columns, so a
// missing migration fails here, not on the first move), and Redis answers when configured.
import type { Db } from "../db/client";

export interface Check {
  name: string;
  ok: boolean;
  /** A sentence when not ok. */
  error?: string;
}

/** Rejects after `ms` (a probe must answer even when a dependency hangs). */
function within<T>(ms: number, p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const sentence = (err: unknown) =>
  (err instanceof Error ? err.message : String(err))
    .split("\n")
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 200) ?? "failed";

export async function readiness(db: Db, redis: { ping(): Promise<unknown> } | null, timeoutMs = 2000): Promise<Check[]> {
  const check = async (name: string, run: () => Promise<unknown>): Promise<Check> => {
    try {
      await within(timeoutMs, run(), name);
      return { name, ok: true };
    } catch (err) {
      return { name, ok: false, error: sentence(err) };
    }
  };
  const checks = [
    check("database", () => db.$queryRawUnsafe("SELECT 1")),
    check("migrations", () => Promise.all([db.game.findFirst(), db.move.findFirst(), db.lease.findFirst()])),
  ];
  if (redis) checks.push(check("redis", () => redis.ping()));
  return Promise.all(checks);
}

/**
 * One readiness check serves every probe for `ttlMs` (and those that come while it runs): a flood
 * of /readyz costs the database one query a second, not one a request (issue 25: 495 requests in
 * 4 s moved other players' move times from 21 to 66 ms at p90). `now` is injectable for tests.
 */
export function sharedReadiness(run: () => Promise<Check[]>, ttlMs = 1000, now: () => number = Date.now): () => Promise<Check[]> {
  let last: { at: number; result: Promise<Check[]> } | null = null;
  return () => {
    if (last && now() - last.at < ttlMs) return last.result;
    const result = run();
    const entry = { at: now(), result };
    last = entry;
    // Until it settles it is shared; from then on for ttlMs (counted from when it started: a slow check is not reused for longer).
    result.catch(() => {
      if (last === entry) last = null; // a failed run is not kept
    });
    return result;
  };
}
