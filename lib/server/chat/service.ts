// Game chat (issue 28): two channels per game, kept apart as lichess keeps them. "players": the two
// seat holders, during the game and after it (and in the replay, to those two only). "spectators":
// everyone else; the players neither read nor write it, so nobody passes them hints during a game.
// Each message is checked here (who may write where, the rate, a site-wide mute, a block between
// the players), masked for profanity, stored with the game, and returned for the realtime layer to
// send to the channel's room (on every node). Texts are only ever shown as text (React), never HTML.
import { fail } from "../errors";
import { RateLimitedError } from "../limits/limiter";
import { isBlocked } from "../moderation/blocks";
import { tournamentChatHistory, tournamentChatSend } from "./tournament";
import { CHAT_HISTORY_MAX, lineOf, type ChatOptions } from "./lines";
import { refuseIfMuted } from "../moderation/mutes";
import { newGameId } from "../tokens";
import type { Me } from "../../shared/identity";
import type { ChatChannel, ChatLine } from "../../shared/protocol/chat";
import { maskProfanity } from "./filter";

/** Messages one channel of one game keeps (past it: LIMIT): a bound on what one game can store. */
export const CHAT_MAX_PER_CHANNEL = 500;
export { CHAT_HISTORY_MAX, type ChatOptions } from "./lines";

export class ChatService {
  constructor(private readonly opts: ChatOptions) {}

  /** The channel `playerId` belongs to in game `gameId`: "players" for its seat holders, else "spectators". */
  async channelOf(playerId: string | null, gameId: string): Promise<{ channel: ChatChannel; opponent: string | null }> {
    const game = await this.opts.db.game.findUnique({ where: { id: gameId }, select: { blackPlayerId: true, whitePlayerId: true } });
    if (!game) return fail("NOT_FOUND", "There is no such game.", { reason: "chatNoGame" });
    if (playerId && game.blackPlayerId === playerId) return { channel: "players", opponent: game.whitePlayerId };
    if (playerId && game.whitePlayerId === playerId) return { channel: "players", opponent: game.blackPlayerId };
    return { channel: "spectators", opponent: null };
  }

  /** `me`'s message to `channel` of game `gameId`, stored: the line to send to that channel's room. */
  async send(me: Me | null, input: { gameId: string; channel: ChatChannel; text: string }): Promise<ChatLine> {
    const { db, limits, now } = this.opts;
    if (!me) return fail("NOT_SIGNED_IN", "Chatting needs an identity: open the site in a browser (it makes you a guest) and try again.");
    const mine = await this.channelOf(me.id, input.gameId);
    refuseOtherChannel(mine.channel, input.channel);
    const rate = await limits.message(me.id);
    if (!rate.ok) throw new RateLimitedError("chat messages", rate.retryMs);
    await refuseIfMuted(db, me.id, now());
    if (mine.opponent && (await isBlocked(db, me.id, mine.opponent)))
      fail("BLOCKED", "Your messages cannot reach this player (one of you blocked the other).", { reason: "chatBlocked" });
    const held = await db.chatMessage.count({ where: { gameId: input.gameId, channel: input.channel } });
    if (held >= CHAT_MAX_PER_CHANNEL) fail("LIMIT", `This chat holds ${held} messages, the most a game keeps.`, { reason: "chatFull", params: { n: held } });
    const row = await db.chatMessage.create({
      data: {
        id: newGameId(),
        gameId: input.gameId,
        channel: input.channel,
        playerId: me.id,
        name: me.name,
        text: maskProfanity(input.text),
        createdAt: new Date(now()),
      },
    });
    return lineOf(row);
  }

  /** `me`'s message to tournament `id`'s chat (./tournament): the line, and the players its room must not reach (blocks). */
  sendToTournament(me: Me | null, input: { id: string; text: string; watching: boolean }): Promise<{ line: ChatLine; except: string[] }> {
    return tournamentChatSend(this.opts, me, input);
  }

  /** Tournament `id`'s kept messages, oldest first, without those of players in a block with `me`. */
  tournamentHistory(me: Me | null, id: string): Promise<ChatLine[]> {
    return tournamentChatHistory(this.opts, me, id);
  }

  /** The kept messages of `channel` that `me` may read (the players' chat: its two players only), oldest first. */
  async history(me: Me | null, gameId: string, channel: ChatChannel): Promise<ChatLine[]> {
    const mine = await this.channelOf(me?.id ?? null, gameId);
    refuseOtherChannel(mine.channel, channel);
    const rows = await this.opts.db.chatMessage.findMany({ where: { gameId, channel }, orderBy: { createdAt: "desc" }, take: CHAT_HISTORY_MAX });
    return rows.reverse().map(lineOf);
  }
}

/** A player may use only the players' chat, anyone else only the spectators'. */
function refuseOtherChannel(mine: ChatChannel, asked: ChatChannel): void {
  if (mine === asked) return;
  if (asked === "players") fail("NOT_ALLOWED", "Only the two players of this game read and write their chat.", { reason: "playersChatOnly" });
  fail("NOT_ALLOWED", "The players of a game do not read or write its spectators' chat.", { reason: "spectatorsChatOnly" });
}
