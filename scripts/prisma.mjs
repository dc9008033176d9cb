// Runs the Prisma CLI with a preload that unrefs long timers, because the Wasm schema
// engine otherwise keeps the process alive 10–60 s after it has finished.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const preload = path.join(root, "scripts", "unref-timers.cjs");
const cli = path.join(root, "node_modules", "prisma", "build", "index.js");
const run = (extraEnv = {}) =>
  spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${preload}`.trim(), PRISMA_HIDE_UPDATE_MESSAGE: "1", ...extraEnv },
  });
// `generate` without PRISMA_PROVIDER makes both clients (SQLite and PostgreSQL: prisma.config.ts
// picks the schema folder from it), so either database works after `npm install`.
if (process.argv[2] === "generate" && !process.env.PRISMA_PROVIDER) {
  for (const provider of ["sqlite", "postgresql"]) {
    const r = run({ PRISMA_PROVIDER: provider });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  process.exit(0);
}
process.exit(run().status ?? 1);
