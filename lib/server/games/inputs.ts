// The game service's inputs: the protocol's payloads as parsed (lib/shared/protocol), so a field
// added to the contract reaches the service without a copy to keep in step. The service applies
// the schemas' defaults itself, so its own callers (the TV, tests, the bench) may leave defaulted
// fields out; it trusts its caller on limits.
import type { z } from "zod";
import type { Stone } from "../../../engine";
import type { CreateAiMatchSchema, CreateGameSchema, JoinGameSchema, ListGamesSchema, MoveSchema, SeatActionSchema } from "../../shared/protocol";

/** The parsed payload of schema S, with the fields the schema defaults (D) optional. */
type Parsed<S extends z.ZodType, D extends keyof z.output<S> = never> = Omit<z.output<S>, D> & Partial<Pick<z.output<S>, D>>;

export type CreateGameInput = Parsed<typeof CreateGameSchema, "labOpening" | "clock">;
export type CreateAiMatchInput = Parsed<typeof CreateAiMatchSchema, "labOpening"> & {
  /** Opening stones (overrides labOpening; the TV uses varied openings). Not on the wire: trusted, the caller checks them. */
  opening?: Stone[];
};
export type JoinInput = Parsed<typeof JoinGameSchema, "takeSeat">;
export type MoveInput = Parsed<typeof MoveSchema>;
export type SeatActionInput = Parsed<typeof SeatActionSchema>;
export type ListInput = Parsed<typeof ListGamesSchema, "status" | "page">;
