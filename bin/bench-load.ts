// npm run bench:load -- [--rooms 2000] [--spectators 10000] [--duration 30] [--ai 0]
//                        [--interval 2000] [--workers 4] [--ramp 600] [--size 19] [--client-nice 0] [--nodes 1 [--room-affinity]] [--cluster 1] [--json]
//
// Starts the real game server (no Next, production mode, a fresh SQLite file unless DATABASE_URL
// is set) as a process of its own and drives it from separate client processes over loopback:
// `rooms` human-vs-human games, each making one move every `interval` ms, and `spectators`
// watchers spread over the rooms, every connection a socket.io-client websocket. With --ai N,
// N AI-vs-AI games search back to back on N worker threads (N concurrent searches).
// --client-nice N runs the client processes at that nice level (they stand in for other machines).
// --nodes N (needs REDIS_URL) starts N server processes sharing the database and Redis, as several
// nodes would; each client connection goes to the next node in turn, so a room's players and
// spectators are spread over the nodes (--room-affinity: each room's connections on one node, as a
// proxy routing by game would). Figures are summed (connections, moves) or the worst node's.
// --cluster N starts the server as `WORKERS=N npm start` does (lib/server/cluster): one port, N worker
// processes, each game's connections routed to one worker by the game named in their query; the
// workers talk through the primary, or through Redis if REDIS_URL is set. The primary's CPU is shown.
// Prints progress while it runs, then: connections held, moves/s, move-to-opponent latency
// p50/p99 (and to spectators), the server's event-loop delay p99 (monitorEventLoopDelay), RSS.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { applyMigrationsDirectly } from "../lib/server/db/client";
import { isPostgresUrl } from "../lib/server/db/provider";
import { readArgs } from "./cli/args";
import { percentile } from "./load/cells";
import type { WorkerConfig, WorkerReport } from "./load/worker";

const here = path.dirname(fileURLToPath(import.meta.url));

