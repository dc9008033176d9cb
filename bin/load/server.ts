// The server under load (npm run bench:load starts it): the real game server without Next, in
// production mode, no TV, no rate limits (every client is 127.0.0.1), plus GET /__bench/stats:
// event-loop delay (monitorEventLoopDelay, beyond its 2 ms sampling interval), memory, connections, CPU. `?reset=1` starts a new
// measuring window, `?start=1` the whole run's figures (loop delay over the run, GC pauses). Never part of the real server (server.ts has no such route).
// Settings: PORT, DATABASE_FILE or DATABASE_URL (migrated), REDIS_URL, AI_THREADS, AI_PAUSE_MS,
// BENCH_WORKERS=N: the server as `WORKERS=N npm start` runs it (lib/server/cluster): this process routes,
// N workers serve; it prints "READY <url>" and "WORKERS <url> …" (each worker's own URL, for its stats).
import cluster from "node:cluster";
import { monitorEventLoopDelay, PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import { startGameServer } from "../../lib/server/app";
import { startAllocationProfile } from "./alloc-profile";
import { runPrimary } from "../../lib/server/cluster/primary";
import { acceptFromPrimary, isClusterWorker, workerSlot } from "../../lib/server/cluster/worker";
import { log } from "../../lib/server/log";
import { serverConfigOrExit } from "../../lib/server/config";

// The server's own settings (PORT, HOST, REDIS_URL…: lib/server/config); BENCH_* are this tool's.
const config = serverConfigOrExit(log);

async function serve() {
  // The histogram records whole timer intervals (resolution + delay): the delay is the value minus
  // the resolution.
  const RESOLUTION_MS = 2;
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  // The whole measured run (reset by `?start=1`), besides the 2-s windows.
  const loopRun = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loopRun.enable();
  // Garbage-collection pauses of the main thread since the last `?start=1`: count, total, worst, by kind.
  const GC_KIND: Record<number, string> = {
    [perfConstants.NODE_PERFORMANCE_GC_MINOR]: "minor",
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: "major",
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
  };
  let allocProfile: Promise<() => Promise<void>> | null = null;
  let gc: Record<string, { count: number; totalMs: number; maxMs: number }> = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = GC_KIND[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? "other";
      const g = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      g.count++;
      g.totalMs += e.duration;
      g.maxMs = Math.max(g.maxMs, e.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  let cpu = process.cpuUsage();
  let takeMoveStats: (reset: boolean) => { p50: number; p99: number; count: number } = () => ({ p50: 0, p99: 0, count: 0 });
  let cpuAt = performance.now();

  const srv = await startGameServer({
    port: isClusterWorker() ? 0 : (config.port ?? 0),
    host: config.host ?? "127.0.0.1",
    tv: false,
    requestHandler: (req, res) => {
      if (!req.url?.startsWith("/__bench/stats")) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const mem = process.memoryUsage();
      const now = performance.now();
      const used = process.cpuUsage(cpu);
      const ms = (ns: number) => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);
      const body = {
        connections: srv.io.engine.clientsCount,
        rssMB: Math.round(mem.rss / 1048576),
        heapMB: Math.round(mem.heapUsed / 1048576),
        loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), mean: ms(loop.mean), samples: loop.count },
        loopRun: {
          p50: ms(loopRun.percentile(50)),
          p99: ms(loopRun.percentile(99)),
          p999: ms(loopRun.percentile(99.9)),
          max: ms(loopRun.max),
          samples: loopRun.count,
        },
        gc: Object.fromEntries(
          Object.entries(gc).map(([k, g]) => [k, { count: g.count, totalMs: Math.round(g.totalMs), maxMs: Math.round(g.maxMs * 10) / 10 }]),
        ),
        cpuPct: Math.round(((used.user + used.system) / 1000 / (now - cpuAt)) * 100),
        serverMoveMs: takeMoveStats(req.url.includes("reset=1")),
      };
      if (req.url.includes("start=1")) {
        // The measured run starts: allocation sampling from here (BENCH_ALLOC_PROF).
        if (process.env.BENCH_ALLOC_PROF && !allocProfile) allocProfile = startAllocationProfile(process.env.BENCH_ALLOC_PROF);
        loopRun.reset();
        gc = {};
      }
      if (req.url.includes("reset=1")) {
        loop.reset();
        cpu = process.cpuUsage();
        cpuAt = now;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    },
  });
  // Time the game service takes per move (validate, commit, broadcast): the server's share of the latency.
  let moveMs: number[] = [];
  const move = srv.games.move.bind(srv.games);
  srv.games.move = async (input) => {
    const t = performance.now();
    try {
      return await move(input);
    } finally {
      if (moveMs.length < 200_000) moveMs.push(performance.now() - t);
    }
  };
  const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : 0);
  takeMoveStats = (reset) => {
    const xs = moveMs.slice().sort((a, b) => a - b);
    if (reset) moveMs = [];
    return { p50: Math.round(pct(xs, 50) * 100) / 100, p99: Math.round(pct(xs, 99) * 100) / 100, count: xs.length };
  };
  if (process.env.BENCH_TRACE) traceConnections(srv);
  if (isClusterWorker()) {
    acceptFromPrimary(srv.httpServer, srv.url);
  } else console.log(`READY ${srv.url}`);
  const stop = () =>
    void (allocProfile ?? Promise.resolve(async () => {}))
      .then((finish) => finish())
      .then(() => srv.close())
      .finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("disconnect", stop);
}

/** BENCH_TRACE=1: say on stderr when a connection closes for a reason other than the client
 * going, when one has not joined socket.io's namespace 10 s after opening, and when a join takes over 5 s. */
function traceConnections(srv: Awaited<ReturnType<typeof startGameServer>>) {
  const who = `[trace] ${isClusterWorker() ? `worker ${workerSlot()}` : "server"}`;
  const named = new Set<string>();
  srv.io.on("connection", (socket) => named.add((socket.conn as unknown as { id: string }).id));
  srv.io.engine.on("connection", (conn: { id: string; on(ev: "close", fn: (reason: string) => void): void }) => {
    const at = Date.now();
    const late = setTimeout(() => !named.has(conn.id) && process.stderr.write(`${who} engine ${conn.id}: no socket.io CONNECT 10 s after opening\n`), 10_000);
    conn.on("close", (reason) => {
      clearTimeout(late);
      if (reason !== "transport close")
        process.stderr.write(`${who} engine ${conn.id} closed after ${Date.now() - at} ms: ${reason} (joined: ${named.has(conn.id)})\n`);
      named.delete(conn.id);
    });
  });
  srv.games.on("join", (gameId, done) => {
    const t = Date.now();
    const slow = setTimeout(() => process.stderr.write(`${who} join of ${gameId} still running after 5 s\n`), 5_000);
    void done.then(() => {
      clearTimeout(slow);
      if (Date.now() - t > 5_000) process.stderr.write(`${who} join of ${gameId} took ${Date.now() - t} ms\n`);
    });
  });
}

const benchWorkers = Number.parseInt(process.env.BENCH_WORKERS ?? "1", 10) || 1;
if (cluster.isPrimary && benchWorkers > 1) {
  const p = await runPrimary({ workers: benchWorkers, port: config.port ?? 0, host: "127.0.0.1", log, ipcAdapter: !config.redisUrl });
  console.log(`READY http://127.0.0.1:${p.port}`);
  console.log(
    `WORKERS ${p
      .workers()
      .map((w) => w.url)
      .join(" ")}`,
  );
  const stop = () => void p.close().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("disconnect", stop);
} else {
  await serve();
}
