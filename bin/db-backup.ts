// `npm run db:backup [-- --out FILE | --dir DIR]`: a consistent copy of the SQLite database while
// the server runs (lib/server/db/backup). PostgreSQL: use pg_dump (docs/OPERATIONS.md "Backups").
import path from "node:path";
import { parseArgs } from "node:util";
import { serverConfig } from "../lib/server/config";
import { BackupError, backupSqlite, timestampedBackupPath } from "../lib/server/db/backup";
import { sqliteFile } from "../lib/server/db/sqlite-url";

const { values } = parseArgs({ options: { out: { type: "string" }, dir: { type: "string", default: "backups" }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  console.log("npm run db:backup [-- --out FILE | --dir DIR]   copies the SQLite database while the server runs (default: backups/gomoku-<UTC time>.db)");
  process.exit(0);
}
const config = serverConfig();
if (config.databaseUrl) {
  console.error("DATABASE_URL is PostgreSQL: back it up with pg_dump --format=custom (docs/OPERATIONS.md, Backups).");
  process.exit(2);
}
const file = sqliteFile(config.databaseFile);
const dest = path.resolve(values.out ?? timestampedBackupPath(values.dir!));
try {
  const r = await backupSqlite(file, dest);
  console.log(`backed up ${file} to ${dest} (${(r.bytes / 1e6).toFixed(1)} MB in ${r.ms} ms)`);
} catch (e) {
  if (!(e instanceof BackupError)) throw e;
  console.error(`${e.code}: ${e.message}`);
  process.exit(1);
}
