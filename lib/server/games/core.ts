// What every action of the game service stands on (lib/server/games/service extends it): its
// parts (the rows, the cache and lock, the clock timers, the engine seats it was handed, presence),
// its typed events, and the steps the actions share: load under the lock, end a game, flag a game
// whose time is up, and after every change restart the clock timer and the engine's turn.
import { EventEmitter } from "node:events";
import type { Db } from "../db/client";
import { log as rootLog, type Logger } from "../log";
import { serverConfig } from "../config";
import { other, type Point } from "../../../engine";
import type { GameEndReason, GameResult, GameState, MoveRecord, ServerToClient, Thinking } from "../../shared/protocol";
import { newGameId } from "../tokens";
import { actingSeatOf, colorName, toMoveOf, type Entry } from "./entry";
import { firstMoveExpired, firstMoveLeftMs, remainingMs, timeIsUp, type StallSource } from "./clock";
import { StallMonitor } from "./stalls";
import { applyEnding, applyRatingChange, newEntry, ratedPlayersOf, type NewGame } from "./moves";
import { GameStore } from "./store";
import { GameCache } from "./cache";
import { ClockTimers } from "./timers";
import { realClock, type Clock } from "../time";
import { NOBODY, stateOf, type PresenceSource } from "./state";
import { betweenPeople, claimableAt } from "./endings";
import type { EngineHost, EngineSeats } from "./engines";
import { corrDeadlineOf, type CorrTurnEvent } from "./correspondence";

export type MovedEvent = Parameters<ServerToClient["game:moved"]>[0];

export interface GameServiceOptions {
  db: Db;
  log?: Logger;
  /**
   * Who plays the engine seats (lib/server/games/ai-seat), made with this service's EngineHost.
   * None: an engine to move never moves (a warning says so).
   */
  engines?: (host: EngineHost) => EngineSeats;
  /** Who is in each game's room: the realtime layer (default nobody). */
  presence?: PresenceSource;
  /** The TV's games (the TV decides which they are: lib/server/tv/ids): their state and summary say tv. */
  isTvGame?: (gameId: string) => boolean;
  /** Most games kept in memory (finished and idle ones are dropped first). */
  cacheSize?: number;
  pageSize?: number;
  /** The live list shows games with a move (or, before any, a start) this recent: abandoned games drop out (default 30 min). */
  liveWindowMs?: number;
  /** This process's name in AI claims (default a random id). */
  nodeId?: string;
  /**
   * Several nodes share the database (REDIS_URL): claim each engine turn in the game's row before
   * searching, so exactly one node searches it; join resumes a game's AI turn and clock; a sweep
   * picks up what a dead node left (default false: one node, nothing to claim).
   */
  cluster?: boolean;
  /** How long a player to move must be gone before their opponent may claim the win (default CLAIM_GRACE_MS). */
  claimGraceMs?: number;
  /** The longest first-move window (default FIRST_MOVE_MS; shorter for fast clocks: lib/server/games/clock). */
  firstMoveMs?: number;
  /** When the server could not listen (default: a StallMonitor of this process, lib/server/games/stalls). */
  stalls?: StallSource;
  /** The time and timers for clocks, moves, endings and the engine seats (default the wall clock; tests hand a FakeClock). */
  clock?: Clock;
}

export const PAGE_SIZE = 20;
export const LIVE_WINDOW_MS = 30 * 60_000;

export abstract class GameCore extends EventEmitter {
  readonly db: Db;
  readonly nodeId: string;
  protected readonly store: GameStore;
  protected readonly cache: GameCache;
  /** Made by the subclass, which builds the EngineHost they get. */
  protected engines: EngineSeats | null = null;
  protected readonly presence: PresenceSource;
  protected readonly isTvGame: (gameId: string) => boolean;
  protected readonly log: Logger;
  protected readonly pageSize: number;
  protected readonly liveWindowMs: number;
  protected readonly cluster: boolean;
  protected readonly claimGraceMs: number;
  protected readonly firstMoveMs: number;
  protected readonly stalls: StallSource;
  /** The monitor this service started (stopped on close), if it was not handed one. */
  private readonly ownStalls: StallMonitor | null = null;
  /** The time and timers of this service, and of the parts built on it (TV, pairing, analysis queue). */
  readonly clock: Clock;
  protected readonly clockTimers: ClockTimers;
  protected closed = false;

