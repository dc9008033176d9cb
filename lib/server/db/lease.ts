// Named leases in the database (model Lease): a job that exactly one of several server processes
// sharing the database may run (the TV loop). The holder renews its lease well before it lapses;
// a holder that died releases it by expiry, and the next node to ask takes it over.
import { isUniqueViolation, type Db } from "./client";

/**
 * Takes or renews lease `name` for `holder` until now + ttlMs. True: `holder` holds it now. False:
 * another holder's lease has not lapsed. `nowMs`: the caller's clock (tests on fake time; default the wall clock).
 */
export async function claimLease(db: Db, name: string, holder: string, ttlMs: number, nowMs = Date.now()): Promise<boolean> {
  const now = new Date(nowMs);
  const until = new Date(now.getTime() + ttlMs);
  const { count } = await db.lease.updateMany({
    where: { name, OR: [{ holder }, { until: { lt: now } }] },
    data: { holder, until },
  });
  if (count === 1) return true;
  try {
    await db.lease.create({ data: { name, holder, until } });
    return true;
  } catch (err) {
    // The row exists (held by someone else), or another node created it first.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Gives lease `name` up at once if `holder` holds it (an orderly shutdown: the next node need not wait). */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.lease.deleteMany({ where: { name, holder } });
}
