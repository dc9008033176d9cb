// Chat's own limits (issue 28), besides every event's cost against the socket's and the address's
// budgets (./limiter, lib/server/realtime/costs): messages per player (all their sockets and tabs
// together) and reports per player. Shared by every node through Redis when there is one.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { LimitResult } from "./limiter";

/** Messages one player may send in CHAT_WINDOW_SEC seconds. */
export const CHAT_MESSAGES_PER_WINDOW = 5;
export const CHAT_WINDOW_SEC = 10;
/** Reports one player may file a minute (a day's cap is in lib/server/moderation/reports). */
export const REPORTS_PER_MIN = 5;

export interface ChatLimits {
  message(playerId: string): Promise<LimitResult>;
  report(playerId: string): Promise<LimitResult>;
}

export function createChatLimits(enabled: boolean, shared: { redis?: Redis; prefix?: string } = {}): ChatLimits {
  if (!enabled) return { message: async () => ({ ok: true }), report: async () => ({ ok: true }) };
  const prefix = shared.prefix ?? "gomoku:rl";
  const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration });
    if (!shared.redis) return memory;
    return new RateLimiterRedis({ storeClient: shared.redis, keyPrefix: `${prefix}:${name}`, points, duration, insuranceLimiter: memory });
  };
  const messages = make("chat", CHAT_MESSAGES_PER_WINDOW, CHAT_WINDOW_SEC);
  const reports = make("report", REPORTS_PER_MIN, 60);
  return { message: (id) => take(messages, id), report: (id) => take(reports, id) };
}

async function take(l: RateLimiterAbstract, key: string): Promise<LimitResult> {
  try {
    await l.consume(key);
    return { ok: true };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { ok: false, retryMs: Math.max(0, Math.ceil(e.msBeforeNext)) };
    return { ok: true }; // the store failed: fail open, as ./limiter does
  }
}
