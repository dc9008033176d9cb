// Whom you follow, pushed (issue 28): a page listing them asks EV.followWatch, and its socket joins one
// room per player it follows (./rooms followedRoom). When such a player's whereabouts may have changed
// (a socket of theirs connects or goes; they sit down in a game or get up; a game of theirs starts or
// ends) the room is told EV.followChanged, with no data: the page reads the list again (EV.followList,
// which checks blocks and presence). At most one notice a player per window, so a reconnect flood or a
// player opening twenty tabs costs each follower one re-read. Through the adapter on every node.
import type { GameService } from "../games/service";
import type { TimerHandle } from "../time";
import { EV } from "../../shared/protocol";
import type { IO } from "./admission";
import { followedRoom } from "./rooms";

export const FOLLOW_NOTICE_MS = 500;

export function createFollowNotices(io: IO, games: GameService, windowMs = FOLLOW_NOTICE_MS) {
  const due = new Map<string, TimerHandle>();
  const changed = (playerId: string | null | undefined) => {
    if (!playerId || due.has(playerId)) return;
    const timer = games.clock.setTimeout(() => {
      due.delete(playerId);
      io.to(followedRoom(playerId)).emit(EV.followChanged);
    }, windowMs);
    timer.unref();
    due.set(playerId, timer);
  };
  const meOf = (data: { me?: { id?: string } | null }) => data.me?.id;

  io.on("connection", (socket) => {
    const id = meOf(socket.data);
    if (!id) return;
    changed(id);
    socket.on("disconnect", () => changed(id));
  });
  // A game started or ended (or a seat was taken): its players.
  const onState = (s: { id: string; status: string }) => {
    if (s.status !== "waiting") for (const id of games.playersOf(s.id)) changed(id);
  };
  games.on("state", onState);

  return {
    /** A socket took a seat in a game's room or left it (whereabouts read the sockets' seats). */
    seated: (socket: { data: { me?: { id?: string } | null } }) => changed(meOf(socket.data)),
    close() {
      games.off("state", onState);
      for (const t of due.values()) games.clock.clearTimeout(t);
      due.clear();
    },
  };
}
