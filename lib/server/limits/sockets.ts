// Sockets held open at once per client address (SOCKETS_PER_ADDRESS). The per-minute connection
// limit (lib/server/limits/limiter) lets an address open 120 a minute and keep them all: 120 →
// 240 → 360 over two minutes. This caps what it holds. Counted per process on the engine.io
// connections (opened → closed, whatever happens in between, so nothing leaks); with WORKERS=N
// each worker counts its own (an address may hold up to N times the cap behind one primary).
// An IPv6 address counts as its /64 (./network subscriberOf).
import type { Server, Socket } from "socket.io";
import type { ErrorInfo } from "../../shared/protocol";
import { subscriberOf } from "./network";

/** The refusal a socket over the cap gets (its connect_error's `data`). */
export function tooManySockets(max: number): ErrorInfo {
  return {
    code: "LIMIT",
    message: `Your address has ${max} connections to this server open already: close some tabs or windows and try again.`,
  };
}

/** How many sockets each address holds (engine.io connections, counted from open to close). */
export class HeldSockets {
  private readonly held = new Map<string, number>();

  open(address: string): void {
    this.held.set(address, (this.held.get(address) ?? 0) + 1);
  }

  close(address: string): void {
    const n = (this.held.get(address) ?? 0) - 1;
    if (n > 0) this.held.set(address, n);
    else this.held.delete(address);
  }

  of(address: string): number {
    return this.held.get(address) ?? 0;
  }
}

/**
 * Caps the sockets one address holds at `max` (0: no cap). `addressOf` reads the address an
 * engine.io connection was given at its handshake (lib/server/realtime/admission sets it first).
 * Returns the counter (for tests and metrics) and a middleware that refuses the socket over the cap.
 */
export function capSocketsPerAddress(
  io: Server,
  max: number,
  connAddress: (conn: object) => string | undefined,
  onRefused: () => void = () => {},
): { held: HeldSockets; middleware: (socket: Socket, next: (err?: Error) => void) => void } {
  const held = new HeldSockets();
  const addressOf = (conn: object) => {
    const address = connAddress(conn);
    return address === undefined ? undefined : subscriberOf(address);
  };
  if (max > 0)
    io.engine.on("connection", (conn: { once(event: "close", fn: () => void): void }) => {
      const address = addressOf(conn);
      if (!address) return;
      held.open(address);
      conn.once("close", () => held.close(address));
    });
  const middleware = (socket: Socket, next: (err?: Error) => void) => {
    const address = addressOf(socket.conn);
    if (max <= 0 || !address || held.of(address) <= max) return next();
    onRefused();
    const info = tooManySockets(max);
    next(Object.assign(new Error(info.message), { data: info }));
    // Its connection is of no use now: let it go once the refusal is queued (socket.io writes it on
    // the next tick; engine.io's close sends what is queued first).
    setImmediate(() => socket.conn.close());
  };
  return { held, middleware };
}
