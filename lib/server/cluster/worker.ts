// The worker's side of lib/server/cluster/primary: take the connections the primary hands over into this
// process's HTTP server (Next and socket.io see them as their own), and say when ready.
import cluster from "node:cluster";
import type http from "node:http";
import type net from "node:net";
import { serverConfig } from "../config";
import { CONN, READY, type ConnMessage, type ReadyMessage } from "./messages";

/** This process is a worker of lib/server/cluster/primary (WORKERS > 1; the primary sets its WORKER_SLOT). */
export const isClusterWorker = (): boolean => cluster.isWorker && serverConfig().workerSlot !== null;

/** This worker's slot (0…WORKERS-1), or null outside a cluster. */
export const workerSlot = (): number | null => (isClusterWorker() ? serverConfig().workerSlot : null);

/**
 * Feeds connections from the primary into `httpServer`, first request included, then tells the
 * primary this worker takes connections (`url`: its own listener on 127.0.0.1).
 */
export function acceptFromPrimary(httpServer: http.Server, url: string): void {
  process.on("message", (m: ConnMessage, handle: unknown) => {
    if (m?.type !== CONN || !handle) return;
    const socket = handle as net.Socket;
    httpServer.emit("connection", socket);
    // The primary read the first request already: replay it to the HTTP parser.
    socket.emit("data", Buffer.from(m.data, "base64"));
    socket.resume();
  });
  const ready: ReadyMessage = { type: READY, url };
  process.send?.(ready);
}
