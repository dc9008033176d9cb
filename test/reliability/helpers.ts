// Helpers for the reliability tests: server processes, throwaway databases, self-rejoining clients.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import pg from "pg";
import { EV, type ErrorCode, type GameState, type MoveRecord } from "../../lib/shared/protocol";
import type { AckData, ClientEvent, PayloadIn } from "../../lib/shared/contract";
import { applyMigrationsDirectly } from "../../lib/server/db/client";
import { applyMoved, type MovedEvent } from "../../lib/client/game-updates";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `pred` every 100 ms until it holds; throws "timed out: <what>" after `ms`. */
export async function until(what: string, pred: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await pred()) return;
    await sleep(100);
  }
  throw new Error(`timed out: ${what}`);
}

/** The slot of the cluster worker (WORKERS) that answers a request with this query, from its x-gomoku-worker header. */
export async function workerSlotFor(url: string, query: string): Promise<string | null> {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling&${query}`);
  await res.text();
  return res.headers.get("x-gomoku-worker");
}

export const PG_BASE = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A free TCP port on 127.0.0.1 (free now; reused for a restart on the same port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface NodeProc {
  proc: ChildProcess;
  url: string;
  port: number;
  /** The process's output so far (for failure messages). */
  output(): string;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (orderly), and wait until it is gone. */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

const live = new Set<ChildProcess>();
/** Kills every server process still running (afterAll). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...live].map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) return resolve();
          p.once("exit", () => resolve());
          p.kill("SIGKILL");
        }),
    ),
  );
  live.clear();
}
process.once("exit", () => {
  for (const p of live) p.kill("SIGKILL");
});

/** Starts test/reliability/node-main.ts (a game server process; or `script`, e.g. bin/worker-analysis.ts) and waits for READY. */
export async function startNode(env: Record<string, string | undefined>, timeoutMs = 30_000, script = "test/reliability/node-main.ts"): Promise<NodeProc> {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(root, ...script.split("/"))], {
    cwd: root,
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        VITEST: undefined,
        VITEST_WORKER_ID: undefined,
        VITEST_POOL_ID: undefined,
        LOG_LEVEL: process.env.NODE_LOG_LEVEL ?? "warn",
        TV: "0",
        ...env,
      }).filter(([, v]) => v !== undefined),
    ) as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(proc);
  let out = "";
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => (live.delete(proc), resolve(code))));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
      const m = /READY (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before READY:\n${out}`));
    });
  });
  const port = Number(new URL(url).port);
  const waitGone = async (sig: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill(sig);
    await exited;
  };
  return { proc, url, port, output: () => out, kill: () => waitGone("SIGKILL"), stop: () => waitGone("SIGTERM"), exited };
}

