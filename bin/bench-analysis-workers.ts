// npm run bench:analysis -- --workers 2 [--games 20 --plies 20 --ply-ms 200 --depth D]
// Analysis workers anywhere (issue 31): the same --games finished games queued at once on a web node
// that runs no analysis of its own (ANALYSIS_CONCURRENCY=0), analysed by 1 and then by --workers
// `npm run worker:analysis` processes (each ANALYSIS_CONCURRENCY=1, AI_THREADS=1) on one PostgreSQL
// database and one Redis: the wall time from the requests to the last job done, the jobs each worker
// ran, and the speed-up (figures: docs/ANALYSIS.md). Needs PostgreSQL (BENCH_PG_URL, default postgresql://postgres@127.0.0.1:5432;
// a throwaway database is created and dropped) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379;
// keys under a random prefix, deleted at the end).
// Each ply is searched for --ply-ms (as the site does: the time, not the CPU, sets a job's length),
// or with --depth D to depth D under a 30 s cap (CPU-bound: the workers share the machine's cores).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Point } from "../engine";
import { applyMigrationsDirectly, openDb } from "../lib/server/db/client";
import { startGameServer } from "../lib/server/app";
import { EV } from "../lib/shared/protocol";
import { log } from "../lib/server/log";
import { serverConfig } from "../lib/server/config";
import { longGame } from "./bench/long-game";
import { ask, connect as connectTo, storedGame as playStoredGame } from "./bench/stored-game";
import { positiveNumbers } from "./cli/args";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PG_BASE = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

const opt = positiveNumbers(process.argv.slice(2), { workers: 2, games: 20, plies: 20, "ply-ms": 200, depth: Infinity });
const depth = Number.isFinite(opt.depth) ? opt.depth : null;
const plyMs = depth === null ? opt["ply-ms"] : 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const name = `gomoku_bench_${randomBytes(5).toString("hex")}`;
const prefix = `gomoku_bench_${randomBytes(4).toString("hex")}`;
const dbUrl = `${PG_BASE}/${name}`;
// The web node (this process) reads its Redis prefix from the settings, read once on first use: ours first.
process.env.REDIS_PREFIX = prefix;
if (serverConfig().redisPrefix !== prefix) throw new Error("the settings were read before the bench set REDIS_PREFIX");
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

