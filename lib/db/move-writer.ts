// Group commit for move rows. Moves (of different games) that arrive in the same turn of the event
// loop, or while a write is under way, go to the database together as one multi-row INSERT: one statement, one transaction, one sync of the
// SQLite WAL (or one PostgreSQL round trip) for all of them. Each caller still gets its own
// outcome: if the batch fails (a unique (gameId, ply) violation in one row fails the statement),
// its rows are retried one by one so only the offending one is refused.
//
// Order within a game is kept by the caller (the game service commits one move per game at a time).
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "./client";

export interface MoveRow {
  gameId: string;
  ply: number;
  x: number;
  y: number;
  color: number;
  by: string;
  timeMs: number;
  score: string | null;
  depth: number | null;
  nodes: number | null;
  pv: string | null;
  rootScores: string | null;
  createdAt: Date;
}

interface Pending {
  row: MoveRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const tuple = (r: MoveRow) =>
  Prisma.sql`(${r.gameId}, ${r.ply}, ${r.x}, ${r.y}, ${r.color}, ${r.by}, ${r.timeMs}, ${r.score}, ${r.depth}, ${r.nodes}, ${r.pv}, ${r.rootScores}, ${r.createdAt})`;

export class MoveWriter {
  private queue: Pending[] = [];
  private writing = false;
  /** Batches written and rows in them (for benchmarks). */
  readonly stats = { batches: 0, rows: 0 };

  constructor(
    private db: Db,
    /** Most rows in one statement (13 parameters each). */
    private maxBatch = 200,
  ) {}

  /**
   * Resolves once the row is committed; rejects with the database error for this row. Rows that
   * arrive in the same turn of the event loop go together, in one statement, at its end
   * (setImmediate).
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
    try {
      await this.write(batch.map((p) => p.row));
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // One bad row fails the statement: find it (them) row by row.
      for (const p of batch) {
        try {
          await this.write([p.row]);
          p.resolve();
        } catch (e) {
          p.reject(e);
        }
      }
    }
  }

  private async write(rows: MoveRow[]): Promise<void> {
    await this.db.$executeRaw`INSERT INTO "Move" ("gameId", "ply", "x", "y", "color", "by", "timeMs", "score", "depth", "nodes", "pv", "rootScores", "createdAt") VALUES ${Prisma.join(rows.map(tuple))}`;
  }
}
