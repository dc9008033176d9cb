import path from "node:path";

/** The SQLite file: DATABASE_FILE if set, else data/gomoku.db under the project. */
export function sqliteUrl(): string {
  const file = process.env.DATABASE_FILE ?? path.join(process.cwd(), "data", "gomoku.db");
  return `file:${file}`;
}
