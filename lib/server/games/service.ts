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
import { forbiddenReason, forbiddenText, labOpening, moveError, other, type Analysis, type Color, type Point } from "../../../engine";
import type { EngineSettings, GameKind, GameState, GameSummary, MoveRecord, Thinking } from "../../shared/protocol";
import { lastMoveIndexOf, takebackRefusal } from "../../shared/takeback";
import { applyChoice, choiceRefusal, placeRefusal, swapped, type Swap2Choice } from "../../shared/swap2";
import { GameError, fail } from "../errors";
import { hashToken, newGameId, newSeatToken } from "../tokens";
import { actorOf, colorName, inOpening, phaseOf, requirePlaying, requireSeat, seatOf, toMoveOf, type Actor, type Entry } from "./entry";
import { clockOf, lastMoveAt, remainingMs, turnStartedAt } from "./clock";
import { Heartbeat } from "./heartbeat";
import {
  applyEnding,
  applyRatingChange,
  applyTakeback,
  exchangeSeats,
  humanMoveScored,
  humanMoveScoredByReply,
  newEntry,
  playMove,
  ratedPlayersOf,
} from "./moves";
import { abortRefusal, betweenPeople, claimRefusal, drawAnswerRefusal, drawOfferRefusal, offerAfterMove, type Refusal } from "./endings";
import { GameCore, type GameServiceOptions, type MovedEvent } from "./core";
import { ratingsIn, seatRatings } from "../ratings/read";
import { ratedEligibility } from "../ratings/eligibility";
import type { EngineHost, EngineMove, EngineSwap2 } from "./engines";
import { importedEntry, importedSummary, type ImportedGameInput, type ImportedSummary } from "./imported";
import type { CreateAiMatchInput, CreateGameInput, JoinInput, ListInput, MatchedGameInput, MoveInput, SeatActionInput, Swap2ChooseInput } from "./inputs";

export type { SeatDesc, Actor } from "./entry";
export type { Presence, PresenceSource } from "./state";
export type { CreateAiMatchInput, CreateGameInput, JoinInput, ListInput, MatchedGameInput, MoveInput, SeatActionInput, Swap2ChooseInput } from "./inputs";
export { LIVE_WINDOW_MS, PAGE_SIZE, type GameServiceOptions, type MovedEvent } from "./core";

const DEFAULT_ENGINE: EngineSettings = { algo: "alphabeta", timeMs: 1000 };

const refuseIf = (r: Refusal | null): void => {
  if (r) fail(r.code, r.message);
};

export class GameService extends GameCore {
  constructor(opts: GameServiceOptions) {
    super(opts);
    this.engines = opts.engines ? opts.engines(this.engineHost()) : null;
  }

  // ---------------------------------------------------------------- creating

