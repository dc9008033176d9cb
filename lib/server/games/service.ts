// The one game service. Every way of changing a game (a human over a socket, an AI seat, a test)
// goes through these methods: validate → commit (the (gameId, ply) key decides order) → update the
// cache → broadcast (events) → schedule the next AI turn. Memory only caches: a game not in the
// cache is rebuilt from its rows.
//
// The actions are here; what they share is in ./core (load under the lock, end or flag a game,
// restart the clock timer and the engine's turn after a change), built of small parts: the rows
// (store), the cache and per-game lock (cache), the clock maths (clock), moves on a game in memory
// (moves), what sockets see (state). Engine seats are played from above (ai-seat) through the
// EngineSeats / EngineHost pair (engines): the service is handed a factory for them and never
// imports the AI.
import { labOpening, moveError, other, type Analysis, type Color, type Point } from "../../../engine";
import type { EngineSettings, GameKind, GameState, GameSummary, MoveRecord, Thinking } from "../../shared/protocol";
import { lastMoveIndexOf, takebackRefusal } from "../../shared/takeback";
import { GameError, fail } from "./errors";
import { hashToken, newSeatToken } from "./tokens";
import { colorName, requirePlaying, requireSeat, seatOf, toMoveOf, type Entry } from "./entry";
import { clockOf, remainingMs } from "./clock";
import { applyEnding, applyTakeback, playMove } from "./moves";
import { GameCore, type GameServiceOptions, type MovedEvent } from "./core";
import type { EngineHost, EngineMove } from "./engines";
import type { CreateAiMatchInput, CreateGameInput, JoinInput, ListInput, MoveInput, SeatActionInput } from "./inputs";

export type { SeatDesc } from "./entry";
export type { Presence, PresenceSource } from "./state";
export type { CreateAiMatchInput, CreateGameInput, JoinInput, ListInput, MoveInput, SeatActionInput } from "./inputs";
export { LIVE_WINDOW_MS, PAGE_SIZE, type GameServiceOptions, type MovedEvent } from "./core";

const DEFAULT_ENGINE: EngineSettings = { algo: "alphabeta", timeMs: 1000 };

export class GameService extends GameCore {
  constructor(opts: GameServiceOptions) {
    super(opts);
    this.engines = opts.engines ? opts.engines(this.engineHost()) : null;
  }

  // ---------------------------------------------------------------- creating

  async createGame(input: CreateGameInput): Promise<{ gameId: string; seatToken: string; color: Color }> {
    const color = input.color;
    const token = newSeatToken();
    const seats: Entry["seats"] =
      input.opponent === "ai"
        ? color === 1
          ? { 1: { kind: "human" }, 2: { kind: "engine", engine: input.ai ?? DEFAULT_ENGINE } }
          : { 1: { kind: "engine", engine: input.ai ?? DEFAULT_ENGINE }, 2: { kind: "human" } }
        : { 1: { kind: "human" }, 2: { kind: "human" } };
    const tokens: Entry["tokens"] = { 1: null, 2: null };
    tokens[color] = hashToken(token);
    const kind: GameKind = input.opponent === "ai" ? "hva" : "hvh";
    const e = await this.insertGame({
      kind,
      size: input.size,
      rule: input.rule,
      opening: input.labOpening ? labOpening(input.size) : [],
      seats,
      tokens,
      clock: input.clock ?? null,
      status: kind === "hvh" ? "waiting" : "playing",
    });
    this.afterChange(e);
    return { gameId: e.id, seatToken: token, color };
  }

  /** opts.idPrefix: put before the new game's id (the TV marks its games so: lib/server/tv/ids). */
  async createAiMatch(input: CreateAiMatchInput, opts: { idPrefix?: string } = {}): Promise<{ gameId: string }> {
    const e = await this.insertGame(
      {
        kind: "ava",
        size: input.size,
        rule: input.rule,
        opening: input.opening ? input.opening.map((s) => ({ ...s })) : input.labOpening ? labOpening(input.size) : [],
        seats: { 1: { kind: "engine", engine: input.black }, 2: { kind: "engine", engine: input.white } },
        tokens: { 1: null, 2: null },
        clock: null,
        status: "playing",
      },
      opts.idPrefix,
    );
    this.afterChange(e);
    return { gameId: e.id };
  }

