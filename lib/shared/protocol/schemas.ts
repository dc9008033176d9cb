// The engine's vocabulary as zod schemas, and every client → server payload: the server parses
// every inbound payload with these (lib/shared/contract says which event takes which).
import { z } from "../zod";
import { ALGOS, MAX_SIZE, MIN_SIZE, type Algo, type Color, type Point, type Rule, type Score, type Stone } from "../../../engine";
import type { Assert, Same } from "./assert";
import { CORR_DAYS } from "../correspondence";

export const MAX_TOKEN_LENGTH = 64;

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
 * An engine seat's settings. algo (engine/play.ts): alphabeta (the strongest), mcts (Monte-Carlo
 * tree search), casual (expectimax against a partly random opponent: beatable on purpose).
 */
export const EngineSettingsSchema = z.strictObject({
  algo: z.enum(ALGOS).default("alphabeta"),
  timeMs: z.number().int().min(100).max(10_000),
  maxDepth: z.number().int().min(1).max(64).optional(),
  /** alphabeta at a level 1–10 (engine/levels: its depth, temperature and blunders); unset: full strength. */
  level: z.number().int().min(1).max(10).optional(),
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
/** Days per move of a correspondence game (lib/shared/correspondence), or null: a clock or none. */
export const CorrDaysSchema = z
  .number()
  .int()
  .refine((d) => (CORR_DAYS as readonly number[]).includes(d), { message: `Days per move: one of ${CORR_DAYS.join(", ")}.` })
  .nullable()
  .default(null);
/** An open challenge: anyone but its author may accept it. Rated games need a clock or days per move (correspondence). */
export const ChallengeCreateSchema = z
  .strictObject({
    size,
    rule: RuleSchema,
    clock: ClockSettingsSchema.nullable().default(null),
    corrDays: CorrDaysSchema,
    rated: z.boolean().default(false),
    /** The author's colour (with swap2: black places the first stones; the colours are settled by the choices). */
    color: z.enum(["black", "white", "random"]).default("random"),
    swap2: z.boolean().default(false),
  })
  .refine((c) => !(c.clock && c.corrDays), { message: "A game has a clock or days per move, not both.", path: ["corrDays"] })
  .refine((c) => !c.rated || c.clock !== null || c.corrDays !== null, { message: "A rated game needs a clock or days per move.", path: ["clock"] })
  .refine((c) => !(c.swap2 && c.corrDays), { message: "Correspondence games do not open with swap2.", path: ["swap2"] });
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
/** A tournament's room (one at a time per socket): watch false leaves it. */
export const TournamentWatchSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
  watch: z.boolean().default(true),
});
/** A day of the archive's date filter: "YYYY-MM-DD", a real day between 2000 and 2100. */
export const ArchiveDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written YYYY-MM-DD.")
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d) && d >= "2000-01-01" && d <= "2100-12-31";
  }, "Not a day between 2000-01-01 and 2100-12-31.");
/** The furthest page of a games list that may be asked for. */
export const MAX_LIST_PAGE = 10_000;
export const ListGamesSchema = z.strictObject({
  status: z.enum(["live", "finished"]).default("live"),
  kind: GameKindSchema.optional(),
  page: z.number().int().min(1).max(MAX_LIST_PAGE).default(1),
  /** The games this player imported (their page links here); without it and without kind, imported games are left out. */
  by: z.string().trim().min(1).max(40).optional(),
  // The archive's filters (issue 27; lib/shared/archive-filters reads them from /games?…): a player's
  // games by name (either seat; "my games" is your own name), the result, rule, board and the days
  // the games finished (UTC, inclusive).
  player: z.string().trim().min(1).max(40).optional(),
  result: z.enum(["black", "white", "draw", "unknown"]).optional(),
  rule: RuleSchema.optional(),
  size: z.number().int().min(MIN_SIZE).max(MAX_SIZE).optional(),
  from: ArchiveDaySchema.optional(),
  to: ArchiveDaySchema.optional(),
});
