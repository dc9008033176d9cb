// socket.io wiring: every client event is parsed with the protocol's zod schema, handed to the game
// service, and acknowledged { ok: true, … } or { ok: false, error: { code, message } }. One room per
// game ("game:<id>"); the service's events are broadcast to it.
import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
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
  type Ack,
  type ClientToServer,
  type ErrorInfo,
  type ServerToClient,
} from "../protocol";
import { GameError } from "../games/errors";
import type { GameService, Presence } from "../games/service";
import { log as rootLog, type Logger } from "../log";

export const roomOf = (gameId: string) => `game:${gameId}`;

const RATE_BURST = 60;
const RATE_PER_SEC = 20;

export interface RealtimeServices {
  games: GameService;
  log?: Logger;
}

export interface RealtimeOptions {
  /** Allowed CORS origins for socket.io (default: same origin only). */
  corsOrigin?: string | string[];
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
  const io: IO = new Server(httpServer, {
    serveClient: false,
    // Leave upgrade requests that are not ours (Next's HMR websocket) alone.
    destroyUpgrade: false,
    maxHttpBufferSize: 64 * 1024,
    ...(opts.corsOrigin ? { cors: { origin: opts.corsOrigin } } : {}),
  });

  /** Who is in each game's room, by socket: a colour (seat holder) or null (spectator). */
  const rooms = new Map<string, Map<string, 1 | 2 | null>>();

  const presence = (gameId: string): Presence => {
    const members = rooms.get(gameId);
    const p: Presence = { spectators: 0, connected: { 1: false, 2: false } };
    if (members)
      for (const c of members.values()) {
        if (c === null) p.spectators++;
        else p.connected[c] = true;
      }
    return p;
  };
  games.presenceOf = presence;

  games.on("moved", (e) => io.to(roomOf(e.gameId)).emit(EV.moved, e));
  games.on("state", (s) => io.to(roomOf(s.id)).emit(EV.state, s));
  games.on("thinking", (t) => io.to(roomOf(t.gameId)).emit(EV.thinking, t));

  /** Records a socket entering or leaving a room and tells the room what changed. */
  const setMember = async (socket: Sock, gameId: string, role: 1 | 2 | null | undefined) => {
    let members = rooms.get(gameId);
    const before = presence(gameId);
    if (role === undefined) {
      if (!members?.has(socket.id)) return;
      members.delete(socket.id);
      if (members.size === 0) rooms.delete(gameId);
      await socket.leave(roomOf(gameId));
    } else {
      if (!members) rooms.set(gameId, (members = new Map()));
      members.set(socket.id, role);
      await socket.join(roomOf(gameId));
    }
    const after = presence(gameId);
    if (before.connected[1] !== after.connected[1] || before.connected[2] !== after.connected[2]) {
      // A player connected or left: everyone's seat view changes.
      try {
        io.to(roomOf(gameId)).emit(EV.state, await games.getState(gameId));
      } catch (err) {
        log.warn({ err, gameId }, "could not broadcast presence");
      }
    }
    io.to(roomOf(gameId)).emit(EV.spectators, { gameId, count: after.spectators });
  };

  io.on("connection", (socket: Sock) => {
    const joined = new Map<string, 1 | 2 | null>();
    // A token bucket per socket: bursts of RATE_BURST events, RATE_PER_SEC sustained.
    let tokens = RATE_BURST;
    let refilled = Date.now();
    const allow = () => {
      const now = Date.now();
      tokens = Math.min(RATE_BURST, tokens + ((now - refilled) / 1000) * RATE_PER_SEC);
      refilled = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    };

    /** Registers a handler: parse → run → ack. Never throws, whatever the client sends. */
    function handle<S extends z.ZodType, R extends object>(
      event: string,
      schema: S,
      run: (input: z.output<S>, raw: unknown) => Promise<R>,
      /** The same schema without seatToken: a payload that fits it is a spectator's attempt (SPECTATOR, not BAD_PAYLOAD). */
      spectatorSchema?: z.ZodType,
    ) {
      socket.on(event as keyof ClientToServer, async (...args: unknown[]) => {
        const ackArg = args.at(-1);
        const ack = typeof ackArg === "function" ? (ackArg as (a: Ack<R>) => void) : null;
        const payload = ack && args.length === 1 ? undefined : args[0];
        let reply: Ack<R>;
        if (!allow()) {
          ack?.({ ok: false, error: { code: "RATE_LIMITED", message: "Too many requests: slow down." } });
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

    handle(EV.create, CreateGameSchema, async (p) => games.createGame(p));
    handle(EV.createAiMatch, CreateAiMatchSchema, async (p) => games.createAiMatch(p));
    handle(EV.join, JoinGameSchema, async (p) => {
      const r = await games.join(p);
      joined.set(p.gameId, r.color);
      await setMember(socket, p.gameId, r.color);
      const state = await games.getState(p.gameId); // with this socket counted
      socket.emit(EV.state, state);
      return { state, color: r.color, seatToken: r.seatToken };
    });
    handle(EV.leave, LeaveGameSchema, async (p) => {
      joined.delete(p.gameId);
      await setMember(socket, p.gameId, undefined);
      return {};
    });
    // A payload without a seat token but otherwise fine is a spectator's attempt.
    handle(EV.move, MoveSchema, async (p) => (await games.move(p), {}), MoveSchema.omit({ seatToken: true }));
    const spectatorAction = SeatActionSchema.omit({ seatToken: true });
    handle(EV.resign, SeatActionSchema, async (p) => games.resign(p), spectatorAction);
    handle(EV.takeback, SeatActionSchema, async (p) => games.takeback(p), spectatorAction);
    handle(EV.rematch, SeatActionSchema, async (p) => games.rematch(p), spectatorAction);
    handle(EV.list, z.preprocess((v) => v ?? {}, ListGamesSchema), async (p) => games.list(p)); // no payload: the first page of live games

    const known = new Set<string>(Object.values(EV));
    socket.onAny((event: string, ...args: unknown[]) => {
      if (known.has(event)) return;
      const ack = args.at(-1);
      if (typeof ack === "function") {
        try {
          ack({ ok: false, error: { code: "UNKNOWN_EVENT", message: `Unknown event "${String(event).slice(0, 40)}".` } });
        } catch {
          /* the client's problem */
        }
      }
    });

    socket.on("disconnect", () => {
      for (const gameId of joined.keys()) void setMember(socket, gameId, undefined).catch(() => {});
      joined.clear();
    });
  });

  return {
    io,
    async close() {
      games.presenceOf = () => ({ spectators: 0, connected: { 1: false, 2: false } });
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
