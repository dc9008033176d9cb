// The one game service. Every way of changing a game (a human over a socket, an AI seat, a test)
// goes through these methods: validate → commit (the (gameId, ply) key decides order) → update the
// cache → broadcast (events) → schedule the next AI turn. Memory only caches: a game not in the
// cache is rebuilt from its rows.
import { EventEmitter } from "node:events";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { MoveWriter, moveSinkFor } from "../db/move-writer";
import type { AiPool } from "../ai/pool";
import { log as rootLog, type Logger } from "../log";
import { cellsOf, labOpening, moveError, sideToMove, winningLine } from "../../../engine";
import { other, type Analysis, type Color, type Point, type Score, type Stone } from "../../../engine";
import type {
  ClockSettings,
  ClockState,
  EngineSettings,
  GameEndReason,
  GameKind,
  GameResult,
  GameState,
  GameStatus,
  GameSummary,
  MoveRecord,
  Seat,
  ServerToClient,
  Thinking,
} from "../../shared/protocol";
import { GameError, fail } from "./errors";
import { hashToken, newGameId, newSeatToken, tokenMatches } from "./tokens";
import { seatLabel } from "../../shared/labels";
import { lastMoveIndexOf, takebackRefusal } from "../../shared/takeback";
import { TV_ID_PREFIX, isTvGameId } from "../tv/ids";

export type SeatDesc = { kind: "human" } | { kind: "engine"; engine: EngineSettings };

export type MovedEvent = Parameters<ServerToClient["game:moved"]>[0];

/** Input of createGame: the protocol's CreateGame after parsing (the service trusts its caller on limits). */
export interface CreateGameInput {
  opponent: "ai" | "human";
  size: number;
  rule: "freestyle" | "exact5";
  color: Color;
  labOpening?: boolean;
  ai?: EngineSettings;
  clock?: ClockSettings | null;
}
export interface CreateAiMatchInput {
  size: number;
  rule: "freestyle" | "exact5";
  labOpening?: boolean;
  /** Opening stones (overrides labOpening; the TV uses varied openings). Trusted: the caller checks them. */
  opening?: Stone[];
  black: EngineSettings;
  white: EngineSettings;
}
export interface SeatActionInput {
  gameId: string;
  seatToken?: string;
}
export interface MoveInput extends SeatActionInput {
  ply: number;
  x: number;
  y: number;
}
export interface JoinInput {
  gameId: string;
  seatToken?: string;
  takeSeat?: boolean;
}
export interface ListInput {
  status?: "live" | "finished";
  kind?: GameKind;
  page?: number;
}

export interface Presence {
  spectators: number;
  connected: { 1: boolean; 2: boolean };
}

/** A game in memory: its row, decoded, plus its moves and board. */
interface Entry {
  id: string;
  kind: GameKind;
  size: number;
  rule: "freestyle" | "exact5";
  opening: Stone[];
  seats: { 1: SeatDesc; 2: SeatDesc };
  tokens: { 1: string | null; 2: string | null }; // hashes
  clock: ClockSettings | null;
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  winLine: Point[] | null;
  rematchId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  moves: MoveRecord[];
  cells: Uint8Array;
}

export interface GameServiceOptions {
  db: Db;
  ai?: AiPool | null;
  log?: Logger;
  /** Pause before each move of an AI-vs-AI game, so spectators can follow (default 300 ms). */
  aiPauseMs?: number;
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
  /** A claim lasts the search's time plus this (default 3000 ms); a node that died releases it by expiry. */
  claimGraceMs?: number;
  /** Cluster: how often to look for games nobody is moving (default 5000 ms). */
  sweepMs?: number;
}

const DEFAULT_ENGINE: EngineSettings = { algo: "alphabeta", timeMs: 1000 };

export const PAGE_SIZE = 20;
export const LIVE_WINDOW_MS = 30 * 60_000;

const json = <T>(s: string | null | undefined, fallback: T): T => (s ? (JSON.parse(s) as T) : fallback);

function colorOfPly(e: Pick<Entry, "opening">, ply: number): Color {
  const first = sideToMove(e.opening);
  return ply % 2 === 1 ? first : other(first);
}
const toMoveOf = (e: Entry): Color => colorOfPly(e, e.moves.length + 1);
const colorName = (c: Color) => (c === 1 ? "black" : "white");


