import fs from "node:fs";
import path from "node:path";

/** The SQLite file: `databaseFile` (DATABASE_FILE, lib/server/config) if given, else data/gomoku.db under the project. */
export function sqliteFile(databaseFile?: string): string {
  return path.resolve(databaseFile ?? path.join(process.cwd(), "data", "gomoku.db"));
}

/** The libsql URL of `file` (default: sqliteFile()), creating its folder so SQLite can open it. */
export function sqliteUrl(file: string = sqliteFile()): string {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return `file:${file}`;
}