function flags() {
  const numbers = ["rooms", "spectators", "duration", "ai", "interval", "workers", "ramp", "size", "ai-time", "client-nice", "nodes", "cluster"];
  const given = new Map<string | null, string | undefined>();
  for (const arg of readArgs(process.argv.slice(2), numbers, { h: "help" })) if (!given.has(arg.name)) given.set(arg.name, arg.value);
  const get = (name: string, def: number) => {
    if (!given.has(name)) return def;
    const v = Number(given.get(name));
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} wants a number`);
    return v;
  };
  if (given.has("help")) {
    console.log(
      fs
        .readFileSync(fileURLToPath(import.meta.url), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("//"))
        .join("\n")
        .replace(/^\/\/ ?/gm, ""),
    );
    process.exit(0);
  }
  return {
    rooms: get("rooms", 2000),
    spectators: get("spectators", 10_000),
    duration: get("duration", 30),
    ai: get("ai", 0),
    interval: get("interval", 2000),
    workers: Math.max(1, get("workers", 4)),
    ramp: get("ramp", 600),
    size: get("size", 19),
    aiTimeMs: get("ai-time", 3000),
    clientNice: get("client-nice", 0),
    nodes: Math.max(1, get("nodes", 1)),
    cluster: Math.max(1, get("cluster", 1)),
    roomAffinity: given.has("room-affinity"),
    json: given.has("json"),
  };
}

const f = flags();
const log = (s: string) => process.stderr.write(s + "\n");
const children: ChildProcess[] = [];
let tmpDir: string | null = null;
const cleanup = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
};
process.on("exit", cleanup);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => process.exit(130));

// ---- the server
let dbEnv: Record<string, string> = {};
if (isPostgresUrl(process.env.DATABASE_URL)) {
  dbEnv = { DATABASE_URL: process.env.DATABASE_URL! };
  log(`[bench] database: ${process.env.DATABASE_URL} (must be migrated)`);
} else {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-bench-"));
  const file = path.join(tmpDir, "bench.db");
  await applyMigrationsDirectly(file);
  dbEnv = { DATABASE_FILE: file };
}
if (f.nodes > 1 && f.cluster > 1) throw new Error("--nodes and --cluster do not go together");
if (f.nodes > 1 && !process.env.REDIS_URL) throw new Error("--nodes needs REDIS_URL (e.g. redis://127.0.0.1:6379)");
function startServer(): ChildProcess {
  return fork(path.join(here, "load", "server.ts"), [], {
    // BENCH_PROF=<dir>: write a CPU profile of the server there (node --cpu-prof).
    // BENCH_NODE_FLAGS="--max-semi-space-size=64 …": V8 flags to try on the server.
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean),
      ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    env: {
      ...process.env,
      ...dbEnv,
      NODE_ENV: "production",
      PORT: "0",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      RATE_LIMITS: "off",
      AI_THREADS: String(Math.max(1, f.ai)),
      // The --ai games are AI vs AI: they run on the TV's threads (lib/server/ai/scheduler), N of them.
      AI_TV_THREADS: String(Math.min(8, Math.max(1, f.ai))),
      AI_PAUSE_MS: "0",
      TV: "0",
      // Redis if REDIS_URL is set (required for several nodes), under this run's own key prefix.
      REDIS_URL: process.env.REDIS_URL ?? "",
      REDIS_PREFIX: `bench-${process.pid}`,
      BENCH_WORKERS: String(f.cluster),
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
}
const servers: ChildProcess[] = [];
/** Where the clients connect (each node, or the cluster's one port). */
const urls: string[] = [];
/** Where each serving process answers /__bench/stats (the nodes, or the cluster's workers). */
const statsUrls: string[] = [];
for (let n = 0; n < f.nodes; n++) {
  const server = startServer();
  children.push(server);
  servers.push(server);
  const { url, workers } = await new Promise<{ url: string; workers: string[] }>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      const w = /WORKERS ([^\n]+)\n/.exec(out);
      if (m && (f.cluster === 1 || w)) resolve({ url: m[1], workers: w ? w[1].trim().split(" ") : [m[1]] });
    });
    server.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  urls.push(url);
  statsUrls.push(...workers);
}
const url = urls[0];
/** CPU seconds of a process so far (Linux /proc): the cluster's primary has no stats route. */
const cpuSecondsOf = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};
const loadBefore = os.loadavg()[0];
log(
  `[bench] ${f.nodes > 1 ? `${f.nodes} server nodes ${urls.join(" ")}` : f.cluster > 1 ? `server ${url} with ${f.cluster} workers ${statsUrls.join(" ")}` : `server ${url}`} (pid ${servers.map((s) => s.pid).join(", ")}); ${f.rooms} rooms, ${f.spectators} spectators, ${f.workers} client processes (nice ${f.clientNice}), a move every ${f.interval} ms per room, ${f.ai} AI searches`,
);

type NodeStats = {
  connections: number;
  rssMB: number;
  heapMB: number;
  loop: { p50: number; p99: number; max: number; mean: number };
  loopRun: { p50: number; p99: number; p999: number; max: number; samples: number };
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
  cpuPct: number;
  serverMoveMs: { p50: number; p99: number; count: number };
};
/** Every node's figures: connections and CPU summed, the rest the worst node's (RSS: the largest node). */
async function stats(reset = false, start = false): Promise<NodeStats> {
  const all = await Promise.all(
    statsUrls.map(async (u) => (await (await fetch(`${u}/__bench/stats?${reset ? "reset=1&" : ""}${start ? "start=1" : ""}`)).json()) as NodeStats),
  );
  if (all.length === 1) return all[0];
  const worst = <T>(pick: (s: NodeStats) => T, key: (t: T) => number) => all.map(pick).reduce((a, b) => (key(b) > key(a) ? b : a));
  const gc: NodeStats["gc"] = {};
  for (const s of all)
    for (const [k, g] of Object.entries(s.gc)) {
      const t = (gc[k] ??= { count: 0, totalMs: 0, maxMs: 0 });
      t.count += g.count;
      t.totalMs += g.totalMs;
      t.maxMs = Math.max(t.maxMs, g.maxMs);
    }
  return {
    connections: all.reduce((n, s) => n + s.connections, 0),
    rssMB: Math.max(...all.map((s) => s.rssMB)),
    heapMB: Math.max(...all.map((s) => s.heapMB)),
    loop: worst(
      (s) => s.loop,
      (l) => l.p99,
    ),
    loopRun: worst(
      (s) => s.loopRun,
      (l) => l.p99,
    ),
    gc,
    cpuPct: all.reduce((n, s) => n + s.cpuPct, 0),
    serverMoveMs: worst(
      (s) => s.serverMoveMs,
      (m) => m.p99,
    ),
  };
}
// ---- the clients
const reports = new Map<number, WorkerReport>();
let lat: number[] = [];
let specLat: number[] = [];
let moves = 0;
let errors = 0;
const errorCodes: Record<string, number> = {};
let measuring = false;
const workers: ChildProcess[] = [];
for (let i = 0; i < f.workers; i++) {
  const share = (n: number) => Math.floor(n / f.workers) + (i < n % f.workers ? 1 : 0);
  const w = fork(path.join(here, "load", "worker.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.push(w);
  // The clients stand in for people's own machines: at a lower priority they take the CPU the
  // server leaves (their own waiting still counts in the latency they measure).
  if (f.clientNice) os.setPriority(w.pid!, f.clientNice);
  workers.push(w);
  w.on("message", (m: WorkerReport) => {
    if (m.type !== "report") return;
    reports.set(m.id, m);
    if (measuring) {
      lat.push(...m.lat);
      specLat.push(...m.specLat);
      moves += m.moves;
      errors += m.errors;
      for (const [k, v] of Object.entries(m.errorCodes)) errorCodes[k] = (errorCodes[k] ?? 0) + v;
    } else {
      errors += m.errors;
      for (const [k, v] of Object.entries(m.errorCodes)) errorCodes[k] = (errorCodes[k] ?? 0) + v;
    }
  });
  const config: WorkerConfig = {
    id: i,
    urls,
    roomAffinity: f.roomAffinity,
    rooms: share(f.rooms),
    spectators: share(f.spectators),
    moveIntervalMs: f.interval,
    rampPerSec: Math.max(1, f.ramp / f.workers),
    size: f.size,
  };
  w.send({ type: "start", config });
}
const sum = (k: "connected" | "rooms" | "spectators") => [...reports.values()].reduce((n, r) => n + r[k], 0);

// ---- AI searches: N AI-vs-AI games on N threads, searching back to back
let aiSocket: Socket | null = null;
let aiGames = 0;
async function startAi() {
  if (!f.ai) return;
  aiSocket = io(url, { transports: ["websocket"], forceNew: true });
  await new Promise<void>((r) => aiSocket!.once("connect", () => r()));
  const one = async () => {
    const r: any = await aiSocket!.timeout(10_000).emitWithAck("game:createAiMatch", {
      size: 15,
      rule: "freestyle",
      black: { timeMs: f.aiTimeMs },
      white: { timeMs: f.aiTimeMs },
    });
    if (!r.ok) throw new Error(`AI match: ${r.error.code}`);
    aiGames++;
    await aiSocket!.timeout(10_000).emitWithAck("game:join", { gameId: r.gameId });
  };
  aiSocket.on("game:state", (s: any) => {
    if (s.status === "finished" && s.kind === "ava") void one().catch((e) => log(String(e)));
  });
  for (let i = 0; i < f.ai; i++) await one();
}

// ---- ramp
const rampStart = Date.now();
const total = f.rooms * 2 + f.spectators;
while ([...reports.values()].filter((r) => r.phase === "ready").length < f.workers) {
  await new Promise((r) => setTimeout(r, 2000));
  const s = await stats().catch(() => null);
  log(
    `[ramp ${Math.round((Date.now() - rampStart) / 1000)}s] client connections ${sum("connected")}/${total}, rooms ${sum("rooms")}/${f.rooms}, spectators ${sum("spectators")}/${f.spectators}` +
      (s ? `; server: ${s.connections} conns, RSS ${s.rssMB} MB, loop p99 ${s.loop.p99} ms, CPU ${s.cpuPct}%` : "") +
      (errors ? `; errors ${errors} ${JSON.stringify(errorCodes)}` : ""),
  );
  await stats(true).catch(() => null);
  if (servers.some((s) => s.exitCode !== null)) throw new Error("a server died");
}
const rampSec = (Date.now() - rampStart) / 1000;
log(`[bench] ramp done in ${rampSec.toFixed(1)} s`);
await startAi();
if (f.ai) await new Promise((r) => setTimeout(r, 1500)); // the searches get going

// ---- run
for (const w of workers) w.send({ type: "go" });
await new Promise((r) => setTimeout(r, Math.min(3000, f.interval * 1.5))); // warm-up: every room moving
lat = [];
specLat = [];
moves = 0;
measuring = true;
await stats(true, true);
const runStart = Date.now();
const primaryCpuBefore = f.cluster > 1 ? cpuSecondsOf(servers[0].pid!) : 0;
let lastMoves = 0;
const loopP99s: number[] = [];
const serverP99s: number[] = [];
const serverP50s: number[] = [];
let peakRss = 0;
let lastStats: Awaited<ReturnType<typeof stats>> | null = null;
while (Date.now() - runStart < f.duration * 1000) {
  await new Promise((r) => setTimeout(r, 2000));
  const s = await stats(true);
  lastStats = s;
  loopP99s.push(s.loop.p99);
  serverP99s.push(s.serverMoveMs.p99);
  serverP50s.push(s.serverMoveMs.p50);
  peakRss = Math.max(peakRss, s.rssMB);
  const el = (Date.now() - runStart) / 1000;
  const recent = lat.slice(-Math.max(1, moves - lastMoves));
  lastMoves = moves;
  log(
    `[run ${el.toFixed(0)}s] conns ${s.connections}, moves/s ${(moves / el).toFixed(0)}, latency p50 ${percentile(recent.slice(), 50).toFixed(1)} ms p99 ${percentile(recent.slice(), 99).toFixed(1)} ms, ` +
      `server move p50 ${s.serverMoveMs.p50} p99 ${s.serverMoveMs.p99} ms, loop p99 ${s.loop.p99} ms (max ${s.loop.max}; run so far ${s.loopRun.p99}), GC worst ${Math.max(0, ...Object.values(s.gc).map((g) => g.maxMs))} ms, RSS ${s.rssMB} MB (heap ${s.heapMB}), server CPU ${s.cpuPct}%` +
      (errors ? `, errors ${errors} ${JSON.stringify(errorCodes)}` : ""),
  );
}
const runSec = (Date.now() - runStart) / 1000;
const primaryCpuPct = f.cluster > 1 ? Math.round(((cpuSecondsOf(servers[0].pid!) - primaryCpuBefore) / runSec) * 100) : null;
measuring = false;
for (const w of workers) w.send({ type: "stop" });
await new Promise((r) => setTimeout(r, 500));

const result = {
  rooms: sum("rooms"),
  spectators: sum("spectators"),
  connectionsHeld: lastStats?.connections ?? 0,
  aiSearches: f.ai,
  nodes: f.nodes,
  clusterWorkers: f.cluster,
  /** The cluster's primary (routing, and relaying the workers' adapter messages without Redis). */
  primaryCpuPct,
  aiGames,
  durationSec: Math.round(runSec),
  rampSec: Math.round(rampSec),
  movesPerSec: Math.round(moves / runSec),
  moves,
  latencyMs: { p50: +percentile(lat.slice(), 50).toFixed(1), p99: +percentile(lat.slice(), 99).toFixed(1), max: +percentile(lat.slice(), 100).toFixed(1) },
  spectatorLatencyMs: { p50: +percentile(specLat.slice(), 50).toFixed(1), p99: +percentile(specLat.slice(), 99).toFixed(1) },
  serverMoveMs: {
    p50MedianWindow: percentile(serverP50s.slice(), 50),
    p99MedianWindow: percentile(serverP99s.slice(), 50),
    p99WorstWindow: Math.max(...serverP99s),
  },
  loopLagP99Ms: { wholeRun: lastStats?.loopRun.p99 ?? 0, worstWindow: Math.max(...loopP99s), medianWindow: percentile(loopP99s.slice(), 50) },
  loopLagMs: { p50: lastStats?.loopRun.p50 ?? 0, p999: lastStats?.loopRun.p999 ?? 0, max: lastStats?.loopRun.max ?? 0 },
  /** The server's main-thread garbage-collection pauses over the run, by kind. */
  gcPauses: lastStats?.gc ?? {},
  rssMB: { last: lastStats?.rssMB ?? 0, peak: peakRss },
  errors,
  errorCodes,
  /** The machine's 1-minute load average before and after: other work on the machine skews everything. */
  loadAverage: { before: +loadBefore.toFixed(2), after: +os.loadavg()[0].toFixed(2), cores: os.cpus().length },
};
(aiSocket as Socket | null)?.disconnect();
await Promise.all(
  servers.map((server) => {
    server.kill("SIGTERM");
    return new Promise((r) => {
      const t = setTimeout(r, 5000);
      server.once("exit", () => (clearTimeout(t), r(null)));
    });
  }),
);
if (f.json) console.log(JSON.stringify(result));
else {
  console.log(`
rooms ${result.rooms}, spectators ${result.spectators}, connections held ${result.connectionsHeld}, AI searches ${f.ai}, server nodes ${f.nodes}${f.cluster > 1 ? `, cluster workers ${f.cluster} (primary CPU ${primaryCpuPct}%)` : ""}
moves/s ${result.movesPerSec} (${moves} in ${result.durationSec} s)
move-to-opponent latency  p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms  max ${result.latencyMs.max} ms
move-to-spectator latency p50 ${result.spectatorLatencyMs.p50} ms  p99 ${result.spectatorLatencyMs.p99} ms
server's time per move (validate, commit, broadcast; 2 s windows) p50 ${result.serverMoveMs.p50MedianWindow} ms, p99 median ${result.serverMoveMs.p99MedianWindow} ms, worst ${result.serverMoveMs.p99WorstWindow} ms
server event-loop delay over the whole run: p50 ${result.loopLagMs.p50} ms, p99 ${result.loopLagP99Ms.wholeRun} ms, p99.9 ${result.loopLagMs.p999} ms, max ${result.loopLagMs.max} ms
server event-loop delay p99 (2 s windows): worst ${result.loopLagP99Ms.worstWindow} ms, median ${result.loopLagP99Ms.medianWindow} ms
server GC pauses: ${
    Object.entries(result.gcPauses)
      .map(([k, g]) => `${k} ${g.count}× (total ${g.totalMs} ms, worst ${g.maxMs} ms)`)
      .join(", ") || "none"
  }
server RSS ${result.rssMB.last} MB (peak ${result.rssMB.peak} MB); ramp ${result.rampSec} s; errors ${errors} ${errors ? JSON.stringify(errorCodes) : ""}
machine load average ${result.loadAverage.before} before, ${result.loadAverage.after} after (${result.loadAverage.cores} cores)`);
}
process.exit(0);
