// The TV: a never-ending stream of AI-vs-AI games that the server plays by itself, so /tv always has
// something to show. On start it adopts the newest unfinished TV game (a restart loses nothing: the
// game service has already resumed its AI turns) or starts one; when the game on air finishes it waits
// a few seconds and starts the next, with varied engines, board and opening. A game that stops moving
// (its AI failed for good) is left behind after a while. Every change is an event "current" with a
// TvCurrent snapshot; lib/server/realtime pushes it to the sockets in the "tv" room.
//
// TV games are ordinary AI-vs-AI games made through the game service (createAiMatch), marked by their
// id (lib/server/tv/ids): the TV asks for its id prefix, and the server tells the service which ids
// are the TV's (isTvGame). Nothing here writes games.
//
// Several nodes sharing the database (opts.lease): only the node holding the lease "tv" (lib/server/db/lease)
// runs the loop; it renews the lease every few seconds. The others follow: they read the newest TV
// game from the database and publish it to their own sockets, and take the loop over (adopting the
// unfinished game) once the lease lapses, e.g. when the running node died.
import { EventEmitter } from "node:events";
import type { GameService } from "../games/service";
import type { GameStatus, TvCurrent } from "../../shared/protocol";
import { log as rootLog, type Logger } from "../log";
import { TV_ID_PREFIX, isTvGameId } from "./ids";
import { pickTvMatch, type TvMatch } from "./matches";

export { pickTvMatch, tvOpening, type TvMatch } from "./matches";
import { claimLease, releaseLease } from "../db/lease";
import type { Clock, TimerHandle } from "../time";

/** The lease (lib/server/db/lease) that lets one node of several run the TV. */
export const TV_LEASE = "tv";

export interface TvOptions {
  /** Pause between a finished TV game and the next (default 5000 ms). */
  pauseMs?: number;
  /** Engine time per move is picked within this range, ms (default [300, 1500]). */
  timeMs?: [number, number];
  /** Board sizes to pick from (default mostly 15, sometimes 13 or 19). */
  sizes?: number[];
  /** Chooses the n-th match (default pickTvMatch with the options above). */
  next?: (n: number) => TvMatch;
  /** No move or search progress for this long: leave the game and start another (default 60 s). */
  stallMs?: number;
  random?: () => number;
  log?: Logger;
  /**
   * Several nodes share the database: run the loop only while holding the lease "tv" as `holder`
   * (lasts ttlMs, default 15 s, renewed every ttlMs / 3); otherwise follow the node that does.
   */
  lease?: { holder: string; ttlMs?: number } | null;
  /** With a lease: how often a follower looks for the TV game on air and for a lapsed lease (default 2000 ms). */
  followMs?: number;
  /** The time and timers (default the game service's: lib/server/time). */
  clock?: Clock;
  /**
   * Before starting a game of its own, the TV asks this (the engine tournaments: lib/server/tournaments):
   * a game id to show instead, "wait" (an event is between two games: ask again in a second, at most
   * FOLLOW_WAITS times in a row), or null (nothing to follow: the TV plays its own).
   */
  follow?: () => Promise<string | "wait" | null>;
}

/** How many seconds in a row the TV waits for an event's next game before playing one of its own. */
export const FOLLOW_WAITS = 15;

export const TV_OFF: TvCurrent = { enabled: false, gameId: null, status: null, number: 0, nextAt: null };

export class TvLoop extends EventEmitter {
  private readonly games: GameService;
  private readonly log: Logger;
  private readonly pauseMs: number;
  private readonly stallMs: number;
  private readonly next: (n: number) => TvMatch;
  private readonly followEvent: TvOptions["follow"];
  private waits = 0;
  /** The game on air is an engine tournament's (else the TV's own, which an event's game replaces on air at once). */
  private onEvent = false;
  private gameId: string | null = null;
  private status: GameStatus | null = null;
  private number = 0;
  private nextAt: Date | null = null;
  private readonly clock: Clock;
  private lastActivity: number;
  private timer: TimerHandle | null = null;
  private watchdog: TimerHandle | null = null;
  private stopped = false;
  private starting: Promise<void> | null = null;
  private readonly unsubscribe: () => void;
  private readonly lease: { holder: string; ttlMs: number } | null;
  private readonly followMs: number;
  /** This node runs the loop (always, without a lease). */
  private leading: boolean;
  private leaseTimer: TimerHandle | null = null;
  private ticking: Promise<void> | null = null;
  /** Leading with a lease: moves of the game on air seen in its rows (another node may search some of its turns). */
  private seenPlies = -1;

