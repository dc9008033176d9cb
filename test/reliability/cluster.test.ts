// Several worker processes behind one port (WORKERS=2, lib/server/cluster), one SQLite file, no Redis:
// every connection that names a game lands on that game's worker; a spectator on the other worker
// still follows the game (the workers talk through the primary); the engine's turn is searched
// once; and when the game's worker is SIGKILLed, the primary starts it again, the clients
// reconnect by themselves and the game goes on with nothing lost.
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { openDb, type Db } from "../../lib/server/db/client";
import { Client, call, killAll, nextCell, startNode, tempSqlite, until, workerSlotFor, type NodeProc } from "./helpers";

const SIZE = 15;
let db: Awaited<ReturnType<typeof tempSqlite>>;
let node: NodeProc;
let workerUrls: string[];
let reader: Db;
const clients: Client[] = [];

beforeAll(async () => {
  db = await tempSqlite();
  // Every test client is 127.0.0.1: the per-address connection limit and event budget (a join costs
  // 3 points: lib/server/realtime/costs) would stop the burst of 300 joins below, and so would the
  // sockets one address may hold at once (SOCKETS_PER_ADDRESS: 200 a worker).
  node = await startNode(
    {
      DATABASE_FILE: db.file,
      WORKERS: "2",
      AI_THREADS: "1",
      AI_PAUSE_MS: "50",
      LIMIT_IP_CONNECTIONS_PER_MIN: "10000",
      LIMIT_IP_EVENTS_PER_SEC: "10000",
      SOCKETS_PER_ADDRESS: "10000",
    },
    60_000,
  );
  workerUrls = /WORKERS ([^\n]+)\n/.exec(node.output())![1].trim().split(" ");
  reader = await openDb(db.file);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await reader?.$disconnect();
  await killAll();
  db?.cleanup();
});

const slotFor = (query: string) => workerSlotFor(node.url, query);
/** The pid of the worker a game's requests reach (node-main answers /pid). */
const pidOf = async (gameId: string) => Number(await (await fetch(`${node.url}/pid?game=${gameId}`)).text());

const client = async (url: string, game?: string, record = false) => {
  const c = new Client(url, { game, record });
  // Like the browser's useGame: spectator counts arrive as their own event.
  c.socket.on(EV.spectators, (e: { gameId: string; count: number }) => {
    const g = c.games.get(e.gameId);
    if (g?.state) g.state = { ...g.state, spectators: e.count };
  });
  clients.push(c);
  await c.connected();
  return c;
};

