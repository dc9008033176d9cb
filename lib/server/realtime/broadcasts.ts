// What the services tell the rooms: a game's moves, states, engine reports and scores to its room
// (and presence told a state went out), the TV's game on air, the lobby's changes (debounced) and
// started games, a game's analysis as it goes.
import { EV } from "../../shared/protocol";
import type { GameService } from "../games/service";
import type { Logger } from "../log";
import type { TvLoop } from "../tv/loop";
import type { Lobby } from "../lobby";
import type { AnalysisService } from "../analysis/service";
import type { IO } from "./admission";
import type { PresenceTracker } from "./presence";
import { LOBBY_ROOM, TV_ROOM, playerRoom, roomOf } from "./rooms";

/** Lobby broadcasts wait this long for more changes (a burst of seeks is one message). */
const LOBBY_DEBOUNCE_MS = 200;

export interface BroadcastSources {
  games: GameService;
  presence: PresenceTracker;
  tv: TvLoop | null;
  lobby: Lobby | null;
  analysis: AnalysisService | null;
  log: Logger;
}

/** Wires the services' events to the rooms; close() stops a lobby broadcast that is waiting. */
export function wireBroadcasts(io: IO, { games, presence, tv, lobby, analysis, log }: BroadcastSources) {
  games.on("moved", (e) => io.to(roomOf(e.gameId)).emit(EV.moved, e));
  games.on("state", (s) => {
    io.to(roomOf(s.id)).emit(EV.state, s);
    presence.stateSent(s.id);
  });
  games.on("thinking", (t) => io.to(roomOf(t.gameId)).emit(EV.thinking, t));
  games.on("scored", (e) => io.to(roomOf(e.gameId)).emit(EV.scored, e));
  tv?.on("current", (c) => io.to(TV_ROOM).emit(EV.tvCurrent, c));

  // The lobby tells a player's sockets their game started, and the lobby room what changed.
  let closed = false;
  let lobbyTimer: NodeJS.Timeout | null = null;
  lobby?.setNotices({
    started: (playerId, gameId, via) => void io.to(playerRoom(playerId)).emit(EV.started, { gameId, via }),
    changed: () => {
      if (lobbyTimer || closed) return;
      lobbyTimer = setTimeout(() => {
        lobbyTimer = null;
        void lobby.state().then(
          (st) => io.to(LOBBY_ROOM).emit(EV.lobby, st),
          (err: unknown) => log.warn({ err }, "could not read the lobby"),
        );
      }, LOBBY_DEBOUNCE_MS);
      lobbyTimer.unref();
    },
  });

  // A game's analysis as it goes: to everyone in the game's room (the replay page joins it).
  analysis?.on("update", (u) => io.to(roomOf(u.gameId)).emit(EV.analysis, u));

  return {
    close() {
      closed = true;
      if (lobbyTimer) clearTimeout(lobbyTimer);
    },
  };
}
