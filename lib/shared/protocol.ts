// The one contract between the browser and the server: socket event names and payloads,
// defined once as zod schemas on the engine's own vocabulary (engine/index.ts: Point, Stone,
// Color, Rule, Score, board sizes, algorithms). The server parses every inbound payload with
// these; pages import the inferred types. Which event takes which payload and answers with which
// acknowledgement: lib/shared/contract. Browser-safe: no Node APIs here.
import { z } from "./zod";
import { ALGOS, MAX_SIZE, MIN_SIZE, type Algo, type Color, type Point, type Rule, type Score, type Stone } from "../../engine";
import type { AnalysisUpdate } from "./analysis/view";
import type { Swap2Record } from "./swap2";
import type { UnratedNote } from "./eligibility";

export type { Point };
export const MAX_TOKEN_LENGTH = 64;

/** True when A and B are assignable both ways. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A compile-time assertion: `Assert<Same<A, B>>` fails tsc where A and B differ. */
export type Assert<T extends true> = T;

// ---- the engine's vocabulary as schemas ----

const size = z.number().int().min(MIN_SIZE).max(MAX_SIZE);
export const RuleSchema = z.enum(["freestyle", "exact5", "renju"]);
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

/** hva: human vs AI, hvh: human vs human, ava: AI vs AI, imported: a finished game read from a file (/import). */
export const GameKindSchema = z.enum(["hva", "hvh", "ava", "imported"]);
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

/** Swap2 places its own opening: a game (or an AI match) cannot also start from the lab's stones. */
const swap2WithoutLab = (c: { swap2: boolean; labOpening: boolean }): boolean => !(c.swap2 && c.labOpening);
const SWAP2_WITH_LAB = { message: "Swap2 and the lab opening cannot go together.", path: ["swap2"] };

export const CreateGameSchema = z
  .strictObject({
    opponent: z.enum(["ai", "human"]),
    size,
    rule: RuleSchema,
    /** The colour the creator plays: 1 black (moves first, "human first"), 2 white ("AI first"). */
    color: ColorSchema,
    labOpening: z.boolean().default(false),
    /** Open with swap2 (lib/shared/swap2): `color` 1 places the first stones, 2 lets the opponent place them. */
    swap2: z.boolean().default(false),
    ai: EngineSettingsSchema.optional(),
    clock: ClockSettingsSchema.nullable().default(null),
  })
  .refine(swap2WithoutLab, SWAP2_WITH_LAB);
export type CreateGame = z.input<typeof CreateGameSchema>;

export const CreateAiMatchSchema = z
  .strictObject({
    size,
    rule: RuleSchema,
    labOpening: z.boolean().default(false),
    /** Open with swap2 (lib/shared/swap2): black's engine places the first stones, white's chooses. */
    swap2: z.boolean().default(false),
    black: EngineSettingsSchema,
    white: EngineSettingsSchema,
  })
  .refine(swap2WithoutLab, SWAP2_WITH_LAB);
export type CreateAiMatch = z.input<typeof CreateAiMatchSchema>;

/** Join a game's room. With a seat token: your seat back. With takeSeat: the free human seat, if any. */
export const JoinGameSchema = z.strictObject({
  gameId,
  seatToken: seatToken.optional(),
  takeSeat: z.boolean().default(false),
});

export const MoveSchema = z.strictObject({
  gameId,
  /** The seat's secret; without it, the seat that belongs to the connection's identity (if any). */
  seatToken: seatToken.optional(),
  /** The ply this move would be (1-based, opening stones excluded): refuses stale or replayed moves. */
  ply: z
    .number()
    .int()
    .min(1)
    .max(MAX_SIZE * MAX_SIZE),
  x: coord,
  y: coord,
});

/**
 * A swap2 choice (lib/shared/swap2): with three stones the second player takes black, stays white, or
 * places two more; with five the first player takes black or white. `stones`: how many the chooser
 * saw (a stale choice is refused). The colour that follows is the server's to work out.
 */
export const Swap2ChooseSchema = z.strictObject({
  gameId,
  seatToken: seatToken.optional(),
  stones: z.union([z.literal(3), z.literal(5)]),
  choice: z.enum(["black", "white", "place"]),
});

