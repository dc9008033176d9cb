// The one game service. Every way of changing a game (a human over a socket, an AI seat, a test)
// goes through these methods: validate → commit (the (gameId, ply) key decides order) → update the
// cache → broadcast (events) → schedule the next AI turn. Memory only caches: a game not in the
// cache is rebuilt from its rows.
//
// Its public methods are thin: each action is a small unit with one job (as lila's round module has
// Rematcher, Drawer, Takebacker), handed the ActionHost door (./actions): ./creator, ./seater,
// ./mover, ./swap2-steps, ./finisher, ./drawer, ./takebacker, ./rematcher, ./restart-credit. What
// they share is in ./core (load under the lock, end or flag a game, restart the clock timer and the
// engine's turn after a change), built of small parts: the rows (store), the cache and per-game
// lock (cache), the clock maths (clock), moves on a game in memory (moves), what sockets see
// (state). Engine seats are played from above (ai-seat) through the EngineSeats / EngineHost pair
// (engines): the service is handed a factory for them and never imports the AI.
import type { Color } from "../../../engine";
import type { GameState, GameSummary, MoveRecord, Thinking } from "../../shared/protocol";
import { GameError } from "../errors";
import type { Actor, Entry } from "./entry";
import { remainingMs, turnStartedAt } from "./clock";
import { GameCore, type GameServiceOptions } from "./core";
import type { EngineHost } from "./engines";
import type { ImportedGameInput, ImportedSummary } from "./imported";
import type { CreateAiMatchInput, CreateGameInput, JoinInput, ListInput, MatchedGameInput, MoveInput, SeatActionInput, Swap2ChooseInput } from "./inputs";
import type { ActionHost } from "./actions";
import { Creator } from "./creator";
import { Seater } from "./seater";
import { Mover } from "./mover";
import { Swap2Steps } from "./swap2-steps";
import { Finisher } from "./finisher";
import { Drawer } from "./drawer";
import { Takebacker } from "./takebacker";
import { Rematcher } from "./rematcher";
import { RestartCredit } from "./restart-credit";
import { Berserker } from "./berserker";

export type { SeatDesc, Actor } from "./entry";
export type { Presence, PresenceSource } from "./state";
export type { CreateAiMatchInput, CreateGameInput, JoinInput, ListInput, MatchedGameInput, MoveInput, SeatActionInput, Swap2ChooseInput } from "./inputs";
export { LIVE_WINDOW_MS, PAGE_SIZE, type GameServiceOptions, type MovedEvent } from "./core";

/** The archive's days (UTC, inclusive) as a finish-time range; a range that ends before it starts is refused. */
function archiveDays(from: string | undefined, to: string | undefined): { from?: Date; until?: Date } {
  if (from && to && from > to) throw new GameError("BAD_PAYLOAD", `The first day (${from}) is after the last (${to}).`);
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  return { ...(from ? { from: day(from) } : {}), ...(to ? { until: new Date(day(to).getTime() + 86_400_000) } : {}) };
}

export class GameService extends GameCore {
  private readonly creator: Creator;
  private readonly seater: Seater;
  private readonly mover: Mover;
  private readonly swap2: Swap2Steps;
  private readonly finisher: Finisher;
  private readonly drawer: Drawer;
  private readonly takebacker: Takebacker;
  private readonly rematcher: Rematcher;
  private readonly restart: RestartCredit;
  private readonly berserker: Berserker;

  constructor(opts: GameServiceOptions) {
    super(opts);
    const host = this.actionHost();
    this.creator = new Creator(host);
    this.seater = new Seater(host);
    this.mover = new Mover(host);
    this.swap2 = new Swap2Steps(host);
    this.finisher = new Finisher(host);
    this.drawer = new Drawer(host);
    this.takebacker = new Takebacker(host);
    this.rematcher = new Rematcher(host, this.seater, this.creator);
    this.restart = new RestartCredit(host);
    this.berserker = new Berserker(host);
    this.engines = opts.engines ? opts.engines(this.engineHost()) : null;
  }

  // ---------------------------------------------------------------- creating (./creator)

