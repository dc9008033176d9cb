// One game server process for the reliability tests and the load bench: socket.io + game service
// + AI workers, no Next, no TV. Run with `node --import tsx test/reliability/node-main.ts`
// (one process, so a SIGKILL kills the server itself, not a wrapper).
// Settings: PORT (0), HOST (127.0.0.1), DATABASE_FILE or DATABASE_URL (migrated already),
// REDIS_URL, NODE_ID, AI_THREADS, AI_PAUSE_MS, the limits of lib/realtime/limits.
// Prints "READY <url>" once listening; SIGTERM/SIGINT close it.
import { startGameServer } from "../../lib/realtime/server";

const srv = await startGameServer({
  port: Number.parseInt(process.env.PORT ?? "0", 10),
  host: process.env.HOST ?? "127.0.0.1",
  tv: false,
  nodeId: process.env.NODE_ID,
});
console.log(`READY ${srv.url}`);
const stop = () => void srv.close().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