export class GameService extends EventEmitter {
  readonly db: Db;
  private ai: AiPool | null;
  private log: Logger;
  private aiPauseMs: number;
  private cacheSize: number;
  private pageSize: number;
  private liveWindowMs: number;
  private cache = new Map<string, Entry>();
  private locks = new Map<string, Promise<void>>();
  /** Bumped whenever a game's move list is rewritten or ended: in-flight AI answers for an old generation are dropped. */
  private gens = new Map<string, number>();
  private aiRunning = new Map<string, { gen: number; ply: number }>();
  /** The latest search report of each engine turn under way, for sockets that join in the middle of it. */
  private thinkingNow = new Map<string, Thinking>();
  private clockTimers = new Map<string, NodeJS.Timeout>();
  private pending = new Set<Promise<unknown>>();
  private closed = false;
  readonly nodeId: string;
  /** Group commit of move rows. */
  readonly writer: MoveWriter;
  private cluster: boolean;
  private claimGraceMs: number;
  private sweepMs: number;
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Bumped when another node changed a game: a load that raced the change must not be cached. */
  private versions = new Map<string, number>();
  /** Engine turns claimed by another node: retry when the claim lapses. */
  private claimRetry = new Map<string, NodeJS.Timeout>();
  /** Set by the realtime layer: who is connected to a game's room. */
  presenceOf: (gameId: string) => Presence = () => ({ spectators: 0, connected: { 1: false, 2: false } });

  constructor(opts: GameServiceOptions) {
    super();
    this.db = opts.db;
    this.ai = opts.ai ?? null;
    this.log = opts.log ?? rootLog;
    this.aiPauseMs = opts.aiPauseMs ?? 300;
    this.cacheSize = opts.cacheSize ?? 500;
    this.pageSize = opts.pageSize ?? PAGE_SIZE;
    this.liveWindowMs = opts.liveWindowMs ?? LIVE_WINDOW_MS;
    this.nodeId = opts.nodeId ?? `node-${newGameId()}`;
    this.writer = new MoveWriter(moveSinkFor(this.db));
    this.cluster = opts.cluster ?? false;
    this.claimGraceMs = opts.claimGraceMs ?? 3000;
    this.sweepMs = opts.sweepMs ?? 5000;
  }

  // ---------------------------------------------------------------- typed events

