// The socket.io rooms the server broadcasts to.

/** One room per game: its players and spectators (and the replay page, for its analysis). */
export const roomOf = (gameId: string) => `game:${gameId}`;
/** Sockets following the TV (lib/server/tv): they get EV.tvCurrent whenever the game on air changes. */
export const TV_ROOM = "tv";
/** Sockets following the lobby: they get EV.lobby whenever its challenges or pools change. */
export const LOBBY_ROOM = "lobby";
/** Sockets following one tournament's page: EV.tournamentChanged when its standings or games change. */
export const tournamentRoom = (id: string) => `tour:${id}`;
/** Every socket of one identity (all its tabs and devices): personal notices go there. */
export const playerRoom = (playerId: string) => `player:${playerId}`;
/** The sockets of those who follow one player and watch their list (EV.followWatch): EV.followChanged when that player's whereabouts change. */
export const followedRoom = (playerId: string) => `followed:${playerId}`;
/** One game's chat: its players' (the two seat holders' sockets) or its spectators' (lib/server/chat). */
export const chatRoom = (gameId: string, channel: "players" | "spectators") => `chat:${channel}:${gameId}`;
