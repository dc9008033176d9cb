// The one contract between the browser and the server: socket event names and payloads,
// defined once as zod schemas on the engine's own vocabulary (engine/index.ts: Point, Stone,
// Color, Rule, Score, board sizes, algorithms). The server parses every inbound payload with
// these; pages import the inferred types. Which event takes which payload and answers with which
// acknowledgement: lib/shared/contract. Browser-safe: no Node APIs here.
import { z } from "zod";
import { ALGOS, MAX_SIZE, MIN_SIZE, type Algo, type Color, type Point, type Rule, type Score, type Stone } from "../../engine";

// Browsers: zod must not probe for eval (its JIT), which the pages' CSP forbids and reports as a
// violation (proxy.ts). The server keeps the faster JIT.
if (typeof window !== "undefined") z.config({ jitless: true });

export type { Point };
export const MAX_TOKEN_LENGTH = 64;

/** True when A and B are assignable both ways. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A compile-time assertion: `Assert<Same<A, B>>` fails tsc where A and B differ. */
export type Assert<T extends true> = T;

// ---- the engine's vocabulary as schemas ----

const size = z.number().int().min(MIN_SIZE).max(MAX_SIZE);
export const RuleSchema = z.enum(["freestyle", "exact5"]);
export const ColorSchema = z.union([z.literal(1), z.literal(2)]);
const coord = z
  .number()
  .int()
  .min(0)
  .max(MAX_SIZE - 1);
export const PointSchema = z.object({ x: z.number().int(), y: z.number().int() });
export const StoneSchema = PointSchema.extend({ color: ColorSchema });
export const ScoreSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("eval"), value: z.number() }),
  z.object({ kind: z.literal("win"), plies: z.number().int() }),
  z.object({ kind: z.literal("loss"), plies: z.number().int() }),
]);
// The schemas produce the engine's own types (checked at compile time only).
type _EngineVocabulary = [
  Assert<Same<z.output<typeof RuleSchema>, Rule>>,
  Assert<Same<z.output<typeof ColorSchema>, Color>>,
  Assert<Same<z.output<typeof PointSchema>, Point>>,
  Assert<Same<z.output<typeof StoneSchema>, Stone>>,
  Assert<Same<z.output<typeof ScoreSchema>, Score>>,
];

/** hva: human vs AI, hvh: human vs human, ava: AI vs AI. */
export const GameKindSchema = z.enum(["hva", "hvh", "ava"]);
export type GameKind = z.output<typeof GameKindSchema>;

const gameId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);
const seatToken = z
  .string()
  .min(16)
  .max(MAX_TOKEN_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * An engine seat's settings. algo (engine/players.ts): alphabeta (the strongest), mcts (Monte-Carlo
 * tree search), casual (expectimax against a partly random opponent: beatable on purpose).
 */
export const EngineSettingsSchema = z.strictObject({
  algo: z.enum(ALGOS).default("alphabeta"),
  timeMs: z.number().int().min(100).max(10_000),
  maxDepth: z.number().int().min(1).max(64).optional(),
});
export type EngineSettings = z.infer<typeof EngineSettingsSchema>;
type _EngineAlgos = Assert<Same<EngineSettings["algo"], Algo>>;

export const ClockSettingsSchema = z.strictObject({
  initialMs: z
    .number()
    .int()
    .min(10_000)
    .max(3 * 3600_000),
  incrementMs: z.number().int().min(0).max(60_000),
});
export type ClockSettings = z.infer<typeof ClockSettingsSchema>;

// ---- client → server (each with an acknowledgement) ----

export const CreateGameSchema = z.strictObject({
  opponent: z.enum(["ai", "human"]),
  size,
  rule: RuleSchema,
  /** The colour the creator plays: 1 black (moves first, "human first"), 2 white ("AI first"). */
  color: ColorSchema,
  labOpening: z.boolean().default(false),
  ai: EngineSettingsSchema.optional(),
  clock: ClockSettingsSchema.nullable().default(null),
});
export type CreateGame = z.input<typeof CreateGameSchema>;

export const CreateAiMatchSchema = z.strictObject({
  size,
  rule: RuleSchema,
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
  ply: z
    .number()
    .int()
    .min(1)
    .max(MAX_SIZE * MAX_SIZE),
  x: coord,
  y: coord,
});

export const SeatActionSchema = z.strictObject({ gameId, seatToken });
export const LeaveGameSchema = z.strictObject({ gameId });
/** Follow the TV (watch: true, the default) or stop following it. */
export const TvWatchSchema = z.strictObject({ watch: z.boolean().default(true) });
export const ListGamesSchema = z.strictObject({
  status: z.enum(["live", "finished"]).default("live"),
  kind: GameKindSchema.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});

// ---- the data the server sends ----

export type Seat = { kind: "human"; taken: boolean; connected: boolean } | { kind: "engine"; engine: EngineSettings };

export interface MoveRecord {
  ply: number; // 1-based
  x: number;
  y: number;
  color: Color;
  by: "human" | "engine";
  timeMs: number;
  at: string; // ISO UTC
  // engine moves only; score from the mover's side
  score?: Score;
  depth?: number;
  nodes?: number;
  pv?: Point[];
  rootScores?: Array<{ x: number; y: number; score: Score }>;
}

export type GameStatus = "waiting" | "playing" | "finished";
export type GameResult = "black" | "white" | "draw";
export type GameEndReason = "five" | "resign" | "timeout" | "full";

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
  rule: Rule;
  opening: Stone[];
  black: Seat;
  white: Seat;
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  winLine: Point[] | null;
  moves: MoveRecord[];
  toMove: Color;
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
  score: Score;
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
  rule: Rule;
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
  /** The AI cannot take another search now (its cap for this game, or its queue is full): try again shortly. */
  | "AI_BUSY"
  | "INTERNAL";

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** RATE_LIMITED: how long to wait before the next try, in ms (the message says it too). */
  retryMs?: number;
}
export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: ErrorInfo };

/** Event names, once. Client → server: each is answered with an acknowledgement (lib/shared/contract). */
export const CLIENT_EV = {
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
} as const;
export type ClientEvent = (typeof CLIENT_EV)[keyof typeof CLIENT_EV];

/** Server → client. */
export const SERVER_EV = {
  state: "game:state",
  moved: "game:moved",
  thinking: "game:thinking",
  spectators: "game:spectators",
  /** To sockets following the TV (room "tv"): the current TV game changed or ended. */
  tvCurrent: "tv:current",
} as const;

export const EV = { ...CLIENT_EV, ...SERVER_EV } as const;

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

// What each client event takes and answers: lib/shared/contract (the map), which types socket.io's
// client → server side from it.
export type { ClientToServer } from "./contract";