  // ---------------------------------------------------------------- joining

  /** Your seat back (token), the free human seat of a waiting game (takeSeat), or a spectator's view. */
  join(input: JoinInput): Promise<{ state: GameState; color: Color | null; seatToken: string | null }> {
    const run = this.withLock(input.gameId, () => this.joinLocked(input));
    const done = () => undefined;
    if (this.listenerCount("join") > 0) this.emit("join", input.gameId, run.then(done, done));
    return run;
  }

  private async joinLocked(input: JoinInput): Promise<{ state: GameState; color: Color | null; seatToken: string | null }> {
    const e = await this.load(input.gameId);
    if (input.seatToken) {
      const color = seatOf(e, input.seatToken);
      if (!color) fail("NOT_YOUR_SEAT", "That seat token does not belong to this game.");
      if (this.cluster) this.afterChange(e);
      return { state: this.stateOf(e), color, seatToken: input.seatToken };
    }
    if (input.takeSeat && e.status === "waiting") {
      const free = ([1, 2] as const).find((c) => e.seats[c].kind === "human" && e.tokens[c] === null);
      if (free) {
        const token = newSeatToken();
        const hash = hashToken(token);
        const now = new Date();
        if (!(await this.store.takeSeat(e.id, free, hash, now))) {
          // Someone else (another process) took it first: our cache is stale.
          this.cache.drop(e.id);
          fail("SEAT_TAKEN", "The free seat was taken by someone else.");
        }
        e.tokens[free] = hash;
        e.status = "playing";
        e.startedAt = now;
        this.log.info({ gameId: e.id, color: free }, "seat taken");
        this.emit("changed", e.id);
        this.emitState(e);
        this.afterChange(e);
        return { state: this.stateOf(e), color: free, seatToken: token };
      }
    }
    // Several nodes: the node that was moving this game may have died; resume its AI turn and clock here.
    if (this.cluster) this.afterChange(e);
    return { state: this.stateOf(e), color: null, seatToken: null };
  }

  async getState(gameId: string): Promise<GameState> {
    return this.stateOf(await this.load(gameId));
  }

  // ---------------------------------------------------------------- moving

  async move(input: MoveInput): Promise<{ move: MoveRecord }> {
    return this.withLock(input.gameId, async () => {
      let e = await this.load(input.gameId);
      if (input.ply > e.moves.length + 1 && e.status === "playing") {
        // The client is ahead of our cache: another process may have committed moves. Reload once.
        this.cache.drop(e.id);
        e = await this.load(input.gameId);
      }
      const color = requireSeat(e, input.seatToken);
      requirePlaying(e);
      if (this.flagIfExpired(e)) fail("GAME_OVER", `The game is over: ${colorName(toMoveOf(e) as Color)} ran out of time.`);
      // A stale ply first (the client's view is out of date), then whose turn it is.
      const expected = e.moves.length + 1;
      if (input.ply !== expected) fail("WRONG_PLY", `This would be ply ${expected}, not ${input.ply}: reload the game.`);
      const toMove = toMoveOf(e);
      if (color !== toMove) fail("NOT_YOUR_TURN", `It is ${colorName(toMove)}'s turn, not yours.`);
      const err = moveError(e.size, e.cells, input);
      if (err === "OFF_BOARD") fail("OFF_BOARD", `(${input.x}, ${input.y}) is off the ${e.size}×${e.size} board.`);
      if (err === "OCCUPIED") fail("OCCUPIED", `(${input.x}, ${input.y}) is already taken.`);
      // The engine answers this move: refuse it now (nothing changes) rather than leave the game waiting on a full AI.
      const busy = e.seats[other(color)].kind === "engine" ? this.engines?.refusal(e) : null;
      if (busy) fail("AI_BUSY", busy);
      const move = await this.commitMove(e, color, input, "human");
      return { move };
    });
  }

