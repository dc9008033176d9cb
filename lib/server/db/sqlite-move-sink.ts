// Move rows to the SQLite file through a thread of their own (sqlite-move-thread.mjs): libsql runs
// statements synchronously, so on the event loop every commit would stall every socket. The thread
// has its own connection (WAL: the main connection's readers see each commit once it is acked).
import { Worker } from "node:worker_threads";
import { INSERT_MOVE_INTO, MOVE_COLUMNS, type MoveRow, type MoveSink } from "./move-columns";
import { connectionPragmas } from "./sqlite-pragmas";

type Outcome = { id: number; errors?: Array<{ message: string; code: string | null } | null>; failed?: { message: string; code: string | null } };

const toError = (e: { message: string; code: string | null }) => Object.assign(new Error(e.message), { code: e.code ?? undefined });

/** The thread's one prepared statement: a row's columns as ? parameters. */
const INSERT_SQL = `${INSERT_MOVE_INTO} (${MOVE_COLUMNS.map(() => "?").join(", ")})`;

/** The column values in INSERT order; DateTime as the libsql adapter stores it. */
const params = (r: MoveRow) => MOVE_COLUMNS.map((c) => (c === "createdAt" ? r.createdAt.toISOString().replace("Z", "+00:00") : r[c]));

export class SqliteMoveSink implements MoveSink {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, { resolve: (errors: Array<Error | null>) => void; reject: (err: Error) => void }>();

  constructor(
    private file: string,
    /** The thread's connection settings; the server's (connectionPragmas) unless given (tests: a short busy_timeout). */
    private pragmas?: readonly string[],
  ) {}

  write(rows: MoveRow[]): Promise<Array<Error | null>> {
    const w = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) w.ref(); // an answer is awaited: keep the process alive for it
      w.postMessage({ id, rows: rows.map(params) });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  /** The thread, started on first use and again after it died. */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL("./sqlite-move-thread.mjs", import.meta.url), {
      workerData: { file: this.file, pragmas: this.pragmas ?? connectionPragmas(), insert: INSERT_SQL },
    });
    w.unref();
    w.on("message", (m: Outcome) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.failed) p.reject(toError(m.failed));
      else p.resolve(m.errors!.map((e) => (e ? toError(e) : null)));
    });
    const died = (err: Error) => {
      if (this.worker === w) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    w.on("error", died);
    w.on("exit", (code) => died(new Error(`the SQLite move writer thread stopped (exit code ${code})`)));
    this.worker = w;
    return w;
  }
}
