// socket.io wiring: every client event is parsed with its payload schema from the contract's map
// (lib/shared/contract), handed to the game service, and acknowledged { ok: true, … } or
// { ok: false, error: { code, message } }. One room per game ("game:<id>"); the service's events
// are broadcast to it.
import type { IncomingMessage, Server as HttpServer } from "node:http";
import { Server, type ServerOptions, type Socket } from "socket.io";
import type { z } from "zod";
import { EV, type Ack, type ErrorInfo, type ServerToClient } from "../../shared/protocol";
import { CONTRACT, type ClientEvent, type ClientToServer, type ContractEntry, type Handlers } from "../../shared/contract";
import { GameError, fail } from "../errors";
import type { GameService, Presence } from "../games/service";
import { log as rootLog, type Logger } from "../log";
import { createLimiter, rateLimitedInfo, rateLimitedMessage, RateLimitedError, type Limiter } from "../limits/limiter";
import type { AbortAllowance } from "../limits/aborts";
import { costOf, timeCost } from "./costs";
import { createListCache } from "../games/list-cache";
import type { Metrics } from "../metrics/registry";
import { TV_OFF, type TvLoop } from "../tv/loop";
import { createPresence, roomOf } from "./presence";
import { capSocketsPerAddress } from "../limits/sockets";
import { noPresence } from "../games/state";
import { sessionIdOf, type Identities } from "../identity/players";
import { sessionRoom } from "./session-ends";
import { sessionTokenOf } from "../identity/cookie";
import type { Me } from "../../shared/identity";
import type { Lobby } from "../lobby";
import type { AnalysisService } from "../analysis/service";

export { roomOf };
/** Sockets following the TV (lib/server/tv): they get EV.tvCurrent whenever the game on air changes. */
export const TV_ROOM = "tv";
/** Sockets following the lobby: they get EV.lobby whenever its challenges or pools change. */
export const LOBBY_ROOM = "lobby";
/** Lobby broadcasts wait this long for more changes (a burst of seeks is one message). */
const LOBBY_DEBOUNCE_MS = 200;

/** Every socket of one identity (all its tabs and devices): personal notices go there. */
export const playerRoom = (playerId: string) => `player:${playerId}`;

export interface RealtimeServices {
  games: GameService;
  /** Sessions → identities (lib/server/identity); none: every socket is anonymous (seat tokens only). */
  identities?: Identities | null;
  /** The TV loop, if the server runs one. */
  tv?: TvLoop | null;
  /** Open challenges and quick pairing (lib/server/lobby); none: those events answer NOT_FOUND. */
  lobby?: Lobby | null;
  /** Aborts per player (lib/server/limits/aborts): a player on a break takes no seat from the lobby; none: no limit. */
  aborts?: AbortAllowance | null;
  /** Game analysis (lib/server/analysis); none: its events answer NOT_FOUND. */
  analysis?: AnalysisService | null;
  log?: Logger;
}

export interface RealtimeOptions {
  /** Allowed CORS origins for socket.io (default: same origin only). */
  corsOrigin?: string | string[];
  /** Rate limits and the payload limit (default: lib/server/limits/limiter from the environment, in memory). */
  limiter?: Limiter;
  /** socket.io adapter (several nodes: the Redis adapter, lib/server/realtime/adapter). Default in memory. */
  adapter?: ServerOptions["adapter"];
  /**
   * socket.io connection-state recovery: a client back within this many ms gets its rooms and the
   * packets it missed (default 30 s, startGameServer passes SOCKET_RECOVERY_MS; 0: off; never with an adapter
   * given, the Redis adapter cannot). The server keeps every broadcast that long: memory grows
   * with the move rate. Clients rejoin on every (re)connection anyway, and every join answers
   * with the full state.
   */
  recoveryMs?: number;
  /** Acknowledgement times and rate-limit refusals go here (lib/server/metrics). */
  metrics?: Metrics | null;
  /** Which handshakes to accept (startGameServer: the Origin check, lib/server/http/origin). */
  allowRequest?: ServerOptions["allowRequest"];
  /** Sockets one address may hold at once on this process (SOCKETS_PER_ADDRESS; lib/server/limits/sockets). Default 0: no cap. */
  socketsPerAddress?: number;
}

