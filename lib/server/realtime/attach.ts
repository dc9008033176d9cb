// socket.io wiring, one part per concern: which connections get in (./admission), who a socket is
// (./socket-identity), who is in each game's room (./presence), what the services tell the rooms
// (./broadcasts), and every client event parsed by the contract's map (lib/shared/contract),
// handed to its handler (./handlers) and acknowledged (./dispatch). One room per game ("game:<id>").
import type { Server as HttpServer } from "node:http";
import type { Presence } from "../games/service";
import { noPresence } from "../games/state";
import { createListCache } from "../games/list-cache";
import { log as rootLog } from "../log";
import { createLimiter } from "../limits/limiter";
import { admitConnections, createSocketServer } from "./admission";
import { identifySockets } from "./socket-identity";
import { createPresence } from "./presence";
import { wireBroadcasts } from "./broadcasts";
import { createHandlers } from "./handlers";
import { whereAboutsOf, wireSocial } from "./social-handlers";
import { createFollowNotices } from "./follow-notices";
import { createDispatch } from "./dispatch";
import { serveConnections, type Role, type Sock } from "./conn";
import type { RealtimeOptions, RealtimeServices } from "./options";

export { LOBBY_ROOM, TV_ROOM, playerRoom, roomOf, tournamentRoom } from "./rooms";
export { summarizeIssues } from "./dispatch";
export type { RealtimeOptions, RealtimeServices } from "./options";

/** Attaches socket.io to `httpServer` (path /socket.io) and wires it to the game service. */
export function attachRealtime(httpServer: HttpServer, services: RealtimeServices, opts: RealtimeOptions = {}) {
  const { games } = services;
  const log = services.log ?? rootLog;
  const limiter = opts.limiter ?? createLimiter();
  const metrics = opts.metrics ?? null;
  const [tv, lobby, analysis] = [services.tv ?? null, services.lobby ?? null, services.analysis ?? null];
  const io = createSocketServer(httpServer, limiter, opts);
  const { addressOf } = admitConnections(io, limiter, metrics, opts.socketsPerAddress ?? 0);
  identifySockets(io, services.identities ?? null, log);

  // Who is in each game's room (cluster-wide with an adapter): the state's counts and seat flags.
  const presence = createPresence(io, games, { cluster: !!opts.adapter, log });
  // Whom you follow, pushed to the pages that list them (a seat taken or left changes where a player is).
  const follows = createFollowNotices(io, games);
  const setMember = (socket: Sock, gameId: string, role: Role | undefined) => {
    // A seat taken (a colour) or a room left (undefined; a spectator's leaving costs one spare notice at most).
    if (role !== null) follows.seated(socket);
    return presence.set(socket, gameId, role);
  };
  const broadcasts = wireBroadcasts(io, { games, presence, tv, lobby, analysis, log });
  // Identical list requests share one query, and its answer for a second or two.
  const lists = createListCache(games);
  const [chat, moderation] = [services.chat ?? null, services.moderation ?? null];
  const social = services.social ?? null;
  wireSocial(io, social, games, log);
  const handlers = createHandlers({
    games,
    lobby,
    analysis,
    tv,
    aborts: services.aborts ?? null,
    limiter,
    metrics,
    lists,
    setMember,
    chat,
    moderation,
    social,
    whereAbouts: whereAboutsOf(io, games.db),
  });
  const dispatch = createDispatch({ handlers, limiter, metrics, log });
  serveConnections(io, { games, lobby, limiter, log, addressOf, setMember, dispatch });

  let closed = false;
  return {
    io,
    /** Who is in a game's room (the game service reads it: GameServiceOptions.presence); nobody once closed. */
    presenceOf: (gameId: string): Presence => (closed ? noPresence() : presence.presenceOf(gameId)),
    async close() {
      closed = true;
      broadcasts.close();
      presence.close();
      follows.close();
      lists.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
