// Playwright's web server: a throwaway SQLite database, then `npm start` (scripts/start.mjs:
// migrate + production build when sources changed + server.ts under NODE_ENV=production).
// Once it answers, a second server for e2e/cluster.spec.ts: the same build run as
// `WORKERS=2 npm start` runs it (lib/server/cluster: one port, two worker processes), its own database.
// Env: E2E_PORT (3100), E2E_CLUSTER_PORT (E2E_PORT + 1; "off": none), E2E_DB_DIR (a folder under
// the OS temp dir, emptied first).
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
    // Game analysis (e2e/analysis.spec.ts): short searches, so a game is analysed in seconds.
    ANALYSIS_PLY_MS: process.env.ANALYSIS_PLY_MS ?? "150",
    // The TV runs through the whole suite on the background thread that the specs' AI-vs-AI games and analyses share:
    // its own engines at 0.2 s a move (0.3–1.5 s on a site) leave that thread, and the 2 cores, to the specs.
    TV_MOVE_MS: process.env.TV_MOVE_MS ?? "200",
    // The operator's page /mod (e2e/chat.spec.ts): a token known to the tests.
    OPERATOR_TOKEN: process.env.OPERATOR_TOKEN ?? "e2e-operator-token-not-secret",
  },
});
let clusterServer = null;
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(sig, () => {
    child.kill(sig);
    clusterServer?.kill(sig);
  });
child.on("exit", (code, signal) => {
  clusterServer?.kill("SIGTERM");
  fs.rmSync(dbDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});

const clusterPort = process.env.E2E_CLUSTER_PORT ?? String(Number(port) + 1);
if (clusterPort !== "off") void startCluster();

async function startCluster() {
  // After the first server answers: its start built Next, which this one reuses.
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  const env = {
    ...process.env,
    DATABASE_FILE: path.join(dbDir, "e2e-cluster.db"),
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
  const migrate = spawn(process.execPath, [path.join(root, "scripts", "prisma.mjs"), "migrate", "deploy"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if ((await new Promise((r) => migrate.on("exit", r))) !== 0) return console.error("[e2e] cluster server: migration failed");
  clusterServer = spawn(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "server.ts")], {
    stdio: "inherit",
    cwd: root,
    env: { ...env, NODE_ENV: "production", PORT: clusterPort, WORKERS: "2", TV: "0" },
  });
}
