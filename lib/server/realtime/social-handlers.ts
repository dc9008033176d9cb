// People's events (issue 28, lib/server/social): search, follows, challenges by name, correspondence
// turns; what the server tells one player (a challenge for them, its answer, their move in a
// correspondence game) goes to their room player:<id>, on every node through the adapter.
import { EV, type ClientEvent } from "../../shared/protocol";
import type { Handlers } from "../../shared/contract";
import type { SOCIAL_CLIENT_EV } from "../../shared/social";
import { fail } from "../errors";
import type { Db } from "../db/client";
import type { GameService } from "../games/service";
import type { Logger } from "../log";
import { corrTurns, searchPlayers, type Social, type WhereAbouts } from "../social";
import type { IO } from "./admission";
import type { Conn, Role } from "./conn";
import { followedRoom, playerRoom } from "./rooms";

type SocialEvent = (typeof SOCIAL_CLIENT_EV)[keyof typeof SOCIAL_CLIENT_EV] & ClientEvent;

export interface SocialHost {
  social: Social | null;
  whereAbouts: WhereAbouts;
  /** A player on a break for aborting takes no seat (lib/server/limits/aborts). */
  onBreak(c: Conn): Promise<void>;
}

export function createSocialHandlers(host: SocialHost): Pick<Handlers<Conn>, SocialEvent> {
  const need = (): Social => host.social ?? fail("NOT_FOUND", "This server has no people's features.");
  return {
    [EV.playersSearch]: async (_c, p) => ({ players: await searchPlayers(need().db, p.prefix) }),
    [EV.followSet]: async (c, p) => ({ name: await need().follows.set(c.me, p.name, p.follow) }),
    [EV.followList]: async (c) => ({ players: await need().follows.list(c.me, host.whereAbouts) }),
    [EV.followStatus]: async (c, p) => ({ following: await need().follows.follows(c.me, p.name) }),
    [EV.followWatch]: async (c) => {
      const ids = await need().follows.followedIds(c.me);
      // Asked again (a follow or a block since): the rooms are this list's, not the last one's as well.
      for (const room of c.socket.rooms) if (room.startsWith(followedRoom(""))) void c.socket.leave(room);
      if (ids.length) await c.socket.join(ids.map(followedRoom));
      return { count: ids.length };
    },
    [EV.directCreate]: async (c, p) => (await host.onBreak(c), { challenge: await need().direct.create(c.me, p) }),
    [EV.directAnswer]: async (c, p) => {
      if (p.accept) await host.onBreak(c);
      return need().direct.answer(c.me, p.id, p.accept);
    },
    [EV.directCancel]: async (c, p) => (await need().direct.cancel(c.me, p.id), {}),
    [EV.directInbox]: (c) => need().direct.inbox(c.me),
    [EV.corrTurns]: async (c) => ({ games: await corrTurns(need().db, c.me) }),
  };
}

/** Where players are: online (a socket in their room, on any node) and the game they hold a seat in that is being played. */
export function whereAboutsOf(io: IO, db: Db): WhereAbouts {
  return async (ids) => {
    const out = new Map<string, { online: boolean; playing: string | null }>();
    if (!ids.length) return out;
    const wanted = new Set(ids);
    const sockets = await io.in(ids.map(playerRoom)).fetchSockets();
    const seated = new Map<string, Set<string>>();
    for (const s of sockets) {
      const id = (s.data.me as { id?: string } | null | undefined)?.id;
      if (!id || !wanted.has(id)) continue;
      out.set(id, { online: true, playing: null });
      const joined = (s.data.joined ?? {}) as Record<string, Role>;
      for (const [gameId, role] of Object.entries(joined)) if (role) (seated.get(gameId) ?? seated.set(gameId, new Set()).get(gameId)!).add(id);
    }
    if (seated.size) {
      const games = await db.game.findMany({
        where: { id: { in: [...seated.keys()].slice(0, 500) }, status: "playing" },
        select: { id: true, blackPlayerId: true, whitePlayerId: true },
      });
      for (const g of games)
        for (const id of seated.get(g.id) ?? []) if (g.blackPlayerId === id || g.whitePlayerId === id) out.set(id, { online: true, playing: g.id });
    }
    return out;
  };
}

/** Challenges by name and correspondence turns, told to the player they concern (every tab and node). */
export function wireSocial(io: IO, social: Social | null, games: GameService, log: Logger): void {
  social?.setNotices({
    incoming: (toId, c) => void io.to(playerRoom(toId)).emit(EV.directIncoming, c),
    answered: (fromId, e) => void io.to(playerRoom(fromId)).emit(EV.directAnswered, e),
    started: (playerId, gameId) => void io.to(playerRoom(playerId)).emit(EV.started, { gameId, via: "challenge" }),
  });
  games.on("corrTurn", (e) => {
    try {
      io.to(playerRoom(e.playerId)).emit(EV.corrTurn, { gameId: e.gameId, deadline: new Date(e.deadline).toISOString(), opponent: e.opponent });
    } catch (err) {
      log.warn({ err, gameId: e.gameId }, "could not tell a correspondence turn");
    }
  });
}
