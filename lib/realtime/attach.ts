// socket.io wiring: every client event is parsed with the protocol's zod schema, handed to the game
// service, and acknowledged { ok: true, … } or { ok: false, error: { code, message } }. One room per
// game ("game:<id>"); the service's events are broadcast to it.
import type { IncomingMessage, Server as HttpServer } from "node:http";
import { Server, type ServerOptions, type Socket } from "socket.io";
import { z } from "zod";
import {
  CreateAiMatchSchema,
  CreateGameSchema,
  EV,
  JoinGameSchema,
  LeaveGameSchema,
  ListGamesSchema,
  MoveSchema,
  SeatActionSchema,
  TvWatchSchema,
  type Ack,
  type ClientToServer,
  type ErrorInfo,
  type ServerToClient,
} from "../protocol";
import { GameError } from "../games/errors";
import type { GameService } from "../games/service";
import { log as rootLog, type Logger } from "../log";
import { createLimiter, rateLimitedMessage, type Limiter } from "./limits";
import { TV_OFF, type TvLoop } from "../tv/loop";
import { createPresence, roomOf } from "./presence";

export { roomOf };
/** Sockets following the TV (lib/tv): they get EV.tvCurrent whenever the game on air changes. */
export const TV_ROOM = "tv";

export interface RealtimeServices {
  games: GameService;
  /** The TV loop, if the server runs one. */
  tv?: TvLoop | null;
  log?: Logger;
}

export interface RealtimeOptions {
  /** Allowed CORS origins for socket.io (default: same origin only). */
  corsOrigin?: string | string[];
  /** Rate limits and the payload limit (default: lib/realtime/limits from the environment, in memory). */
  limiter?: Limiter;
  /** socket.io adapter (several nodes: the Redis adapter, lib/realtime/adapter). Default in memory. */
  adapter?: ServerOptions["adapter"];
  /**
   * socket.io connection-state recovery: a client back within this many ms gets its rooms and the
   * packets it missed (default env SOCKET_RECOVERY_MS or 30 s; 0: off; never with an adapter
   * given, the Redis adapter cannot). The server keeps every broadcast that long: memory grows
   * with the move rate. Clients rejoin on every (re)connection anyway, and every join answers
   * with the full state.
   */
  recoveryMs?: number;
}

type IO = Server<ClientToServer, ServerToClient>;
type Sock = Socket<ClientToServer, ServerToClient>;

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