  /** actor: who creates it (their identity holds the seat, besides the token). */
  createGame(input: CreateGameInput, actor: Actor = {}): Promise<{ gameId: string; seatToken: string; color: Color }> {
    return this.creator.createGame(input, actor);
  }

  /**
   * A game between two known players (an accepted challenge, a quick pairing): both seats belong
   * to their identities from the start (no tokens: they play as who they are), and it starts now.
   */
  async createMatched(input: MatchedGameInput): Promise<{ gameId: string }> {
    const [gameId] = await this.createMatchedMany([input]);
    return { gameId };
  }

  /** Several such games at once (a pairing pass): one read of the names, one multi-row insert. */
  createMatchedMany(inputs: MatchedGameInput[]): Promise<string[]> {
    return this.creator.createMatchedMany(inputs);
  }

  /** opts.idPrefix: put before the new game's id (the TV marks its games so: lib/server/tv/ids). */
  createAiMatch(input: CreateAiMatchInput, opts: { idPrefix?: string } = {}): Promise<{ gameId: string }> {
    return this.creator.createAiMatch(input, opts);
  }

  /** Stores imported games as finished ones; `importerId`: whose page lists them (null: imported without a session). */
  importGames(games: ImportedGameInput[], importerId: string | null = null): Promise<ImportedSummary[]> {
    return this.creator.importGames(games, importerId);
  }

  // ---------------------------------------------------------------- joining (./seater)

  /** Your seat back (token), the free human seat of a waiting game (takeSeat), or a spectator's view. */
  join(input: JoinInput, actor: Actor = {}): Promise<{ state: GameState; color: Color | null; seatToken: string | null }> {
    const run = this.withLock(input.gameId, () => this.seater.joinLocked(input, actor));
    const done = () => undefined;
    if (this.listenerCount("join") > 0) this.emit("join", input.gameId, run.then(done, done));
    return run;
  }

  /** Is there a game `gameId` (cached here, or in the rows)? The game and replay pages answer 404 when not. */
  async exists(gameId: string): Promise<boolean> {
    return this.cache.peek(gameId) !== undefined || (await this.store.exists(gameId));
  }

  async getState(gameId: string): Promise<GameState> {
    return this.stateOf(await this.load(gameId));
  }

  // ---------------------------------------------------------------- moving (./mover, ./swap2-steps)

  move(input: MoveInput, actor: Actor = {}): Promise<{ move: MoveRecord }> {
    return this.mover.move(input, actor);
  }

  /** A swap2 choice by a seat holder: checked (phase, seat, stale count), then made once. */
  chooseSwap2(input: Swap2ChooseInput, actor: Actor = {}): Promise<object> {
    return this.swap2.choose(input, actor);
  }

  /**
   * Player `id` has a new name: the cached games they sit in say it (replays, the room's state).
   * A rename made here is told to the other nodes ("renamed"), which apply it to their own cached
   * games; one they were told of is not told again (it would echo between nodes for ever).
   */
  renamed(id: string, name: string, from: "here" | "cluster" = "here"): void {
    for (const e of this.cache.withPlayer(id)) {
      const names = { 1: e.players[1] === id ? name : e.names[1], 2: e.players[2] === id ? name : e.names[2] };
      if (names[1] === e.names[1] && names[2] === e.names[2]) continue; // already says it
      e.names = names;
      this.emitState(e);
    }
    if (from === "here") this.emit("renamed", id, name);
  }

  // ---------------------------------------------------------------- ending early (./finisher, ./drawer)

  /**
   * Resigns. Between people, before each side has made its first own move, the game is aborted
   * instead (no result, nothing rated).
   */
  resign(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.finisher.resign(input, actor);
  }

  /** Ends the game without a result (no rating change) before each side has made a move of its own. */
  abort(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.finisher.abort(input, actor);
  }

  /** The win over an opponent who left on their turn and stayed away longer than the grace time. */
  claim(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.finisher.claim(input, actor);
  }

  /** Offers a draw (the opponent's offer standing: accepts it). */
  offerDraw(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.drawer.offer(input, actor);
  }

  acceptDraw(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.drawer.accept(input, actor);
  }

