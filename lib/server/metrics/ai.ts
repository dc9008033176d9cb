// Engine search figures without touching the pool (lib/server/ai/pool is another concern): the
// pool is wrapped, and every search is counted while it waits or runs, and timed.
import type { AiPool } from "../ai/pool";
import type { Metrics } from "./registry";

export function measuredAiPool(pool: AiPool, metrics: Metrics): AiPool {
  // Everything else the pool offers (now or later) is inherited as it is; only think() is measured.
  const measured = Object.create(pool) as AiPool;
  return Object.assign(measured, {
    async think(req: Parameters<AiPool["think"]>[0]) {
      const lane = req.priority ?? "live";
      metrics.aiInFlight.inc({ lane });
      const end = metrics.aiSearchSeconds.startTimer({ lane });
      try {
        return await pool.think(req);
      } finally {
        end();
        metrics.aiInFlight.dec({ lane });
      }
    },
  });
}
