// One load-generating process (forked by bin/bench-load.ts): many socket.io-client connections
// over websocket. It plays `rooms` human-vs-human games (both players here, so the move-to-opponent
// latency is measured on one clock) at one move per `moveIntervalMs` per room, with `spectators`
// watchers spread over its rooms; it reports to the parent over IPC every second.
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import type { AckData, ClientEvent, PayloadIn } from "../../lib/shared/contract";
import { noFiveCells } from "./cells";

export interface WorkerConfig {
  id: number;
  /** The server nodes: each new connection goes to the next one, or with `roomAffinity` all of a
   * room's connections (players and spectators) to the room's node. */
  urls: string[];
  roomAffinity: boolean;
  rooms: number;
  spectators: number;
  moveIntervalMs: number;
  /** New connections per second while ramping up. */
  rampPerSec: number;
  size: number;
}
export interface WorkerReport {
  type: "report";
  id: number;
  phase: "ramp" | "ready" | "run";
  connected: number;
  rooms: number;
  spectators: number;
  moves: number;
  errors: number;
  lat: number[];
  specLat: number[];
  errorCodes: Record<string, number>;
}

const SIZE_CELLS = new Map<number, ReturnType<typeof noFiveCells>>();
let cfg: WorkerConfig;
let connected = 0;
let moves = 0;
let errors = 0;
let lat: number[] = [];
let specLat: number[] = [];
const errorCodes: Record<string, number> = {};
let phase: WorkerReport["phase"] = "ramp";
let running = false;
const sockets: Socket[] = [];

interface Room {
  id: string;
  node: number;
  tokens: { 1: string; 2: string };
  socks: { 1: Socket; 2: Socket };
  plies: number;
  sentAt: Map<number, number>;
  stopped: boolean;
}
const rooms: Room[] = [];
let spectatorsJoined = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let tokens = 0;
let lastRefill = performance.now();
/** Ramp pacing: at most rampPerSec new connections a second. */
async function pace() {
  for (;;) {
    const now = performance.now();
    tokens = Math.min(cfg.rampPerSec / 10, tokens + ((now - lastRefill) / 1000) * cfg.rampPerSec);
    lastRefill = now;
    if (tokens >= 1) {
      tokens -= 1;
      return;
    }
    await sleep(20);
  }
}

let nextNode = 0;
let roomsStarted = 0;
/** A new connection; `game`: the game it is for, named in its query as the browser does (lib/client/socket). */
async function connect(node = nextNode++, game?: string): Promise<Socket> {
  await pace();
  const s = io(cfg.urls[node % cfg.urls.length], {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    timeout: 60_000,
    query: game ? { game } : {},
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", (e) => reject(e));
    // The engine connection opened and closed again before socket.io's CONNECT: no connect_error then.
    s.once("disconnect", (reason) => {
      if (process.env.BENCH_TRACE) process.stderr.write(`[trace] closed before connecting (${reason}): engine ${String(s.io.engine?.id)}\n`);
      reject(new Error(`closed before connecting: ${reason}`));
    });
  });
  s.removeAllListeners("disconnect");
  connected++;
  s.on("disconnect", (reason) => {
    connected--;
    if (reason !== "io client disconnect") {
      const code = `disconnect: ${reason}`;
      errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      errors++;
    }
  });
  return s;
}

/** A request whose payload is checked against the contract (types only: nothing of lib/ is loaded here); resolves with the ack's data. */
function ack<E extends ClientEvent>(s: Socket, event: E, payload: PayloadIn<E>): Promise<AckData<E>> {
  return new Promise((resolve, reject) =>
    s.timeout(60_000).emit(event, payload, (err: unknown, r: any) => {
      if (err) {
        if (process.env.BENCH_TRACE)
          process.stderr.write(`[trace] ${event} unanswered: socket ${s.id} (${String(s.io.engine?.id)}), connected ${s.connected}\n`);
        return reject(new Error(`${event}: ${(err as Error).message}`));
      }
      if (!r?.ok) return reject(new Error(`${event}: ${r?.error?.code} ${r?.error?.message}`));
      resolve(r);
    }),
  );
}

function cell(room: Room, ply: number) {
  let cells = SIZE_CELLS.get(cfg.size);
  if (!cells) SIZE_CELLS.set(cfg.size, (cells = noFiveCells(cfg.size)));
  const color: 1 | 2 = ply % 2 === 1 ? 1 : 2;
  return { color, p: cells[color][Math.floor((ply - 1) / 2)] };
}