  declineDraw(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.drawer.decline(input, actor);
  }

  /** An arena's berserk (lib/server/tournaments): `playerId` halves their clock, before their first move (./berserker). */
  berserk(gameId: string, playerId: string): Promise<Color> {
    return this.berserker.berserk(gameId, playerId);
  }

  // ---------------------------------------------------------------- takeback, rematch (./takebacker, ./rematcher)

  /** Against the AI only: takes back your last move and the AI's reply to it. */
  takeback(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.takebacker.takeback(input, actor);
  }

  /** A new game with the same settings and colours swapped (hvh: reserved for the two players). */
  rematch(input: SeatActionInput, actor: Actor = {}): Promise<{ gameId: string; seatToken: string; color: Color }> {
    return this.rematcher.rematch(input, actor);
  }

  /** AI-vs-AI (no seat tokens): a new match with the engines' colours swapped. */
  rematchAiMatch(gameId: string): Promise<{ gameId: string }> {
    return this.rematcher.rematchAiMatch(gameId);
  }

  // ---------------------------------------------------------------- listing

  async list(input: ListInput = {}): Promise<{ games: GameSummary[]; page: number; pages: number }> {
    const status = input.status ?? "live";
    const page = input.page ?? 1;
    // A game left half-played stays resumable, but is not "live" once nothing has happened for a while.
    const liveSince = new Date(this.now() - this.liveWindowMs);
    // Imported by a player: by their name now (nobody of that name: no games).
    const importedBy = input.by === undefined ? undefined : await this.store.playerIdByName(input.by);
    if (importedBy === null) return { games: [], page, pages: 1 };
    // A player's games by their name now (nobody of that name: no games).
    const playerId = input.player === undefined ? undefined : await this.store.playerIdByName(input.player);
    if (playerId === null) return { games: [], page, pages: 1 };
    const days = archiveDays(input.from, input.to);
    const filters = { playerId, result: input.result, rule: input.rule, size: input.size, ...days };
    const { games, count } = await this.store.list({ status, kind: input.kind, importedBy, page, pageSize: this.pageSize, liveSince, ...filters });
    return { games: games.map((g) => (this.isTvGame(g.id) ? { ...g, tv: true } : g)), page, pages: Math.max(1, Math.ceil(count / this.pageSize)) };
  }

  /** A player's finished games with their moves, newest first, at most `limit` ("download my games": lib/server/imports/my-games). */
  finishedOf(playerId: string, limit: number): Promise<Entry[]> {
    return this.store.finishedOf(playerId, limit);
  }

  // ---------------------------------------------------------------- lifecycle

  /**
   * On start: resume AI turns and clocks of every game in progress, so a restart loses nothing
   * (the downtime credited first: creditRestart).
   */
  async resumeAll(): Promise<number> {
    await this.creditRestart();
    const ids = await this.store.playingIds();
    for (const id of ids) await this.resume(id).catch((err) => this.log.error({ err, gameId: id }, "resume failed"));
    if (ids.length) this.log.info({ games: ids.length }, "resumed games in progress");
    this.engines?.resumed();
    return ids.length;
  }

  /**
   * On start, before the server listens (a move read first would be charged the downtime): the
   * downtime since the newest heartbeat of any node is credited to the turn under way in every
   * clocked game in progress; then this node beats (./restart-credit). Once per service.
   */
  creditRestart(): Promise<void> {
    return this.restart.credit();
  }

  /**
   * Resumes one game in progress (its AI turn and clock) on this node: the TV adopting a game another
   * node left, the cluster's sweep. skipFreshMs (the sweep): a game whose last move is younger than
   * that is left to the node that took the move, which is claiming the engine's reply right now;
   * resuming it here too would search that turn twice. True when the game ended on time here.
   */
  async resume(gameId: string, opts: { skipFreshMs?: number } = {}): Promise<boolean> {
    return this.withLock(gameId, async () => {
      const e = await this.load(gameId);
      if (opts.skipFreshMs && this.now() - turnStartedAt(e) < opts.skipFreshMs) return false;
      if (this.flagIfExpired(e)) return true;
      this.afterChange(e);
      return false;
    });
  }

