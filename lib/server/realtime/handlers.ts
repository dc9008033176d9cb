// What each client event does, built once for all connections: a connection holds only its Conn
// and two listeners (at 14,000 connections, per-socket handler closures cost megabytes). Typed by
// the contract: each handler gets its event's parsed payload and resolves with its ack's data.
import { EV } from "../../shared/protocol";
import type { Handlers } from "../../shared/contract";
import { fail } from "../errors";
import type { GameService } from "../games/service";
import type { createListCache } from "../games/list-cache";
import { RateLimitedError, type Limiter } from "../limits/limiter";
import type { AbortAllowance } from "../limits/aborts";
import type { Metrics } from "../metrics/registry";
import { TV_OFF, type TvLoop } from "../tv/loop";
import type { Lobby } from "../lobby";
import type { AnalysisService } from "../analysis/service";
import { actorOfConn, remember, type Conn, type Role, type Sock } from "./conn";
import { LOBBY_ROOM, TV_ROOM, tournamentRoom } from "./rooms";
import type { Social, WhereAbouts } from "../social";
import { createSocialHandlers } from "./social-handlers";
import { createChatHandlers, joinChatRoom, leaveChatRooms, type ChatHost } from "./chat-handlers";

export interface HandlersHost extends ChatHost {
  games: GameService;
  lobby: Lobby | null;
  analysis: AnalysisService | null;
  tv: TvLoop | null;
  aborts: AbortAllowance | null;
  limiter: Limiter;
  metrics: Metrics | null;
  /** Identical list requests share one query (lib/server/games/list-cache). */
  lists: ReturnType<typeof createListCache>;
  /** Records a socket entering (a role) or leaving (undefined) a game's room (./presence). */
  setMember(socket: Sock, gameId: string, role: Role | undefined): Promise<void>;
  /** People (lib/server/social); none: their events answer NOT_FOUND. */
  social?: Social | null;
  /** Who is online and playing (./social-handlers whereAboutsOf). */
  whereAbouts?: WhereAbouts;
}

export function createHandlers(host: HandlersHost): Handlers<Conn> {
  const { games, tv, limiter, metrics, lists, setMember } = host;
  const requireLobby = (): Lobby => host.lobby ?? fail("NOT_FOUND", "This server has no lobby.");
  const requireAnalysis = (): AnalysisService => host.analysis ?? fail("NOT_FOUND", "This server does not analyse games.");
  const onBreak = (c: Conn): Promise<void> => host.aborts?.check(c.me?.id) ?? Promise.resolve();

  /** Games created per address per minute. */
  const creating = async <T>(conn: Conn, run: () => Promise<T>): Promise<T> => {
    const r = await limiter.gameCreated(conn.ip);
    if (!r.ok) {
      metrics?.rateLimited.inc({ limit: "games" });
      throw new RateLimitedError("new games", r.retryMs);
    }
    const created = await run();
    lists.invalidate(); // the new game is in the live list at once
    return created;
  };

  return {
    ...createChatHandlers(host),
    [EV.create]: (c, p) => creating(c, () => games.createGame(p, actorOfConn(c))),
    [EV.createAiMatch]: (c, p) => creating(c, () => games.createAiMatch(p)),
    [EV.join]: async (c, p) => {
      const r = await games.join(p, actorOfConn(c));
      c.joined.set(p.gameId, r.color);
      remember(c);
      await setMember(c.socket, p.gameId, r.color);
      await joinChatRoom(c.socket, p.gameId, r.color !== null);
      const state = await games.getState(p.gameId); // with this socket counted
      c.socket.emit(EV.state, state);
      // An engine search under way: its latest report now, not at its next one (a deep iteration can take seconds).
      const thinking = games.thinkingOf(p.gameId);
      if (thinking) c.socket.emit(EV.thinking, thinking);
      return { state, color: r.color, seatToken: r.seatToken };
    },
    [EV.leave]: async (c, p) => {
      c.joined.delete(p.gameId);
      remember(c);
      await setMember(c.socket, p.gameId, undefined);
      await leaveChatRooms(c.socket, p.gameId);
      return {};
    },
    // A seat action without a seat token acts for the socket's identity (SPECTATOR when it has no seat).
    [EV.move]: async (c, p) => (await games.move(p, actorOfConn(c)), {}),
    [EV.swap2]: (c, p) => games.chooseSwap2(p, actorOfConn(c)),
    [EV.resign]: (c, p) => games.resign(p, actorOfConn(c)),
    [EV.takeback]: (c, p) => games.takeback(p, actorOfConn(c)),
    [EV.abort]: (c, p) => games.abort(p, actorOfConn(c)),
    [EV.drawOffer]: (c, p) => games.offerDraw(p, actorOfConn(c)),
    [EV.drawAccept]: (c, p) => games.acceptDraw(p, actorOfConn(c)),
    [EV.drawDecline]: (c, p) => games.declineDraw(p, actorOfConn(c)),
    [EV.claim]: (c, p) => games.claim(p, actorOfConn(c)),
    [EV.rematch]: (c, p) => creating(c, () => games.rematch(p, actorOfConn(c))),
    [EV.list]: (_c, p) => lists.list(p),
    [EV.lobbyWatch]: async (c, p) => {
      const l = requireLobby();
      if (p.watch) await c.socket.join(LOBBY_ROOM);
      else await c.socket.leave(LOBBY_ROOM);
      return { lobby: await l.state(), seeking: await l.pairing.seeking(c.me) };
    },
    // A player on a break for aborting (lib/server/limits/aborts) takes no seat from the lobby.
    [EV.challengeCreate]: async (c, p) => (await onBreak(c), { challenge: await requireLobby().challenges.create(c.me, p, c.socket.id, c.ip) }),
    [EV.challengeAccept]: async (c, p) => (await onBreak(c), requireLobby().challenges.accept(c.me, p.id)),
    [EV.challengeWithdraw]: async (c, p) => (await requireLobby().challenges.withdraw(c.me, p.id), {}),
    [EV.pairingJoin]: async (c, p) => (await onBreak(c), requireLobby().pairing.join(c.me, p.pool, c.socket.id)),
    [EV.pairingLeave]: async (c) => (await requireLobby().pairing.leave(c.me), {}),
    [EV.analysisRequest]: async (c, p) => ({ analysis: await requireAnalysis().request(p.gameId, { playerId: c.me?.id ?? null, ip: c.ip }) }),
    [EV.analysisGet]: async (_c, p) => ({ analysis: await requireAnalysis().view(p.gameId) }),
    [EV.tvWatch]: async (c, p) => {
      if (p.watch) await c.socket.join(TV_ROOM);
      else await c.socket.leave(TV_ROOM);
      return { current: tv ? tv.snapshot() : TV_OFF };
    },
    // One tournament room at a time per socket (a page follows one event): a socket cannot pile up rooms.
    [EV.tournamentWatch]: async (c, p) => {
      for (const room of c.socket.rooms) if (room.startsWith(tournamentRoom(""))) await c.socket.leave(room);
      if (p.watch) await c.socket.join(tournamentRoom(p.id));
      return {};
    },
    ...createSocialHandlers({ social: host.social ?? null, whereAbouts: host.whereAbouts ?? (async () => new Map()), onBreak }),
  };
}
