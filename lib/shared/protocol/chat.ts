// Game chat, blocks and reports on the wire (issue 28): the payloads the server parses and what it
// sends. A game has two chats, kept apart as lichess keeps them: "players" (its two seat holders
// only) and "spectators" (everyone else watching; the players neither read nor write it, so nobody
// can pass them hints). Browser-safe: no Node APIs here.
import { z } from "../zod";
import { AnalysisGameSchema } from "./schemas";
import { plainTextSchema } from "../plain-text";

/** The longest chat message, in characters (as lichess's 140). */
export const CHAT_MAX_LENGTH = 140;
/** The longest note a report may carry. */
export const REPORT_NOTE_MAX = 300;

const gameId = AnalysisGameSchema.shape.gameId;
/** A player's public name as typed (the server looks it up; unknown: NOT_FOUND). */
const playerName = z.string().trim().min(1).max(40);

/** "tournament": an event's chat (issue 30), everyone on its page; its payloads' `gameId` is the event's id. */
export const ChatChannelSchema = z.enum(["players", "spectators", "tournament"]);
export type ChatChannel = z.output<typeof ChatChannelSchema>;

export const ChatSendSchema = z.strictObject({
  gameId,
  channel: ChatChannelSchema,
  text: plainTextSchema({ min: 0, max: CHAT_MAX_LENGTH, tooLong: `A message has at most ${CHAT_MAX_LENGTH} characters.`, empty: "A message needs some text." }),
});
/** The chat of one channel kept with the game (the players' one: only its players may read it, in the game and in its replay). */
export const ChatHistorySchema = z.strictObject({ gameId, channel: ChatChannelSchema });

/** Block (or unblock) a player by name: stored; neither chats with, challenges or is paired with the other. */
export const BlockSetSchema = z.strictObject({ name: playerName, blocked: z.boolean() });

export const ReportReasonSchema = z.enum(["abuse", "spam", "cheating", "other"]);
export type ReportReason = z.output<typeof ReportReasonSchema>;
/** Report a player of a game you were in or watched, or who wrote in a tournament's chat (`gameId`: the event's id): stored for the operator (/mod). */
export const ReportCreateSchema = z.strictObject({
  gameId,
  name: playerName,
  reason: ReportReasonSchema,
  note: z.string().max(REPORT_NOTE_MAX, `A note has at most ${REPORT_NOTE_MAX} characters.`).default(""),
});

/** One chat message as the server sends it (EV.chat and chat:history). Shown as text, never as HTML. */
export interface ChatLine {
  id: string;
  /** The game's id; channel "tournament": the event's id. */
  gameId: string;
  channel: ChatChannel;
  /** The author's name when they wrote it (the link to /@/<name>). */
  author: string;
  text: string;
  /** ISO time. */
  at: string;
}