// The payload schemas are the contract's, built once when it loads, not per connection: a zod
// schema carries its own compiled parser (kilobytes of code and strings), which 14,000
// connections would each have kept a copy of.
/** The client events, by name (a Set: a client's event name is never looked up on an object's prototype). */
const CLIENT_EVENTS = new Set<string>(Object.keys(CONTRACT));
const isClientEvent = (event: string): event is ClientEvent => CLIENT_EVENTS.has(event);

type IO = Server<ClientToServer, ServerToClient>;
type Sock = Socket<ClientToServer, ServerToClient>;

/** One connection's own state; the handlers are shared by all connections. */
interface Conn {
  socket: Sock;
  ip: string;
  /** The games this socket is in and its role there: a colour (seat holder) or null (spectator). */
  joined: Map<string, 1 | 2 | null>;
  /** Who this socket is (its handshake's session cookie), or null: anonymous (seat tokens only). */
  me: Me | null;
}

const actorOf = (c: Conn) => ({ playerId: c.me?.id ?? null, address: c.ip });

/** "size: Too small: expected number to be >=5; color: Invalid input" */
export function summarizeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 4).map((i) => {
    const where = i.path.length ? i.path.join(".") : "payload";
    return `${where}: ${i.message}`;
  });
  if (error.issues.length > 4) parts.push(`and ${error.issues.length - 4} more`);
  return `Invalid payload (${parts.join("; ")}).`;
}

function errorInfo(err: unknown, log: Logger, event: string): ErrorInfo {
  if (err instanceof GameError) return err.toInfo();
  log.error({ err, event }, "handler failed");
  return { code: "INTERNAL", message: "Something went wrong on the server." };
}

/** The logger for an event about a game: a child with the game's id on every line (made only when something is logged). */
function gameLog(log: Logger, payload: unknown): Logger {
  const gameId = payload !== null && typeof payload === "object" ? (payload as { gameId?: unknown }).gameId : undefined;
  return typeof gameId === "string" ? log.child({ gameId: gameId.slice(0, 64) }) : log;
}

