// Tournaments (issue 30; docs/TOURNAMENTS.md): what the pages send (zod, checked on the server) and
// what they read (views). Browser-safe: no Node APIs here.
import { z } from "./zod";
import { EngineSettingsSchema, RuleSchema, type EngineSettings } from "./protocol/schemas";
import { plainTextSchema } from "./plain-text";

export const TOURNAMENT_LIMITS = {
  nameMin: 3,
  nameMax: 40,
  arenaMinutesMin: 20,
  arenaMinutesMax: 180,
  swissRoundsMin: 3,
  swissRoundsMax: 9,
  /** Players in one event. */
  maxPlayers: 200,
  /** How far ahead an event may be set to start. */
  startsWithinMs: 7 * 24 * 3600_000,
  /**
   * A Swiss event starts this many minutes ahead at the soonest: its first round is paired at its start with those who
   * joined, so "now" would start it before anyone (its creator too) could join, and it would end at once, empty.
   */
  swissStartsInMinutesMin: 5,
} as const;

/** The clocks an event may use (minutes + seconds), the board sizes. */
export const TOURNAMENT_CLOCKS = ["1+0", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10"] as const;
export const TOURNAMENT_SIZES = [15, 19] as const;

/**
 * An event's name, shown to everyone (lists, pages, the TV): one line of visible text, as a chat line
 * (an invisible name made an empty link in the lists; a bidi override turned the rest of its line around).
 */
const eventName = plainTextSchema({
  min: TOURNAMENT_LIMITS.nameMin,
  max: TOURNAMENT_LIMITS.nameMax,
  // Blanks around the name are trimmed before it is measured (a pasted name with spaces is fine).
  rawMax: 2 * TOURNAMENT_LIMITS.nameMax,
  empty: "An event's name needs something visible in it.",
});

export const CreateTournamentSchema = z.strictObject({
  kind: z.enum(["arena", "swiss"]),
  name: eventName,
  size: z.union([z.literal(15), z.literal(19)]),
  rule: RuleSchema,
  clock: z.enum(TOURNAMENT_CLOCKS),
  /** Minutes from now until it starts (0: at once). */
  startsInMinutes: z
    .number()
    .int()
    .min(0)
    .max(TOURNAMENT_LIMITS.startsWithinMs / 60_000),
  /** Arena only. */
  minutes: z.number().int().min(TOURNAMENT_LIMITS.arenaMinutesMin).max(TOURNAMENT_LIMITS.arenaMinutesMax).optional(),
  /** Swiss only. */
  rounds: z.number().int().min(TOURNAMENT_LIMITS.swissRoundsMin).max(TOURNAMENT_LIMITS.swissRoundsMax).optional(),
});
export type CreateTournamentInput = z.output<typeof CreateTournamentSchema>;

/** "3+2" → ms. */
export function clockOfLabel(label: string): { initialMs: number; incrementMs: number } {
  const [m, s] = label.split("+").map(Number);
  return { initialMs: m * 60_000, incrementMs: s * 1000 };
}

export const clockLabel = (c: { initialMs: number; incrementMs: number }): string => `${c.initialMs / 60_000}+${c.incrementMs / 1000}`;

export type TournamentKind = "arena" | "swiss" | "engine";
export type TournamentStatus = "created" | "started" | "finished";
export type EntrantStatus = "waiting" | "playing" | "paused" | "withdrawn";

export interface TournamentSummary {
  id: string;
  kind: TournamentKind;
  name: string;
  size: number;
  rule: string;
  clock: string;
  status: TournamentStatus;
  startsAt: string;
  endsAt: string | null;
  rounds: number | null;
  round: number;
  players: number;
  /** Made by the site's schedule. */
  scheduled: boolean;
  /** That schedule's entry ("hourly-freestyle-3+2"): the pages word its name in the reader's language. */
  schedule: string | null;
  /** Cancelled by its creator before its start (an arena or a Swiss): the pages say "Called off" and why. */
  cancelled: boolean;
}

export interface StandingRow {
  rank: number;
  playerId: string;
  name: string;
  rating: number;
  /** Arena: points; Swiss: points ×2 (half points: a draw is 1). */
  score: number;
  fire: boolean;
  games: number;
  wins: number;
  status: EntrantStatus;
  /** Arena: performance; Swiss: Buchholz and Sonneborn–Berger (×2). */
  perf: number;
  buchholz: number;
  sonneborn: number;
}

export interface TournamentView extends TournamentSummary {
  standings: StandingRow[];
  /** Engine events: the configurations, the crosstable and the Elo estimates. */
  engine: EngineEventView | null;
  /** The game between the best-placed players now playing. */
  topGame: { gameId: string; black: string; white: string } | null;
  /** The viewer's entry and their game under way, if any. */
  me: { status: EntrantStatus; gameId: string | null; mayBerserk: boolean; berserk: boolean } | null;
  /** Ranks 1–3 once finished. */
  podium: StandingRow[];
  /** The viewer made this arena or Swiss and it has not started: they may cancel it. */
  mayCancel: boolean;
}

/** A player page's line: events played, wins (first places), podiums. */
export interface PlayerTournamentLine {
  played: number;
  won: number;
  podiums: number;
}

// ---- engine tournaments (issue 30 part 3): a round robin or gauntlet of AI configurations on TV ----

export const ENGINE_EVENT_LIMITS = {
  /** A signed-in visitor's event. */
  visitor: { configsMax: 6, gamesMax: 30, timeMsMax: 2_000 },
  /** The operator's (Authorization: Bearer OPERATOR_TOKEN). */
  operator: { configsMax: 8, gamesMax: 120, timeMsMax: 10_000 },
  configsMin: 2,
  cyclesMax: 10,
} as const;

export const ENGINE_FORMATS = ["roundrobin", "gauntlet"] as const;
export type EngineFormat = (typeof ENGINE_FORMATS)[number];
export const ENGINE_SIZES = [11, 13, 15, 19] as const;

/** One configuration: its engine settings and an optional label (else engineLabel's). */
export const EngineConfigSchema = z.strictObject({
  label: plainTextSchema({ min: 1, max: 24 }).optional(),
  engine: EngineSettingsSchema,
});

export const CreateEngineTournamentSchema = z.strictObject({
  name: eventName,
  format: z.enum(ENGINE_FORMATS).default("roundrobin"),
  size: z.union([z.literal(11), z.literal(13), z.literal(15), z.literal(19)]),
  rule: RuleSchema,
  /** Each cycle: every pairing plays a game with each colour (the same opening both times). */
  cycles: z.number().int().min(1).max(ENGINE_EVENT_LIMITS.cyclesMax).default(1),
  configs: z.array(EngineConfigSchema).min(ENGINE_EVENT_LIMITS.configsMin).max(ENGINE_EVENT_LIMITS.operator.configsMax),
});
export type CreateEngineTournamentInput = z.input<typeof CreateEngineTournamentSchema>;

/** Games of an engine event: per cycle, 2 per pairing (round robin: every pair; gauntlet: the first against each other). */
export function engineGames(format: EngineFormat, configs: number, cycles: number): number {
  const pairings = format === "gauntlet" ? configs - 1 : (configs * (configs - 1)) / 2;
  return 2 * pairings * cycles;
}

export interface EngineEntry {
  playerId: string;
  name: string;
  engine: EngineSettings;
  /** Points (a win 1, a draw ½) and games played. */
  points: number;
  games: number;
  /** Bradley–Terry Elo (the first configuration anchored; see anchor) and its 95 % margin; null before it has played. */
  elo: number | null;
  margin: number | null;
}

export interface EngineEventView {
  format: EngineFormat;
  cycles: number;
  /** Games in all, and done. */
  games: number;
  played: number;
  /** In standings order (points, then Sonneborn–Berger). */
  entries: EngineEntry[];
  /** cells[i][j]: entry i's results against entry j (wins, draws, losses); null on the diagonal or a pair that does not meet. */
  cells: Array<Array<{ wins: number; draws: number; losses: number } | null>>;
  /** The Elo of the first configuration (its measured level Elo if it is a level, else 1500). */
  anchor: { playerId: string; elo: number };
  /** The viewer created it (or nobody may stop it from here): they may stop it while it runs. */
  mayCancel: boolean;
  /** The game under way (on TV). */
  current: { gameId: string; black: string; white: string; number: number } | null;
}
