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
