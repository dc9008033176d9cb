"use client";
// The browser's one socket.io connection (same origin as the page: server.ts hosts both),
// and a promise-returning request helper for the acknowledged client → server events, typed by
// the contract's map (lib/shared/contract): an unknown event or a payload of the wrong shape does
// not compile, and the acknowledgement's type follows from the event.
import { io, type Socket } from "socket.io-client";
import type { AckOf, ClientEvent, ClientToServer, RequestArgs } from "@/lib/shared/contract";
import type { ServerToClient } from "@/lib/shared/protocol";
import { loadMe, onIdentityChange, reloadMe } from "./identity";

export type GameSocket = Socket<ServerToClient, ClientToServer>;

let socket: GameSocket | null = null;
/** The game named in the connection's query (null: none). */
let routedTo: string | null = null;

/**
 * The page's socket. `game`: the game this page shows. The connection names it in its query
 * (`?game=<id>`), so that a server with several workers (WORKERS, lib/server/cluster/routing) puts every
 * socket of a game on the same worker; a socket opened for another page reconnects once with it.
 */
export function getSocket(game?: string): GameSocket {
  if (typeof window === "undefined") throw new Error("getSocket() is browser-only");
  if (!socket) {
    routedTo = game ?? null;
    const s = io({
      transports: ["websocket", "polling"],
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
      query: game ? { game } : {},
      // Connect once the identity is known: the handshake then carries the session cookie.
      autoConnect: false,
    }) as GameSocket;
    socket = s;
    void loadMe().finally(() => s.connect());
    // Signed in or out: a new handshake, so the server knows the socket as the new identity.
    onIdentityChange(() => {
      if (s.connected || s.active) s.disconnect().connect();
    });
    // The server closed the socket: its session ended (signed out here or everywhere, a password
    // changed elsewhere). Learn who this browser is now, then connect again as that.
    s.on("disconnect", (reason) => {
      if (reason === "io server disconnect") void reloadMe().finally(() => !s.active && s.connect());
    });
  } else if (game !== undefined && game !== routedTo) {
    routedTo = game;
    socket.io.opts.query = { game };
    // A new connection with the new query: at once, not after the reconnection delay.
    if (socket.connected || socket.active) socket.disconnect().connect();
  }
  return socket;
}

const TIMEOUT_MS = 10_000;

/** Emits an event and resolves with its acknowledgement (a timeout becomes an error ack). */
export function request<E extends ClientEvent>(event: E, ...[payload]: RequestArgs<E>): Promise<AckOf<E>> {
  const s = getSocket();
  return new Promise((resolve) => {
    // socket.io's typed emit cannot follow a generic event name; the payload/ack types are checked above.
    (s.timeout(TIMEOUT_MS) as unknown as { emit: (e: string, p: unknown, cb: (err: unknown, ack: AckOf<E>) => void) => void }).emit(
      event,
      payload,
      (err, ack) => {
        if (err) {
          resolve({ ok: false, error: { code: "INTERNAL", message: "The server did not answer in time. Check your connection." } });
        } else {
          resolve(ack);
        }
      },
    );
  });
}
