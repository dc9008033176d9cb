// Ended sessions end their sockets. Each socket with a session sits in the room of that session
// (and of its player: ./socket-identity), so sign-out, "sign out everywhere" and a password change
// disconnect exactly the sockets they should, on every node (disconnectSockets goes through the
// adapter). Disconnect, rather than turning the sockets into guests: a socket's identity is fixed
// at its handshake (its rooms, its challenges and seek, the seats it sits in by identity), and a
// socket leaving already withdraws its challenges and seek; the browser reconnects with whatever
// its cookie says now (lib/client/socket). Other nodes are told too, to drop their cached sessions
// of the player (else a stolen cookie would pass there for up to 30 s).
import type { Server } from "socket.io";
import type { SessionsEnded } from "../identity/http";
import type { Logger } from "../log";

/** The room of one session's sockets (its id: the SHA-256 of the cookie's token). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The notice a node sends after ending sessions of a player (over the adapter: serverSideEmit). */
export const SESSIONS_ENDED = "gomoku:sessions-ended";

/** Closes the sockets of the ended sessions everywhere; with `cluster`, the other nodes forget their cached sessions of the player. */
export function endSessionSockets(io: Server, ended: SessionsEnded, playerRoom: (id: string) => string, cluster: boolean, log?: Logger): void {
  const sockets = ended.only ? io.in(sessionRoom(ended.only)) : io.in(playerRoom(ended.playerId)).except(ended.except ? sessionRoom(ended.except) : []);
  sockets.disconnectSockets(true);
  if (!cluster) return;
  try {
    io.serverSideEmit(SESSIONS_ENDED, ended.playerId);
  } catch (err) {
    log?.warn({ err, playerId: ended.playerId }, "could not tell the other nodes about ended sessions");
  }
}

/** Another node ended sessions of a player: this node reads that player's sessions again on their next use. */
export function wireSessionEnds(io: Server, sessions: { forget(playerId: string): void }): void {
  io.on(SESSIONS_ENDED, (playerId: unknown) => {
    if (typeof playerId === "string") sessions.forget(playerId);
  });
}