  constructor(games: GameService, opts: TvOptions = {}) {
    super();
    this.games = games;
    this.clock = opts.clock ?? games.clock;
    this.lastActivity = this.clock.now();
    this.log = (opts.log ?? rootLog).child({ part: "tv" });
    this.pauseMs = opts.pauseMs ?? 5000;
    this.stallMs = opts.stallMs ?? 60_000;
    const rand = opts.random ?? Math.random;
    this.next = opts.next ?? (() => pickTvMatch(rand, opts));
    this.lease = opts.lease ? { holder: opts.lease.holder, ttlMs: opts.lease.ttlMs ?? 15_000 } : null;
    this.followMs = opts.followMs ?? 2000;
    this.followEvent = opts.follow;
    this.leading = !this.lease;

    const onMoved = (e: { gameId: string; status: GameStatus }) => {
      if (e.gameId !== this.gameId) return;
      this.lastActivity = this.clock.now();
      if (e.status === "finished") this.finished();
    };
    const onState = (s: { id: string; status: GameStatus }) => {
      if (s.id === this.gameId && s.status === "finished") this.finished();
    };
    const onThinking = (t: { gameId: string }) => {
      if (t.gameId === this.gameId) this.lastActivity = this.clock.now();
    };
    games.on("moved", onMoved);
    games.on("state", onState);
    games.on("thinking", onThinking);
    this.unsubscribe = () => {
      games.off("moved", onMoved);
      games.off("state", onState);
      games.off("thinking", onThinking);
    };
  }

  override on(event: "current", fn: (c: TvCurrent) => void): this {
    return super.on(event, fn);
  }

  /** Adopts the newest unfinished TV game, or starts one (with a lease: once this node holds it; else follows). */
  async start(): Promise<void> {
    if (this.lease) {
      await this.tick();
      const every = Math.max(100, Math.min(this.followMs, Math.floor(this.lease.ttlMs / 3)));
      const loop = () => {
        this.leaseTimer = this.clock.setTimeout(() => {
          void this.tick().finally(() => {
            if (!this.stopped) loop();
          });
        }, every);
        this.leaseTimer.unref();
      };
      loop();
      return;
    }
    await this.lead();
  }

  /** True while this node runs the loop (always without a lease). */
  get isLeading(): boolean {
    return this.leading && !this.stopped;
  }

