// Which connections get in: the socket.io server with its handshake check (the Origin, given as
// allowRequest) and its payload limit, the client address taken from each handshake, new
// connections per address per minute, and the sockets an address may hold at once.
import type { IncomingMessage, Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { ClientToServer } from "../../shared/contract";
import type { ServerToClient } from "../../shared/protocol";
import { rateLimitedInfo, rateLimitedMessage, type Limiter } from "../limits/limiter";
import { capSocketsPerAddress } from "../limits/sockets";
import { sessionTokenOf } from "../identity/cookie";
import type { Metrics } from "../metrics/registry";
import type { RealtimeOptions } from "./options";

export type IO = Server<ClientToServer, ServerToClient>;
/** A server-side socket: what the server reads of one is its address (engine.io connection) and its data. */
type AnySocket = { conn: unknown; request: IncomingMessage };

/** The socket.io server on `httpServer` (path /socket.io), its options from `opts`. */
export function createSocketServer(httpServer: HttpServer, limiter: Limiter, opts: RealtimeOptions): IO {
  const recoveryMs = opts.recoveryMs ?? 30_000;
  return new Server(httpServer, {
    serveClient: false,
    // Leave upgrade requests that are not ours (Next's HMR websocket) alone.
    destroyUpgrade: false,
    // A larger inbound message closes the connection (engine.io refuses it).
    maxHttpBufferSize: limiter.settings.maxPayloadBytes,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
    ...(recoveryMs > 0 && !opts.adapter ? { connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: true } } : {}),
    ...(opts.corsOrigin ? { cors: { origin: opts.corsOrigin } } : {}),
    ...(opts.allowRequest ? { allowRequest: opts.allowRequest } : {}),
  });
}

/** The session cookie's token a socket's handshake carried (kept by admitConnections), or null. */
export const sessionTokenOfSocket = (socket: { conn: unknown }): string | null => (socket.conn as { sessionToken?: string | null }).sessionToken ?? null;

/**
 * Wires the admission of connections into `io`: the address and session token of each handshake
 * kept (and its headers let go), the connection rate per address, the cap of sockets per address.
 * Returns how to read a socket's address.
 */
export function admitConnections(io: IO, limiter: Limiter, metrics: Metrics | null, socketsPerAddress: number) {
  // Every connection keeps its upgrade request (headers and all) for its whole life unless told
  // otherwise: take the client address from it, then let it go (socket.io's memory-usage advice;
  // nothing here reads the headers later).
  io.engine.on(
    "connection",
    (raw: { request: IncomingMessage | null; clientAddress?: string; sessionToken?: string | null; transport?: { name?: string } }) => {
      const req = raw.request;
      if (!req) return;
      raw.clientAddress = limiter.addressOf(req);
      raw.sessionToken = sessionTokenOf(req.headers);
      raw.request = null;
      // engine.io's stand-in response for a websocket upgrade holds the request until the socket
      // closes anyway: empty its headers (the upgrade is over; a long-polling handshake is still
      // answering with them, so it keeps them).
      if (raw.transport?.name === "websocket") {
        req.headers = {};
        req.rawHeaders = [];
      }
    },
  );
  const addressOf = (socket: AnySocket): string => (socket.conn as { clientAddress?: string }).clientAddress ?? limiter.addressOf(socket.request);
  // Sockets held at once per address (registered after the listener above: it reads the address that one set).
  const heldSockets = capSocketsPerAddress(
    io,
    socketsPerAddress,
    (conn) => (conn as { clientAddress?: string }).clientAddress,
    () => metrics?.rateLimited.inc({ limit: "sockets" }),
  );

  // New connections per client address.
  io.use((socket, next) => {
    const ip = addressOf(socket);
    socket.data.ip = ip;
    void limiter.connection(ip).then((r) => {
      if (r.ok) return next();
      metrics?.rateLimited.inc({ limit: "connections" });
      const err = new Error(rateLimitedMessage("connections", r.retryMs)) as Error & { data?: unknown };
      err.data = rateLimitedInfo("connections", r.retryMs);
      next(err);
    });
  });
  io.use(heldSockets.middleware);
  return { addressOf };
}