  /** actor: who creates it (their identity holds the seat, besides the token). */
  async createGame(input: CreateGameInput, actor: Actor = {}): Promise<{ gameId: string; seatToken: string; color: Color }> {
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
    const players: Entry["players"] = { 1: null, 2: null };
    players[color] = actor.playerId ?? null;
    const kind: GameKind = input.opponent === "ai" ? "hva" : "hvh";
    const e = await this.insertGame({
      kind,
      size: input.size,
      rule: input.rule,
      opening: input.labOpening && !input.swap2 ? labOpening(input.size) : [],
      // Swap2: seat 1 (the creator's when they chose black) places the first stones.
      ...(input.swap2 ? { swap2: {} } : {}),
      seats,
      tokens,
      players,
      names: await this.namesFor(players),
      clock: input.clock ?? null,
      status: kind === "hvh" ? "waiting" : "playing",
      ...(actor.address ? { aiOwner: `address:${actor.address}` } : {}),
    });
    this.afterChange(e);
    return { gameId: e.id, seatToken: token, color };
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
  async createMatchedMany(inputs: MatchedGameInput[]): Promise<string[]> {
    for (const input of inputs) if (input.black === input.white) fail("NOT_ALLOWED", "A player cannot play themselves.");
    const names = await this.store.namesOf(inputs.flatMap((i) => [i.black, i.white]));
    const now = new Date(this.now());
    const entries = inputs.map((input) => {
      const e = newEntry(
        newGameId(),
        {
          kind: "hvh",
          size: input.size,
          rule: input.rule,
          opening: [],
          seats: { 1: { kind: "human" }, 2: { kind: "human" } },
          tokens: { 1: null, 2: null },
          players: { 1: input.black, 2: input.white },
          names: { 1: names.get(input.black) ?? null, 2: names.get(input.white) ?? null },
          access: "reserved",
          rated: input.rated,
          pool: input.pool ?? null,
          ...(input.unrated ? { unrated: input.unrated } : {}),
          ratings: input.ratings ?? { 1: null, 2: null },
          clock: input.clock,
          ...(input.swap2 ? { swap2: {} } : {}),
          status: "playing",
        },
        now,
      );
      if (input.provisional) e.provisional = input.provisional;
      return e;
    });
    await this.store.insertMany(entries);
    for (const e of entries) {
      this.cache.remember(e);
      this.log.info({ gameId: e.id, kind: e.kind, size: e.size, rule: e.rule, rated: e.rated }, "game created");
      this.afterChange(e);
    }
    return entries.map((e) => e.id);
  }

  private async namesFor(players: Entry["players"]): Promise<Entry["names"]> {
    const names = await this.store.namesOf([players[1], players[2]]);
    return { 1: players[1] ? (names.get(players[1]) ?? null) : null, 2: players[2] ? (names.get(players[2]) ?? null) : null };
  }

  /** opts.idPrefix: put before the new game's id (the TV marks its games so: lib/server/tv/ids). */
  async createAiMatch(input: CreateAiMatchInput, opts: { idPrefix?: string } = {}): Promise<{ gameId: string }> {
    const e = await this.insertGame(
      {
        kind: "ava",
        size: input.size,
        rule: input.rule,
        // Swap2: the engines place and choose the opening themselves (no stones given).
        opening: input.swap2 ? [] : input.opening ? input.opening.map((s) => ({ ...s })) : input.labOpening ? labOpening(input.size) : [],
        seats: { 1: { kind: "engine", engine: input.black }, 2: { kind: "engine", engine: input.white } },
        tokens: { 1: null, 2: null },
        clock: null,
        ...(input.swap2 ? { swap2: {} } : {}),
        status: "playing",
      },
      opts.idPrefix,
    );
    this.afterChange(e);
    return { gameId: e.id };
  }

  /** Finished games read from files (lib/server/imports, already validated): stored as they are, kind "imported", all or none. */
  /** Stores imported games as finished ones; `importerId`: whose page lists them (null: imported without a session). */
  async importGames(games: ImportedGameInput[], importerId: string | null = null): Promise<ImportedSummary[]> {
    const now = new Date();
    const entries = games.map((g) => importedEntry(g, now));
    await this.store.insertFinished(entries, importerId);
    for (const e of entries) this.log.info({ gameId: e.id, size: e.size, rule: e.rule, plies: e.moves.length }, "game imported");
    return entries.map(importedSummary);
  }

  // ---------------------------------------------------------------- joining

  /** Your seat back (token), the free human seat of a waiting game (takeSeat), or a spectator's view. */
  join(input: JoinInput, actor: Actor = {}): Promise<{ state: GameState; color: Color | null; seatToken: string | null }> {
    const run = this.withLock(input.gameId, () => this.joinLocked(input, actor));
    const done = () => undefined;
    if (this.listenerCount("join") > 0) this.emit("join", input.gameId, run.then(done, done));
    return run;
  }

  private async joinLocked(input: JoinInput, actor: Actor): Promise<{ state: GameState; color: Color | null; seatToken: string | null }> {
    const e = await this.load(input.gameId);
    if (input.seatToken) {
      const color = seatOf(e, input.seatToken);
      if (!color) fail("NOT_YOUR_SEAT", "That seat token does not belong to this game.");
      if (this.cluster) this.afterChange(e);
      return { state: this.stateOf(e), color, seatToken: input.seatToken };
    }
    // Your identity's seat (any device you are signed in on). In a waiting game the seat was
    // reserved for you (a rematch): coming takes it, and the game starts.
    const mine = seatOf(e, undefined, actor);
    if (mine) {
      if (e.status === "waiting" && e.tokens[mine] === null) {
        await this.takeSeatLocked(e, mine, null, actor);
        return { state: this.stateOf(e), color: mine, seatToken: null };
      }
      if (this.cluster) this.afterChange(e);
      return { state: this.stateOf(e), color: mine, seatToken: null };
    }
    // A free seat for whoever holds the link (an invite), never a seat reserved for someone else;
    // and nobody plays themselves.
    const playingSelf = !!actor.playerId && (e.players[1] === actor.playerId || e.players[2] === actor.playerId);
    if (input.takeSeat && e.status === "waiting" && e.access !== "reserved" && !playingSelf) {
      const free = ([1, 2] as const).find((c) => e.seats[c].kind === "human" && e.tokens[c] === null && e.players[c] === null);
      if (free) {
        const token = newSeatToken();
        await this.takeSeatLocked(e, free, token, actor);
        return { state: this.stateOf(e), color: free, seatToken: token };
      }
    }
    // Several nodes: the node that was moving this game may have died; resume its AI turn and clock here.
    if (this.cluster) this.afterChange(e);
    return { state: this.stateOf(e), color: null, seatToken: null };
  }

  /** The free (or reserved-for-the-actor) seat `color` of waiting game `e` becomes the actor's; the game starts. Under the lock. */
  private async takeSeatLocked(e: Entry, color: Color, token: string | null, actor: Actor): Promise<void> {
    const hash = token ? hashToken(token) : null;
    const playerId = actor.playerId ?? e.players[color];
    const now = new Date(this.now());
    if (!(await this.store.takeSeat(e.id, color, hash, playerId, now))) {
      // Someone else (another process) took it first: our cache is stale.
      this.cache.drop(e.id);
      fail("SEAT_TAKEN", "The free seat was taken by someone else.");
    }
    e.tokens[color] = hash;
    if (playerId !== e.players[color]) {
      e.players[color] = playerId;
      e.names = await this.namesFor(e.players);
    }
    e.status = "playing";
    e.startedAt = now;
    this.log.info({ gameId: e.id, color }, "seat taken");
    this.emit("changed", e.id);
    this.emitState(e);
    this.afterChange(e);
  }

  /** Is there a game `gameId` (cached here, or in the rows)? The game and replay pages answer 404 when not. */
  async exists(gameId: string): Promise<boolean> {
    return this.cache.peek(gameId) !== undefined || (await this.store.exists(gameId));
  }

  async getState(gameId: string): Promise<GameState> {
    return this.stateOf(await this.load(gameId));
  }

  // ---------------------------------------------------------------- moving

  async move(input: MoveInput, actor: Actor = {}): Promise<{ move: MoveRecord }> {
    return this.withLock(input.gameId, async () => {
      let e = await this.load(input.gameId);
      if (input.ply > e.moves.length + 1 && e.status === "playing") {
        // The client is ahead of our cache: another process may have committed moves. Reload once.
        this.cache.drop(e.id);
        e = await this.load(input.gameId);
      }
      const color = requireSeat(e, input.seatToken, actor);
      requirePlaying(e);
      const expired = this.flagIfExpired(e);
      if (expired) fail("GAME_OVER", this.expiredText(e, expired));
      // A stale ply first (the client's view is out of date), then whose turn it is.
      const expected = e.moves.length + 1;
      if (input.ply !== expected) fail("WRONG_PLY", `This would be ply ${expected}, not ${input.ply}: reload the game.`);
      // The stone's colour follows from its ply; in a swap2 opening the placer need not hold that colour.
      const toMove = toMoveOf(e);
      if (e.swap2) refuseIf(placeRefusal(e.swap2, e.moves.length, color));
      if (!inOpening(e) && color !== toMove) fail("NOT_YOUR_TURN", `It is ${colorName(toMove)}'s turn, not yours.`);
      const err = moveError(e.size, e.cells, input);
      if (err === "OFF_BOARD") fail("OFF_BOARD", `(${input.x}, ${input.y}) is off the ${e.size}×${e.size} board.`);
      if (err === "OCCUPIED") fail("OCCUPIED", `(${input.x}, ${input.y}) is already taken.`);
      const forbidden = forbiddenFor(e, toMove, input);
      if (forbidden) fail("FORBIDDEN", `Forbidden for black: ${forbiddenText(forbidden)}.`, { forbidden });
      // The engine answers this move: refuse it now (nothing changes) rather than leave the game waiting on a full AI.
      const busy = e.seats[other(color)].kind === "engine" ? this.engines?.refusal(e) : null;
      if (busy) fail("AI_BUSY", busy);
      const move = await this.commitMove(e, toMove, input, "human");
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
      if (!mv || moveError(cur.size, cur.cells, mv) || forbiddenFor(cur, m.color, mv)) throw new Error(`engine returned an illegal move ${JSON.stringify(mv)}`);
      turn.committing();
      const before = cur.moves.at(-1);
      await this.commitMove(cur, m.color, mv, "engine", m.analysis);
      // The person's move just before, if pondering left it unscored: the reply's search scores it.
      const scored = before && humanMoveScoredByReply(before, m.analysis);
      if (scored) await this.storeHumanScore(cur, scored);
    });
  }

  // ---------------------------------------------------------------- swap2 (lib/shared/swap2)

  /** A swap2 choice by a seat holder: checked (phase, seat, stale count), then made once. */
  async chooseSwap2(input: Swap2ChooseInput, actor: Actor = {}): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const seat = requireSeat(e, input.seatToken, actor);
      requirePlaying(e);
      if (!e.swap2) fail("WRONG_PHASE", "This game has no swap2 opening: there is no colour to choose.");
      refuseIf(choiceRefusal(e.swap2, e.moves.length, seat, input.choice, input.stones));
      // The engine may act next (it places two more, or plays as the side to move): refuse now if it cannot.
      const busy = e.seats[other(seat)].kind === "engine" ? this.engines?.refusal(e) : null;
      if (busy) fail("AI_BUSY", busy);
      await this.applySwap2Choice(e, input.choice);
      return {};
    });
  }

  /** A checked choice: the record (and, when the first player ends with white, the seats) written once, then told. Under the lock. */
  private async applySwap2Choice(e: Entry, choice: Swap2Choice): Promise<void> {
    const was = e.swap2!;
    const next = applyChoice(was, e.moves.length, choice, new Date(this.now()));
    const exchange = swapped(next) !== swapped(was);
    if (!(await this.store.setSwap2(e, was, next, exchange))) {
      // Another writer (another node) chose first: the database decides; our copy is stale.
      this.cache.drop(e.id);
      fail("WRONG_PLY", "That choice was already made: reload the game.");
    }
    e.swap2 = next;
    if (exchange) exchangeSeats(e);
    this.log.info({ gameId: e.id, choice, plies: e.moves.length, phase: phaseOf(e) }, "swap2 choice");
    this.emit("changed", e.id);
    this.emitState(e);
    this.afterChange(e);
  }

  /** The engine's swap2 step (EngineHost): checked like a person's against the game as it is now, under the lock. */
  private playEngineSwap2(m: EngineSwap2, turn: { current(): boolean; committing(): void }): Promise<void> {
    return this.withLock(m.gameId, async () => {
      if (!turn.current()) return;
      const e = await this.load(m.gameId);
      if (e.status !== "playing" || !e.swap2 || e.moves.length !== m.plies) return;
      const seat = actorOf(e);
      if (e.seats[seat].kind !== "engine") return;
      const a = m.answer;
      if (a.kind === "stones") {
        if (!a.stones.length) throw new Error("engine placed no swap2 stone");
        for (const [i, p] of a.stones.entries()) {
          const color = toMoveOf(e);
          const refused = placeRefusal(e.swap2, e.moves.length, seat);
          if (refused || moveError(e.size, e.cells, p) || forbiddenFor(e, color, p))
            throw new Error(`engine placed an illegal swap2 stone ${JSON.stringify(p)}`);
          // The engine's turn ends with its last stone (the next turn may be scheduled from then on).
          if (i === a.stones.length - 1) turn.committing();
          await this.commitMove(e, color, p, "engine");
          if (e.status !== "playing") return;
        }
        return;
      }
      // swap: take black; play: take white (the 4th or 6th move is then searched as a usual turn); place: two more stones.
      const choice: Swap2Choice = a.kind === "swap" ? "black" : a.kind === "play" ? "white" : "place";
      const refused = choiceRefusal(e.swap2, e.moves.length, seat, choice, e.moves.length);
      if (refused) throw new Error(`engine's swap2 choice refused: ${refused.message}`);
      if (a.kind !== "place") turn.committing();
      await this.applySwap2Choice(e, choice);
      if (a.kind === "place") {
        for (const [i, p] of a.moves.entries()) {
          const color = toMoveOf(e);
          if (moveError(e.size, e.cells, p) || forbiddenFor(e, color, p)) throw new Error(`engine placed an illegal swap2 stone ${JSON.stringify(p)}`);
          if (i === a.moves.length - 1) turn.committing();
          await this.commitMove(e, color, p, "engine");
        }
      }
    });
  }

  /** Validated move of `color` at p: commit the row (and the result, if it ends the game), then broadcast. */
  private async commitMove(e: Entry, color: Color, p: Point, by: "human" | "engine", a?: Analysis): Promise<MoveRecord> {
    const now = new Date(this.now());
    const { rec, cells, end } = playMove(e, color, p, by, a, now, this.stalls);
    const written = await this.store.insertMove(e.id, rec, now, end, end ? ratedPlayersOf(e) : null);
    if (!written.inserted) {
      // Another writer committed this ply (or ended the game) first: the database decides; our cache is stale.
      this.cache.drop(e.id);
      fail("WRONG_PLY", `Ply ${rec.ply} was already played: reload the game.`);
    }
    e.moves.push(rec);
    e.cells = cells;
    this.emit("changed", e.id, end ? undefined : rec);
    const offerBefore = e.drawOffer;
    const offer = offerAfterMove(e.drawOffer, color);
    if (end) {
      applyEnding(e, end);
      if (written.change) applyRatingChange(e, written.change);
      this.engines?.reset(e.id);
      this.log.info({ gameId: e.id, result: e.result, reason: e.reason, plies: rec.ply }, "game over");
    } else if (offer !== offerBefore) {
      // The offerer's opponent moved: the offer lapses (written only then: most moves touch no game row).
      e.drawOffer = offer;
      await this.store.setDrawOffer(e.id, offer);
    }
    this.emit("moved", {
      gameId: e.id,
      move: rec,
      status: e.status,
      result: e.result,
      reason: e.reason,
      winLine: e.winLine,
      clock: clockOf(e, this.firstMoveMs),
    } satisfies MovedEvent);
    // The moved event does not carry rating changes or draw offers: the full state does.
    if (written.change || offer !== offerBefore) this.emitState(e);
    this.afterChange(e);
    return rec;
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

  /**
   * A person's move `ply`, scored by the search of the position before it (pondering): its score from
   * their side, every candidate's, and the engine's line; stored, and told to the room.
   */
  private scoreHumanMove(gameId: string, ply: number, a: Analysis): Promise<void> {
    // Under the game's lock: the reply's score of the same move (playEngineMove) is written under it too.
    return this.withLock(gameId, async () => {
      const e = this.cache.peek(gameId);
      const rec = e?.moves[ply - 1];
      if (!e || !rec || rec.ply !== ply || rec.by !== "human") return;
      const scored = humanMoveScored(rec, a);
      if (scored) await this.storeHumanScore(e, scored);
    });
  }

  /** Stores a person's move with its score (the record at its ply replaced) and tells the room. */
  private async storeHumanScore(e: Entry, scored: MoveRecord): Promise<void> {
    const rec = e.moves[scored.ply - 1];
    if (!(await this.store.scoreMove(e.id, scored))) return; // taken back meanwhile
    // Our copy, unless the move list changed meanwhile (a takeback replaces the record).
    if (e.moves[scored.ply - 1] === rec) e.moves[scored.ply - 1] = scored;
    this.emit("scored", { gameId: e.id, move: scored });
  }

  // ---------------------------------------------------------------- resign, takeback, rematch

  /**
   * Resigns. Between people, before each side has made its first own move, the game is aborted
   * instead (no result, nothing rated: a game nobody played is no game; lichess offers only abort then).
   */
  async resign(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.endingAction(input, actor, async (e, color) => {
      if (betweenPeople(e) && abortRefusal(e) === null) return this.finish(e, null, "abort", null);
      await this.finish(e, colorName(other(color)), "resign", null);
    });
  }

  // ---------------------------------------------------------------- abort, draw offers, claim (lib/server/games/endings)

  /** Ends the game without a result (no rating change) before each side has made a move of its own. */
  async abort(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.endingAction(input, actor, async (e) => {
      refuseIf(abortRefusal(e));
      await this.finish(e, null, "abort", null);
    });
  }

  /** Offers a draw (the opponent's offer standing: accepts it). */
  async offerDraw(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.endingAction(input, actor, async (e, color) => {
      if (e.drawOffer === other(color)) return this.finish(e, "draw", "agreement", null);
      refuseIf(drawOfferRefusal(e, color, this.drawOffers.get(e.id)?.[color]));
      this.drawOffers.set(e.id, { ...this.drawOffers.get(e.id), [color]: e.moves.length });
      this.pruneDrawOffers();
      await this.store.setDrawOffer(e.id, color);
      e.drawOffer = color;
      this.emit("changed", e.id);
      this.emitState(e);
    });
  }

  async acceptDraw(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.endingAction(input, actor, async (e, color) => {
      refuseIf(drawAnswerRefusal(e, color));
      await this.finish(e, "draw", "agreement", null);
    });
  }

  async declineDraw(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.endingAction(input, actor, async (e, color) => {
      refuseIf(drawAnswerRefusal(e, color));
      await this.store.setDrawOffer(e.id, null);
      e.drawOffer = null;
      this.emit("changed", e.id);
      this.emitState(e);
    });
  }

  /**
   * The win over an opponent who left on their turn and stayed away longer than the grace time (reason
   * "abandon"). Before each side has made its first own move the claim aborts the game instead (no
   * result, nothing rated): a win needs a game.
   */
  async claim(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.endingAction(input, actor, async (e, color) => {
      refuseIf(claimRefusal(e, color, this.presence.presenceOf(e.id), this.claimGraceMs, this.now()));
      if (abortRefusal(e) === null) return this.finish(e, null, "abort", null);
      await this.finish(e, colorName(color), "abandon", null);
    });
  }

  /** A seat holder's action on a game in progress, under its lock (a flagged game is over first). */
  private endingAction(input: SeatActionInput, actor: Actor, run: (e: Entry, color: Color) => Promise<void>): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = requireSeat(e, input.seatToken, actor);
      requirePlaying(e);
      const expired = this.flagIfExpired(e);
      if (expired) fail("GAME_OVER", this.expiredText(e, expired));
      await run(e, color);
      return {};
    });
  }

  /** Games in memory whose players offered a draw: the ply of each side's last offer (one offer per position). */
  private readonly drawOffers = new Map<string, { 1?: number; 2?: number }>();
  private pruneDrawOffers(): void {
    // Oldest first (a Map keeps insertion order): a long-running node forgets offers of games long over.
    while (this.drawOffers.size > 10_000) this.drawOffers.delete(this.drawOffers.keys().next().value as string);
  }

  /** Against the AI only: takes back your last move and the AI's reply to it. */
  async takeback(input: SeatActionInput, actor: Actor = {}): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = requireSeat(e, input.seatToken, actor);
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

  /**
   * A new game with the same settings and colours swapped. hvh: reserved for the two players (a
   * stranger who learns its id cannot sit in it); the second asker takes the other seat.
   */
  async rematch(input: SeatActionInput, actor: Actor = {}): Promise<{ gameId: string; seatToken: string; color: Color }> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = requireSeat(e, input.seatToken, actor);
      if (e.status !== "finished") fail("NOT_ALLOWED", "A rematch can start only once this game is over.");
      const newColor = other(color);
      if (e.kind === "hvh" && e.rematchId) {
        const rematchId = e.rematchId;
        const token = await this.withLock(rematchId, async () => {
          const n = await this.load(rematchId);
          if (n.status !== "waiting" || n.tokens[newColor] !== null) return null;
          const t = newSeatToken();
          await this.takeSeatLocked(n, newColor, t, { playerId: e.players[color] });
          return t;
        });
        if (token) return { gameId: rematchId, seatToken: token, color: newColor };
        fail("SEAT_TAKEN", "The rematch already has both players.");
      }
      const token = newSeatToken();
      const tokens: Entry["tokens"] = { 1: null, 2: null };
      tokens[newColor] = hashToken(token);
      // The seats go with their players: each keeps their identity in the new game, colours swapped.
      const players: Entry["players"] = { 1: e.players[2], 2: e.players[1] };
      // A rated rematch shows both ratings as they are now (after this game), as a challenge's does.
      const both = players[1] !== null && players[2] !== null ? ([players[1], players[2]] as const) : null;
      // Asked for as rated (this game was, or was asked to be): decided again (lib/server/ratings/eligibility).
      const pool = (e.rated || e.unrated) && both ? e.pool : null;
      const eligible = pool && both ? await ratedEligibility(this.db, { pool, black: both[0], white: both[1] }) : null;
      const seated = pool && both && eligible?.rated ? seatRatings(await ratingsIn(this.db, pool, [...both]), ...both) : null;
      const n = await this.insertGame({
        kind: e.kind,
        size: e.size,
        rule: e.rule,
        opening: e.opening,
        // Swap2: a fresh opening; the other player places first (their seat is black until the choice).
        ...(e.swap2 ? { swap2: {} } : {}),
        seats: { 1: e.seats[2], 2: e.seats[1] },
        tokens,
        players,
        names: { 1: e.names[2], 2: e.names[1] },
        access: e.kind === "hvh" ? "reserved" : null,
        rated: eligible?.rated ?? false,
        pool: e.pool,
        ...(eligible && !eligible.rated ? { unrated: eligible.code } : {}),
        ...(seated ? { ratings: seated.ratings } : {}),
        clock: e.clock,
        status: e.kind === "hvh" ? "waiting" : "playing",
      });
      if (seated) n.provisional = seated.provisional;
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
      swap2: Boolean(e.swap2),
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
    // Imported by a player: by their name now (nobody of that name: no games).
    const importedBy = input.by === undefined ? undefined : await this.store.playerIdByName(input.by);
    if (importedBy === null) return { games: [], page, pages: 1 };
    const { games, count } = await this.store.list({ status, kind: input.kind, importedBy, page, pageSize: this.pageSize, liveSince });
    return { games: games.map((g) => (this.isTvGame(g.id) ? { ...g, tv: true } : g)), page, pages: Math.max(1, Math.ceil(count / this.pageSize)) };
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

  private heartbeat: Heartbeat | null = null;
  private restartCredited: Promise<void> | null = null;

  /**
   * On start, before the server listens (a move read first would be charged the downtime): the
   * downtime since the newest heartbeat of any node (./heartbeat) is credited to the turn under way
   * in every clocked game in progress, so nobody is flagged or charged for the time the server was
   * down; then this node beats. Once per service (resumeAll calls it too).
   */
  creditRestart(): Promise<void> {
    return (this.restartCredited ??= this.creditRestartOnce());
  }

  private async creditRestartOnce(): Promise<void> {
    const heartbeat = (this.heartbeat ??= new Heartbeat(this.db, this.nodeId, { now: () => this.now(), log: this.log }));
    // Several nodes: a gap of a few beats is no downtime (another node was serving the games).
    const down = await heartbeat.downtime(this.cluster ? 3_000 : 0);
    heartbeat.start();
    if (!down) return;
    this.log.warn({ downMs: down.to - down.from }, "the server was down: the downtime is credited to the clocks of the games in progress");
    for (const id of await this.store.playingIds())
      await this.creditDowntime(id, down).catch((err) => this.log.error({ err, gameId: id }, "could not credit the downtime"));
  }

  /** The part of [down.from, down.to] that fell in the current turn of clocked game `id`, credited to that turn (the row, then the copy). */
  private creditDowntime(id: string, down: { from: number; to: number }): Promise<void> {
    return this.withLock(id, async () => {
      const e = await this.load(id);
      if (e.status !== "playing" || !e.clock) return;
      const overlap = down.to - Math.max(down.from, lastMoveAt(e).getTime());
      if (overlap <= 0) return;
      const ply = e.moves.length + 1;
      const credit = { ply, ms: (e.clockCredit?.ply === ply ? e.clockCredit.ms : 0) + Math.round(overlap) };
      if (!(await this.store.setClockCredit(id, credit, e.clockCredit ?? null))) {
        // Another node starting at the same moment credited this downtime first: read its figure.
        this.cache.drop(id);
        return;
      }
      e.clockCredit = credit;
      this.log.info({ gameId: id, ply, creditMs: credit.ms }, "downtime credited to the turn");
    });
  }

  /**
   * Resumes one game in progress (its AI turn and clock) on this node: the TV adopting a game another
   * node left, the cluster's sweep. skipFreshMs (the sweep): a game whose last move is younger than
   * that is left to the node that took the move, which is claiming the engine's reply right now;
   * resuming it here too would search that turn twice.
   */
  async resume(gameId: string, opts: { skipFreshMs?: number } = {}): Promise<void> {
    await this.withLock(gameId, async () => {
      const e = await this.load(gameId);
      if (opts.skipFreshMs && this.now() - turnStartedAt(e) < opts.skipFreshMs) return;
      if (!this.flagIfExpired(e)) this.afterChange(e);
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
    await this.heartbeat?.stop();
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
      remainingMs: (e) => remainingMs(e, this.now(), this.stalls),
      resume: (id, opts) => this.resume(id, opts),
      playEngineMove: (m, turn) => this.playEngineMove(m, turn),
      playEngineSwap2: (m, turn) => this.playEngineSwap2(m, turn),
      reportThinking: (t) => void this.emit("thinking", t),
      scoreHumanMove: (id, ply, a) => this.scoreHumanMove(id, ply, a),
      seatConnected: (id, color) => this.presence.presenceOf(id).connected[color],
    };
  }
}

export { GameError };

/** Renju: why black may not play p here (double three, double four, overline), or null. */
function forbiddenFor(e: Entry, color: Color, p: Point) {
  return e.rule === "renju" && color === 1 ? forbiddenReason(e.size, e.cells, p) : null;
}
