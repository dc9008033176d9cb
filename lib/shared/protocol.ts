// The one contract between the browser and the server: socket event names and payloads,
// defined once as zod schemas. The server parses every inbound payload with these; pages import
// the inferred types. Browser-safe: no Node APIs here.
import { z } from "zod";

export const MAX_TOKEN_LENGTH = 64;

const size = z.number().int().min(5).max(19);
const rule = z.enum(["freestyle", "exact5"]);
const color = z.union([z.literal(1), z.literal(2)]);
const gameId = z.string().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/);
const seatToken = z.string().min(16).max(MAX_TOKEN_LENGTH).regex(/^[A-Za-z0-9_-]+$/);
const coord = z.number().int().min(0).max(18);

/**
 * An engine seat's settings. algo (engine/players.ts): alphabeta (the strongest), mcts (Monte-Carlo
 * tree search), casual (expectimax against a partly random opponent: beatable on purpose).
 */
export const EngineSettingsSchema = z.strictObject({
  algo: z.enum(["alphabeta", "mcts", "casual"]).default("alphabeta"),
  timeMs: z.number().int().min(100).max(10_000),
  maxDepth: z.number().int().min(1).max(64).optional(),
});
export type EngineSettings = z.infer<typeof EngineSettingsSchema>;

export const ClockSettingsSchema = z.strictObject({
  initialMs: z.number().int().min(10_000).max(3 * 3600_000),
  incrementMs: z.number().int().min(0).max(60_000),
});
export type ClockSettings = z.infer<typeof ClockSettingsSchema>;

// ---- client → server (each with an acknowledgement) ----

export const CreateGameSchema = z.strictObject({
  opponent: z.enum(["ai", "human"]),
  size,
  rule,
  /** The colour the creator plays: 1 black (moves first, "human first"), 2 white ("AI first"). */
  color,
  labOpening: z.boolean().default(false),
  ai: EngineSettingsSchema.optional(),
  clock: ClockSettingsSchema.nullable().default(null),
});
export type CreateGame = z.input<typeof CreateGameSchema>;

export const CreateAiMatchSchema = z.strictObject({
  size,
  rule,
  labOpening: z.boolean().default(false),
  black: EngineSettingsSchema,
  white: EngineSettingsSchema,
});
export type CreateAiMatch = z.input<typeof CreateAiMatchSchema>;

/** Join a game's room. With a seat token: your seat back. With takeSeat: the free human seat, if any. */
export const JoinGameSchema = z.strictObject({
  gameId,
  seatToken: seatToken.optional(),
  takeSeat: z.boolean().default(false),
});

export const MoveSchema = z.strictObject({
  gameId,
  seatToken,
  /** The ply this move would be (1-based, opening stones excluded): refuses stale or replayed moves. */
  ply: z.number().int().min(1).max(361),
  x: coord,
  y: coord,
});

export const SeatActionSchema = z.strictObject({ gameId, seatToken });
export const LeaveGameSchema = z.strictObject({ gameId });
/** Follow the TV (watch: true, the default) or stop following it. */
export const TvWatchSchema = z.strictObject({ watch: z.boolean().default(true) });
export const ListGamesSchema = z.strictObject({
  status: z.enum(["live", "finished"]).default("live"),
  kind: z.enum(["hva", "hvh", "ava"]).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});

// ---- the data the server sends ----

export const PointSchema = z.object({ x: z.number().int(), y: z.number().int() });
export type Point = z.infer<typeof PointSchema>;
export const StoneSchema = PointSchema.extend({ color });
export const ScoreSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("eval"), value: z.number() }),
  z.object({ kind: z.literal("win"), plies: z.number().int() }),
  z.object({ kind: z.literal("loss"), plies: z.number().int() }),
]);

export type Seat =
  | { kind: "human"; taken: boolean; connected: boolean }
  | { kind: "engine"; engine: EngineSettings };

export interface MoveRecord {
  ply: number; // 1-based
  x: number;
  y: number;
  color: 1 | 2;
  by: "human" | "engine";
  timeMs: number;
  at: string; // ISO UTC
  // engine moves only; score from the mover's side
  score?: z.infer<typeof ScoreSchema>;
  depth?: number;
  nodes?: number;
  pv?: Point[];
  rootScores?: Array<{ x: number; y: number; score: z.infer<typeof ScoreSchema> }>;
}

export type GameStatus = "waiting" | "playing" | "finished";
export type GameResult = "black" | "white" | "draw";
export type GameEndReason = "five" | "resign" | "timeout" | "full";
export type GameKind = "hva" | "hvh" | "ava";

export interface ClockState {
  settings: ClockSettings;
  /** Remaining ms for each colour at `at`; the side to move's clock runs from `at` while playing. */
  blackMs: number;
  whiteMs: number;
  at: string;
}