  /** Who holds a seat in the game's room changed (the realtime layer's presence): the engine seats may stop or restart a search. */
  seatsChanged(gameId: string): void {
    this.engines?.seatsChanged(gameId);
  }

  /** Another node committed `m`: our copy takes it if it fits, else is dropped (lib/server/games/cache). */
  applyRemoteMove(gameId: string, m: MoveRecord): void {
    this.cache.applyRemoteMove(gameId, m);
  }

  /** Another node changed this game: forget the cached copy (the next use reloads it from the rows). */
  invalidate(gameId: string): void {
    this.cache.invalidate(gameId);
  }

  /** The players (ids) seated in game `id`, as this node's copy has them (none when it holds no copy). */
  playersOf(id: string): string[] {
    const e = this.cache.peek(id);
    return e ? [e.players[1], e.players[2]].filter((p): p is string => !!p) : [];
  }

  /** The latest report of the engine search under way in game `id` on this node, if any. */
  thinkingOf(id: string): Thinking | null {
    const e = this.cache.peek(id);
    if (!e || e.status !== "playing" || !this.engines) return null;
    return this.engines.thinking(id, e.moves.length + 1);
  }

  /** Stops timers and waits for work under way (AI searches finish within their deadline). */
  async close(): Promise<void> {
    this.closed = true;
    this.clockTimers.clearAll();
    this.stopStallMonitor();
    await this.restart.stop();
    await this.engines?.close();
    await this.cache.settled();
    await this.store.close();
  }

  /** Resolves when no AI turn is scheduled or running (for tests and orderly shutdowns). */
  async idle(): Promise<void> {
    await this.engines?.idle();
  }

  /** The door the actions get (./actions): the shared steps of ./core. */
  private actionHost(): ActionHost {
    return {
      db: this.db,
      nodeId: this.nodeId,
      cluster: this.cluster,
      log: this.log,
      store: this.store,
      cache: this.cache,
      stalls: this.stalls,
      firstMoveMs: this.firstMoveMs,
      claimGraceMs: this.claimGraceMs,
      engines: () => this.engines,
      presenceOf: (id) => this.presence.presenceOf(id),
      now: () => this.now(),
      withLock: (id, fn) => this.withLock(id, fn),
      load: (id) => this.load(id),
      insertGame: (g, idPrefix) => this.insertGame(g, idPrefix),
      stateOf: (e) => this.stateOf(e),
      emit: (event, ...args) => void this.emit(event, ...args),
      emitState: (e) => this.emitState(e),
      afterChange: (e) => this.afterChange(e),
      finish: (e, result, reason, winLine) => this.finish(e, result, reason, winLine),
      flagIfExpired: (e) => this.flagIfExpired(e),
      expiredText: (e, ending) => this.expiredText(e, ending),
      commitMove: (e, color, p, by, a) => this.mover.commit(e, color, p, by, a),
    };
  }

  /** The narrow door the engine seats get (lib/server/games/engines). */
  private engineHost(): EngineHost {
    return {
      nodeId: this.nodeId,
      cluster: this.cluster,
      log: this.log,
      clock: this.clock,
      rows: this.store,
      load: (id) => this.load(id),
      peek: (id) => this.cache.peek(id),
      locked: (id) => this.cache.locked(id),
      clockRunning: (id) => this.clockTimers.has(id),
      remainingMs: (e) => remainingMs(e, this.now(), this.stalls),
      resume: async (id, opts) => void (await this.resume(id, opts)),
      playEngineMove: (m, turn) => this.mover.playEngineMove(m, turn),
      playEngineSwap2: (m, turn) => this.swap2.playEngine(m, turn),
      reportThinking: (t) => void this.emit("thinking", t),
      scoreHumanMove: (id, ply, a) => this.mover.scoreHumanMove(id, ply, a),
      scoreEngineMove: (id, ply, at, a) => this.mover.scoreEngineMove(id, ply, at, a),
      seatConnected: (id, color) => this.presence.presenceOf(id).connected[color],
    };
  }
}

export { GameError };
