import fs from "node:fs";
import path from "node:path";

/** The SQLite file: DATABASE_FILE if set, else data/gomoku.db under the project. */
export function sqliteFile(): string {
  return path.resolve(process.env.DATABASE_FILE ?? path.join(process.cwd(), "data", "gomoku.db"));
}

/** The libsql URL of `file` (default: sqliteFile()), creating its folder so SQLite can open it. */
export function sqliteUrl(file: string = sqliteFile()): string {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return `file:${file}`;
}