/** Attaches socket.io to `httpServer` (path /socket.io) and wires it to the game service. */
export function attachRealtime(httpServer: HttpServer, services: RealtimeServices, opts: RealtimeOptions = {}) {
  const { games } = services;
  const log = services.log ?? rootLog;
  const limiter = opts.limiter ?? createLimiter();
  const recoveryMs = opts.recoveryMs ?? 30_000;
  const metrics = opts.metrics ?? null;
  const io: IO = new Server(httpServer, {
    serveClient: false,
    // Leave upgrade requests that are not ours (Next's HMR websocket) alone.
    destroyUpgrade: false,
    // A larger inbound message closes the connection (engine.io refuses it).
    maxHttpBufferSize: limiter.settings.maxPayloadBytes,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
    ...(recoveryMs > 0 && !opts.adapter ? { connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: true } } : {}),
    ...(opts.corsOrigin ? { cors: { origin: opts.corsOrigin } } : {}),
    ...(opts.allowRequest ? { allowRequest: opts.allowRequest } : {}),
  });

  // Every connection keeps its upgrade request (headers and all) for its whole life unless told
  // otherwise: take the client address from it, then let it go (socket.io's memory-usage advice;
  // nothing here reads the headers later).
  io.engine.on(
    "connection",
    (raw: { request: IncomingMessage | null; clientAddress?: string; sessionToken?: string | null; transport?: { name?: string } }) => {
      const req = raw.request;
      if (!req) return;
      raw.clientAddress = limiter.addressOf(req);
      raw.sessionToken = sessionTokenOf(req.headers);
      raw.request = null;
      // engine.io's stand-in response for a websocket upgrade holds the request until the socket
      // closes anyway: empty its headers (the upgrade is over; a long-polling handshake is still
      // answering with them, so it keeps them).
      if (raw.transport?.name === "websocket") {
        req.headers = {};
        req.rawHeaders = [];
      }
    },
  );
  const addressOf = (socket: Sock): string => (socket.conn as unknown as { clientAddress?: string }).clientAddress ?? limiter.addressOf(socket.request);
  // Sockets held at once per address (registered after the listener above: it reads the address that one set).
  const heldSockets = capSocketsPerAddress(
    io,
    opts.socketsPerAddress ?? 0,
    (conn) => (conn as { clientAddress?: string }).clientAddress,
    () => metrics?.rateLimited.inc({ limit: "sockets" }),
  );

  // New connections per client address.
  io.use((socket, next) => {
    const ip = addressOf(socket);
    socket.data.ip = ip;
    void limiter.connection(ip).then((r) => {
      if (r.ok) return next();
      metrics?.rateLimited.inc({ limit: "connections" });
      const err = new Error(rateLimitedMessage("connections", r.retryMs)) as Error & { data?: unknown };
      err.data = rateLimitedInfo("connections", r.retryMs);
      next(err);
    });
  });
  io.use(heldSockets.middleware);

  // Who the socket is: its handshake's session (lib/server/identity). Every socket of a player is in
  // their personal room (challenges, pairings and rematches are announced there), and in its
  // session's (ended sessions end their sockets: ./session-ends).
  const identities = services.identities ?? null;
  io.use((socket, next) => {
    const token = (socket.conn as unknown as { sessionToken?: string | null }).sessionToken ?? null;
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

  // Who is in each game's room (cluster-wide with an adapter): the state's counts and seat flags.
  const presence = createPresence(io, games, { cluster: !!opts.adapter, log });
  let closed = false;

  games.on("moved", (e) => io.to(roomOf(e.gameId)).emit(EV.moved, e));
  games.on("state", (s) => {
    io.to(roomOf(s.id)).emit(EV.state, s);
    presence.stateSent(s.id);
  });
  games.on("thinking", (t) => io.to(roomOf(t.gameId)).emit(EV.thinking, t));
  games.on("scored", (e) => io.to(roomOf(e.gameId)).emit(EV.scored, e));
  const tv = services.tv ?? null;
  tv?.on("current", (c) => io.to(TV_ROOM).emit(EV.tvCurrent, c));

  const setMember = (socket: Sock, gameId: string, role: 1 | 2 | null | undefined) => presence.set(socket, gameId, role);

  // The lobby tells a player's sockets their game started, and the lobby room what changed.
  const lobby = services.lobby ?? null;
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
  const requireLobby = (): Lobby => lobby ?? fail("NOT_FOUND", "This server has no lobby.");
  const onBreak = (c: Conn): Promise<void> => services.aborts?.check(c.me?.id) ?? Promise.resolve();

  // A game's analysis as it goes: to everyone in the game's room (the replay page joins it).
  const analysis = services.analysis ?? null;
  analysis?.on("update", (u) => io.to(roomOf(u.gameId)).emit(EV.analysis, u));
  const requireAnalysis = (): AnalysisService => analysis ?? fail("NOT_FOUND", "This server does not analyse games.");

  const limited = (what: string, retryMs: number): Ack<never> => ({ ok: false, error: rateLimitedInfo(what, retryMs) });
  // Identical list requests share one query, and its answer for a second or two.
  const lists = createListCache(games);
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
  /** socket.data keeps the roles too, so a recovered connection (connectionStateRecovery) knows them again. */
  const remember = (conn: Conn) => (conn.socket.data.joined = Object.fromEntries(conn.joined));

  // What each client event does, built once for all connections: a connection holds only its
  // Conn and two listeners (at 14,000 connections, per-socket handler closures cost megabytes).
  // Typed by the contract: each handler gets its event's parsed payload and resolves with its ack's data.
  const handlers: Handlers<Conn> = {
    [EV.create]: (c, p) => creating(c, () => games.createGame(p, actorOf(c))),
    [EV.createAiMatch]: (c, p) => creating(c, () => games.createAiMatch(p)),
    [EV.join]: async (c, p) => {
      const r = await games.join(p, actorOf(c));
      c.joined.set(p.gameId, r.color);
      remember(c);
      await setMember(c.socket, p.gameId, r.color);
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
      return {};
    },
    // A seat action without a seat token acts for the socket's identity (SPECTATOR when it has no seat).
    [EV.move]: async (c, p) => (await games.move(p, actorOf(c)), {}),
    [EV.swap2]: (c, p) => games.chooseSwap2(p, actorOf(c)),
    [EV.resign]: (c, p) => games.resign(p, actorOf(c)),
    [EV.takeback]: (c, p) => games.takeback(p, actorOf(c)),
    [EV.abort]: (c, p) => games.abort(p, actorOf(c)),
    [EV.drawOffer]: (c, p) => games.offerDraw(p, actorOf(c)),
    [EV.drawAccept]: (c, p) => games.acceptDraw(p, actorOf(c)),
    [EV.drawDecline]: (c, p) => games.declineDraw(p, actorOf(c)),
    [EV.claim]: (c, p) => games.claim(p, actorOf(c)),
    [EV.rematch]: (c, p) => creating(c, () => games.rematch(p, actorOf(c))),
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
  };

  /** Every client event: rate limit → route (UNKNOWN_EVENT if none) → parse → run → ack. Never throws, whatever the client sends. */
  async function dispatch(conn: Conn, event: string, args: unknown[]): Promise<void> {
    const started = performance.now();
    const ackArg = args.at(-1);
    const ack = typeof ackArg === "function" ? (ackArg as (a: Ack<object>) => void) : null;
    const payload = ack && args.length === 1 ? undefined : args[0];
    let reply: Ack<object>;
    // Each event costs what it can make the server do (lib/server/realtime/costs): a list more than a move.
    const allowed = await limiter.event(conn.socket.id, conn.ip, costOf(event));
    if (!allowed.ok) {
      metrics?.rateLimited.inc({ limit: "events" });
      reply = limited("requests", allowed.retryMs);
    } else if (!isClientEvent(event)) reply = { ok: false, error: { code: "UNKNOWN_EVENT", message: `Unknown event "${String(event).slice(0, 40)}".` } };
    else {
      const entry: ContractEntry = CONTRACT[event];
      // The handler of this event takes what its entry's schema parses (the map pairs them; tsc checks each pair in `handlers`).
      const run = handlers[event] as (conn: Conn, payload: unknown) => Promise<object>;
      const parsed = entry.payload.safeParse(payload);
      if (!parsed.success) {
        reply = { ok: false, error: { code: "BAD_PAYLOAD", message: summarizeIssues(parsed.error) } };
      } else {
        try {
          reply = { ok: true, ...(await run(conn, parsed.data)) };
        } catch (err) {
          reply = { ok: false, error: errorInfo(err, gameLog(log, payload), event) };
        }
        const extra = timeCost(event, performance.now() - started, parsed.data);
        if (extra) void limiter.charge(conn.ip, extra); // not awaited: the answer does not wait for the bookkeeping
      }
    }
    const outcome = reply.ok ? "ok" : reply.error.code;
    metrics?.ackSeconds.observe({ event: isClientEvent(event) ? event : "unknown", outcome }, (performance.now() - started) / 1000);
    if (!reply.ok && log.isLevelEnabled("debug"))
      gameLog(log, payload).debug({ event: String(event).slice(0, 40), code: reply.error.code, socket: conn.socket.id }, "refused");
    if (ack) {
      try {
        ack(reply);
      } catch (err) {
        gameLog(log, payload).warn({ err, event: String(event).slice(0, 40) }, "ack callback threw");
      }
    }
  }

  function disconnected(conn: Conn): void {
    limiter.forgetSocket(conn.socket.id);
    // Its open challenges and its place in a pairing pool go with it.
    if (lobby && conn.me) void lobby.socketGone(conn.socket.id).catch((err: unknown) => log.warn({ err }, "could not clear a socket's lobby entries"));
    for (const gameId of conn.joined.keys()) void setMember(conn.socket, gameId, undefined).catch(() => {});
    // joined stays in socket.data for a recovered connection; this copy is done.
    conn.joined.clear();
  }

  io.on("connection", (socket: Sock) => {
    const ip: string = socket.data.ip ?? addressOf(socket);
    socket.data.ip = ip;
    const conn: Conn = {
      socket,
      ip,
      joined: new Map(Object.entries((socket.data.joined ?? {}) as Record<string, 1 | 2 | null>)),
      me: (socket.data.me as Me | null | undefined) ?? null,
    };
    socket.onAny((event: string, ...args: unknown[]) => void dispatch(conn, event, args));
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

  return {
    io,
    /** Who is in a game's room (the game service reads it: GameServiceOptions.presence); nobody once closed. */
    presenceOf: (gameId: string): Presence => (closed ? noPresence() : presence.presenceOf(gameId)),
    async close() {
      closed = true;
      if (lobbyTimer) clearTimeout(lobbyTimer);
      presence.close();
      lists.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
