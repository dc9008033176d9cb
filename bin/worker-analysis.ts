// `npm run worker:analysis`: a process that only analyses games (lib/server/app/analysis-worker), on
// any machine that reaches the site's database and Redis. Settings as the server's (lib/server/config):
// DATABASE_URL (or DATABASE_FILE on the same machine), REDIS_URL, REDIS_PREFIX, NODE_ID, AI_THREADS,
// AI_TV_THREADS (analysis runs on these), ANALYSIS_CONCURRENCY, ANALYSIS_PLY_MS, ANALYSIS_DEPTH.
// Prints "READY worker://<node id>" once it takes jobs; SIGTERM/SIGINT let its jobs go (another
// worker resumes them from their last stored ply) and stop it.
import { startAnalysisWorker } from "../lib/server/app/analysis-worker";
import { serverConfigOrExit } from "../lib/server/config";
import { log } from "../lib/server/log";

const config = serverConfigOrExit(log);
try {
  const worker = await startAnalysisWorker({ nodeId: config.nodeId });
  console.log(`READY worker://${worker.nodeId} (analysis worker)`);
  const stop = () => void worker.close().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
