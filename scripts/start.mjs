// npm start: migrate the SQLite database, build Next if needed, run the server in production.
// Settings (all optional): PORT (3000), HOST, DATABASE_FILE (data/gomoku.db), AI_THREADS (1),
// LOG_LEVEL, FORCE_BUILD=1 (build even if .next looks current), SKIP_BUILD=1.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, env: { ...env, ...extraEnv } });
  if (r.status !== 0) {
    console.error(`[start] ${path.basename(cmd)} ${args.join(" ")} failed (${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/** Newest modification time among the files the Next build depends on (pages, the code and messages they import, configs). */
function newestSource() {
  let newest = 0;
  const skip = new Set(["node_modules", ".next", ".git", "data", "test-results", "playwright-report", "generated"]);
  const walk = (dir) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(d.name)) continue;
      const p = path.join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const top of ["app", "lib", "engine", "i18n", "messages"]) walk(path.join(root, top));
  for (const f of ["proxy.ts", "next.config.js", "package.json", "postcss.config.mjs", "tsconfig.json"]) {
    const p = path.join(root, f);
    if (fs.existsSync(p)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

// 1. Database
console.log("[start] migrating the database");
run(process.execPath, [path.join(root, "scripts", "prisma.mjs"), "migrate", "deploy"]);

// 2. Next build (skipped when .next/BUILD_ID is newer than every source file)
const buildId = path.join(root, ".next", "BUILD_ID");
const current = fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs > newestSource();
if (process.env.SKIP_BUILD === "1") console.log("[start] SKIP_BUILD=1: not building");
else if (current && process.env.FORCE_BUILD !== "1") console.log("[start] .next is up to date: not building");
else {
  console.log("[start] building Next");
  // The build reads the sources at its start: BUILD_ID gets that time, so a file edited while it ran
  // is newer than the build and the next start builds again (BUILD_ID's own mtime is the build's end).
  const startedAt = new Date();
  run(bin("next"), ["build"], { NODE_ENV: "production" });
  fs.utimesSync(buildId, startedAt, startedAt);
}

// 3. Server (tsx runs server.ts; signals are forwarded so it shuts down cleanly)
const child = spawn(bin("tsx"), [path.join(root, "server.ts")], {
  stdio: "inherit",
  cwd: root,
  env: { ...env, NODE_ENV: "production", PORT: process.env.PORT ?? "3000" },
});
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
