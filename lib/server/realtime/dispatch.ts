// Every client event by the contract (lib/shared/contract): rate-limited by what it costs, its
// payload parsed with its schema, handed to its handler (./handlers), and acknowledged { ok: true, … }
// or { ok: false, error: { code, message } }, whatever the client sends.
import type { z } from "zod";
import type { Ack, ErrorInfo } from "../../shared/protocol";
import { CONTRACT, type ClientEvent, type ContractEntry, type Handlers } from "../../shared/contract";
import { GameError } from "../errors";
import type { Logger } from "../log";
import { rateLimitedInfo, type Limiter } from "../limits/limiter";
import type { Metrics } from "../metrics/registry";
import { costOf, timeCost } from "./costs";
import type { Conn } from "./conn";

// The payload schemas are the contract's, built once when it loads, not per connection: a zod
// schema carries its own compiled parser (kilobytes of code and strings), which 14,000
// connections would each have kept a copy of.
/** The client events, by name (a Set: a client's event name is never looked up on an object's prototype). */
const CLIENT_EVENTS = new Set<string>(Object.keys(CONTRACT));
const isClientEvent = (event: string): event is ClientEvent => CLIENT_EVENTS.has(event);

/** "size: Too small: expected number to be >=5; color: Invalid input" */
export function summarizeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 4).map((i) => {
    const where = i.path.length ? i.path.join(".") : "payload";
    return `${where}: ${i.message}`;
  });
  if (error.issues.length > 4) parts.push(`and ${error.issues.length - 4} more`);
  return `Invalid payload (${parts.join("; ")}).`;
}

function errorInfo(err: unknown, log: Logger, event: string): ErrorInfo {
  if (err instanceof GameError) return err.toInfo();
  log.error({ err, event }, "handler failed");
  return { code: "INTERNAL", message: "Something went wrong on the server." };
}

/** The logger for an event about a game: a child with the game's id on every line (made only when something is logged). */
function gameLog(log: Logger, payload: unknown): Logger {
  const gameId = payload !== null && typeof payload === "object" ? (payload as { gameId?: unknown }).gameId : undefined;
  return typeof gameId === "string" ? log.child({ gameId: gameId.slice(0, 64) }) : log;
}

export interface DispatchHost {
  handlers: Handlers<Conn>;
  limiter: Limiter;
  metrics: Metrics | null;
  log: Logger;
}

/** The dispatcher of every connection's events (one for all: a connection holds only its Conn). */
export function createDispatch({ handlers, limiter, metrics, log }: DispatchHost) {
  /** Parses the event's payload by the contract and runs its handler: the ack's reply. */
  async function answer(conn: Conn, event: ClientEvent, payload: unknown, started: number): Promise<Ack<object>> {
    const entry: ContractEntry = CONTRACT[event];
    // The handler of this event takes what its entry's schema parses (the map pairs them; tsc checks each pair in `handlers`).
    const run = handlers[event] as (conn: Conn, payload: unknown) => Promise<object>;
    const parsed = entry.payload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: { code: "BAD_PAYLOAD", message: summarizeIssues(parsed.error) } };
    let reply: Ack<object>;
    try {
      reply = { ok: true, ...(await run(conn, parsed.data)) };
    } catch (err) {
      reply = { ok: false, error: errorInfo(err, gameLog(log, payload), event) };
    }
    const extra = timeCost(event, performance.now() - started, parsed.data);
    if (extra) void limiter.charge(conn.ip, extra); // not awaited: the answer does not wait for the bookkeeping
    return reply;
  }

  /** Every client event: rate limit → route (UNKNOWN_EVENT if none) → parse → run → ack. Never throws, whatever the client sends. */
  return async function dispatch(conn: Conn, event: string, args: unknown[]): Promise<void> {
    const started = performance.now();
    const ackArg = args.at(-1);
    const ack = typeof ackArg === "function" ? (ackArg as (a: Ack<object>) => void) : null;
    const payload = ack && args.length === 1 ? undefined : args[0];
    let reply: Ack<object>;
    // Each event costs what it can make the server do (lib/server/realtime/costs): a list more than a move.
    const allowed = await limiter.event(conn.socket.id, conn.ip, costOf(event));
    if (!allowed.ok) {
      metrics?.rateLimited.inc({ limit: "events" });
      reply = { ok: false, error: rateLimitedInfo("requests", allowed.retryMs) };
    } else if (!isClientEvent(event)) reply = { ok: false, error: { code: "UNKNOWN_EVENT", message: `Unknown event "${String(event).slice(0, 40)}".` } };
    else reply = await answer(conn, event, payload, started);
    const outcome = reply.ok ? "ok" : reply.error.code;
    metrics?.ackSeconds.observe({ event: isClientEvent(event) ? event : "unknown", outcome }, (performance.now() - started) / 1000);
    if (!reply.ok && log.isLevelEnabled("debug"))
      gameLog(log, payload).debug({ event: String(event).slice(0, 40), code: reply.error.code, socket: conn.socket.id }, "refused");
    if (ack) {
      try {
        ack(reply);
      } catch (err) {
        gameLog(log, payload).warn({ err, event: String(event).slice(0, 40) }, "ack callback threw");
      }
    }
  };
}