describe("WORKERS=2 behind one port", () => {
  it("checks each socket's Origin on the worker it reaches (lib/server/http/origin)", async () => {
    const attempt = (origin: string | null, game: string) => {
      const s = io(node.url, { transports: ["websocket"], forceNew: true, reconnection: false, query: { game }, extraHeaders: origin ? { origin } : {} });
      return new Promise<boolean>((resolve) => {
        s.once("connect", () => resolve(true));
        s.once("connect_error", () => resolve(false));
      }).finally(() => s.disconnect());
    };
    for (const game of ["origin-a", "origin-b", "origin-c"]) {
      expect(await attempt("https://evil.example", game)).toBe(false);
      expect(await attempt(node.url, game)).toBe(true);
      expect(await attempt(null, game)).toBe(true);
    }
  });

  it("routes every connection of a game to one worker, and spreads the games over both", async () => {
    const slots = new Map<string, string | null>();
    for (let i = 0; i < 24; i++) {
      const game = `g${i}x${Math.random().toString(36).slice(2, 8)}`;
      const first = await slotFor(`game=${game}`);
      expect(first).toMatch(/^[01]$/);
      for (let k = 0; k < 3; k++) expect(await slotFor(`game=${game}`)).toBe(first);
      slots.set(game, first);
    }
    // 24 games all on one of two workers would be a 1 in 8 million chance.
    expect(new Set(slots.values()).size).toBe(2);
    // Without a game: by client address, so one client's long-polling requests stay together.
    const bare = await slotFor("");
    for (let k = 0; k < 3; k++) expect(await slotFor("")).toBe(bare);
    // A first request that never ends its head is refused, not handed to a worker.
    const res = await fetch(`${node.url}/x`, { headers: { "x-big": "a".repeat(70_000) } }).catch((e: Error) => e);
    expect(res instanceof Error ? "refused" : res.status).toSatisfy((s: unknown) => s === 431 || s === "refused");
  });

  it("a burst of 300 connections all reach their game's worker, each one's first packets intact", async () => {
    // Handing sockets over while earlier hand-overs await the workers' acknowledgements is when the
    // primary once kept reading a socket it had sent, and ate a client's CONNECT or first event.
    const lobby = await client(node.url);
    const games: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await call(lobby.socket, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 1 });
      expect(c.ok).toBe(true);
      if (c.ok) games.push(c.gameId);
    }
    const sockets = Array.from({ length: 300 }, (_, i) =>
      io(node.url, { transports: ["websocket"], forceNew: true, reconnection: false, timeout: 10_000, query: { game: games[i % games.length] } }),
    );
    try {
      const outcomes = await Promise.all(
        sockets.map(
          (s, i) =>
            new Promise<string>((resolve) => {
              const timer = setTimeout(() => resolve(`no answer (connected: ${s.connected})`), 20_000);
              const done = (what: string) => (clearTimeout(timer), resolve(what));
              s.once("connect_error", (e) => done(`connect_error: ${e.message}`));
              s.once("disconnect", (reason) => done(`closed: ${reason}`));
              s.once("connect", () =>
                s.emit(EV.join, { gameId: games[i % games.length] }, (ack: { ok: boolean; error?: { code: string } }) =>
                  done(ack?.ok ? "joined" : `refused: ${ack?.error?.code}`),
                ),
              );
            }),
        ),
      );
      expect(outcomes.filter((o) => o !== "joined")).toEqual([]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  }, 60_000);

  it("plays a game across the workers, and survives the game's worker being killed", async () => {
    // The lobby's connection creates the game; the game page's connections name it.
    const lobby = await client(node.url);
    const c = await call(lobby.socket, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 2 });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const gameId: string = c.gameId;
    const home = await slotFor(`game=${gameId}`);
    const away = workerUrls[home === "0" ? 1 : 0];
    const white = await client(node.url, gameId);
    const black = await client(node.url, gameId);
    const watchHome = await client(node.url, gameId, true);
    // A spectator connected straight to the other worker: it hears the game through the primary.
    const watchAway = await client(away, undefined, true);
    expect((await white.join(gameId, { token: c.seatToken })).ok).toBe(true);
    expect((await black.join(gameId, { takeSeat: true })).ok).toBe(true);
    expect((await watchHome.join(gameId)).ok).toBe(true);
    expect((await watchAway.join(gameId)).ok).toBe(true);
    // Presence covers both workers: the players see two spectators.
    await until("two spectators counted", () => (white.state(gameId)?.spectators ?? 0) === 2);

    const play = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const st = black.state(gameId)!;
        const color = st.toMove as 1 | 2;
        const p = nextCell(SIZE, st.moves, color)!;
        const who = color === 1 ? black : white;
        const ack = await call(who.socket, EV.move, { gameId, seatToken: who.games.get(gameId)!.token!, ply: st.moves.length + 1, x: p.x, y: p.y });
        expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
        const ply = st.moves.length + 1;
        await until(`ply ${ply} everywhere`, () => [white, black, watchHome, watchAway].every((cl) => cl.state(gameId)?.moves.length === ply));
      }
    };
    await play(6);
    const movedAway = watchAway.events.filter((e) => e.event === EV.moved && e.data.gameId === gameId).length;
    expect(movedAway).toBe(6);

    // ---- kill the game's worker
    const pid = await pidOf(gameId);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    // The players reconnect by themselves (to the other worker while it is down, or to the new one).
    await until("players back", () => white.socket.connected && black.socket.connected && white.connects >= 2 && black.connects >= 2, 30_000);
    await until("rejoined", () => black.state(gameId)?.moves.length === 6 && white.state(gameId)?.moves.length === 6);
    await play(4);
    const rows = await reader.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
    expect(rows.map((r) => r.ply)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.map((r) => [r.x, r.y])).toEqual(black.state(gameId)!.moves.map((m) => [m.x, m.y]));

    // The primary started the slot again: the game's requests reach a new process in the same slot.
    // (While the slot is down its games go to the other worker: same game, the other slot.)
    await until("worker restarted", async () => (await slotFor(`game=${gameId}`).catch(() => null)) === home, 30_000);
    expect(await pidOf(gameId)).not.toBe(pid);
  }, 120_000);

  it("searches the engine's turns once across the workers", async () => {
    const lobby = await client(node.url);
    const c = await call(lobby.socket, EV.create, { opponent: "ai", size: SIZE, rule: "freestyle", color: 1, ai: { timeMs: 200 } });
    expect(c, JSON.stringify(c)).toMatchObject({ ok: true });
    if (!c.ok) return;
    const gameId: string = c.gameId;
    const me = await client(node.url, gameId);
    expect((await me.join(gameId, { token: c.seatToken })).ok).toBe(true);
    for (let i = 0; i < 3; i++) {
      const st = me.state(gameId)!;
      const p = nextCell(SIZE, st.moves, 1)!;
      const ack = await call(me.socket, EV.move, { gameId, seatToken: c.seatToken, ply: st.moves.length + 1, x: p.x, y: p.y });
      if (!ack.ok && ack.error.code === "OCCUPIED") continue;
      expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
      await until("engine answered", () => me.state(gameId)!.moves.length === st.moves.length + 2, 30_000);
    }
    const rows = await reader.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
    expect(rows.map((r) => r.ply)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.filter((r) => r.by === "engine").length).toBe(rows.length / 2);
  }, 120_000);

  // (node:cluster's workers exit when their IPC channel to the primary closes.)
  it("takes its workers down when the primary is killed (none left behind on the database)", async () => {
    const pids = new Set<number>();
    for (let i = 0; pids.size < 2 && i < 200; i++) pids.add(await pidOf(`k${i}`));
    expect(pids.size).toBe(2);
    await node.kill();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until("workers gone", () => [...pids].every((pid) => !alive(pid)), 15_000);
  }, 60_000);
});
