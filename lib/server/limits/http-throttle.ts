// Requests per client address over HTTP that cost the server work whoever sends them: every POST
// (sign-in, sign-up, rename, locale, sign-out, import…: LIMIT_IP_POSTS_PER_MIN) and /readyz
// (LIMIT_IP_READYZ_PER_MIN: each one queries the database). Over the budget: 429 with a code and a
// sentence (RATE_LIMITED, and when to try again), before any handler reads the request. Shared
// through Redis when there is one; else each process counts its own. Routes keep their own,
// tighter limits (sign-in attempts, imports per hour) on top of this one. An IPv6 address counts as
// its /64 (./network subscriberOf).
import type { IncomingMessage } from "node:http";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimitedInfo } from "./limiter";
import { subscriberOf } from "./network";
import { refusalAnswer, type Answer } from "../http/answers";

export interface HttpThrottleOptions {
  /** POSTs per address per minute (0: none counted). */
  postsPerMin: number;
  /** /readyz per address per minute (0: none counted). */
  readyzPerMin: number;
  redis?: Redis | null;
  prefix?: string;
  /** Told of each refusal ("posts" or "readyz"). */
  onRefused?: (limit: "posts" | "readyz") => void;
}

/** Which budget a request spends, if any. */
function budgetOf(req: IncomingMessage): "posts" | "readyz" | null {
  if (req.method === "POST") return "posts";
  return (req.url ?? "").split("?")[0] === "/readyz" ? "readyz" : null;
}

/** A guard of lib/server/http/router: null for requests no budget counts or within it, else the 429. */
export function httpThrottle(opts: HttpThrottleOptions) {
  const prefix = opts.prefix ?? "gomoku:rl";
  const make = (name: string, points: number): RateLimiterAbstract | null => {
    if (points <= 0) return null;
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration: 60 });
    return opts.redis
      ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${prefix}:${name}`, points, duration: 60, insuranceLimiter: memory })
      : memory;
  };
  const limiters = { posts: make("http-post", opts.postsPerMin), readyz: make("readyz", opts.readyzPerMin) };
  const what = { posts: "requests that change something from your address", readyz: "readiness checks from your address" };

  return async (req: IncomingMessage, address: string): Promise<Answer | null> => {
    const budget = budgetOf(req);
    const limiter = budget && limiters[budget];
    if (!budget || !limiter) return null;
    try {
      await limiter.consume(subscriberOf(address));
      return null;
    } catch (e) {
      // The store failed (Redis down, no insurance left): let the request through rather than refuse everyone.
      if (!(e instanceof RateLimiterRes)) return null;
      opts.onRefused?.(budget);
      return refusalAnswer(429, rateLimitedInfo(what[budget], Math.ceil(e.msBeforeNext)));
    }
  };
}
