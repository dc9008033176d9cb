// A real game server (socket.io + game service + AI workers + SQLite) without Next, on an
// ephemeral port, for integration and e2e tests:
//
//   const srv = await startTestServer();            // fresh SQLite file in a temp folder
//   const socket = io(srv.url, { transports: ["websocket"] });
//   …
//   await srv.close();                              // stops everything, deletes the temp folder
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrationsDirectly } from "../../lib/server/db/client";
import { startGameServer, type GameServer, type GameServerOptions } from "../../lib/server/app";
import { serverConfig } from "../../lib/server/config";

export interface TestServerOptions extends Omit<GameServerOptions, "port" | "dbFile"> {
  /** SQLite file; default a new file in a new temp folder (deleted by close()). Migrated if new. */
  dbFile?: string;
  port?: number;
}

export interface TestServer extends GameServer {
  dbFile: string;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  let tmp: string | null = null;
  let dbFile = opts.dbFile;
  if (!dbFile) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-test-"));
    dbFile = path.join(tmp, "test.db");
  }
  if (!fs.existsSync(dbFile)) await applyMigrationsDirectly(dbFile);
  // No TV unless asked for (opts.tv, or env TV=1): it would slow every other test down. No pondering
  // unless asked for (opts.aiPonderMs), nor candidates scored after an AI move (opts.aiScoreCandidates):
  // the tests that count running searches count live ones.
  const srv = await startGameServer({
    host: "127.0.0.1",
    aiThreads: 1,
    aiPonderMs: 0,
    aiScoreCandidates: false,
    ...opts,
    tv: opts.tv ?? serverConfig().tv ?? false,
    dbFile,
    port: opts.port ?? 0,
  });
  // The test's fetch() and this server share one process: a stall of 5 s (a loaded machine) after a response let the
  // server's keep-alive timer (Node's default 5 s) close the idle connection just as fetch reused it: ECONNRESET
  // (nodejs/undici#3141). 0: the server never closes an idle connection first (and sends no keep-alive hint, so fetch
  // lets it go after its own 4 s); close() still ends the idle ones at once.
  srv.httpServer.keepAliveTimeout = 0;
  const close = srv.close;
  return {
    ...srv,
    dbFile,
    async close() {
      await close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

// Command line: `tsx test/support/test-server.ts [port]` starts one (fresh temp database, no Next),
// prints "READY <url>" and stops on SIGINT/SIGTERM (deleting its database).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const config = serverConfig();
  const port = process.argv[2] === undefined ? (config.port ?? 0) : Number.parseInt(process.argv[2], 10);
  const srv = await startTestServer({ port, dbFile: config.databaseFile });
  console.log(`READY ${srv.url}`);
  const stop = () => void srv.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
