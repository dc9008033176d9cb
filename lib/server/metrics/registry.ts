// The server's Prometheus metrics (prom-client), one registry per game server (a test process
// runs several): what an operator watches. Served by ./http on /metrics (not public by default).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface Metrics {
  readonly registry: Registry;
  /** Moves played on this node (people's and engines'). */
  readonly moves: Counter;
  /** Time from a client event's arrival to its acknowledgement, by event (refusals included). */
  readonly ackSeconds: Histogram<"event" | "outcome">;
  /** RATE_LIMITED refusals, by what was limited (events, connections, new games). */
  readonly rateLimited: Counter<"limit">;
  /** Engine searches asked for and not finished yet (waiting for a thread or running), by lane (the search's priority: live, tv, analysis). */
  readonly aiInFlight: Gauge<"lane">;
  /** How long an engine search took, waiting included, by lane (the search's priority: live, tv, analysis). */
  readonly aiSearchSeconds: Histogram<"lane">;
  /** How long one group commit of move rows took (lib/server/db/move-writer). */
  readonly dbWriteSeconds: Histogram;
  /** Move rows written. */
  readonly dbRows: Counter;
  /** The connection and room counts, read when scraped. */
  sample(read: () => { connections: number; rooms: number }): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process figures, event-loop delay among them (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, prefix: "gomoku_" });
  let read = () => ({ connections: 0, rooms: 0 });
  const reg = { registers: [registry] };
  new Gauge({
    name: "gomoku_connections",
    help: "Socket.io connections open on this node.",
    ...reg,
    collect() {
      this.set(read().connections);
    },
  });
  new Gauge({
    name: "gomoku_rooms",
    help: "Game rooms with at least one socket on this node.",
    ...reg,
    collect() {
      this.set(read().rooms);
    },
  });
  return {
    registry,
    moves: new Counter({ name: "gomoku_moves_total", help: "Moves played on this node.", ...reg }),
    ackSeconds: new Histogram({
      name: "gomoku_ack_seconds",
      help: "Client event to acknowledgement, by event and outcome (ok or the error code).",
      labelNames: ["event", "outcome"],
      buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      ...reg,
    }),
    rateLimited: new Counter({ name: "gomoku_rate_limited_total", help: "RATE_LIMITED refusals, by limit.", labelNames: ["limit"], ...reg }),
    aiInFlight: new Gauge({
      name: "gomoku_ai_searches_in_flight",
      help: "Engine searches waiting for a thread or running, by lane (the search's priority: live, tv, analysis).",
      labelNames: ["lane"],
      ...reg,
    }),
    aiSearchSeconds: new Histogram({
      name: "gomoku_ai_search_seconds",
      help: "Engine search time, waiting for a thread included, by lane (the search's priority: live, tv, analysis).",
      labelNames: ["lane"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      ...reg,
    }),
    dbWriteSeconds: new Histogram({
      name: "gomoku_db_write_seconds",
      help: "One group commit of move rows.",
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      ...reg,
    }),
    dbRows: new Counter({ name: "gomoku_db_move_rows_total", help: "Move rows written.", ...reg }),
    sample(fn) {
      read = fn;
    },
  };
}
