// The Move table's columns in INSERT order, written once for both move sinks (Prisma on the event
// loop, and the SQLite thread, which gets the statement in its workerData: it runs plain JavaScript).

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

/** Writes rows: resolves with one entry per row, null (committed) or that row's error; rejects
 * when the batch could not be tried at all. */
export interface MoveSink {
  write(rows: MoveRow[]): Promise<Array<Error | null>>;
  close(): Promise<void>;
}