  /** With a lease: renew or take it, and lead or follow accordingly. */
  private tick(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        if (this.stopped || !this.lease) return;
        let ours: boolean;
        try {
          ours = await claimLease(this.games.db, TV_LEASE, this.lease.holder, this.lease.ttlMs);
        } catch (err) {
          this.log.warn({ err }, "TV: could not renew the lease");
          return; // leading: carry on (the lease lapses if this goes on); following: try again later
        }
        if (this.stopped) return;
        if (ours && !this.leading) {
          this.leading = true;
          this.log.info({ holder: this.lease.holder }, "TV: this node runs the TV now");
          await this.lead();
        } else if (ours) {
          await this.checkOnAir();
        } else {
          if (this.leading) {
            this.leading = false;
            this.clock.clearTimeout(this.timer);
            this.timer = null;
            this.log.warn({ holder: this.lease.holder }, "TV: another node holds the TV lease; following it");
          }
          await this.follow();
        }
      } catch (err) {
        this.log.warn({ err }, "TV: lease check failed");
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  /** Leading with a lease: notice moves and the end of the game on air even when another node made them. */
  private async checkOnAir(): Promise<void> {
    if (!this.gameId || this.status !== "playing") return;
    const row = await this.games.db.game.findUnique({ where: { id: this.gameId }, select: { status: true, _count: { select: { moves: true } } } });
    if (!row || this.stopped) return;
    if (row._count.moves !== this.seenPlies) {
      this.seenPlies = row._count.moves;
      this.lastActivity = this.clock.now();
    }
    if (row.status === "finished") this.finished();
  }

  /** Following: publish the newest TV game as the node running the TV made it. */
  private async follow(): Promise<void> {
    const rows = await this.games.db.game.findMany({
      where: { id: { startsWith: TV_ID_PREFIX } },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { id: true, status: true, finishedAt: true },
    });
    const row = rows.find((r) => isTvGameId(r.id));
    if (!row || this.stopped || this.leading) return;
    const status: GameStatus = row.status === "finished" ? "finished" : "playing";
    const nextAt = status === "finished" && row.finishedAt ? new Date(Math.max(this.clock.now(), row.finishedAt.getTime() + this.pauseMs)) : null;
    if (row.id === this.gameId && status === this.status) return;
    if (row.id !== this.gameId) this.number++;
    this.gameId = row.id;
    this.status = status;
    this.nextAt = nextAt;
    this.publish();
  }

  /** Runs the loop: adopts the newest unfinished TV game, or starts one. */
  private async lead(): Promise<void> {
    const rows = await this.games.db.game.findMany({
      where: { id: { startsWith: TV_ID_PREFIX }, status: "playing" },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { id: true },
    });
    const adopt = rows.find((r) => isTvGameId(r.id));
    if (adopt) {
      if (adopt.id !== this.gameId) this.number++;
      this.gameId = adopt.id;
      this.status = "playing";
      this.nextAt = null;
      this.lastActivity = this.clock.now();
      this.seenPlies = -1;
      this.log.info({ gameId: adopt.id }, "TV: adopted the unfinished game");
      // Taken over from another node: its AI turns are this node's to resume (at once if it is idle).
      if (this.lease) await this.games.resume(adopt.id).catch((err) => this.log.warn({ err, gameId: adopt.id }, "TV: could not resume the adopted game"));
      this.publish();
    } else {
      await this.startNext();
    }
    if (!this.watchdog) this.watchStalls(Math.min(5000, Math.max(500, this.stallMs / 4)));
  }

  snapshot(): TvCurrent {
    return { enabled: true, gameId: this.gameId, status: this.status, number: this.number, nextAt: this.nextAt ? this.nextAt.toISOString() : null };
  }

  /** Resolves once the next game has started (for tests): at once if one is on air. */
  async whenPlaying(): Promise<string> {
    while (!this.stopped) {
      if (this.status === "playing" && this.gameId) return this.gameId;
      await new Promise<void>((resolve) => this.once("current", () => resolve()));
    }
    throw new Error("TV stopped");
  }

  /** Stops the loop; with a lease, gives it up so another node takes over at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.clock.clearTimeout(this.timer);
    this.clock.clearTimeout(this.watchdog);
    this.clock.clearTimeout(this.leaseTimer);
    this.timer = this.watchdog = this.leaseTimer = null;
    this.unsubscribe();
    if (this.lease) {
      await this.ticking?.catch(() => {});
      await releaseLease(this.games.db, TV_LEASE, this.lease.holder).catch((err) => this.log.warn({ err }, "TV: could not release the lease"));
    }
  }

  private finished(): void {
    if (this.stopped || this.status === "finished" || this.timer) return;
    this.status = "finished";
    this.nextAt = new Date(this.clock.now() + this.pauseMs);
    this.publish();
    if (!this.leading) return; // the node running the TV starts the next one
    this.log.info({ gameId: this.gameId, pauseMs: this.pauseMs }, "TV: game over, next one soon");
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.startNext();
    }, this.pauseMs);
    this.timer.unref();
  }

  private startNext(): Promise<void> {
    this.starting ??= (async () => {
      try {
        if (this.stopped || !this.leading) return;
        if (await this.followed()) return;
        const m = this.next(this.number + 1);
        const { gameId } = await this.games.createAiMatch(m, { idPrefix: TV_ID_PREFIX });
        if (this.stopped) return;
        this.onEvent = false;
        this.gameId = gameId;
        this.status = "playing";
        this.number++;
        this.nextAt = null;
        this.lastActivity = this.clock.now();
        this.seenPlies = -1;
        this.log.info({ gameId, n: this.number, size: m.size, rule: m.rule, black: m.black, white: m.white }, "TV: new game");
        this.publish();
      } catch (err) {
        this.log.error({ err }, "TV: could not start a game; retrying");
        if (!this.stopped && this.leading) {
          this.timer = this.clock.setTimeout(
            () => {
              this.timer = null;
              void this.startNext();
            },
            Math.max(1000, this.pauseMs),
          );
          this.timer.unref();
        }
      } finally {
        this.starting = null;
      }
    })();
    return this.starting;
  }

  /** An engine tournament's game put on air instead of one of the TV's own (true), or a wait for its next one. */
  private async followed(): Promise<boolean> {
    if (!this.followEvent) return false;
    const on = await this.followEvent().catch((err: unknown) => {
      this.log.warn({ err }, "TV: could not look for an engine tournament's game");
      return null;
    });
    if (this.stopped || !this.leading) return true;
    if (on === "wait" && this.waits < FOLLOW_WAITS) {
      this.waits++;
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        void this.startNext();
      }, 1000);
      this.timer.unref();
      return true;
    }
    this.waits = 0;
    if (!on || on === "wait" || on === this.gameId) return false;
    this.putOnAir(on);
    return true;
  }

  /** An engine tournament's game goes on air (the TV's own game, if any, plays on unseen to its end). */
  private putOnAir(on: string): void {
    this.onEvent = true;
    this.gameId = on;
    this.status = "playing";
    this.number++;
    this.nextAt = null;
    this.lastActivity = this.clock.now();
    this.seenPlies = -1;
    this.log.info({ gameId: on, n: this.number }, "TV: following an engine tournament's game");
    this.publish();
  }

  /** Watchdog: the TV's own game on air gives way to an engine tournament's game as soon as one is playing. */
  private async cutToEvent(): Promise<void> {
    if (!this.followEvent || this.onEvent || this.stopped || !this.leading || this.status !== "playing") return;
    const on = await this.followEvent().catch(() => null);
    if (on && on !== "wait" && on !== this.gameId && !this.onEvent && !this.stopped && this.leading && this.status === "playing") this.putOnAir(on);
  }

  /** Every `ms` until stopped: a game on air that stopped moving is left. */
  private watchStalls(ms: number): void {
    this.watchdog = this.clock.setTimeout(() => {
      this.checkStall();
      void this.cutToEvent().finally(() => {
        if (!this.stopped) this.watchStalls(ms);
      });
    }, ms);
    this.watchdog.unref();
  }

  private checkStall(): void {
    if (this.stopped || !this.leading || this.status !== "playing") return;
    if (this.clock.now() - this.lastActivity < this.stallMs) return;
    this.log.warn({ gameId: this.gameId }, "TV: the game stopped moving; starting another");
    this.finished();
  }

  private publish(): void {
    this.emit("current", this.snapshot());
  }
}
