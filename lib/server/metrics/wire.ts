// Feeds the metrics from the running server: moves from the game service's events, move-row
// writes from the move writer's diagnostics channel (process-wide: one server per process in
// production), connections and rooms read from socket.io when scraped.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { Server } from "socket.io";
import type { GameService } from "../games/service";
import { moveWrites, type MoveWriteReport } from "../db/move-writer";
import type { Metrics } from "./registry";

export function wireMetrics(metrics: Metrics, games: GameService, io: Server, roomPrefix: string): () => void {
  const moved = () => metrics.moves.inc();
  games.on("moved", moved);
  const wrote = (m: unknown) => {
    const r = m as MoveWriteReport;
    metrics.dbWriteSeconds.observe(r.seconds);
    if (!r.failed) metrics.dbRows.inc(r.rows);
  };
  subscribe(moveWrites.name, wrote);
  metrics.sample(() => {
    let rooms = 0;
    for (const name of io.of("/").adapter.rooms.keys()) if (name.startsWith(roomPrefix)) rooms++;
    return { connections: io.engine.clientsCount, rooms };
  });
  return () => {
    games.off("moved", moved);
    unsubscribe(moveWrites.name, wrote);
  };
}