/** Attaches socket.io to `httpServer` (path /socket.io) and wires it to the game service. */
export function attachRealtime(httpServer: HttpServer, services: RealtimeServices, opts: RealtimeOptions = {}) {
  const { games } = services;
  const log = services.log ?? rootLog;
  const limiter = opts.limiter ?? createLimiter();
  const envRecovery = Number(process.env.SOCKET_RECOVERY_MS);
  const recoveryMs = opts.recoveryMs ?? (process.env.SOCKET_RECOVERY_MS && Number.isFinite(envRecovery) ? envRecovery : 30_000);
  const io: IO = new Server(httpServer, {
    serveClient: false,
    // Leave upgrade requests that are not ours (Next's HMR websocket) alone.
    destroyUpgrade: false,
    // A larger inbound message closes the connection (engine.io refuses it).
    maxHttpBufferSize: limiter.settings.maxPayloadBytes,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
    ...(recoveryMs > 0 && !opts.adapter ? { connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: true } } : {}),
    ...(opts.corsOrigin ? { cors: { origin: opts.corsOrigin } } : {}),
  });

  // Every connection keeps its upgrade request (headers and all) for its whole life unless told
  // otherwise: take the client address from it, then let it go (socket.io's memory-usage advice;
  // nothing here reads the headers later).
  io.engine.on("connection", (raw: { request: IncomingMessage | null; clientAddress?: string }) => {
    if (!raw.request) return;
    raw.clientAddress = limiter.addressOf(raw.request);
    raw.request = null;
  });
  const addressOf = (socket: Sock): string => (socket.conn as unknown as { clientAddress?: string }).clientAddress ?? limiter.addressOf(socket.request);

  // New connections per client address.
  io.use((socket, next) => {
    const ip = addressOf(socket);
    socket.data.ip = ip;
    void limiter.connection(ip).then((r) => {
      if (r.ok) return next();
      const err = new Error(rateLimitedMessage("connections", r.retryMs)) as Error & { data?: unknown };
      err.data = { code: "RATE_LIMITED", retryMs: r.retryMs };
      next(err);
    });
  });

  // Who is in each game's room (cluster-wide with an adapter): the state's counts and seat flags.
  const presence = createPresence(io, games, { cluster: !!opts.adapter, log });
  games.presenceOf = presence.presenceOf;

  games.on("moved", (e) => io.to(roomOf(e.gameId)).emit(EV.moved, e));
  games.on("state", (s) => {
    io.to(roomOf(s.id)).emit(EV.state, s);
    presence.stateSent(s.id);
  });
  games.on("thinking", (t) => io.to(roomOf(t.gameId)).emit(EV.thinking, t));
  const tv = services.tv ?? null;
  tv?.on("current", (c) => io.to(TV_ROOM).emit(EV.tvCurrent, c));

  const setMember = (socket: Sock, gameId: string, role: 1 | 2 | null | undefined) => presence.set(socket, gameId, role);

  io.on("connection", (socket: Sock) => {
    // The games this socket is in and its role there; kept in socket.data so a recovered
    // connection (connectionStateRecovery) knows them again.
    const joined = new Map<string, 1 | 2 | null>(Object.entries((socket.data.joined ?? {}) as Record<string, 1 | 2 | null>));
    const remember = () => (socket.data.joined = Object.fromEntries(joined));
    const ip: string = socket.data.ip ?? addressOf(socket);
    socket.data.ip = ip;
    const allow = () => limiter.event(socket.id, ip);
    const limited = (what: string, retryMs: number): Ack<never> => ({ ok: false, error: { code: "RATE_LIMITED", message: rateLimitedMessage(what, retryMs) } });
    /** Games created per address per minute. */
    const creating = async <T>(run: () => Promise<T>): Promise<T> => {
      const r = await limiter.gameCreated(ip);
      if (!r.ok) throw new GameError("RATE_LIMITED", rateLimitedMessage("new games", r.retryMs));
      return run();
    };

    /** The events with a handler; anything else (server → client names too) is UNKNOWN_EVENT. */
    const known = new Set<string>();
    /** Registers a handler: parse → run → ack. Never throws, whatever the client sends. */
    function handle<S extends z.ZodType, R extends object>(
      event: string,
      schema: S,
      run: (input: z.output<S>, raw: unknown) => Promise<R>,
      /** The same schema without seatToken: a payload that fits it is a spectator's attempt (SPECTATOR, not BAD_PAYLOAD). */
      spectatorSchema?: z.ZodType,
    ) {
      known.add(event);
      socket.on(event as keyof ClientToServer, async (...args: unknown[]) => {
        const ackArg = args.at(-1);
        const ack = typeof ackArg === "function" ? (ackArg as (a: Ack<R>) => void) : null;
        const payload = ack && args.length === 1 ? undefined : args[0];
        let reply: Ack<R>;
        const allowed = await allow();
        if (!allowed.ok) {
          try {
            ack?.(limited("requests", allowed.retryMs));
          } catch {
            /* the client's problem */
          }
          return;
        }
        const parsed = schema.safeParse(payload);
        const noToken = payload !== null && typeof payload === "object" && !("seatToken" in payload);
        if (!parsed.success && spectatorSchema && noToken && spectatorSchema.safeParse(payload).success) {
          reply = { ok: false, error: { code: "SPECTATOR", message: "Spectators cannot do that: you have no seat in this game." } };
        } else if (!parsed.success) {
          reply = { ok: false, error: { code: "BAD_PAYLOAD", message: summarizeIssues(parsed.error) } };
        } else {
          try {
            reply = { ok: true, ...(await run(parsed.data, payload)) };
          } catch (err) {
            reply = { ok: false, error: errorInfo(err, log, event) };
          }
        }
        if (!reply.ok) log.debug({ event, code: reply.error.code, socket: socket.id }, "refused");
        if (ack) {
          try {
            ack(reply);
          } catch (err) {
            log.warn({ err, event }, "ack callback threw");
          }
        }
      });
    }

    handle(EV.create, CreateGameSchema, async (p) => creating(() => games.createGame(p)));
    handle(EV.createAiMatch, CreateAiMatchSchema, async (p) => creating(() => games.createAiMatch(p)));
    handle(EV.join, JoinGameSchema, async (p) => {
      const r = await games.join(p);
      joined.set(p.gameId, r.color);
      remember();
      await setMember(socket, p.gameId, r.color);
      const state = await games.getState(p.gameId); // with this socket counted
      socket.emit(EV.state, state);
      // An engine search under way: its latest report now, not at its next one (a deep iteration can take seconds).
      const thinking = games.thinkingOf(p.gameId);
      if (thinking) socket.emit(EV.thinking, thinking);
      return { state, color: r.color, seatToken: r.seatToken };
    });
    handle(EV.leave, LeaveGameSchema, async (p) => {
      joined.delete(p.gameId);
      remember();
      await setMember(socket, p.gameId, undefined);
      return {};
    });
    // A payload without a seat token but otherwise fine is a spectator's attempt.
    handle(EV.move, MoveSchema, async (p) => (await games.move(p), {}), MoveSchema.omit({ seatToken: true }));
    const spectatorAction = SeatActionSchema.omit({ seatToken: true });
    handle(EV.resign, SeatActionSchema, async (p) => games.resign(p), spectatorAction);
    handle(EV.takeback, SeatActionSchema, async (p) => games.takeback(p), spectatorAction);
    handle(EV.rematch, SeatActionSchema, async (p) => creating(() => games.rematch(p)), spectatorAction);
    handle(EV.list, z.preprocess((v) => v ?? {}, ListGamesSchema), async (p) => games.list(p)); // no payload: the first page of live games
    handle(EV.tvWatch, z.preprocess((v) => v ?? {}, TvWatchSchema), async (p) => {
      if (p.watch) await socket.join(TV_ROOM);
      else await socket.leave(TV_ROOM);
      return { current: tv ? tv.snapshot() : TV_OFF };
    });

    socket.onAny((event: string, ...args: unknown[]) => {
      if (known.has(event)) return;
      const ack = args.at(-1);
      if (typeof ack === "function") {
        void allow().then((r) => {
          try {
            ack(
              r.ok
                ? { ok: false, error: { code: "UNKNOWN_EVENT", message: `Unknown event "${String(event).slice(0, 40)}".` } }
                : limited("requests", r.retryMs),
            );
          } catch {
            /* the client's problem */
          }
        });
      } else void allow();
    });

    socket.on("disconnect", () => {
      limiter.forgetSocket(socket.id);
      for (const gameId of joined.keys()) void setMember(socket, gameId, undefined).catch(() => {});
      // joined stays in socket.data for a recovered connection; this handler's copy is done.
      joined.clear();
    });

    // A recovered connection (same socket id, rooms kept): count it in its games again and send
    // each game's full state (the client rejoins as well; a join answers with the full state).
    if (socket.recovered)
      for (const [gameId, role] of joined)
        void (async () => {
          await setMember(socket, gameId, role);
          socket.emit(EV.state, await games.getState(gameId));
        })().catch((err) => log.debug({ err, gameId }, "could not restore a recovered socket's game"));
  });

  return {
    io,
    async close() {
      games.presenceOf = () => ({ spectators: 0, connected: { 1: false, 2: false } });
      presence.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
