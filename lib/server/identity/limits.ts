// Identity abuse limits (rate-limiter-flexible, shared through Redis when there is one): new
// guests per address; password checks per address (sign-in, password change: a right password gives
// its point back, so only wrong ones use the budget and a classroom behind one address signs in; a
// device known to the named account is not counted at all: ./http); sign-ups and renames per address,
// a budget of their own (others' wrong guesses do not block them); failed sign-ins per account name and
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
  /** A password check from `ip` (sign-in, password change): spends a point of the address's budget. */
  attempt(ip: string): Promise<LimitResult>;
  /** The password was right: the attempt's point is given back (rate-limiter-flexible `reward`). */
  attemptSucceeded(ip: string): Promise<void>;
  /** A sign-up or a rename from `ip`: spends a point of the address's budget for account changes. */
  accountChange(ip: string): Promise<LimitResult>;
  /**
   * Before checking a password: the name's budget of failures left, from this address and from all.
   * `known`: the account was used from this device (no limit) or this address (only its own budget).
   */
  nameAllowed(name: string, ip: string, known?: KnownAs): Promise<LimitResult>;
  /**
   * A wrong password for `name` from `ip`. A right one later clears nothing: the owner signing in
   * from a shared address must not renew a guesser's budget there (trial F8).
   */
  failed(name: string, ip: string): Promise<void>;
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
      attemptSucceeded: async () => {},
      accountChange: async () => OK,
      nameAllowed: async () => OK,
      failed: async () => {},
      rename: async () => OK,
    };
  const prefix = opts.prefix ?? "gomoku:rl";
  const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration });
    return opts.redis ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${prefix}:${name}`, points, duration, insuranceLimiter: memory }) : memory;
  };
  const guests = make("guest", settings.ipGuestsPerHour, 3600);
  const attempts = make("login-ip", settings.ipLoginsPer15Min, 900);
  const accountChanges = make("account-ip", settings.ipLoginsPer15Min, 900);
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
    attemptSucceeded: async (ip) => void (await attempts.reward(ip, 1).catch(() => null)),
    accountChange: (ip) => consume(accountChanges, ip),
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
    rename: (playerId) => consume(renames, playerId),
  };
}
