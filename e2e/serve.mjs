// Playwright's web server: a throwaway SQLite database, then `npm start` (scripts/start.mjs:
// migrate + production build when sources changed + server.ts under NODE_ENV=production).
// Env: E2E_PORT (3100), E2E_DB_DIR (a folder under the OS temp dir, emptied first).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.env.E2E_PORT ?? "3100";
const dbDir = process.env.E2E_DB_DIR ?? path.join(os.tmpdir(), `gomoku-e2e-${port}`);
fs.rmSync(dbDir, { recursive: true, force: true });
fs.mkdirSync(dbDir, { recursive: true });

const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
  stdio: "inherit",
  cwd: root,
  env: {
    ...process.env,
    PORT: port,
    DATABASE_FILE: path.join(dbDir, "e2e.db"),
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => {
  fs.rmSync(dbDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
