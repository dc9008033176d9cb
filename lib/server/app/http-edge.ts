// The custom server's HTTP edge: security headers on every response (pages and socket.io's own),
// the worker's slot, and the router (lib/server/http/router) for everything but socket.io's path.
import type http from "node:http";
import type { attachRealtime } from "../realtime/attach";
import { securityHeaders } from "../http/headers";
import { router, type RouterOptions } from "../http/router";
import { workerSlot } from "../cluster/worker";

/** Answers the server's requests: before socket.io attaches (engine.io then answers its path first). */
export function serveHttp(httpServer: http.Server, trustProxy: boolean, routing: RouterOptions): void {
  const handle = router(routing);
  // Which worker answered (several workers behind one port): for operators and the cluster test.
  const slot = workerSlot();
  httpServer.on("request", (req, res) => {
    // Security headers on everything, pages included (lib/server/http/headers says why here).
    for (const [name, value] of Object.entries(securityHeaders(req, trustProxy))) res.setHeader(name, value);
    if (slot !== null) {
      res.setHeader("x-gomoku-worker", String(slot));
      // One request per connection: the primary routes connections, so a kept-alive connection
      // would carry the next request (another game's long-polling, say) to this worker regardless.
      res.setHeader("connection", "close");
    }
    // socket.io answers its own path (engine.io hooks "request" first and handles /socket.io/).
    if (req.url?.startsWith("/socket.io/")) return;
    handle(req, res);
  });
}

/** socket.io's own responses (long-polling, the websocket handshake): the same headers. */
export function socketHeaders(io: ReturnType<typeof attachRealtime>["io"], trustProxy: boolean): void {
  const slot = workerSlot();
  io.engine.on("headers", (headers: Record<string, string>, req: http.IncomingMessage) => {
    if (!req.headers.upgrade) Object.assign(headers, securityHeaders(req, trustProxy));
    if (slot === null) return;
    headers["x-gomoku-worker"] = String(slot);
    if (!req.headers.upgrade) headers["connection"] = "close"; // long-polling: as in serveHttp
  });
}
