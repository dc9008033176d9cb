// PostgreSQL through @prisma/adapter-pg and node-postgres.
//
// Workaround for prisma/orm#27403: the adapter refuses result columns of the catalog types
// "char" (OID 18) and name (OID 19), which `migrate deploy` / `db push` read from pg_catalog
// ("Column type 'name' could not be deserialized"). A pg.Client subclass reports them as text
// (OID 25); their text values are plain strings either way.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

const CATALOG_OIDS = new Set([18, 19]);
const TEXT_OID = 25;

type Result = { fields?: Array<{ dataTypeID: number }> } | undefined;
function asText<T>(res: T): T {
  for (const r of (Array.isArray(res) ? res : [res]) as Result[]) {
    if (r?.fields) for (const f of r.fields) if (CATALOG_OIDS.has(f.dataTypeID)) f.dataTypeID = TEXT_OID;
  }
  return res;
}

export class CatalogSafeClient extends pg.Client {
  // Every form of query(): (text|config, values?, callback?) with a callback, or a promise.
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    const cb = args[last];
    if (typeof cb === "function") {
      args[last] = (err: unknown, res: unknown) => (cb as (e: unknown, r: unknown) => void)(err, err ? res : asText(res));
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const r = (super.query as (...a: unknown[]) => unknown)(...args);
    return (r && typeof (r as Promise<unknown>).then === "function" ? (r as Promise<unknown>).then(asText) : r) as never;
  }
}

export interface PgOptions {
  /** Pool size (default 10; the server passes PG_POOL_SIZE, lib/server/config). */
  max?: number;
}

/** A pg pool using CatalogSafeClient. */
export function pgPool(url: string, opts: PgOptions = {}): pg.Pool {
  const max = opts.max ?? 10;
  return new pg.Pool({ connectionString: url, max, Client: CatalogSafeClient });
}

/** The Prisma driver adapter for `url` (the CLI's and the server's). */
export function pgAdapter(url: string, opts: PgOptions = {}): PrismaPg {
  if (!url) throw new Error("DATABASE_URL is not set");
  return new PrismaPg(pgPool(url, opts), { disposeExternalPool: true });
}
