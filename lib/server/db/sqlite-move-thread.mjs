// The SQLite move writer's own thread (lib/server/db/sqlite-move-sink.ts). Plain JavaScript: no loader
// needed in a worker. It holds one libsql connection to the game file with one prepared INSERT (its
// SQL comes in workerData, from move-columns.ts) and commits each batch in one transaction, so neither
// the statement nor the commit runs on the event loop (libsql executes synchronously). Each row gets
// its own outcome: a row that breaks the (gameId, ply) key fails alone; the others of its batch are
// committed. A row whose failure makes SQLite undo the whole transaction (a full disk, an I/O error)
// fails the batch: every row of it is refused, none committed.
//
// A batch refused whole (its BEGIN IMMEDIATE waited busy_timeout for another connection's write lock)
// is refused to its callers, who may try again. libsql does not reset a statement refused with
// SQLITE_BUSY: it stays pending on the connection, and a COMMIT there then fails ("SQL statements in
// progress"). The refused statement here is the one prepared BEGIN, which the next batch runs first,
// and running it resets it: so BEGIN is prepared once, not per batch
// (test/reliability/move-thread-busy.test.ts).
import { parentPort, workerData } from "node:worker_threads";
import Database from "libsql";

const db = new Database(workerData.file);
for (const sql of workerData.pragmas) {
  const st = db.prepare(sql);
  if (st.reader)
    st.all(); // PRAGMAs that answer with a row
  else st.run();
}
const insert = db.prepare(workerData.insert);
const begin = db.prepare("BEGIN IMMEDIATE");
const commit = db.prepare("COMMIT");
const rollback = db.prepare("ROLLBACK");

parentPort.on("message", ({ id, rows }) => {
  const errors = new Array(rows.length).fill(null);
  try {
    begin.run();
    try {
      for (let i = 0; i < rows.length; i++) {
        try {
          insert.run(rows[i]); // a refused INSERT (a ply taken) undoes only itself; the transaction goes on
        } catch (err) {
          // Undone whole: the rows before are gone, and each row after would commit on its own.
          if (!db.inTransaction) throw err;
          errors[i] = { message: String(err?.message ?? err), code: err?.code ?? null };
        }
      }
      commit.run();
    } catch (err) {
      if (db.inTransaction) rollback.run();
      throw err;
    }
    parentPort.postMessage({ id, errors });
  } catch (err) {
    // The whole batch failed (the file is locked for longer than busy_timeout, the disk is full…).
    parentPort.postMessage({ id, failed: { message: String(err?.message ?? err), code: err?.code ?? null } });
  }
});
