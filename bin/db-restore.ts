// `npm run db:restore -- FILE`: puts a backup in place as the SQLite database. Stop the server
// first; start it again afterwards (lib/server/db/backup).
import { parseArgs } from "node:util";
import { serverConfig } from "../lib/server/config";
import { BackupError, restoreSqlite } from "../lib/server/db/backup";
import { sqliteFile } from "../lib/server/db/sqlite-url";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
if (values.help || positionals.length !== 1) {
  console.log("npm run db:restore -- FILE   puts backup FILE in place as the database (stop the server first)");
  process.exit(values.help ? 0 : 2);
}
const config = serverConfig();
if (config.databaseUrl) {
  console.error("DATABASE_URL is PostgreSQL: restore with pg_restore (docs/OPERATIONS.md, Backups).");
  process.exit(2);
}
const file = sqliteFile(config.databaseFile);
try {
  const r = await restoreSqlite(positionals[0], file);
  console.log(`restored ${positionals[0]} to ${file}: ${r.games} games, ${r.moves} moves`);
} catch (e) {
  if (!(e instanceof BackupError)) throw e;
  console.error(`${e.code}: ${e.message}`);
  process.exit(1);
}
