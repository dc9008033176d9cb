// One game server process for the reliability tests and the load bench: socket.io + game service
// + AI workers, no Next, no TV. Run with `node --import tsx test/reliability/node-main.ts`
// (one process, so a SIGKILL kills the server itself, not a wrapper).
// Settings (lib/server/config; a bad one stops it with BAD_SETTING): PORT (0), HOST (127.0.0.1),
// DATABASE_FILE or DATABASE_URL (migrated already), REDIS_URL, NODE_ID, AI_THREADS, AI_PAUSE_MS, the limits,
// WORKERS=N: as `WORKERS=N npm start` (lib/server/cluster): this process routes, N workers serve; each
// worker answers GET /pid with its process id (tests kill a game's worker with it).
// TOURNAMENT_LEASE_MS / TOURNAMENT_TICK_MS: the tournament director's lease and tick (the kill -9 test
// of the director keeps them short; default lib/server/tournaments/director's).
// Prints "READY <url>" once listening; SIGTERM/SIGINT close it.
import cluster from "node:cluster";
import { startGameServer } from "../../lib/server/app";
import { runPrimary } from "../../lib/server/cluster/primary";
import { acceptFromPrimary, isClusterWorker } from "../../lib/server/cluster/worker";
import { log } from "../../lib/server/log";
import { serverConfigOrExit } from "../../lib/server/config";

const config = serverConfigOrExit(log);
const port = config.port ?? 0;
const host = config.host ?? "127.0.0.1";
const workers = config.workers;
const ms = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined);
const tournaments = { leaseMs: ms("TOURNAMENT_LEASE_MS"), tickMs: ms("TOURNAMENT_TICK_MS"), schedule: process.env.TOURNAMENT_SCHEDULE !== "0" };

if (cluster.isPrimary && workers > 1) {
  const p = await runPrimary({ workers, port, host, log, ipcAdapter: !config.redisUrl });
  console.log(
    `WORKERS ${p
      .workers()
      .map((w) => w.url)
      .join(" ")}`,
  );
  console.log(`READY http://${host}:${p.port}`);
  const stop = () => void p.close().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  const worker = isClusterWorker();
  const srv = await startGameServer({
    port: worker ? 0 : port,
    host,
    tv: false,
    nodeId: config.nodeId,
    tournaments,
    requestHandler: (req, res) => {
      if (worker && req.url?.startsWith("/pid")) res.end(String(process.pid));
      else {
        res.statusCode = 404;
        res.end("Not found");
      }
    },
  });
  if (worker) {
    acceptFromPrimary(srv.httpServer, srv.url);
  } else console.log(`READY ${srv.url}`);
  const stop = () => void srv.close().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