  constructor(opts: GameServiceOptions) {
    super();
    this.db = opts.db;
    this.log = opts.log ?? rootLog;
    this.pageSize = opts.pageSize ?? PAGE_SIZE;
    this.liveWindowMs = opts.liveWindowMs ?? LIVE_WINDOW_MS;
    this.nodeId = opts.nodeId ?? `node-${newGameId()}`;
    this.cluster = opts.cluster ?? false;
    this.claimGraceMs = opts.claimGraceMs ?? serverConfig().claimGraceMs;
    this.firstMoveMs = opts.firstMoveMs ?? serverConfig().firstMoveMs;
    this.clock = opts.clock ?? realClock;
    this.clockTimers = new ClockTimers(this.clock);
    if (opts.stalls) this.stalls = opts.stalls;
    else this.stalls = this.ownStalls = new StallMonitor({ log: this.log }).start();
    this.presence = opts.presence ?? NOBODY;
    this.isTvGame = opts.isTvGame ?? (() => false);
    this.store = new GameStore(this.db);
    this.cache = new GameCache({
      size: opts.cacheSize ?? 500,
      read: (id) => this.store.read(id),
      busy: (id) => (this.engines?.busy(id) ?? false) || this.clockTimers.has(id),
      watched: (id) => {
        const p = this.presence.presenceOf(id);
        return p.spectators > 0 || p.connected[1] || p.connected[2];
      },
    });
  }

  // ---------------------------------------------------------------- typed events

  override on(event: "moved", fn: (e: MovedEvent) => void): this;
  override on(event: "state", fn: (s: GameState) => void): this;
  override on(event: "thinking", fn: (t: Thinking) => void): this;
  /** A person's move got its score afterwards (pondering). */
  override on(event: "scored", fn: (e: { gameId: string; move: MoveRecord }) => void): this;
  /** A game's rows changed here (other nodes drop their cached copy: lib/server/realtime/adapter); with
   *  `move` when the change is just that move, which the others can apply to their copy. */
  override on(event: "changed", fn: (gameId: string, move?: MoveRecord) => void): this;
  /** A game between people ended without a result because of this player: an abort, or their first-move window passed. */
  override on(event: "aborted", fn: (e: { gameId: string; playerId: string }) => void): this;
  /** A correspondence game's move was made: who is to move, by when (lib/server/games/correspondence). */
  override on(event: "corrTurn", fn: (e: CorrTurnEvent) => void): this;
  /** A player's name changed here (other nodes update their cached games: lib/server/realtime/adapter). */
  override on(event: "renamed", fn: (playerId: string, name: string) => void): this;
  /** A join started; `done` settles (never rejects) when it ends, however it ends (for timing: bin/load). */
  override on(event: "join", fn: (gameId: string, done: Promise<void>) => void): this;
  override on(event: string, fn: (...args: never[]) => void): this {
    return super.on(event, fn as (...args: unknown[]) => void);
  }

  protected async insertGame(g: NewGame, idPrefix = ""): Promise<Entry> {
    const e = newEntry(idPrefix + newGameId(), g, new Date(this.now()));
    await this.store.insert(e);
    this.cache.remember(e);
    this.log.info({ gameId: e.id, kind: g.kind, size: g.size, rule: g.rule }, "game created");
    return e;
  }

