// The Move table's columns in INSERT order, written once for both move sinks (Prisma on the event
// loop, and the SQLite thread, which gets the statement in its workerData: it runs plain JavaScript).
import type { MoveRow } from "./move-writer";

export const MOVE_COLUMNS = [
  "gameId",
  "ply",
  "x",
  "y",
  "color",
  "by",
  "timeMs",
  "score",
  "depth",
  "nodes",
  "pv",
  "rootScores",
  "createdAt",
] as const satisfies ReadonlyArray<keyof MoveRow>;

/** `INSERT INTO "Move" (…columns…) VALUES`, the rows' tuples to follow. */
export const INSERT_MOVE_INTO = `INSERT INTO "Move" (${MOVE_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES`;
