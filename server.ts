// One process: Next's request handler and socket.io on the same port.
//   development: tsx server.ts            (npm run dev)
//   production:  NODE_ENV=production tsx server.ts after `next build` (npm start does both)
// Settings: environment variables, all read and checked by lib/server/config (a bad one stops the
// start with BAD_SETTING): PORT (3000), HOST (all interfaces), DATABASE_FILE (data/gomoku.db),
// AI_THREADS (1), LOG_LEVEL, WORKERS (1; production only): N processes behind the port, each game's
// connections on one of them (lib/server/cluster; docs/OPERATIONS.md "Several processes").
import cluster from "node:cluster";
import http from "node:http";
import next from "next";
import { log as rootLog } from "./lib/server/log";
import { startGameServer } from "./lib/server/app";
import { runPrimary } from "./lib/server/cluster/primary";
import { acceptFromPrimary, isClusterWorker, workerSlot } from "./lib/server/cluster/worker";
import { serverConfigOrExit } from "./lib/server/config";

const config = serverConfigOrExit(rootLog);
const dev = !config.production;
const port = config.port ?? 3000;
const host = config.host;
const workers = config.workers;
const worker = isClusterWorker();
const log = worker ? rootLog.child({ worker: workerSlot() }) : rootLog;

/** WORKERS > 1: this process only routes connections to its workers (which run main()). */
async function primary() {
  const p = await runPrimary({ workers, port, host, log, ipcAdapter: !config.redisUrl });
  log.info({ url: `http://${host ?? "localhost"}:${p.port}`, workers }, "Gomoku Arena ready");
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down the workers");
    void p.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

async function main() {
  const httpServer = http.createServer();
  const app = next({ dev, port, hostname: host ?? "localhost", httpServer });
  const handle = app.getRequestHandler();
  await app.prepare();
  const srv = await startGameServer({
    httpServer,
    // A worker takes its connections from the primary; its own port (127.0.0.1, any) is for health checks.
    port: worker ? 0 : port,
    host: worker ? "127.0.0.1" : host,
    log,
    requestHandler: (req, res) => void handle(req, res),
  });
  if (worker) {
    acceptFromPrimary(httpServer, srv.url);
  } else log.info({ url: `http://${host ?? "localhost"}:${srv.port}`, dev }, "Gomoku Arena ready");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await srv.close();
      await app.close?.();
    } catch (err) {
      log.error({ err }, "error while shutting down");
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

if (cluster.isPrimary && workers > 1 && dev) log.warn({ workers }, "WORKERS is for production (npm start): running one process");
const run = cluster.isPrimary && workers > 1 && !dev ? primary : main;
run().catch((err) => {
  log.fatal({ err }, "server failed to start");
  process.exit(1);
});