/** A fresh migrated SQLite file in a temp folder; cleanup() deletes the folder. */
export async function tempSqlite(): Promise<{ file: string; cleanup(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-rel-"));
  const file = path.join(dir, "test.db");
  await applyMigrationsDirectly(file);
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh migrated PostgreSQL database gomoku_test_<random>; drop() removes it. */
export async function tempPostgres(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `gomoku_test_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = `${PG_BASE}/${name}`;
  await applyMigrationsDirectly(url);
  return {
    url,
    name,
    async drop() {
      const a = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

/** Deletes the Redis keys under `prefix` (ours only). */
/** The environment of a node sharing PostgreSQL `pgUrl` and this Redis under `prefix`, named `id`. */
export const sharedNodeEnv = (pgUrl: string, prefix: string, id: string) => ({
  DATABASE_URL: pgUrl,
  DATABASE_FILE: undefined,
  REDIS_URL: REDIS_TEST_URL,
  REDIS_PREFIX: prefix,
  NODE_ID: id,
  AI_THREADS: "1",
});

export async function flushRedisPrefix(url: string, prefix: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const r = new Redis(url, { lazyConnect: true });
  await r.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== "0");
  } finally {
    r.disconnect();
  }
}

/** An acknowledgement of anything (raw emits): its error code is the server's or TIMEOUT. */
export type AnyAck = { ok: true; [k: string]: any } | { ok: false; error: { code: string; message: string } };
/**
 * An acknowledgement as a test reads it: the success data typed by the contract, and `error`
 * readable without narrowing on `ok` first (the tests assert `ok` themselves; on success it is undefined).
 */
export type TestAck<E extends ClientEvent> = AckData<E> & { ok: boolean; error: { code: ErrorCode | "TIMEOUT"; message: string } };

/**
 * emit with an ack, as a promise, the payload type-checked against the contract (lib/shared/contract);
 * a timeout or a lost connection gives { ok:false, error:{ code:"TIMEOUT" } }.
 */
export async function call<E extends ClientEvent>(s: Socket, event: E, payload: PayloadIn<E>, ms = 10_000): Promise<TestAck<E>> {
  try {
    return (await s.timeout(ms).emitWithAck(event, payload)) as TestAck<E>;
  } catch {
    return { ok: false, error: { code: "TIMEOUT", message: "no acknowledgement" } } as TestAck<E>;
  }
}

/**
 * A client as the browser's useGame is: socket.io-client with auto-reconnect that (re)joins its
 * games on every connect (seat token if it has one) and keeps the full state from each join and
 * the moved/state events.
 */
export class Client {
  socket: Socket;
  games = new Map<string, { token: string | null; state: GameState | null; joins: number }>();
  events: Array<{ event: string; data: any }> = [];
  connects = 0;
  /** `game`: named in the connection's query, as the browser's game page does (lib/client/socket). */
  constructor(url: string, opts: { record?: boolean; game?: string } = {}) {
    this.socket = io(url, {
      transports: ["websocket"],
      query: opts.game ? { game: opts.game } : {},
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
      timeout: 5000,
    });
    if (opts.record) this.socket.onAny((event, data) => this.events.push({ event, data }));
    this.socket.on("connect", () => {
      this.connects++;
      for (const id of this.games.keys()) void this.join(id);
    });
    this.socket.on(EV.state, (s: GameState) => {
      const g = this.games.get(s.id);
      if (g) g.state = s;
    });
    this.socket.on(EV.moved, (e: MovedEvent) => {
      const g = this.games.get(e.gameId);
      if (!g?.state) return;
      // As the browser applies it (lib/client/game-updates), but a different move at a known ply is left as it is.
      const next = applyMoved(g.state, e);
      if (typeof next === "object") g.state = next;
      else if (e.move.ply > g.state.moves.length + 1) void this.join(e.gameId);
    });
  }
  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve) => this.socket.once("connect", () => resolve()));
  }
  /** Join (or rejoin) a game with our token for it, if any; keeps the full state of the ack. */
  async join(gameId: string, opts: { token?: string | null; takeSeat?: boolean } = {}): Promise<TestAck<typeof EV.join>> {
    const g = this.games.get(gameId) ?? { token: opts.token ?? null, state: null, joins: 0 };
    if (opts.token) g.token = opts.token;
    this.games.set(gameId, g);
    const ack = await call(this.socket, EV.join, g.token ? { gameId, seatToken: g.token } : { gameId, takeSeat: !!opts.takeSeat });
    if (ack.ok) {
      g.state = ack.state;
      g.joins++;
      if (ack.seatToken) g.token = ack.seatToken;
    }
    return ack;
  }
  state(gameId: string): GameState | null {
    return this.games.get(gameId)?.state ?? null;
  }
  close() {
    this.socket.disconnect();
  }
}

/**
 * Cells of a 15×15 (or any) board coloured so that no line of five of one colour exists:
 * colour of (x, y) is black when (x + 2y) mod 4 < 2. Rows run BBWW…, columns alternate, both
 * diagonals run BWWB…: at most two in a row. Moves taken from these never end a game.
 */
export function noFiveCells(size: number): { 1: Array<{ x: number; y: number }>; 2: Array<{ x: number; y: number }> } {
  const cells: { 1: Array<{ x: number; y: number }>; 2: Array<{ x: number; y: number }> } = { 1: [], 2: [] };
  // Centre first, so games look like games.
  const order: Array<{ x: number; y: number }> = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) order.push({ x, y });
  const c = (size - 1) / 2;
  order.sort((a, b) => Math.hypot(a.x - c, a.y - c) - Math.hypot(b.x - c, b.y - c));
  for (const p of order) cells[(p.x + 2 * p.y) % 4 < 2 ? 1 : 2].push(p);
  return cells;
}

/** The next no-five cell for `color` not yet taken in `moves`. */
export function nextCell(size: number, moves: Array<Pick<MoveRecord, "x" | "y">>, color: 1 | 2, cache = new Map<number, ReturnType<typeof noFiveCells>>()) {
  let cells = cache.get(size);
  if (!cells) cache.set(size, (cells = noFiveCells(size)));
  const taken = new Set(moves.map((m) => m.y * size + m.x));
  return cells[color].find((p) => !taken.has(p.y * size + p.x)) ?? null;
}