/** seatToken: as in MoveSchema (absent: the identity's seat). */
export const SeatActionSchema = z.strictObject({ gameId, seatToken: seatToken.optional() });
export const LeaveGameSchema = z.strictObject({ gameId });
/** Game analysis (lib/server/analysis): ask for one, or read where it stands. */
export const AnalysisGameSchema = z.strictObject({ gameId });
/** Follow the lobby (open challenges and pairing pools: watch true, the default) or stop. */
export const LobbyWatchSchema = z.strictObject({ watch: z.boolean().default(true) });
/** An open challenge: anyone but its author may accept it. Rated games need a clock. */
export const ChallengeCreateSchema = z
  .strictObject({
    size,
    rule: RuleSchema,
    clock: ClockSettingsSchema.nullable().default(null),
    rated: z.boolean().default(false),
    /** The author's colour (with swap2: black places the first stones; the colours are settled by the choices). */
    color: z.enum(["black", "white", "random"]).default("random"),
    swap2: z.boolean().default(false),
  })
  .refine((c) => !c.rated || c.clock !== null, { message: "A rated game needs a clock.", path: ["clock"] });
const challengeId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);
export const ChallengeIdSchema = z.strictObject({ id: challengeId });
/** Quick pairing: wait in one of QUICK_POOLS (lib/shared/pools) for an opponent of about your rating. */
export const PairingJoinSchema = z.strictObject({ pool: z.string().min(1).max(40) });

/** Follow the TV (watch: true, the default) or stop following it. */
export const TvWatchSchema = z.strictObject({ watch: z.boolean().default(true) });
/** The furthest page of a games list that may be asked for. */
export const MAX_LIST_PAGE = 10_000;
export const ListGamesSchema = z.strictObject({
  status: z.enum(["live", "finished"]).default("live"),
  kind: GameKindSchema.optional(),
  page: z.number().int().min(1).max(MAX_LIST_PAGE).default(1),
  /** The games this player imported (their page links here); without it and without kind, imported games are left out. */
  by: z.string().trim().min(1).max(40).optional(),
});

// ---- the data the server sends ----

/** The person in a human seat, when the seat belongs to an identity (lib/server/identity). */
export interface SeatPlayer {
  name: string;
  /** Their rating in this game's pool (rated games): before the game. */
  rating?: number;
  /** Fewer games than the rating needs to be trusted: shown with "?". */
  provisional?: boolean;
  /** The change the game made to it, once a rated game is over (+12, −9). */
  diff?: number;
}

/** name: a player known only by the name an imported file gives (no page of theirs here). */
export type Seat = { kind: "human"; taken: boolean; connected: boolean; player?: SeatPlayer; name?: string } | { kind: "engine"; engine: EngineSettings };

export interface MoveRecord {
  ply: number; // 1-based
  x: number;
  y: number;
  color: Color;
  by: "human" | "engine";
  timeMs: number;
  at: string; // ISO UTC
  // engine moves, and a person's move in a game against the AI (scored by the search of their
  // position while they thought); score from the mover's side
  score?: Score;
  depth?: number;
  nodes?: number;
  pv?: Point[];
  /** bound "upper": that score is an upper bound (the site's AI scores only its best few exactly); absent: exact. */
  rootScores?: Array<{ x: number; y: number; score: Score; bound?: "upper" }>;
}

export type GameStatus = "waiting" | "playing" | "finished";
export type GameResult = "black" | "white" | "draw";
/** agreement: a draw offer accepted; abort: ended before both sides moved (no result); abandon: claimed after the opponent left on their turn. */
export type GameEndReason = "five" | "resign" | "timeout" | "full" | "agreement" | "abort" | "abandon";

export interface ClockState {
  settings: ClockSettings;
  /** Remaining ms for each colour at `at`; the side to move's clock runs from `at` while playing. */
  blackMs: number;
  whiteMs: number;
  at: string;
  /** Neither clock runs: a swap2 opening, or before each side's first own move (the clocks start after both have moved). */
  paused?: boolean;
  /** ISO UTC: the side to act must make its first move by then, or the game is aborted (clocked games between people). */
  firstMoveBy?: string;
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
  /** A rated game (its result changes both players' ratings in `pool`). */
  rated?: boolean;
  pool?: string | null;
  /** Asked for as rated but played as casual (rated false), and why: lib/server/ratings/eligibility. */
  unrated?: UnratedNote;
  /** The colour whose draw offer stands, if any. */
  drawOffer?: Color | null;
  /** The player to move has left (a game between people): from then on their opponent may claim the win (EV.claim). */
  claimableAt?: string;
  /** A swap2 game: the choices so far (the phase follows from them and the moves: lib/shared/swap2). */
  swap2?: Swap2Record;
}

/** An open challenge as the lobby shows it. */
export interface ChallengeView {
  id: string;
  author: { name: string; rating: number; provisional: boolean };
  size: number;
  rule: Rule;
  clock: ClockSettings | null;
  rated: boolean;
  /** The author's colour. */
  color: "black" | "white" | "random";
  swap2?: boolean;
  createdAt: string;
}

