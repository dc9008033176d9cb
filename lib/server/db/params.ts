// How many bound parameters one statement may carry. Prisma holds SQLite to 999 (its query compiler
// refuses more, though libsql itself takes 32,766); PostgreSQL takes 65,535, Prisma 32,766. On PostgreSQL a
// pass of a 1,000-player arena so fits in one statement per step: each round trip saved is tens of
// milliseconds on a loaded node (docs/TOURNAMENTS.md).
import { dbProviderOf } from "./client";

/** Parameters one statement may carry on `db`'s provider (a client, or a transaction marked by inTransactionOf). */
export const maxParams = (db: object): number => (dbProviderOf(db) === "postgresql" ? 32_766 : 999);

/** Ids per `in (…)` list, leaving room for a second list and a few other values in the same query. */
export const inListIds = (db: object): number => Math.floor((maxParams(db) - 40) / 2.5);

/** Rows of `columns` values each per multi-row statement (a margin for the statement's other values). */
export const rowsPerStatement = (db: object, columns: number): number => Math.floor((maxParams(db) - 40) / columns);

/** `query` over the distinct `ids` in slices of as many as one `in (…)` list on `db` takes, the rows joined. */
export async function inSlices<R>(db: object, ids: Iterable<string>, query: (part: string[]) => Promise<R[]>): Promise<R[]> {
  const all = [...new Set(ids)];
  const out: R[] = [];
  const per = inListIds(db);
  for (let i = 0; i < all.length; i += per) out.push(...(await query(all.slice(i, i + per))));
  return out;
}
