// One process: Next's request handler and socket.io on the same port.
//   development: tsx server.ts            (npm run dev)
//   production:  NODE_ENV=production tsx server.ts after `next build` (npm start does both)
// Settings: PORT (3000), HOST (all interfaces), DATABASE_FILE (data/gomoku.db), AI_THREADS (1), LOG_LEVEL.
import http from "node:http";
import next from "next";
import { log } from "./lib/log";
import { startGameServer } from "./lib/realtime/server";

const dev = process.env.NODE_ENV !== "production";
const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const host = process.env.HOST || undefined;

async function main() {
  const httpServer = http.createServer();
  const app = next({ dev, port, hostname: host ?? "localhost", httpServer });
  const handle = app.getRequestHandler();
  await app.prepare();
  const srv = await startGameServer({
    httpServer,
    port,
    host,
    requestHandler: (req, res) => void handle(req, res),
  });
  log.info({ url: `http://${host ?? "localhost"}:${srv.port}`, dev }, "Gomoku Arena ready");

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

main().catch((err) => {
  log.fatal({ err }, "server failed to start");
  process.exit(1);
});
