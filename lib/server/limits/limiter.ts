// Abuse limits for the socket layer (rate-limiter-flexible): events per socket, events per IP,
// connections per IP, games created per IP, and the largest inbound message. In memory on one
// node; with a Redis client the per-IP limits are shared by every node (the per-socket one stays
// in memory: a socket lives on one node). The workers of one primary (WORKERS=N) without Redis
// share the per-IP connection and game limits through the primary (RateLimiterCluster); events
// per IP stay per worker there (a round trip to the primary on every move is not worth it).
//
// Settings: RATE_LIMITS, LIMIT_*, MAX_PAYLOAD_BYTES and TRUST_PROXY (lib/server/config, with their
// defaults); the server passes them in; createLimiter() without settings takes them from there.
import { clientAddress } from "../http/forwarded";
import type { IncomingMessage } from "node:http";
import type { Redis } from "ioredis";
import { serverConfig, type LimitSettings } from "../config";

export type { LimitSettings };
import { GameError } from "../errors";
import type { ErrorInfo } from "../../shared/protocol";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** The window of the per-second limits: a burst of 3 s worth of events is allowed. */
const WINDOW_SEC = 3;

/** The outcome of a limit check: allowed, or refused with how long to wait. */
export type LimitResult = { ok: true } | { ok: false; retryMs: number };

export interface Limiter {
  readonly settings: LimitSettings;
  /** One event from a socket, costing `cost` points (lib/server/realtime/costs; default 1), per socket and per address. */
  event(socketId: string, ip: string, cost?: number): Promise<LimitResult>;
  /** Charges an address points after the fact (what an event turned out to cost: lib/server/realtime/costs timeCost); never refuses. */
  charge(ip: string, points: number): Promise<void>;
  /** A new connection from an address. */
  connection(ip: string): Promise<LimitResult>;
  /** A game created from an address. */
  gameCreated(ip: string): Promise<LimitResult>;
  /** Forget a socket's counter (on disconnect). */
  forgetSocket(socketId: string): void;
  /** The client address of a request or handshake (with trustProxy: the X-Forwarded-For entry our outermost proxy appended; lib/server/http/forwarded). */
  addressOf(req: IncomingMessage | { headers: Record<string, unknown>; address?: string }): string;
}

const OK: LimitResult = { ok: true };

async function consume(l: RateLimiterAbstract, key: string, points = 1): Promise<LimitResult> {
  try {
    // Never more than a whole window's budget: a cost above it could never pass.
    await l.consume(key, Math.max(1, Math.min(points, l.points)));
    return OK;
  } catch (e) {
    if (e instanceof RateLimiterRes) return { ok: false, retryMs: Math.max(0, Math.ceil(e.msBeforeNext)) };
    // The store failed (Redis down, with no insurance left): fail open rather than lock everyone out.
    return OK;
  }
}

export interface LimiterOptions {
  /** Shared store for the per-address limits (several nodes). Default: memory. */
  redis?: Redis | null;
  /** Key prefix in Redis (default "gomoku:rl"). */
  prefix?: string;
  /** A worker of lib/server/cluster/primary, whose primary keeps the counters (no Redis). */
  clusterWorker?: boolean;
}

export function createLimiter(settings: LimitSettings = serverConfig().limits, opts: LimiterOptions = {}): Limiter {
  const prefix = opts.prefix ?? "gomoku:rl";
  const make = (name: string, points: number, duration: number, shared: boolean, throughPrimary = false): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration });
    // The primary's answer takes one IPC round trip; no answer in 2 s (it is gone): fail open.
    if (shared && throughPrimary && !opts.redis && opts.clusterWorker)
      return new RateLimiterCluster({ keyPrefix: `${prefix}:${name}`, points, duration, timeoutMs: 2000 });
    if (!shared || !opts.redis) return memory;
    return new RateLimiterRedis({
      storeClient: opts.redis,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration,
      // Once an address is over its budget, refuse it from memory until the window ends (no Redis trip).
      inMemoryBlockOnConsumed: points,
      // Redis unreachable: limit per node instead.
      insuranceLimiter: memory,
    });
  };
  const perSocket = make("socket", Math.max(1, Math.round(settings.socketEventsPerSec * WINDOW_SEC)), WINDOW_SEC, false);
  const perIp = make("ip", Math.max(1, Math.round(settings.ipEventsPerSec * WINDOW_SEC)), WINDOW_SEC, true);
  const connections = make("conn", Math.max(1, Math.round(settings.ipConnectionsPerMin)), 60, true, true);
  const games = make("games", Math.max(1, Math.round(settings.ipGamesPerMin)), 60, true, true);

  const addressOf: Limiter["addressOf"] = (req) => {
    const r = req as IncomingMessage & { address?: string };
    const own = r.socket?.remoteAddress ?? r.address ?? "unknown";
    return clientAddress(req.headers, own, settings.trustProxy ? (settings.proxyHops ?? 1) : 0);
  };

  if (!settings.enabled)
    return {
      settings,
      event: async () => OK,
      charge: async () => {},
      connection: async () => OK,
      gameCreated: async () => OK,
      forgetSocket: () => {},
      addressOf,
    };

  return {
    settings,
    async event(socketId, ip, cost = 1) {
      const s = await consume(perSocket, socketId, cost);
      if (!s.ok) return s;
      return consume(perIp, ip, cost);
    },
    async charge(ip, points) {
      if (points < 1) return;
      // Over the budget is fine here: the debt makes the address's next events wait (consume records it either way).
      await consume(perIp, ip, points);
    },
    connection: (ip) => consume(connections, ip),
    gameCreated: (ip) => consume(games, ip),
    forgetSocket(socketId) {
      void perSocket.delete(socketId).catch(() => {});
    },
    addressOf,
  };
}

/** The message of a RATE_LIMITED refusal: when to try again (in ms under a second, else whole seconds). */
export function rateLimitedMessage(what: string, retryMs: number): string {
  const when = retryMs < 1000 ? `${Math.max(1, Math.ceil(retryMs))} ms` : `${Math.ceil(retryMs / 1000)} s`;
  return `Too many ${what}: slow down (try again in ${when}).`;
}

/** A RATE_LIMITED refusal of `what`, with when to try again (the ack's error carries retryMs). */
export function rateLimitedInfo(what: string, retryMs: number): ErrorInfo {
  return { code: "RATE_LIMITED", message: rateLimitedMessage(what, retryMs), retryMs };
}

/** The same, thrown from inside a handler (new games per address). */
export class RateLimitedError extends GameError {
  constructor(
    what: string,
    readonly retryMs: number,
  ) {
    super("RATE_LIMITED", rateLimitedMessage(what, retryMs));
  }
  override toInfo(): ErrorInfo {
    return { ...super.toInfo(), retryMs: this.retryMs };
  }
}
