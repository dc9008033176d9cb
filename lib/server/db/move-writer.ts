// Group commit for move rows. Moves (of different games) that arrive in the same turn of the event
// loop, or while a write is under way, go to the database together: one transaction, one sync of
// the SQLite WAL (or one PostgreSQL round trip) for all of them. Each caller still gets its own
// outcome: a row that breaks the unique (gameId, ply) key is refused alone.
//
// Where the rows go is a MoveSink: on SQLite a thread of its own (lib/server/db/sqlite-move-sink), so the
// statements and the commit never run on the event loop; on PostgreSQL (asynchronous anyway)
// Prisma. Order within a game is kept by the caller (the game service commits one move per game
// at a time).
import { channel } from "node:diagnostics_channel";
import { Prisma } from "../../../generated/prisma/client";
import { dbProviderOf, sqliteFileOf, type Db } from "./client";
import { INSERT_MOVE_INTO, MOVE_COLUMNS, type MoveRow, type MoveSink } from "./move-columns";
import { SqliteMoveSink } from "./sqlite-move-sink";
import { serverConfig } from "../config";

export type { MoveRow, MoveSink } from "./move-columns";

const tuple = (r: MoveRow) => Prisma.sql`(${Prisma.join(MOVE_COLUMNS.map((c) => r[c]))})`;

/** Through Prisma: one multi-row INSERT; if it fails (one bad row fails the statement), row by row. */
export class PrismaMoveSink implements MoveSink {
  constructor(private db: Db) {}

  async write(rows: MoveRow[]): Promise<Array<Error | null>> {
    try {
      await this.insert(rows);
      return rows.map(() => null);
    } catch (err) {
      if (rows.length === 1) return [err as Error];
      const out: Array<Error | null> = [];
      for (const r of rows)
        out.push(
          await this.insert([r]).then(
            () => null,
            (e: Error) => e,
          ),
        );
      return out;
    }
  }

  private async insert(rows: MoveRow[]): Promise<void> {
    await this.db.$executeRaw`${Prisma.raw(INSERT_MOVE_INTO)} ${Prisma.join(rows.map(tuple))}`;
  }

  async close(): Promise<void> {}
}

/** The sink for `db`: SQLite's own thread, unless MOVE_WRITER=prisma; Prisma on PostgreSQL. */
export function moveSinkFor(db: Db): MoveSink {
  const file = sqliteFileOf(db);
  if (dbProviderOf(db) === "sqlite" && file && serverConfig().moveWriter !== "prisma") return new SqliteMoveSink(file);
  return new PrismaMoveSink(db);
}

interface Pending {
  row: MoveRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Every batch written, for whoever listens (lib/server/metrics): { rows, seconds, failed }. */
export const moveWrites = channel("gomoku:move-writes");
export interface MoveWriteReport {
  rows: number;
  seconds: number;
  failed: boolean;
}

export class MoveWriter {
  private queue: Pending[] = [];
  private writing = false;
  /** Batches written and rows in them (for benchmarks). */
  readonly stats = { batches: 0, rows: 0 };

  constructor(
    private sink: MoveSink,
    /** Most rows in one batch. */
    private maxBatch = 200,
  ) {}

  /**
   * Resolves once the row is committed; rejects with the database error for this row. Rows that
   * arrive in the same turn of the event loop go together, in one batch, at its end (setImmediate).
   */
  insert(row: MoveRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Waits for the rows already queued, then closes the sink. */
  async close(): Promise<void> {
    while (this.writing) await new Promise((r) => setImmediate(r));
    await this.sink.close();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) await this.flush(this.queue.splice(0, this.maxBatch));
    } finally {
      this.writing = false;
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    this.stats.batches++;
    this.stats.rows += batch.length;
    let errors: Array<Error | null>;
    const t0 = performance.now();
    const report = (failed: boolean) =>
      moveWrites.hasSubscribers && moveWrites.publish({ rows: batch.length, seconds: (performance.now() - t0) / 1000, failed } satisfies MoveWriteReport);
    try {
      errors = await this.sink.write(batch.map((p) => p.row));
    } catch (err) {
      report(true);
      for (const p of batch) p.reject(err);
      return;
    }
    report(false);
    batch.forEach((p, i) => (errors[i] ? p.reject(errors[i]) : p.resolve()));
  }
}