  /** The engine seats' move (through EngineHost): checked against the game as it is now, under the lock. */
  private playEngineMove(m: EngineMove, turn: { current(): boolean; committing(): void }): Promise<void> {
    return this.withLock(m.gameId, async () => {
      if (!turn.current()) return;
      const cur = await this.load(m.gameId);
      if (cur.status !== "playing" || cur.moves.length + 1 !== m.ply || toMoveOf(cur) !== m.color) return;
      if (this.flagIfExpired(cur)) return;
      const mv = m.analysis.move;
      if (!mv || moveError(cur.size, cur.cells, mv)) throw new Error(`engine returned an illegal move ${JSON.stringify(mv)}`);
      turn.committing();
      await this.commitMove(cur, m.color, mv, "engine", m.analysis);
    });
  }

  /** Validated move of `color` at p: commit the row (and the result, if it ends the game), then broadcast. */
  private async commitMove(e: Entry, color: Color, p: Point, by: "human" | "engine", a?: Analysis): Promise<MoveRecord> {
    const now = new Date();
    const { rec, cells, end } = playMove(e, color, p, by, a, now);
    if (!(await this.store.insertMove(e.id, rec, now, end))) {
      // Another writer committed this ply first: the database decides; our cache is stale.
      this.cache.drop(e.id);
      fail("WRONG_PLY", `Ply ${rec.ply} was already played: reload the game.`);
    }
    e.moves.push(rec);
    e.cells = cells;
    this.emit("changed", e.id, end ? undefined : rec);
    if (end) {
      applyEnding(e, end);
      this.engines?.reset(e.id);
      this.log.info({ gameId: e.id, result: e.result, reason: e.reason, plies: rec.ply }, "game over");
    }
    this.emit("moved", {
      gameId: e.id,
      move: rec,
      status: e.status,
      result: e.result,
      reason: e.reason,
      winLine: e.winLine,
      clock: clockOf(e),
    } satisfies MovedEvent);
    this.afterChange(e);
    return rec;
  }

  // ---------------------------------------------------------------- resign, takeback, rematch