/** The lobby: open challenges (newest first) and how many wait in each quick-pairing pool. */
export interface LobbyState {
  challenges: ChallengeView[];
  waiting: Record<string, number>;
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
  black: string; // "Human", "AI 1 s", a player's name … (lib/shared/labels)
  white: string;
  /** The players' names when the seats belong to identities (their pages: /@/<name>). */
  blackName?: string | null;
  whiteName?: string | null;
  rated?: boolean;
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
  /** Renju: the point is forbidden for black (double three, double four or overline). */
  | "FORBIDDEN"
  | "WRONG_PLY"
  /** Swap2: not the moment for this (a stone while a colour is being chosen, a choice while stones are placed). */
  | "WRONG_PHASE"
  | "GAME_OVER"
  | "NOT_STARTED"
  | "SEAT_TAKEN"
  | "NOT_ALLOWED"
  | "RATE_LIMITED"
  /** The AI cannot take another search now (its cap for this game, or its queue is full): try again shortly. */
  | "AI_BUSY"
  /** Identity (lib/server/identity): the name belongs to someone else. */
  | "NAME_TAKEN"
  /** Identity: the name is reserved (the site's roles, words that read as nobody: lib/server/identity/reserved). */
  | "NAME_RESERVED"
  /** Sign-in refused: the same sentence whether the name or the password is wrong. */
  | "BAD_CREDENTIALS"
  /** This needs a session (the page makes one on its first visit): reload the page. */
  | "NOT_SIGNED_IN"
  /** Sign-up from a session that is already an account. */
  | "ALREADY_ACCOUNT"
  /** Lobby: you are waiting in a pairing pool already, or hold as many open challenges as you may. */
  | "LIMIT"
  /** Analysis: this game is analysed already, or its analysis is under way. */
  | "ALREADY_REQUESTED"
  /** Analysis: only a finished game can be analysed. */
  | "NOT_FINISHED"
  /** Analysis: the queue holds as many analyses as it may (ANALYSIS_QUEUE_MAX). */
  | "QUEUE_FULL"
  | "INTERNAL";

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** RATE_LIMITED: how long to wait before the next try, in ms (the message says it too). */
  retryMs?: number;
  /** FORBIDDEN: which renju foul it would be (the page words it in the reader's language). */
  forbidden?: "double-three" | "double-four" | "overline";
}
export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: ErrorInfo };

/** Event names, once. Client → server: each is answered with an acknowledgement (lib/shared/contract). */
export const CLIENT_EV = {
  create: "game:create",
  createAiMatch: "game:createAiMatch",
  join: "game:join",
  leave: "game:leave",
  move: "game:move",
  /** Swap2: a colour choice (or "place two more") in the opening. */
  swap2: "game:swap2",
  resign: "game:resign",
  takeback: "game:takeback",
  rematch: "game:rematch",
  /** Rated play's early endings (lib/server/games/endings): abort, draw offers, claiming an absent opponent's loss. */
  abort: "game:abort",
  drawOffer: "game:drawOffer",
  drawAccept: "game:drawAccept",
  drawDecline: "game:drawDecline",
  claim: "game:claim",
  list: "games:list",
  tvWatch: "tv:watch",
  lobbyWatch: "lobby:watch",
  challengeCreate: "challenge:create",
  challengeAccept: "challenge:accept",
  challengeWithdraw: "challenge:withdraw",
  pairingJoin: "pairing:join",
  pairingLeave: "pairing:leave",
  analysisRequest: "analysis:request",
  analysisGet: "analysis:get",
} as const;
export type ClientEvent = (typeof CLIENT_EV)[keyof typeof CLIENT_EV];

/** Server → client. */
export const SERVER_EV = {
  state: "game:state",
  moved: "game:moved",
  thinking: "game:thinking",
  /** A person's move got its score after it was played (the AI pondered their position): the move with it. */
  scored: "game:scored",
  spectators: "game:spectators",
  /** To sockets following the TV (room "tv"): the current TV game changed or ended. */
  tvCurrent: "tv:current",
  /** To sockets following the lobby: the open challenges and pool counts changed. */
  lobby: "lobby:state",
  /** To one player's sockets: a game of theirs started (a challenge accepted, a pairing made). */
  started: "lobby:started",
  /** To a game's room: its analysis moved on (progress, a ply analysed, done or failed). */
  analysis: "analysis:update",
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
  [EV.scored]: (e: { gameId: string; move: MoveRecord }) => void;
  [EV.spectators]: (e: { gameId: string; count: number }) => void;
  [EV.tvCurrent]: (e: TvCurrent) => void;
  [EV.lobby]: (e: LobbyState) => void;
  [EV.started]: (e: { gameId: string; via: "challenge" | "pairing" }) => void;
  [EV.analysis]: (e: AnalysisUpdate) => void;
}

// What each client event takes and answers: lib/shared/contract (the map), which types socket.io's
// client → server side from it.
export type { ClientToServer } from "./contract";