  protected withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return this.cache.withLock(id, fn);
  }

  protected load(id: string): Promise<Entry> {
    return this.cache.load(id);
  }

  /** Now, for clocks, moves and endings (ms since the epoch). */
  protected now(): number {
    return this.clock.now();
  }

  protected stateOf(e: Entry): GameState {
    const presence = this.presence.presenceOf(e.id);
    return stateOf(e, presence, this.isTvGame(e.id), claimableAt(e, presence, this.claimGraceMs), this.firstMoveMs);
  }

  /** Stops the stall monitor this service started (close). */
  protected stopStallMonitor(): void {
    this.ownStalls?.stop();
  }

  /** Broadcasts the state after a change the moved event cannot describe (seat taken, takeback, resign, flag). */
  protected emitState(e: Entry): void {
    this.emit("state", this.stateOf(e));
  }

  /**
   * If time is up, ends the game and says how: "timeout" (the side to move's clock ran out: it loses)
   * or "abort" (the side to act let its first-move window pass: no result). Null: play on. The
   * moments the server could not listen are not counted (./stalls). Call under the lock.
   */
  protected flagIfExpired(e: Entry): "timeout" | "abort" | null {
    const now = this.now();
    // A correspondence game's days run out as a clock does (./correspondence; the sweeper comes here through resume).
    const corrDue = corrDeadlineOf(e);
    const late = timeIsUp(e, now, this.stalls) || (corrDue !== null && now >= corrDue);
    const ending = firstMoveExpired(e, now, this.firstMoveMs, this.stalls) ? "abort" : late ? "timeout" : null;
    if (!ending) return null;
    // The database write follows; the game counts as over from now on.
    const result = ending === "abort" ? null : colorName(other(toMoveOf(e)));
    // The side whose window passed did not start the game (lichess's "no start").
    const idle = ending === "abort" && betweenPeople(e) ? e.players[actingSeatOf(e)] : null;
    if (idle) this.emit("aborted", { gameId: e.id, playerId: idle });
    void this.finish(e, result, ending, null).catch((err) => this.log.error({ err, gameId: e.id }, `could not record a ${ending}`));
    return ending;
  }

  /** What a player acting on a game that `flagIfExpired` just ended is told. */
  protected expiredText(e: Entry, ending: "timeout" | "abort"): string {
    return ending === "abort"
      ? "The game is over: it was aborted, as a first move was not made in time."
      : `The game is over: ${colorName(toMoveOf(e))} ran out of time.`;
  }

  /**
   * Ends the game (result null: aborted). A rated game is rated in the same transaction; the state
   * broadcast after the write carries the rating change.
   */
  protected async finish(e: Entry, result: GameResult | null, reason: GameEndReason, winLine: Point[] | null): Promise<void> {
    const end = { result, reason, winLine, at: new Date(this.now()) };
    const rated = ratedPlayersOf(e);
    applyEnding(e, end);
    this.engines?.reset(e.id);
    this.clockTimers.clear(e.id);
    this.log.info({ gameId: e.id, result, reason, plies: e.moves.length }, "game over");
    // Only a game still playing: another node may have ended it first (its result stands).
    const written = await this.store.finish(e.id, end, rated).catch((err: unknown) => {
      this.emitState(e);
      throw err;
    });
    if (written.change) applyRatingChange(e, written.change);
    this.emitState(e);
    if (!written.ended) this.cache.invalidate(e.id);
    this.emit("changed", e.id);
  }

  /** After every change: start or stop the clock timer and the AI's turn. */
  protected afterChange(e: Entry): void {
    if (this.closed) return;
    this.clockTimers.clear(e.id);
    if (e.status !== "playing") return;
    const now = this.now();
    // The first-move window's end, else the side to move's flag; Infinity: the clocks stand still
    // (no timer: setTimeout would fire at once). A timer that rings late (a stall) re-checks with
    // the stall not counted, and is set again.
    const left = firstMoveLeftMs(e, now, this.firstMoveMs, this.stalls) ?? remainingMs(e, now, this.stalls);
    if (e.clock && e.startedAt && Number.isFinite(left)) {
      const ms = Math.max(0, left) + 5;
      this.clockTimers.set(e.id, ms, () => void this.resume(e.id).catch((err) => this.log.error({ err, gameId: e.id }, "clock check failed")));
    }
    if (this.engines) this.engines.turn(e);
    else if (e.seats[actingSeatOf(e)].kind === "engine") this.log.warn({ gameId: e.id }, "an engine is to move but there is no AI pool");
  }

  /** Flags the game if its time is up, else restarts its clock timer and engine turn (the service, under the lock). */
  abstract resume(gameId: string): Promise<boolean>;
}