  async resign(input: SeatActionInput): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = requireSeat(e, input.seatToken);
      requirePlaying(e);
      if (this.flagIfExpired(e)) fail("GAME_OVER", "The game is over: time ran out.");
      await this.finish(e, colorName(other(color)), "resign", null);
      return {};
    });
  }

  /** Against the AI only: takes back your last move and the AI's reply to it. */
  async takeback(input: SeatActionInput): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = requireSeat(e, input.seatToken);
      const refusal = takebackRefusal(e, color);
      if (refusal) fail(refusal.code, refusal.message);
      const from = lastMoveIndexOf(e.moves, color);
      const fromPly = from + 1;
      this.engines?.reset(e.id); // an AI search under way answers a position that no longer exists
      await this.store.takeBack(e.id, fromPly);
      applyTakeback(e, from);
      this.log.info({ gameId: e.id, fromPly }, "takeback");
      this.emit("changed", e.id);
      this.emitState(e);
      this.afterChange(e);
      return {};
    });
  }

  /** A new game with the same settings and colours swapped. hvh: the second asker takes the free seat. */
  async rematch(input: SeatActionInput): Promise<{ gameId: string; seatToken: string; color: Color }> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = requireSeat(e, input.seatToken);
      if (e.status !== "finished") fail("NOT_ALLOWED", "A rematch can start only once this game is over.");
      const newColor = other(color);
      if (e.kind === "hvh" && e.rematchId) {
        const r = await this.withLock(e.rematchId, async () => {
          const n = await this.load(e.rematchId!);
          if (n.status === "waiting" && n.tokens[newColor] === null) return n;
          return null;
        });
        if (r) {
          const joined = await this.join({ gameId: r.id, takeSeat: true });
          if (joined.seatToken && joined.color) return { gameId: r.id, seatToken: joined.seatToken, color: joined.color };
        }
        fail("SEAT_TAKEN", "The rematch already has both players.");
      }
      const token = newSeatToken();
      const tokens: Entry["tokens"] = { 1: null, 2: null };
      tokens[newColor] = hashToken(token);
      const n = await this.insertGame({
        kind: e.kind,
        size: e.size,
        rule: e.rule,
        opening: e.opening,
        seats: { 1: e.seats[2], 2: e.seats[1] },
        tokens,
        clock: e.clock,
        status: e.kind === "hvh" ? "waiting" : "playing",
      });
      await this.store.setRematch(e.id, n.id);
      e.rematchId = n.id;
      this.emitState(e);
      this.afterChange(n);
      return { gameId: n.id, seatToken: token, color: newColor };
    });
  }

  /** AI-vs-AI (no seat tokens): a new match with the engines' colours swapped. */
  async rematchAiMatch(gameId: string): Promise<{ gameId: string }> {
    const e = await this.load(gameId);
    if (e.kind !== "ava" || e.seats[1].kind !== "engine" || e.seats[2].kind !== "engine") fail("NOT_ALLOWED", "Not an AI match.");
    return this.createAiMatch({
      size: e.size,
      rule: e.rule,
      opening: e.opening,
      black: (e.seats[2] as { engine: EngineSettings }).engine,
      white: (e.seats[1] as { engine: EngineSettings }).engine,
    });
  }

  // ---------------------------------------------------------------- listing

  async list(input: ListInput = {}): Promise<{ games: GameSummary[]; page: number; pages: number }> {
    const status = input.status ?? "live";
    const page = input.page ?? 1;
    // A game left half-played stays resumable, but is not "live" once nothing has happened for a while.
    const liveSince = new Date(Date.now() - this.liveWindowMs);
    const { games, count } = await this.store.list({ status, kind: input.kind, page, pageSize: this.pageSize, liveSince });
    return { games: games.map((g) => (this.isTvGame(g.id) ? { ...g, tv: true } : g)), page, pages: Math.max(1, Math.ceil(count / this.pageSize)) };
  }

  // ---------------------------------------------------------------- lifecycle

  /** On start: resume AI turns and clocks of every game in progress, so a restart loses nothing. */
  async resumeAll(): Promise<number> {
    const ids = await this.store.playingIds();
    for (const id of ids) await this.resume(id).catch((err) => this.log.error({ err, gameId: id }, "resume failed"));
    if (ids.length) this.log.info({ games: ids.length }, "resumed games in progress");
    this.engines?.resumed();
    return ids.length;
  }

  /** Resumes one game in progress (its AI turn and clock) on this node: the TV adopting a game another node left. */
  async resume(gameId: string): Promise<void> {
    await this.withLock(gameId, async () => {
      const e = await this.load(gameId);
      if (!this.flagIfExpired(e)) this.afterChange(e);
    });
  }

  /** Another node committed `m`: our copy takes it if it fits, else is dropped (lib/server/games/cache). */
  applyRemoteMove(gameId: string, m: MoveRecord): void {
    this.cache.applyRemoteMove(gameId, m);
  }

  /** Another node changed this game: forget the cached copy (the next use reloads it from the rows). */
  invalidate(gameId: string): void {
    this.cache.invalidate(gameId);
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
    await this.engines?.close();
    await this.cache.settled();
    await this.store.close();
  }

  /** Resolves when no AI turn is scheduled or running (for tests and orderly shutdowns). */
  async idle(): Promise<void> {
    await this.engines?.idle();
  }

  /** The narrow door the engine seats get (lib/server/games/engines). */
  private engineHost(): EngineHost {
    return {
      nodeId: this.nodeId,
      cluster: this.cluster,
      log: this.log,
      rows: this.store,
      load: (id) => this.load(id),
      peek: (id) => this.cache.peek(id),
      locked: (id) => this.cache.locked(id),
      clockRunning: (id) => this.clockTimers.has(id),
      remainingMs: (e) => remainingMs(e, Date.now()),
      resume: (id) => this.resume(id),
      playEngineMove: (m, turn) => this.playEngineMove(m, turn),
      reportThinking: (t) => void this.emit("thinking", t),
    };
  }
}

export { GameError };
