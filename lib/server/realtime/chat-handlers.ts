// The chat, block and report events (issue 28). A socket sits in one chat room of each game it
// joined: the players' when it holds a seat (by token or identity), else the spectators'
// (./rooms chatRoom). A message goes to its channel's room through the namespace, so with several
// nodes the adapter carries it to their sockets as it carries moves.
import { EV } from "../../shared/protocol";
import type { Handlers } from "../../shared/contract";
import { fail } from "../errors";
import type { ChatService } from "../chat/service";
import type { Moderation } from "../moderation";
import type { Conn, Sock } from "./conn";
import { chatRoom, playerRoom, tournamentRoom } from "./rooms";

type ChatEvents = typeof EV.chatSend | typeof EV.chatHistory | typeof EV.blockSet | typeof EV.blockList | typeof EV.reportCreate;

export interface ChatHost {
  chat: ChatService | null;
  moderation: Moderation | null;
}

/** After a join: the socket in the chat room of its role in the game (and out of the other). */
export async function joinChatRoom(socket: Sock, gameId: string, seated: boolean): Promise<void> {
  await socket.leave(chatRoom(gameId, seated ? "spectators" : "players"));
  await socket.join(chatRoom(gameId, seated ? "players" : "spectators"));
}

/** After a leave: out of both. */
export async function leaveChatRooms(socket: Sock, gameId: string): Promise<void> {
  await socket.leave(chatRoom(gameId, "players"));
  await socket.leave(chatRoom(gameId, "spectators"));
}

export function createChatHandlers(host: ChatHost): Pick<Handlers<Conn>, ChatEvents> {
  const requireChat = (): ChatService => host.chat ?? fail("NOT_FOUND", "This server has no chat.");
  const requireModeration = (): Moderation => host.moderation ?? fail("NOT_FOUND", "This server has no blocks or reports.");
  return {
    [EV.chatSend]: async (c, p) => {
      // A tournament's chat (lib/server/chat/tournament): from a socket on the event's page (its room), to that room on
      // every node, leaving out the player rooms of those in a block with the author.
      if (p.channel === "tournament") {
        const room = tournamentRoom(p.gameId);
        const { line, except } = await requireChat().sendToTournament(c.me, { id: p.gameId, text: p.text, watching: c.socket.rooms.has(room) });
        c.socket.nsp.to(room).except(except.map(playerRoom)).emit(EV.chat, line);
        return { line };
      }
      // Only from a game this socket is in (its room, its role): a stranger's forged game id stops here.
      if (!c.joined.has(p.gameId)) fail("NOT_ALLOWED", "Open the game first: you can chat only in a game you are in or watch.", { reason: "chatOpenGame" });
      const line = await requireChat().send(c.me, p);
      c.socket.nsp.to(chatRoom(p.gameId, p.channel)).emit(EV.chat, line);
      return { line };
    },
    [EV.chatHistory]: async (c, p) => ({
      lines: await (p.channel === "tournament" ? requireChat().tournamentHistory(c.me, p.gameId) : requireChat().history(c.me, p.gameId, p.channel)),
    }),
    [EV.blockSet]: (c, p) => requireModeration().setBlock(c.me, p.name, p.blocked),
    [EV.blockList]: async (c) => ({ blocked: await requireModeration().blockedNames(c.me) }),
    [EV.reportCreate]: (c, p) => requireModeration().report(c.me, p),
  };
}