  override on(event: "moved", fn: (e: MovedEvent) => void): this;
  override on(event: "state", fn: (s: GameState) => void): this;
  override on(event: "thinking", fn: (t: Thinking) => void): this;
  /** A game's rows changed here (other nodes drop their cached copy: lib/server/realtime/adapter); with
   *  `move` when the change is just that move, which the others can apply to their copy. */
  override on(event: "changed", fn: (gameId: string, move?: MoveRecord) => void): this;
  override on(event: string, fn: (...args: never[]) => void): this {
    return super.on(event, fn as (...args: unknown[]) => void);
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

  /** opts.tv: a game of the TV stream (lib/server/tv), marked by its id (lib/server/tv/ids). */
  async createAiMatch(input: CreateAiMatchInput, opts: { tv?: boolean } = {}): Promise<{ gameId: string }> {
    const e = await this.insertGame({
      idPrefix: opts.tv ? TV_ID_PREFIX : "",
      kind: "ava",
      size: input.size,
      rule: input.rule,
      opening: input.opening ? input.opening.map((s) => ({ ...s })) : input.labOpening ? labOpening(input.size) : [],
      seats: { 1: { kind: "engine", engine: input.black }, 2: { kind: "engine", engine: input.white } },
      tokens: { 1: null, 2: null },
      clock: null,
      status: "playing",
    });
    this.afterChange(e);
    return { gameId: e.id };
  }

  private async insertGame(g: Pick<Entry, "kind" | "size" | "rule" | "opening" | "seats" | "tokens" | "clock" | "status"> & { idPrefix?: string }): Promise<Entry> {
    const now = new Date();
    const { idPrefix = "", ...rest } = g;
    g = rest;
    const id = idPrefix + newGameId();
    await this.db.game.create({
      data: {
        id,
        kind: g.kind,
        size: g.size,
        rule: g.rule,
        opening: JSON.stringify(g.opening),
        black: JSON.stringify(g.seats[1]),
        white: JSON.stringify(g.seats[2]),
        blackToken: g.tokens[1],
        whiteToken: g.tokens[2],
        clock: g.clock ? JSON.stringify(g.clock) : null,
        status: g.status,
        createdAt: now,
        startedAt: g.status === "playing" ? now : null,
      },
    });
    const e: Entry = {
      id,
      ...g,
      result: null,
      reason: null,
      winLine: null,
      rematchId: null,
      createdAt: now,
      startedAt: g.status === "playing" ? now : null,
      finishedAt: null,
      moves: [],
      cells: cellsOf(g.size, g.opening),
    };
    this.remember(e);
    this.log.info({ gameId: id, kind: g.kind, size: g.size, rule: g.rule }, "game created");
    return e;
  }

  // ---------------------------------------------------------------- joining

  /** Your seat back (token), the free human seat of a waiting game (takeSeat), or a spectator's view. */
  async join(input: JoinInput): Promise<{ state: GameState; color: Color | null; seatToken: string | null }> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      if (input.seatToken) {
        const color = this.seatOf(e, input.seatToken);
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
          const field = free === 1 ? "blackToken" : "whiteToken";
          const { count } = await this.db.game.updateMany({
            where: { id: e.id, status: "waiting", [field]: null },
            data: { [field]: hash, status: "playing", startedAt: now },
          });
          if (count !== 1) {
            // Someone else (another process) took it first: our cache is stale.
            this.cache.delete(e.id);
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
    });
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
        this.cache.delete(e.id);
        e = await this.load(input.gameId);
      }
      const color = this.requireSeat(e, input.seatToken);
      this.requirePlaying(e);
      if (this.flagIfExpired(e)) fail("GAME_OVER", `The game is over: ${colorName(toMoveOf(e) as Color)} ran out of time.`);
      // A stale ply first (the client's view is out of date), then whose turn it is.
      const expected = e.moves.length + 1;
      if (input.ply !== expected) fail("WRONG_PLY", `This would be ply ${expected}, not ${input.ply}: reload the game.`);
      const toMove = toMoveOf(e);
      if (color !== toMove) fail("NOT_YOUR_TURN", `It is ${colorName(toMove)}'s turn, not yours.`);
      const err = moveError(e.size, e.cells, input);
      if (err === "OFF_BOARD") fail("OFF_BOARD", `(${input.x}, ${input.y}) is off the ${e.size}×${e.size} board.`);
      if (err === "OCCUPIED") fail("OCCUPIED", `(${input.x}, ${input.y}) is already taken.`);
      const move = await this.commitMove(e, color, input, "human");
      return { move };
    });
  }

  /** Validated move of `color` at p: commit the row (and the result, if it ends the game), then broadcast. */
  private async commitMove(e: Entry, color: Color, p: Point, by: "human" | "engine", a?: Analysis): Promise<MoveRecord> {
    const ply = e.moves.length + 1;
    const now = new Date();
    const timeMs = Math.max(0, now.getTime() - this.lastAt(e).getTime());
    const cells = e.cells.slice();
    cells[p.y * e.size + p.x] = color;
    const line = winningLine(e.size, e.rule, cells, p, color);
    const full = e.opening.length + ply === e.size * e.size;
    const rec: MoveRecord = { ply, x: p.x, y: p.y, color, by, timeMs, at: now.toISOString() };
    if (a) {
      rec.score = a.score;
      rec.depth = a.depth;
      rec.nodes = a.nodes;
      rec.pv = a.pv.map(({ x, y }) => ({ x, y }));
      rec.rootScores = a.rootScores.map((r) => ({ x: r.move.x, y: r.move.y, score: r.score }));
    }
    const ends = line || full;
    try {
      const data = {
        gameId: e.id,
        ply,
        x: p.x,
        y: p.y,
        color,
        by,
        timeMs,
        score: rec.score ? JSON.stringify(rec.score) : null,
        depth: rec.depth ?? null,
        nodes: rec.nodes ?? null,
        pv: rec.pv ? JSON.stringify(rec.pv) : null,
        rootScores: rec.rootScores ? JSON.stringify(rec.rootScores) : null,
        createdAt: now,
      };
      if (ends) {
        await this.db.$transaction([
          this.db.move.create({ data }),
          this.db.game.update({
            where: { id: e.id },
            data: {
              status: "finished",
              result: line ? colorName(color) : "draw",
              reason: line ? "five" : "full",
              winLine: line ? JSON.stringify(line) : null,
              finishedAt: now,
            },
          }),
        ]);
      } else {
        // The hot path: plain INSERTs, grouped with the other games' moves of the same moment into
        // one statement (lib/server/db/move-writer). Prisma's create wraps INSERT … RETURNING in a
        // transaction: about 4× the time per move, measured by bench:load.
        await this.writer.insert(data);
      }
    } catch (err) {
      if (isUniqueViolation(err)) {
        // Another writer committed this ply first: the database decides; our cache is stale.
        this.cache.delete(e.id);
        fail("WRONG_PLY", `Ply ${ply} was already played: reload the game.`);
      }
      throw err;
    }
    e.moves.push(rec);
    e.cells = cells;
    this.emit("changed", e.id, ends ? undefined : rec);
    if (ends) {
      e.status = "finished";
      e.result = line ? colorName(color) : "draw";
      e.reason = line ? "five" : "full";
      e.winLine = line;
      e.finishedAt = now;
      this.bumpGen(e.id);
      this.log.info({ gameId: e.id, result: e.result, reason: e.reason, plies: ply }, "game over");
    }
    this.emit("moved", {
      gameId: e.id,
      move: rec,
      status: e.status,
      result: e.result,
      reason: e.reason,
      winLine: e.winLine,
      clock: this.clockOf(e),
    } satisfies MovedEvent);
    this.afterChange(e);
    return rec;
  }

  // ---------------------------------------------------------------- resign, takeback, rematch

  async resign(input: SeatActionInput): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = this.requireSeat(e, input.seatToken);
      this.requirePlaying(e);
      if (this.flagIfExpired(e)) fail("GAME_OVER", "The game is over: time ran out.");
      await this.finish(e, colorName(other(color)), "resign", null);
      return {};
    });
  }

  /** Against the AI only: takes back your last move and the AI's reply to it. */
  async takeback(input: SeatActionInput): Promise<object> {
    return this.withLock(input.gameId, async () => {
      const e = await this.load(input.gameId);
      const color = this.requireSeat(e, input.seatToken);
      const refusal = takebackRefusal(e, color);
      if (refusal) fail(refusal.code, refusal.message);
      const from = lastMoveIndexOf(e.moves, color);
      const fromPly = from + 1;
      this.bumpGen(e.id); // an AI search under way answers a position that no longer exists
      this.aiRunning.delete(e.id);
      await this.db.$transaction([
        this.db.move.deleteMany({ where: { gameId: e.id, ply: { gte: fromPly } } }),
        this.db.game.update({
          where: { id: e.id },
          data: { status: "playing", result: null, reason: null, winLine: null, finishedAt: null },
        }),
      ]);
      e.moves = e.moves.slice(0, from);
      e.cells = this.cellsFor(e);
      e.status = "playing";
      e.result = e.reason = null;
      e.winLine = null;
      e.finishedAt = null;
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
      const color = this.requireSeat(e, input.seatToken);
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
      await this.db.game.update({ where: { id: e.id }, data: { rematchId: n.id } });
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
    const recent = new Date(Date.now() - this.liveWindowMs);
    const where = {
      status: status === "live" ? { in: ["waiting", "playing"] } : "finished",
      ...(status === "live" ? { OR: [{ createdAt: { gte: recent } }, { moves: { some: { createdAt: { gte: recent } } } }] } : {}),
      ...(input.kind ? { kind: input.kind } : {}),
    };
    const [count, rows] = await Promise.all([
      this.db.game.count({ where }),
      this.db.game.findMany({
        where,
        orderBy: status === "live" ? [{ createdAt: "desc" }, { id: "asc" }] : [{ finishedAt: "desc" }, { id: "asc" }],
        skip: (page - 1) * this.pageSize,
        take: this.pageSize,
        include: { _count: { select: { moves: true } } },
      }),
    ]);
    const games: GameSummary[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind as GameKind,
      size: r.size,
      rule: r.rule as GameSummary["rule"],
      status: r.status as GameStatus,
      result: r.result as GameResult | null,
      reason: r.reason as GameEndReason | null,
      plies: r._count.moves,
      black: seatLabel(json<SeatDesc>(r.black, { kind: "human" })),
      white: seatLabel(json<SeatDesc>(r.white, { kind: "human" })),
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
      ...(isTvGameId(r.id) ? { tv: true } : {}),
    }));
    return { games, page, pages: Math.max(1, Math.ceil(count / this.pageSize)) };
  }

  // ---------------------------------------------------------------- lifecycle

  /** On start: resume AI turns and clocks of every game in progress, so a restart loses nothing. */
  async resumeAll(): Promise<number> {
    const rows = await this.db.game.findMany({ where: { status: "playing" }, select: { id: true } });
    for (const { id } of rows) {
      await this.withLock(id, async () => {
        const e = await this.load(id);
        if (!this.flagIfExpired(e)) this.afterChange(e);
      }).catch((err) => this.log.error({ err, gameId: id }, "resume failed"));
    }
    if (rows.length) this.log.info({ games: rows.length }, "resumed games in progress");
    this.startSweep();
    return rows.length;
  }

  /** Resumes one game in progress (its AI turn and clock) on this node: the TV adopting a game another node left. */
  async resume(gameId: string): Promise<void> {
    await this.withLock(gameId, async () => {
      const e = await this.load(gameId);
      if (!this.flagIfExpired(e)) this.afterChange(e);
    });
  }

  /**
   * Another node committed `m`. If it is the next ply of our cached copy of a game in progress, and
   * nothing here is working on that game, the copy takes it and stays current (a game whose players
   * are on two nodes would otherwise reload from the rows before every move); anything else drops
   * the copy.
   */
  applyRemoteMove(gameId: string, m: MoveRecord): void {
    const e = this.cache.get(gameId);
    const fits =
      e !== undefined &&
      e.status === "playing" &&
      !this.locks.has(gameId) &&
      e.moves.length === m.ply - 1 &&
      m.color === toMoveOf(e) &&
      moveError(e.size, e.cells, m) === null;
    if (!fits) return this.invalidate(gameId);
    const cells = e.cells.slice();
    cells[m.y * e.size + m.x] = m.color;
    e.cells = cells;
    e.moves.push(m);
  }

  /** Another node changed this game: forget the cached copy (the next use reloads it from the rows). */
  invalidate(gameId: string): void {
    if (this.versions.size > 50_000) this.versions.clear();
    this.versions.set(gameId, (this.versions.get(gameId) ?? 0) + 1);
    this.cache.delete(gameId);
  }

  /** Cluster: every sweepMs, resume the games in progress that no node is moving (their node died). */
  private startSweep(): void {
    if (!this.cluster || this.sweepTimer || this.closed) return;
    const tick = async () => {
      try {
        await this.sweep();
      } catch (err) {
        this.log.warn({ err }, "sweep failed");
      }
      if (this.closed) return;
      this.sweepTimer = setTimeout(() => void tick(), this.sweepMs);
      this.sweepTimer.unref?.();
    };
    this.sweepTimer = setTimeout(() => void tick(), this.sweepMs);
    this.sweepTimer.unref?.();
  }

  private async sweep(): Promise<void> {
    const now = new Date();
    const rows = await this.db.game.findMany({
      // Clocked games until they end; AI games while they are active (an engine claim or a seat
      // taken in the last 10 minutes: an abandoned game is resumed when someone joins it again).
      where: {
        status: "playing",
        OR: [{ clock: { not: null } }, { kind: { in: ["hva", "ava"] }, updatedAt: { gt: new Date(now.getTime() - 10 * 60_000) } }],
      },
      select: { id: true, aiClaimUntil: true, clock: true },
    });
    for (const r of rows) {
      if (this.closed) return;
      if (this.aiRunning.has(r.id) || this.claimRetry.has(r.id) || this.locks.has(r.id)) continue;
      if (r.aiClaimUntil && r.aiClaimUntil > now && (r.clock === null || this.clockTimers.has(r.id))) continue; // a search is under way somewhere
      if (r.clock !== null && this.clockTimers.has(r.id) && this.cache.has(r.id)) {
        const e = this.cache.get(r.id)!;
        if (e.seats[toMoveOf(e)].kind !== "engine") continue; // we watch its clock; a human is to move
      }
      await this.withLock(r.id, async () => {
        const e = await this.load(r.id);
        if (!this.flagIfExpired(e)) this.afterChange(e);
      }).catch((err) => this.log.warn({ err, gameId: r.id }, "sweep: could not resume a game"));
    }
  }

  /**
   * Cluster: claims the search for `ply` of game `id` in its row. True: ours. A date: another node
   * holds it until then. Null: the game is no longer playing.
   */
  private async claimAi(id: string, ply: number, searchMs: number): Promise<true | Date | null> {
    const now = new Date();
    const { count } = await this.db.game.updateMany({
      where: {
        id,
        status: "playing",
        OR: [{ aiClaimUntil: null }, { aiClaimUntil: { lt: now } }, { aiClaimPly: { not: ply } }, { aiClaimBy: this.nodeId }],
      },
      data: { aiClaimBy: this.nodeId, aiClaimPly: ply, aiClaimUntil: new Date(now.getTime() + searchMs + this.claimGraceMs) },
    });
    if (count === 1) return true;
    const row = await this.db.game.findUnique({ where: { id }, select: { status: true, aiClaimUntil: true } });
    if (!row || row.status !== "playing") return null;
    return row.aiClaimUntil ?? new Date(now.getTime() + this.claimGraceMs);
  }

  /** Try the engine turn of game `id` again once another node's claim has lapsed. */
  private retryAiAt(id: string, until: Date): void {
    if (this.closed || this.claimRetry.has(id)) return;
    const ms = Math.max(50, until.getTime() - Date.now() + 50 + Math.floor(Math.random() * 250));
    const t = setTimeout(() => {
      this.claimRetry.delete(id);
      void this.withLock(id, async () => {
        const e = await this.load(id);
        if (!this.flagIfExpired(e)) this.afterChange(e);
      }).catch((err) => this.log.warn({ err, gameId: id }, "could not retry an engine turn"));
    }, ms);
    t.unref?.();
    this.claimRetry.set(id, t);
  }

  /** Stops timers and waits for work under way (AI searches finish within their deadline). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.clockTimers.values()) clearTimeout(t);
    this.clockTimers.clear();
    for (const t of this.claimRetry.values()) clearTimeout(t);
    this.claimRetry.clear();
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    await Promise.allSettled([...this.pending]);
    await Promise.allSettled([...this.locks.values()]);
    await this.writer.close();
  }

  /** Resolves when no AI turn is scheduled or running (for tests and orderly shutdowns). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  // ---------------------------------------------------------------- internals: state

  private stateOf(e: Entry): GameState {
    const presence = this.presenceOf(e.id);
    const seat = (c: Color): Seat => {
      const s = e.seats[c];
      return s.kind === "engine" ? { kind: "engine", engine: s.engine } : { kind: "human", taken: e.tokens[c] !== null, connected: presence.connected[c] };
    };
    return {
      id: e.id,
      kind: e.kind,
      size: e.size,
      rule: e.rule,
      opening: e.opening.map((s) => ({ ...s })),
      black: seat(1),
      white: seat(2),
      status: e.status,
      result: e.result,
      reason: e.reason,
      winLine: e.winLine,
      moves: e.moves.map((m) => ({ ...m })),
      toMove: toMoveOf(e),
      clock: this.clockOf(e),
      spectators: presence.spectators,
      createdAt: e.createdAt.toISOString(),
      rematchId: e.rematchId,
      ...(isTvGameId(e.id) ? { tv: true } : {}),
    };
  }

  /** Broadcasts the state after a change the moved event cannot describe (seat taken, takeback, resign, flag). */
  private emitState(e: Entry): void {
    this.emit("state", this.stateOf(e));
  }

  private lastAt(e: Entry): Date {
    const last = e.moves.at(-1);
    return last ? new Date(last.at) : (e.startedAt ?? e.createdAt);
  }

  private clockOf(e: Entry): ClockState | null {
    if (!e.clock) return null;
    const ms = { 1: e.clock.initialMs, 2: e.clock.initialMs };
    for (const m of e.moves) ms[m.color] += e.clock.incrementMs - m.timeMs;
    if (e.status === "finished" && e.reason === "timeout") {
      // Show the flagged side at zero.
      const loser: Color = e.result === "black" ? 2 : 1;
      ms[loser] = 0;
    } else if (e.status === "finished" && e.reason === "resign" && e.finishedAt && e.startedAt) {
      // The clock of the side to move ran until the resignation: charge that turn (no increment).
      const used = Math.max(0, e.finishedAt.getTime() - this.lastAt(e).getTime());
      const toMove = toMoveOf(e);
      ms[toMove] = Math.max(0, ms[toMove] - used);
    }
    const at = e.status === "finished" && e.finishedAt ? e.finishedAt : this.lastAt(e);
    return { settings: e.clock, blackMs: ms[1], whiteMs: ms[2], at: at.toISOString() };
  }

  /** Milliseconds left to the side to move, now. */
  private remainingMs(e: Entry): number {
    const c = this.clockOf(e);
    if (!c) return Infinity;
    const left = toMoveOf(e) === 1 ? c.blackMs : c.whiteMs;
    return left - (Date.now() - new Date(c.at).getTime());
  }

  /** If the side to move's time is up, ends the game (timeout) and returns true. Call under the lock. */
  private flagIfExpired(e: Entry): boolean {
    if (e.status !== "playing" || !e.clock || e.startedAt === null) return false;
    if (this.remainingMs(e) > 0) return false;
    // The database write follows; the game counts as over from now on.
    const loser = toMoveOf(e);
    void this.finish(e, colorName(other(loser)), "timeout", null).catch((err) =>
      this.log.error({ err, gameId: e.id }, "could not record a timeout"),
    );
    return true;
  }

  private async finish(e: Entry, result: GameResult, reason: GameEndReason, winLine: Point[] | null): Promise<void> {
    const now = new Date();
    e.status = "finished";
    e.result = result;
    e.reason = reason;
    e.winLine = winLine;
    e.finishedAt = now;
    this.bumpGen(e.id);
    this.aiRunning.delete(e.id);
    this.clearClock(e.id);
    this.log.info({ gameId: e.id, result, reason, plies: e.moves.length }, "game over");
    this.emitState(e);
    // Only a game still playing: another node may have ended it first (its result stands).
    const { count } = await this.db.game.updateMany({
      where: { id: e.id, status: "playing" },
      data: { status: "finished", result, reason, winLine: winLine ? JSON.stringify(winLine) : null, finishedAt: now },
    });
    if (count !== 1) this.invalidate(e.id);
    this.emit("changed", e.id);
  }

  // ---------------------------------------------------------------- internals: scheduling

  /** After every change: start or stop the clock timer and the AI's turn. */
  private afterChange(e: Entry): void {
    if (this.closed) return;
    this.clearClock(e.id);
    if (e.status !== "playing") return;
    if (e.clock && e.startedAt) {
      const ms = Math.max(0, this.remainingMs(e)) + 5;
      const t = setTimeout(() => {
        this.clockTimers.delete(e.id);
        void this.withLock(e.id, async () => {
          const cur = await this.load(e.id);
          if (!this.flagIfExpired(cur)) this.afterChange(cur);
        }).catch((err) => this.log.error({ err, gameId: e.id }, "clock check failed"));
      }, ms);
      t.unref?.();
      this.clockTimers.set(e.id, t);
    }
    this.scheduleAi(e);
  }

  private clearClock(id: string): void {
    const t = this.clockTimers.get(id);
    if (t) clearTimeout(t);
    this.clockTimers.delete(id);
  }

  private gen(id: string): number {
    return this.gens.get(id) ?? 0;
  }
  private bumpGen(id: string): void {
    this.gens.set(id, this.gen(id) + 1);
  }

  /** If an engine is to move, start its search (once: a second call while it runs does nothing). */
  private scheduleAi(e: Entry): void {
    if (this.closed || e.status !== "playing") return;
    const color = toMoveOf(e);
    const seat = e.seats[color];
    if (seat.kind !== "engine") return;
    if (this.aiRunning.has(e.id)) return;
    if (!this.ai) {
      this.log.warn({ gameId: e.id }, "an engine is to move but there is no AI pool");
      return;
    }
    const ticket = { gen: this.gen(e.id), ply: e.moves.length + 1 };
    this.aiRunning.set(e.id, ticket);
    const p = this.runAi(e.id, color, seat.engine, ticket).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async runAi(id: string, color: Color, engine: EngineSettings, ticket: { gen: number; ply: number }, attempt = 1): Promise<void> {
    const current = () => this.aiRunning.get(id) === ticket && this.gen(id) === ticket.gen && !this.closed;
    try {
      const first = await this.load(id);
      if (first.kind === "ava" && this.aiPauseMs > 0) await new Promise((r) => setTimeout(r, this.aiPauseMs));
      if (!current()) return;
      const e = await this.load(id);
      const position = { size: e.size, rule: e.rule, stones: this.stonesOf(e), toMove: color };
      const started = Date.now();
      // With a clock, never think longer than a fifth of the time left.
      const left = this.remainingMs(e);
      const timeMs = Number.isFinite(left) ? Math.max(50, Math.min(engine.timeMs, Math.floor(left / 5))) : engine.timeMs;
      if (this.cluster) {
        // Exactly one node searches each engine turn: the one whose claim lands in the row.
        const claim = await this.claimAi(id, ticket.ply, timeMs);
        if (claim !== true) {
          if (claim && current()) this.retryAiAt(id, claim);
          return;
        }
        if (!current()) return;
      }
      // Say at once that the engine is on it: its first report may take a while (a deep first
      // iteration), and a socket joining now is told the latest report (thinkingOf).
      this.reportThinking({ gameId: id, ply: ticket.ply, depth: 0, score: { kind: "eval", value: 0 }, nodes: 0, timeMs: 0, pv: [] });
      const analysis = await this.ai!.think({
        position,
        limits: { timeMs, ...(engine.maxDepth ? { maxDepth: engine.maxDepth } : {}) },
        algo: engine.algo,
        background: e.seats[1].kind === "engine" && e.seats[2].kind === "engine", // AI vs AI (the TV too): nobody is waiting for this move
        onProgress: (pr) => {
          if (!current()) return;
          this.reportThinking({
            gameId: id,
            ply: ticket.ply,
            depth: pr.depth,
            score: pr.score,
            nodes: pr.nodes,
            timeMs: pr.timeMs,
            pv: pr.pv.map(({ x, y }) => ({ x, y })),
            ...(pr.top ? { top: pr.top.map((t) => ({ x: t.move.x, y: t.move.y, visits: t.visits, winRate: t.winRate })) } : {}),
          } satisfies Thinking);
        },
      });
      this.log.debug({ gameId: id, ply: ticket.ply, ms: Date.now() - started, depth: analysis.depth, nodes: analysis.nodes }, "ai move");
      await this.withLock(id, async () => {
        if (!current()) return;
        const cur = await this.load(id);
        if (cur.status !== "playing" || cur.moves.length + 1 !== ticket.ply || toMoveOf(cur) !== color) return;
        if (this.flagIfExpired(cur)) return;
        const mv = analysis.move;
        if (!mv || moveError(cur.size, cur.cells, mv)) throw new Error(`engine returned an illegal move ${JSON.stringify(mv)}`);
        this.aiRunning.delete(id); // before committing, so the next engine turn (AI vs AI) can be scheduled
        await this.commitMove(cur, color, mv, "engine", analysis);
      });
    } catch (err) {
      this.log.error({ err, gameId: id, ply: ticket.ply, attempt }, "AI turn failed");
      if (attempt < 3 && current()) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        return this.runAi(id, color, engine, ticket, attempt + 1);
      }
    } finally {
      if (this.aiRunning.get(id) === ticket) this.aiRunning.delete(id);
      if (this.thinkingNow.get(id)?.ply === ticket.ply) this.thinkingNow.delete(id);
    }
  }

  private reportThinking(t: Thinking): void {
    this.thinkingNow.set(t.gameId, t);
    this.emit("thinking", t);
  }

  /** The latest report of the engine search under way in game `id` on this node, if any. */
  thinkingOf(id: string): Thinking | null {
    const t = this.thinkingNow.get(id);
    const e = this.cache.get(id);
    if (!t || !e || e.status !== "playing" || e.moves.length + 1 !== t.ply || !this.aiRunning.has(id)) return null;
    return t;
  }

  // ---------------------------------------------------------------- internals: loading and locking

  private withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const run = prev.then(fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(id, tail);
    void tail.then(() => {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    });
    return run;
  }

  private async load(id: string): Promise<Entry> {
    const hit = this.cache.get(id);
    if (hit) {
      // Most recently used last.
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    const version = this.versions.get(id) ?? 0;
    const row = await this.db.game.findUnique({ where: { id }, include: { moves: { orderBy: { ply: "asc" } } } });
    if (!row) fail("NOT_FOUND", `There is no game ${id}.`);
    const r = row!;
    const e: Entry = {
      id: r.id,
      kind: r.kind as GameKind,
      size: r.size,
      rule: r.rule as Entry["rule"],
      opening: json<Stone[]>(r.opening, []),
      seats: { 1: json<SeatDesc>(r.black, { kind: "human" }), 2: json<SeatDesc>(r.white, { kind: "human" }) },
      tokens: { 1: r.blackToken, 2: r.whiteToken },
      clock: json<ClockSettings | null>(r.clock, null),
      status: r.status as GameStatus,
      result: r.result as GameResult | null,
      reason: r.reason as GameEndReason | null,
      winLine: json<Point[] | null>(r.winLine, null),
      rematchId: r.rematchId,
      createdAt: r.createdAt,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      moves: r.moves.map((m) => {
        const rec: MoveRecord = { ply: m.ply, x: m.x, y: m.y, color: m.color as Color, by: m.by as "human" | "engine", timeMs: m.timeMs, at: m.createdAt.toISOString() };
        if (m.score) rec.score = json<Score>(m.score, { kind: "eval", value: 0 });
        if (m.depth !== null) rec.depth = m.depth;
        if (m.nodes !== null) rec.nodes = m.nodes;
        if (m.pv) rec.pv = json<Point[]>(m.pv, []);
        if (m.rootScores) rec.rootScores = json<NonNullable<MoveRecord["rootScores"]>>(m.rootScores, []);
        return rec;
      }),
      cells: new Uint8Array(0),
    };
    e.cells = this.cellsFor(e);
    // Another load may have raced us while we awaited the database: keep the first.
    const raced = this.cache.get(id);
    if (raced) return raced;
    // Another node changed the game while we read it: use this copy once, do not keep it.
    if ((this.versions.get(id) ?? 0) !== version) return e;
    this.remember(e);
    return e;
  }

  private remember(e: Entry): void {
    this.cache.set(e.id, e);
    if (this.cache.size <= this.cacheSize) return;
    for (const [id, g] of this.cache) {
      if (this.cache.size <= this.cacheSize) break;
      const busy = this.locks.has(id) || this.aiRunning.has(id) || this.clockTimers.has(id);
      const p = this.presenceOf(id);
      const watched = p.spectators > 0 || p.connected[1] || p.connected[2];
      if (!busy && (g.status === "finished" || !watched)) this.cache.delete(id);
    }
  }

  private stonesOf(e: Entry): Stone[] {
    return [...e.opening, ...e.moves.map((m) => ({ x: m.x, y: m.y, color: m.color }))];
  }

  private cellsFor(e: Entry): Uint8Array {
    return cellsOf(e.size, this.stonesOf(e));
  }

  private seatOf(e: Entry, token: string | undefined): Color | null {
    if (!token) return null;
    if (tokenMatches(token, e.tokens[1])) return 1;
    if (tokenMatches(token, e.tokens[2])) return 2;
    return null;
  }

  private requireSeat(e: Entry, token: string | undefined): Color {
    if (!token) fail("SPECTATOR", "Spectators cannot play: you have no seat in this game.");
    const c = this.seatOf(e, token);
    if (!c) fail("NOT_YOUR_SEAT", "That seat token does not belong to this game.");
    return c!;
  }

  private requirePlaying(e: Entry): void {
    if (e.status === "finished") fail("GAME_OVER", "The game is over.");
    if (e.status === "waiting") fail("NOT_STARTED", "The game has not started: waiting for an opponent to join.");
  }
}

export { GameError };
