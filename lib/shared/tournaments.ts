// Tournaments (issue 30; docs/TOURNAMENTS.md): what the pages send (zod, checked on the server) and
// what they read (views). Browser-safe: no Node APIs here.
import { z } from "./zod";
import { RuleSchema } from "./protocol/schemas";

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
} as const;

/** The clocks an event may use (minutes + seconds), the board sizes. */
export const TOURNAMENT_CLOCKS = ["1+0", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10"] as const;
export const TOURNAMENT_SIZES = [15, 19] as const;

export const CreateTournamentSchema = z.strictObject({
  kind: z.enum(["arena", "swiss"]),
  name: z.string().trim().min(TOURNAMENT_LIMITS.nameMin).max(TOURNAMENT_LIMITS.nameMax),
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

export type TournamentKind = "arena" | "swiss";
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
  /** The game between the best-placed players now playing. */
  topGame: { gameId: string; black: string; white: string } | null;
  /** The viewer's entry and their game under way, if any. */
  me: { status: EntrantStatus; gameId: string | null; mayBerserk: boolean; berserk: boolean } | null;
  /** Ranks 1–3 once finished. */
  podium: StandingRow[];
}

/** A player page's line: events played, wins (first places), podiums. */
export interface PlayerTournamentLine {
  played: number;
  won: number;
  podiums: number;
}
