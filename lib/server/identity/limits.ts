// Identity abuse limits (rate-limiter-flexible, shared through Redis when there is one): new
// guests per address, sign-in/up attempts per address, and failed sign-ins per account name and
// address (LIMIT_NAME_LOGINS_PER_15MIN), so a stranger guessing a name locks out their own address,
// not the name's owner; and per name from every address together, at ten times that (a password
// guessed from many addresses is still limited). That last lock never shuts out the owner: it
// applies only to sources the account was never used from (./known-sources). A known address still
// has its own name+address budget (whoever shares it gets no free guesses); a known device (its
// cookie is a secret of the owner's browser) has no name limit at all.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { IdentityLimitSettings } from "../config";
import type { LimitResult } from "../limits/limiter";
import { nameKey } from "./names";

export interface IdentityLimiter {
  guest(ip: string): Promise<LimitResult>;
  attempt(ip: string): Promise<LimitResult>;
  /**
   * Before checking a password: the name's budget of failures left, from this address and from all.
   * `known`: the account was used from this device (no limit) or this address (only its own budget).
   */
  nameAllowed(name: string, ip: string, known?: KnownAs): Promise<LimitResult>;
  failed(name: string, ip: string): Promise<void>;
  succeeded(name: string, ip: string): Promise<void>;
  /** A rename by player `playerId`: within their day's budget? */
  rename(playerId: string): Promise<LimitResult>;
}

/** How a sign-in's source is known to the account it names (./known-sources). */
export type KnownAs = "device" | "address" | "unknown";

const OK: LimitResult = { ok: true };
/** Failed sign-ins of one name from all addresses together: this many times the per-address budget. */
export const ALL_ADDRESSES_FACTOR = 10;

export function createIdentityLimiter(settings: IdentityLimitSettings, opts: { redis?: Redis | null; prefix?: string } = {}): IdentityLimiter {
  if (!settings.enabled)
    return {
      guest: async () => OK,
      attempt: async () => OK,
      nameAllowed: async () => OK,
      failed: async () => {},
      succeeded: async () => {},
      rename: async () => OK,
    };
  const prefix = opts.prefix ?? "gomoku:rl";
  const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration });
    return opts.redis ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${prefix}:${name}`, points, duration, insuranceLimiter: memory }) : memory;
  };
  const guests = make("guest", settings.ipGuestsPerHour, 3600);
  const attempts = make("login-ip", settings.ipLoginsPer15Min, 900);
  const failures = make("login-name-ip", settings.nameLoginsPer15Min, 900);
  const allFailures = make("login-name", settings.nameLoginsPer15Min * ALL_ADDRESSES_FACTOR, 900);
  const renames = make("rename", settings.playerRenamesPerDay, 86_400);
  const pair = (name: string, ip: string) => `${nameKey(name)}|${ip}`;
  const over = async (l: RateLimiterAbstract, key: string, points: number): Promise<LimitResult> => {
    const r = await l.get(key).catch(() => null);
    return r && r.consumedPoints >= points ? { ok: false, retryMs: Math.ceil(r.msBeforeNext) } : OK;
  };
  const consume = async (l: RateLimiterAbstract, key: string): Promise<LimitResult> => {
    try {
      await l.consume(key);
      return OK;
    } catch (e) {
      if (e instanceof RateLimiterRes) return { ok: false, retryMs: Math.ceil(e.msBeforeNext) };
      return OK;
    }
  };
  return {
    guest: (ip) => consume(guests, ip),
    attempt: (ip) => consume(attempts, ip),
    async nameAllowed(name, ip, known = "unknown") {
      if (known === "device") return OK;
      const mine = await over(failures, pair(name, ip), settings.nameLoginsPer15Min);
      if (!mine.ok || known === "address") return mine;
      return over(allFailures, nameKey(name), settings.nameLoginsPer15Min * ALL_ADDRESSES_FACTOR);
    },
    async failed(name, ip) {
      await consume(failures, pair(name, ip));
      await consume(allFailures, nameKey(name));
    },
    succeeded: async (name, ip) => void (await failures.delete(pair(name, ip)).catch(() => false)),
    rename: (playerId) => consume(renames, playerId),
  };
}
