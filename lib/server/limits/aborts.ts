// Aborts per player (lichess's playban, in small): a player who aborts games, or lets their
// first-move window pass, ABORTS_PER_DAY times within 24 hours takes a break from the lobby
// (accepting challenges, posting them, quick pairing) for ABORT_BREAK_MINUTES. It stops a stranger
// who accepts someone's open challenges and aborts each one (the challenge is used up every time),
// and costs an honest player nothing: a few aborts a day pass. Counted per identity; a guest made
// to start over is limited by the guests an address may make an hour (lib/server/identity/limits).
// Shared through Redis when there is one.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { LimitResult } from "./limiter";
import { GameError } from "../errors";
import type { ErrorInfo } from "../../shared/protocol";

/** The lobby refused during a break: TOO_MANY_ABORTS, with how long the break still lasts. */
export class AbortBreakError extends GameError {
  constructor(
    perDay: number,
    readonly retryMs: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
    super("TOO_MANY_ABORTS", `You aborted ${perDay} games within 24 hours: you can accept or post challenges and use quick pairing again in ${minutes} min.`);
  }
  override toInfo(): ErrorInfo {
    return { ...super.toInfo(), retryMs: this.retryMs };
  }
}

/** Aborts within 24 hours that start a break (the ones before pass). */
export const ABORTS_PER_DAY = 5;
/** The break's length (lichess's first playban is 10 minutes). */
export const ABORT_BREAK_MINUTES = 15;

export interface AbortAllowanceOptions {
  redis?: Redis | null;
  prefix?: string;
  perDay?: number;
  breakMinutes?: number;
}

export class AbortAllowance {
  private readonly counts: RateLimiterAbstract;
  private readonly breaks: RateLimiterAbstract;
  private readonly perDay: number;
  private readonly breakSeconds: number;

  constructor(opts: AbortAllowanceOptions = {}) {
    this.perDay = opts.perDay ?? ABORTS_PER_DAY;
    this.breakSeconds = (opts.breakMinutes ?? ABORT_BREAK_MINUTES) * 60;
    const prefix = opts.prefix ?? "gomoku:rl";
    const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration });
      return opts.redis
        ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${prefix}:${name}`, points, duration, insuranceLimiter: memory })
        : memory;
    };
    this.counts = make("aborts", this.perDay, 86_400);
    this.breaks = make("abort-break", 1, this.breakSeconds);
  }

  /** Player `playerId` aborted a game (or let its first-move window pass). The day's last allowed one starts a break, and the count starts again. */
  async aborted(playerId: string): Promise<void> {
    const counted = await this.counts.penalty(playerId, 1).catch(() => null);
    if (!counted || counted.consumedPoints < this.perDay) return;
    await this.breaks.block(playerId, this.breakSeconds).catch(() => null);
    await this.counts.delete(playerId).catch(() => false);
  }

  /** Refuses (TOO_MANY_ABORTS) a player on a break; anyone else, and no identity, passes. */
  async check(playerId: string | null | undefined): Promise<void> {
    if (!playerId) return;
    const r = await this.allowed(playerId);
    if (!r.ok) throw new AbortBreakError(this.perDay, r.retryMs);
  }

  /** May `playerId` take a seat from the lobby now? If not: how long the break still lasts. */
  async allowed(playerId: string): Promise<LimitResult> {
    const r = await this.breaks.get(playerId).catch(() => null);
    return r && r.consumedPoints > 1 ? { ok: false, retryMs: Math.max(1, Math.ceil(r.msBeforeNext)) } : { ok: true };
  }
}
