// Who a socket is: its handshake's session (lib/server/identity). Every socket of a player is in
// their personal room (challenges, pairings and rematches are announced there), and in its
// session's (ended sessions end their sockets: ./session-ends).
import { sessionIdOf, type Identities } from "../identity/identities";
import type { Logger } from "../log";
import { sessionTokenOfSocket, type IO } from "./admission";
import { playerRoom } from "./rooms";
import { sessionRoom } from "./session-ends";

/** Sets socket.data.me from the handshake's session (none, or unreadable: anonymous). */
export function identifySockets(io: IO, identities: Identities | null, log: Logger): void {
  io.use((socket, next) => {
    const token = sessionTokenOfSocket(socket);
    if (!identities || !token) return next();
    identities.ofSession(token).then(
      (me) => {
        socket.data.me = me;
        if (me) void socket.join([playerRoom(me.id), sessionRoom(sessionIdOf(token))]);
        next();
      },
      (err: unknown) => {
        log.warn({ err }, "could not read a socket's session");
        next();
      },
    );
  });
}
