// The second composition root: a process that only analyses games (`npm run worker:analysis`), on any
// machine that reaches the database and Redis — lichess's fishnet in spirit. It takes jobs from the
// same BullMQ queue as the web nodes (lib/server/analysis/queue), runs them on its own AI threads,
// stores each ply, and tells the game's room through the socket.io Redis adapter, so a watcher on
// any web node sees the progress. Web nodes may then run with ANALYSIS_CONCURRENCY=0. A worker that
// dies mid-job loses nothing: its job's lease lapses and another worker (or node) goes on from the
// last stored ply.
import { Server } from "socket.io";
import { openDb } from "../db/client";
import { createAiPool } from "../ai/pool";
import { GameService } from "../games/service";
import { AnalysisService } from "../analysis/service";
import { connectRedis } from "../realtime/adapter";
import { roomOf } from "../realtime/rooms";
import { EV } from "../../shared/protocol";
import { settingsOf, type GameServerOptions } from "./options";
import { Parts } from "./parts";

export interface AnalysisWorker {
  nodeId: string;
  analysis: AnalysisService;
  close(): Promise<void>;
}

/** Starts a worker: database, Redis, AI threads, the analysis queue's consumer. Needs REDIS_URL (the queue and the rooms live there). */
export async function startAnalysisWorker(
  opts: Pick<GameServerOptions, "dbFile" | "databaseUrl" | "redisUrl" | "nodeId" | "aiThreads" | "aiWorker" | "analysis" | "log"> = {},
): Promise<AnalysisWorker> {
  const s = settingsOf(opts);
  const { config, log } = s;
  if (!s.redisUrl) throw new Error("BAD_SETTING: an analysis worker needs REDIS_URL (the job queue and the games' rooms are in Redis).");
  if (s.analysis.concurrency < 1) throw new Error("BAD_SETTING: an analysis worker with ANALYSIS_CONCURRENCY=0 would run nothing; give it 1 or more.");
  const parts = new Parts();
  try {
    const db = parts.add("database", await openDb(s.database), (d) => d.$disconnect());
    const redis = parts.add("redis", await connectRedis(s.redisUrl, { log, prefix: config.redisPrefix }), (r) => r.close());
    // No HTTP server: this Server only broadcasts, through the adapter, to the rooms the web nodes hold.
    const io = parts.add("room broadcasts", new Server({ adapter: redis.adapter }), (server) => server.close());
    const ai = parts.add("AI pool", createAiPool(s.ai), (p) => p.close());
    // Read-only use: the finished games' states. `cluster`: read from the rows, never a stale copy.
    const games = parts.add("games", new GameService({ db, log, cluster: true, nodeId: opts.nodeId, ...s.games }), (g) => g.close());
    const analysis = new AnalysisService({ db, games, ai, log, nodeId: games.nodeId, settings: s.analysis, redis: { url: s.redisUrl, prefix: redis.prefix } });
    analysis.on("update", (u) => io.to(roomOf(u.gameId)).emit(EV.analysis, u));
    await parts.add("analysis", analysis, (a) => a.close()).start();
    log.info({ node: games.nodeId, concurrency: s.analysis.concurrency }, "analysis worker started");
    return { nodeId: games.nodeId, analysis, close: () => parts.close() };
  } catch (err) {
    await parts.close();
    throw err;
  }
}
