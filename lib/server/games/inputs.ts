// The game service's inputs: the protocol's payloads as parsed (lib/shared/protocol), so a field
// added to the contract reaches the service without a copy to keep in step. The service applies
// the schemas' defaults itself, so its own callers (the TV, tests, the bench) may leave defaulted
// fields out; it trusts its caller on limits.
import type { z } from "zod";
import type { Stone } from "../../../engine";
import type { UnratedCode } from "../../shared/eligibility";
import type {
  CreateAiMatchSchema,
  CreateGameSchema,
  JoinGameSchema,
  ListGamesSchema,
  MoveSchema,
  SeatActionSchema,
  Swap2ChooseSchema,
} from "../../shared/protocol";

/** The parsed payload of schema S, with the fields the schema defaults (D) optional. */
type Parsed<S extends z.ZodType, D extends keyof z.output<S> = never> = Omit<z.output<S>, D> & Partial<Pick<z.output<S>, D>>;

export type CreateGameInput = Parsed<typeof CreateGameSchema, "labOpening" | "clock" | "swap2">;
export type CreateAiMatchInput = Parsed<typeof CreateAiMatchSchema, "labOpening" | "swap2"> & {
  /** Opening stones (overrides labOpening; the TV uses varied openings). Not on the wire: trusted, the caller checks them. */
  opening?: Stone[];
};
export type JoinInput = Parsed<typeof JoinGameSchema, "takeSeat">;
export type MoveInput = Parsed<typeof MoveSchema>;
export type Swap2ChooseInput = Parsed<typeof Swap2ChooseSchema>;
export type SeatActionInput = Parsed<typeof SeatActionSchema>;
export type ListInput = Parsed<typeof ListGamesSchema, "status" | "page">;

/** A game between two known players (lib/server/lobby: an accepted challenge, a quick pairing). */
export interface MatchedGameInput {
  size: number;
  rule: z.output<typeof CreateGameSchema>["rule"];
  /** Null: no clock (casual games only). */
  clock: z.output<typeof CreateGameSchema>["clock"];
  /** Player ids. */
  black: string;
  white: string;
  rated: boolean;
  /** The rating pool (rated games: lib/server/ratings/pools). */
  pool?: string | null;
  /** Their ratings in it before the game, and whether each is provisional. */
  ratings?: { 1: number | null; 2: number | null };
  provisional?: { 1: boolean; 2: boolean };
  /** Open with swap2: `black` places the first stones (lib/shared/swap2). */
  swap2?: boolean;
  /** Asked for as rated, played as casual: why (lib/server/ratings/eligibility; `rated` is false then). */
  unrated?: UnratedCode;
  /** A correspondence game: days per move (clock null; lib/shared/correspondence). */
  corrDays?: number;
  /** The players' names, when the caller read them already (a pairing pass reads them with its other rows: one round trip fewer). */
  names?: { black: string | null; white: string | null };
}
