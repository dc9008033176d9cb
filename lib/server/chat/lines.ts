// What both chats (a game's: ./service, a tournament's: ./tournament) share: their options, the
// history's bound, and a stored row as the line the server sends.
import type { Db } from "../db/client";
import type { ChatLimits } from "../limits/chat";
import type { ChatChannel, ChatLine } from "../../shared/protocol/chat";

/** The most lines a history read returns (the newest). */
export const CHAT_HISTORY_MAX = 200;

export interface ChatOptions {
  db: Db;
  limits: ChatLimits;
  now: () => number;
}

type Row = Awaited<ReturnType<Db["chatMessage"]["findMany"]>>[number];

export const lineOf = (r: Row): ChatLine => ({
  id: r.id,
  gameId: r.gameId,
  channel: r.channel as ChatChannel,
  author: r.name,
  text: r.text,
  at: r.createdAt.toISOString(),
});
