// A tournament's chat (issue 30 point 5): one channel per event ("tournament"), for everyone on its
// page (arena, Swiss or engine event), players and spectators alike, as lichess's tournament chat.
// The same checks as a game's chat (./service): an identity, the message allowance, a site-wide mute,
// the length and text rules of the payload (lib/shared/protocol/chat), the profanity mask, a cap per
// event. Kept in the same table (ChatMessage), with the event's id in `gameId` and channel
// "tournament": a report names the event as it names a game (lib/server/moderation/reports), and the
// operator's page shows the reported player's lines from it.
// A block in a crowd: the line is not sent to the sockets of players in a block with its author (the
// realtime layer leaves their player rooms out), and the history leaves their lines out, both ways.
import type { Db } from "../db/client";
import { fail } from "../errors";
import { RateLimitedError } from "../limits/limiter";
import { refuseIfMuted } from "../moderation/mutes";
import { newGameId } from "../tokens";
import type { Me } from "../../shared/identity";
import type { ChatLine } from "../../shared/protocol/chat";
import { maskProfanity } from "./filter";
import { CHAT_HISTORY_MAX, lineOf, type ChatOptions } from "./lines";

/** Messages one event's chat keeps (past it: LIMIT): an hourly arena's busy hour, bounded. */
export const TOUR_CHAT_MAX = 2000;

async function refuseUnknown(db: Db, id: string): Promise<void> {
  const event = await db.tournament.findUnique({ where: { id }, select: { id: true } });
  if (!event) fail("NOT_FOUND", "There is no such tournament.", { reason: "tourChatNoEvent" });
}

/** Ids of the players `playerId` blocked or who blocked `playerId` (a bound: MAX_BLOCKS each way). */
async function blockedWith(db: Db, playerId: string): Promise<string[]> {
  const rows = await db.block.findMany({
    where: { OR: [{ blockerId: playerId }, { blockedId: playerId }] },
    select: { blockerId: true, blockedId: true },
  });
  return [...new Set(rows.map((r) => (r.blockerId === playerId ? r.blockedId : r.blockerId)))];
}

/** `me`'s message to event `id`'s chat; `watching`: the socket follows the event's page (its room). */
export async function tournamentChatSend(
  { db, limits, now }: ChatOptions,
  me: Me | null,
  input: { id: string; text: string; watching: boolean },
): Promise<{ line: ChatLine; except: string[] }> {
  if (!me) return fail("NOT_SIGNED_IN", "Chatting needs an identity: open the site in a browser (it makes you a guest) and try again.");
  await refuseUnknown(db, input.id);
  if (!input.watching) fail("NOT_ALLOWED", "Open the tournament's page first: you can chat only in an event you follow.", { reason: "tourChatOpen" });
  const rate = await limits.message(me.id);
  if (!rate.ok) throw new RateLimitedError("chat messages", rate.retryMs);
  await refuseIfMuted(db, me.id, now());
  const held = await db.chatMessage.count({ where: { gameId: input.id, channel: "tournament" } });
  if (held >= TOUR_CHAT_MAX)
    fail("LIMIT", `This tournament's chat holds ${held} messages, the most an event keeps.`, { reason: "tourChatFull", params: { n: held } });
  const row = await db.chatMessage.create({
    data: {
      id: newGameId(),
      gameId: input.id,
      channel: "tournament",
      playerId: me.id,
      name: me.name,
      text: maskProfanity(input.text),
      createdAt: new Date(now()),
    },
  });
  return { line: lineOf(row), except: await blockedWith(db, me.id) };
}

/** Event `id`'s kept lines (the newest CHAT_HISTORY_MAX), oldest first; anyone may read them, a guest too. */
export async function tournamentChatHistory({ db }: ChatOptions, me: Me | null, id: string): Promise<ChatLine[]> {
  await refuseUnknown(db, id);
  const apart = me ? await blockedWith(db, me.id) : [];
  const rows = await db.chatMessage.findMany({
    where: { gameId: id, channel: "tournament", ...(apart.length ? { playerId: { notIn: apart } } : {}) },
    orderBy: { createdAt: "desc" },
    take: CHAT_HISTORY_MAX,
  });
  return rows.reverse().map(lineOf);
}
