// One connection's own state (Conn), and its life: made when a socket connects, every event it
// sends dispatched (./dispatch), its games and lobby entries let go when it disconnects, and a
// recovered connection counted in its games again.
import type { Socket } from "socket.io";
import type { ClientToServer } from "../../shared/contract";
import { EV, type ServerToClient } from "../../shared/protocol";
import type { Me } from "../../shared/identity";
import type { GameService } from "../games/service";
import type { Limiter } from "../limits/limiter";
import type { Lobby } from "../lobby";
import type { Logger } from "../log";
import type { IO } from "./admission";

export type Sock = Socket<ClientToServer, ServerToClient>;
export type Role = 1 | 2 | null;

/** One connection's own state; the handlers are shared by all connections. */
export interface Conn {
  socket: Sock;
  ip: string;
  /** The games this socket is in and its role there: a colour (seat holder) or null (spectator). */
  joined: Map<string, Role>;
  /** Who this socket is (its handshake's session cookie), or null: anonymous (seat tokens only). */
  me: Me | null;
}

/** Who acts, for the game service: the socket's identity (if any) and its address. */
export const actorOfConn = (c: Conn) => ({ playerId: c.me?.id ?? null, address: c.ip });

/** socket.data keeps the roles too, so a recovered connection (connectionStateRecovery) knows them again. */
export const remember = (conn: Conn) => (conn.socket.data.joined = Object.fromEntries(conn.joined));

export interface ConnectionHost {
  games: GameService;
  lobby: Lobby | null;
  limiter: Limiter;
  log: Logger;
  addressOf(socket: Sock): string;
  /** Records a socket entering (a role) or leaving (undefined) a game's room (./presence). */
  setMember(socket: Sock, gameId: string, role: Role | undefined): Promise<void>;
  /** Answers one client event (./dispatch). */
  dispatch(conn: Conn, event: string, args: unknown[]): Promise<void>;
}

/** Serves every connection of `io`: a Conn each, all its events dispatched, its traces cleared when it goes. */
export function serveConnections(io: IO, host: ConnectionHost): void {
  const { games, lobby, limiter, log, setMember } = host;

  function disconnected(conn: Conn): void {
    limiter.forgetSocket(conn.socket.id);
    // Its open challenges and its place in a pairing pool go with it.
    if (lobby && conn.me) void lobby.socketGone(conn.socket.id).catch((err: unknown) => log.warn({ err }, "could not clear a socket's lobby entries"));
    for (const gameId of conn.joined.keys()) void setMember(conn.socket, gameId, undefined).catch(() => {});
    // joined stays in socket.data for a recovered connection; this copy is done.
    conn.joined.clear();
  }

  io.on("connection", (socket: Sock) => {
    const ip: string = socket.data.ip ?? host.addressOf(socket);
    socket.data.ip = ip;
    const conn: Conn = {
      socket,
      ip,
      joined: new Map(Object.entries((socket.data.joined ?? {}) as Record<string, Role>)),
      me: (socket.data.me as Me | null | undefined) ?? null,
    };
    socket.onAny((event: string, ...args: unknown[]) => void host.dispatch(conn, event, args));
    socket.on("disconnect", () => disconnected(conn));

    // A recovered connection (same socket id, rooms kept): count it in its games again and send
    // each game's full state (the client rejoins as well; a join answers with the full state).
    if (socket.recovered)
      for (const [gameId, role] of conn.joined)
        void (async () => {
          await setMember(socket, gameId, role);
          socket.emit(EV.state, await games.getState(gameId));
        })().catch((err) => log.child({ gameId }).debug({ err }, "could not restore a recovered socket's game"));
  });
}
