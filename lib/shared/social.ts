// People (issue 28): player search, follows, challenges by name and the correspondence turns list —
// their socket events, payload schemas and views. Browser-safe: no Node APIs here.
import { MAX_SIZE, MIN_SIZE } from "../../engine";
import { z } from "./zod";
import { ClockSettingsSchema, CorrDaysSchema, RuleSchema } from "./protocol/schemas";
import type { ClockSettings } from "./protocol/schemas";
import type { CorrTurnView } from "./correspondence";
import type { Rule } from "../../engine";

/** Client → server (each answered with an acknowledgement: lib/shared/contract). */
export const SOCIAL_CLIENT_EV = {
  playersSearch: "players:search",
  followSet: "follow:set",
  followList: "follow:list",
  followStatus: "follow:status",
  followWatch: "follow:watch",
  directCreate: "challenge:direct",
  directAnswer: "challenge:answer",
  directCancel: "challenge:cancel",
  directInbox: "challenge:inbox",
  corrTurns: "corr:turns",
} as const;

/** Server → client, to one player's sockets (room player:<id>). */
export const SOCIAL_SERVER_EV = {
  /** Someone challenged you by name. */
  directIncoming: "challenge:incoming",
  /** Your challenge by name was accepted (gameId) or declined, or one to you was cancelled. */
  directAnswered: "challenge:answered",
  /** It is your move in a correspondence game. */
  corrTurn: "corr:turn",
  /** To sockets watching whom they follow (EV.followWatch): one of them came, went, sat down or got up; read the list again. */
  followChanged: "follow:changed",
} as const;

/** A public name as typed in a search or a link: the same alphabet as names (lib/shared/identity), any case. */
const nameText = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "A name uses letters, digits, _ and - and starts with a letter or digit.");

export const PlayersSearchSchema = z.strictObject({ prefix: nameText });
export const FollowSetSchema = z.strictObject({ name: nameText, follow: z.boolean() });
export const NameOnlySchema = z.strictObject({ name: nameText });
export const NoPayloadSchema = z.preprocess((v) => v ?? {}, z.strictObject({}));
export const DirectIdSchema = z.strictObject({ id: z.string().min(1).max(64) });
export const DirectAnswerSchema = z.strictObject({ id: z.string().min(1).max(64), accept: z.boolean() });

/** A challenge to one named player: the lobby's choices, or days per move instead of a clock (correspondence). */
export const DirectCreateSchema = z
  .strictObject({
    name: nameText,
    size: z.number().int().min(MIN_SIZE).max(MAX_SIZE),
    rule: RuleSchema,
    clock: ClockSettingsSchema.nullable().default(null),
    corrDays: CorrDaysSchema,
    rated: z.boolean().default(false),
    color: z.enum(["black", "white", "random"]).default("random"),
    swap2: z.boolean().default(false),
  })
  .refine((c) => !(c.clock && c.corrDays), { message: "A game has a clock or days per move, not both.", path: ["corrDays"] })
  .refine((c) => !c.rated || c.clock !== null || c.corrDays !== null, { message: "A rated game needs a clock or days per move.", path: ["clock"] })
  .refine((c) => !(c.swap2 && c.corrDays), { message: "Correspondence games do not open with swap2.", path: ["swap2"] });

export interface PlayerHit {
  name: string;
}

/** Someone I follow, as the following list shows them. */
export interface FollowView {
  name: string;
  online: boolean;
  /** A game they hold a seat in and that is being played now (watch it at /game/<id>). */
  playing: string | null;
}

export interface DirectChallengeView {
  id: string;
  from: string;
  to: string;
  size: number;
  rule: Rule;
  clock: ClockSettings | null;
  corrDays: number | null;
  rated: boolean;
  /** The sender's colour. */
  color: "black" | "white" | "random";
  swap2: boolean;
  createdAt: string;
}

export interface DirectAnsweredEvent {
  id: string;
  /** "accepted" (gameId set), "declined" by the receiver, "cancelled" by the sender. */
  outcome: "accepted" | "declined" | "cancelled";
  gameId: string | null;
  /** Who answered (or cancelled). */
  by: string;
}

export interface SocialServerToClient {
  "challenge:incoming": (c: DirectChallengeView) => void;
  "challenge:answered": (e: DirectAnsweredEvent) => void;
  "corr:turn": (e: { gameId: string; deadline: string; opponent: string | null }) => void;
  "follow:changed": () => void;
}

export type { CorrTurnView };