/** A worker process (bin/worker-analysis.ts), started and READY. */
async function startWorker(id: string): Promise<{ proc: ChildProcess; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(root, "bin", "worker-analysis.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATABASE_FILE: undefined,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      NODE_ID: id,
      AI_THREADS: "1",
      ANALYSIS_CONCURRENCY: "1",
      ANALYSIS_PLY_MS: String(plyMs),
      ...(depth !== null ? { ANALYSIS_DEPTH: String(depth) } : {}),
      LOG_LEVEL: "warn",
      TV: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker ${id} did not start:\n${out}`)), 60_000);
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes("READY")) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on("data", on);
    proc.stderr!.on("data", on);
    void exited.then(() => reject(new Error(`worker ${id} exited before READY:\n${out}`)));
  });
  return {
    proc,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      await exited;
    },
  };
}

/** CPU time of the whole machine (jiffies: busy, total) from /proc/stat, for the run's load. */
function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busy, total };
}

await admin(`CREATE DATABASE "${name}"`);
await applyMigrationsDirectly(dbUrl);
const srv = await startGameServer({
  log: log.child({}, { level: "warn" }),
  databaseUrl: dbUrl,
  port: 0,
  host: "127.0.0.1",
  tv: false,
  aiThreads: 1,
  aiPauseMs: 0,
  redisUrl: REDIS_URL,
  nodeId: "WEB",
  limits: {
    enabled: false,
    socketEventsPerSec: 1e9,
    ipEventsPerSec: 1e9,
    ipConnectionsPerMin: 1e9,
    ipGamesPerMin: 1e9,
    maxPayloadBytes: 65536,
    trustProxy: false,
  },
  // The web node runs no analysis: it only takes the requests and queues them.
  analysis: { plyMs, depth, concurrency: 0, perRequester: 1000, queueMax: 1000, pollMs: 1000 },
});
const reader = await openDb(dbUrl);
const children: Array<{ stop(): Promise<void> }> = [];

const storedGame = (moves: Point[]) => playStoredGame(srv.url, moves);
const connect = () => connectTo(srv.url);

interface RunResult {
  workers: number;
  ms: number;
  perWorker: Record<string, number>;
  busyShare: number;
  load: number;
}

/** Queues `games` at once, with `n` workers already READY; resolves when every job is done. */
async function run(n: number, games: string[]): Promise<RunResult> {
  const ws: Array<{ stop(): Promise<void> }> = [];
  for (let i = 0; i < n; i++) ws.push(await startWorker(`W${n}-${i + 1}`));
  children.push(...ws);
  const s = await connect();
  const c0 = cpuTimes();
  const t0 = Date.now();
  for (const gameId of games) {
    const r = await ask(s, EV.analysisRequest, { gameId });
    if (!r.ok) throw new Error(JSON.stringify(r));
  }
  const jobs = () => reader.analysisJob.findMany({ where: { gameId: { in: games } }, select: { status: true, runBy: true } });
  const deadline = Date.now() + 30 * 60_000;
  let rows = await jobs();
  while (rows.some((j) => j.status !== "done")) {
    if (rows.some((j) => j.status === "failed")) throw new Error("an analysis failed");
    if (Date.now() > deadline) throw new Error("30 minutes and not done");
    await sleep(100);
    rows = await jobs();
  }
  const ms = Date.now() - t0;
  const c1 = cpuTimes();
  const load = os.loadavg()[0];
  s.disconnect();
  for (const w of ws) await w.stop();
  const perWorker: Record<string, number> = {};
  for (const j of rows) perWorker[j.runBy ?? "?"] = (perWorker[j.runBy ?? "?"] ?? 0) + 1;
  return { workers: n, ms, perWorker, busyShare: (c1.busy - c0.busy) / (c1.total - c0.total), load };
}

try {
  const budget = depth === null ? `${plyMs} ms a ply` : `depth ${depth} a ply`;
  console.log(`preparing 2 × ${opt.games} finished games of ${opt.plies} plies (PostgreSQL ${name}, Redis prefix ${prefix})…`);
  const lines = Array.from({ length: 5 }, (_, v) => longGame(opt.plies, v));
  const sets: string[][] = [[], []];
  for (const set of sets) for (let i = 0; i < opt.games; i++) set.push(await storedGame(lines[i % 5]));
  console.log(`${opt.games} analyses queued at once, ${budget}, ${os.cpus().length} cores, load before ${os.loadavg()[0].toFixed(1)}`);
  const results = [await run(1, sets[0]), await run(opt.workers, sets[1])];
  for (const r of results) {
    const plies = opt.games * opt.plies;
    console.log(
      `  ${r.workers} worker${r.workers > 1 ? "s" : ""}: ${(r.ms / 1000).toFixed(1)} s (${(plies / (r.ms / 1000)).toFixed(1)} plies/s); jobs per worker ${Object.entries(
        r.perWorker,
      )
        .map(([w, k]) => `${w} ${k}`)
        .join(", ")}; machine busy ${(100 * r.busyShare).toFixed(0)} % of ${os.cpus().length} cores, load ${r.load.toFixed(1)}`,
    );
  }
  console.log(`  speed-up ${(results[0].ms / results[1].ms).toFixed(2)} with ${opt.workers} workers (ideal ${opt.workers})`);
} finally {
  for (const c of children) await c.stop();
  await reader.$disconnect();
  await srv.close();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const { Redis } = await import("ioredis");
  const r = new Redis(REDIS_URL);
  let cursor = "0";
  do {
    const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
    cursor = next;
    if (keys.length) await r.del(...keys);
  } while (cursor !== "0");
  r.disconnect();
}