export interface GameState {
  id: string;
  kind: GameKind;
  size: number;
  rule: "freestyle" | "exact5";
  opening: Array<z.infer<typeof StoneSchema>>;
  black: Seat;
  white: Seat;
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  winLine: Point[] | null;
  moves: MoveRecord[];
  toMove: 1 | 2;
  clock: ClockState | null;
  spectators: number;
  createdAt: string;
  /** The rematch game started from this one, if any (hvh: the other player joins it with takeSeat or rematch). */
  rematchId?: string | null;
  /** A game of the TV stream (lib/server/tv): an AI-vs-AI game the server started itself. */
  tv?: boolean;
}

/** The TV stream's current game. Between games: the finished one, and when the next starts. */
export interface TvCurrent {
  /** false when the server runs without TV (env TV=0). */
  enabled: boolean;
  /** The game on air (null only when TV is off or has not started a game yet). */
  gameId: string | null;
  status: GameStatus | null;
  /** How many games the TV has started since the server started. */
  number: number;
  /** Set while waiting between games: when the next game will start (ISO UTC). */
  nextAt: string | null;
}

export interface Thinking {
  gameId: string;
  ply: number; // the ply being searched for
  /** 0: the search has just started (nothing to report yet: no score, nodes or line). */
  depth: number;
  score: z.infer<typeof ScoreSchema>;
  nodes: number;
  timeMs: number;
  pv: Point[];
  /** MCTS only: the most-visited root moves with their visits and win rates (0..1, mover's side). */
  top?: Array<{ x: number; y: number; visits: number; winRate: number }>;
}

export interface GameSummary {
  id: string;
  kind: GameKind;
  size: number;
  rule: "freestyle" | "exact5";
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  plies: number;
  black: string; // "Human", "AI 1 s" … (lib/shared/labels)
  white: string;
  createdAt: string;
  finishedAt: string | null;
  /** A TV game (see TvCurrent). */
  tv?: boolean;
}

export type ErrorCode =
  | "BAD_PAYLOAD"
  | "UNKNOWN_EVENT"
  | "NOT_FOUND"
  | "NOT_YOUR_SEAT"
  | "NOT_YOUR_TURN"
  | "SPECTATOR"
  | "OFF_BOARD"
  | "OCCUPIED"
  | "WRONG_PLY"
  | "GAME_OVER"
  | "NOT_STARTED"
  | "SEAT_TAKEN"
  | "NOT_ALLOWED"
  | "RATE_LIMITED"
  | "INTERNAL";

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}
export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: ErrorInfo };

/** Event names, once. */
export const EV = {
  // client → server
  create: "game:create",
  createAiMatch: "game:createAiMatch",
  join: "game:join",
  leave: "game:leave",
  move: "game:move",
  resign: "game:resign",
  takeback: "game:takeback",
  rematch: "game:rematch",
  list: "games:list",
  tvWatch: "tv:watch",
  // server → client
  state: "game:state",
  moved: "game:moved",
  thinking: "game:thinking",
  spectators: "game:spectators",
  /** To sockets following the TV (room "tv"): the current TV game changed or ended. */
  tvCurrent: "tv:current",
} as const;

export interface ServerToClient {
  [EV.state]: (state: GameState) => void;
  /** A committed move, with the game's status after it. Apply if ply === moves.length + 1, else rejoin. */
  [EV.moved]: (e: {
    gameId: string;
    move: MoveRecord;
    status: GameStatus;
    result: GameResult | null;
    reason: GameEndReason | null;
    winLine: Point[] | null;
    clock: ClockState | null;
  }) => void;
  [EV.thinking]: (t: Thinking) => void;
  [EV.spectators]: (e: { gameId: string; count: number }) => void;
  [EV.tvCurrent]: (e: TvCurrent) => void;
}

type AckFn<T> = (ack: Ack<T>) => void;
export interface ClientToServer {
  [EV.create]: (p: unknown, ack: AckFn<{ gameId: string; seatToken: string; color: 1 | 2 }>) => void;
  [EV.createAiMatch]: (p: unknown, ack: AckFn<{ gameId: string }>) => void;
  [EV.join]: (p: unknown, ack: AckFn<{ state: GameState; color: 1 | 2 | null; seatToken: string | null }>) => void;
  [EV.leave]: (p: unknown, ack: AckFn<object>) => void;
  [EV.move]: (p: unknown, ack: AckFn<object>) => void;
  [EV.resign]: (p: unknown, ack: AckFn<object>) => void;
  [EV.takeback]: (p: unknown, ack: AckFn<object>) => void;
  [EV.rematch]: (p: unknown, ack: AckFn<{ gameId: string; seatToken: string; color: 1 | 2 }>) => void;
  [EV.list]: (p: unknown, ack: AckFn<{ games: GameSummary[]; page: number; pages: number }>) => void;
  [EV.tvWatch]: (p: unknown, ack: AckFn<{ current: TvCurrent }>) => void;
}