function play(room: Room) {
  if (!running || room.stopped) return;
  const ply = room.plies + 1;
  const { color, p } = cell(room, ply);
  if (!p) {
    room.stopped = true;
    return;
  }
  room.sentAt.set(ply, performance.now());
  room.socks[color].timeout(30_000).emit("game:move", { gameId: room.id, seatToken: room.tokens[color], ply, x: p.x, y: p.y }, (err: unknown, r: any) => {
    if (!running) return; // stopping: in-flight acks are cut off by the disconnect
    if (err || !r?.ok) {
      errors++;
      const code = err ? "TIMEOUT" : (r?.error?.code ?? "?");
      errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      room.stopped = true;
    } else moves++;
  });
}

async function makeRoom(): Promise<void> {
  const node = roomsStarted++;
  // As in the browser: the lobby's connection creates the game, the game page's connections name it.
  const lobby = await connect(cfg.roomAffinity ? node : undefined);
  const c = await ack(lobby, "game:create", { opponent: "human", size: cfg.size, rule: "freestyle", color: 2 });
  lobby.disconnect();
  const white = await connect(cfg.roomAffinity ? node : undefined, c.gameId);
  const black = await connect(cfg.roomAffinity ? node : undefined, c.gameId);
  await ack(white, "game:join", { gameId: c.gameId, seatToken: c.seatToken });
  const j = await ack(black, "game:join", { gameId: c.gameId, takeSeat: true });
  const room: Room = {
    id: c.gameId,
    node,
    tokens: { 1: j.seatToken!, 2: c.seatToken },
    socks: { 1: black, 2: white },
    plies: 0,
    sentAt: new Map(),
    stopped: false,
  };
  for (const color of [1, 2] as const) {
    room.socks[color].on("game:moved", (e: any) => {
      if (e.gameId !== room.id) return;
      if (e.move.color === color) return; // our own move echoed
      const t = room.sentAt.get(e.move.ply);
      if (t !== undefined) lat.push(performance.now() - t);
      room.sentAt.delete(e.move.ply - 4); // kept a while for the spectators' measurements
      room.plies = Math.max(room.plies, e.move.ply);
      if (e.status !== "playing") {
        room.stopped = true;
        return;
      }
      // Our turn: answer after the room's interval (± 20 %).
      setTimeout(() => play(room), cfg.moveIntervalMs * (0.8 + Math.random() * 0.4));
    });
  }
  rooms.push(room);
}

async function makeSpectator(room: Room): Promise<void> {
  const s = await connect(cfg.roomAffinity ? room.node : undefined, room.id);
  await ack(s, "game:join", { gameId: room.id });
  s.on("game:moved", (e: any) => {
    const t = room.sentAt.get(e.move.ply);
    if (t !== undefined) specLat.push(performance.now() - t);
  });
  spectatorsJoined++;
}

/** Runs `n` tasks with at most `par` at once. */
async function pool(n: number, par: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(par, n) }, async () => {
      while (next < n) {
        const i = next++;
        try {
          await task(i);
        } catch (err) {
          errors++;
          const code = String((err as Error).message).slice(0, 40);
          errorCodes[code] = (errorCodes[code] ?? 0) + 1;
        }
      }
    }),
  );
}

function report() {
  const r: WorkerReport = {
    type: "report",
    id: cfg.id,
    phase,
    connected,
    rooms: rooms.length,
    spectators: spectatorsJoined,
    moves,
    errors,
    lat,
    specLat,
    errorCodes: { ...errorCodes },
  };
  lat = [];
  specLat = [];
  moves = 0;
  errors = 0;
  for (const k of Object.keys(errorCodes)) delete errorCodes[k];
  process.send?.(r);
}

process.on("message", async (m: any) => {
  if (m.type === "start") {
    cfg = m.config;
    setInterval(report, 1000).unref();
    await pool(cfg.rooms, 50, () => makeRoom());
    await pool(cfg.spectators, 100, (i) => makeSpectator(rooms[i % rooms.length]));
    phase = "ready";
    report();
  } else if (m.type === "go") {
    phase = "run";
    running = true;
    // Black opens in every room at a random moment within one interval: an even load.
    for (const room of rooms) setTimeout(() => play(room), Math.random() * cfg.moveIntervalMs);
  } else if (m.type === "stop") {
    running = false;
    report();
    for (const s of sockets) s.disconnect();
    setTimeout(() => process.exit(0), 200);
  }
});
process.on("disconnect", () => process.exit(0));
