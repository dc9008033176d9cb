// Quick pairing under load, against real server processes (test/reliability/node-main.ts): guests
// (GET /api/me) with sockets carrying their cookies join random pools over a ramp; every player
// records the time from their join's acknowledgement to "lobby:started". One node on SQLite, or
// several nodes on one PostgreSQL database and Redis (each player on one node, round robin).
// Used by `npm run bench:pairing` (bin/bench-pairing.ts) and test/reliability/pairing.test.ts.
import { io, type Socket } from "socket.io-client";
import { QUICK_POOLS } from "../../lib/shared/pools";
import { EV } from "../../lib/shared/protocol";
import { flushRedisPrefix, REDIS_TEST_URL, sharedNodeEnv, startNode, tempPostgres, tempSqlite, type NodeProc } from "../../test/reliability/helpers";

export interface PairingRunOptions {
  players: number;
  nodes: number;
  /** Joins spread evenly over this long. */
  rampMs: number;
  /** Give up waiting for pairings after this long past the ramp. */
  settleMs: number;
}

export interface PairingRunResult {
  players: number;
  nodes: number;
  paired: number;
  games: number;
  /** Players who got more than one game (must be 0). */
  doubleGames: number;
  /** Games with other than two players told (must be 0). */
  oddGames: number;
  /** Players left waiting, per pool (at most one each when all are compatible). */
  leftWaiting: Record<string, number>;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  setupMs: number;
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

export async function runPairing(o: PairingRunOptions): Promise<PairingRunResult> {
  const t0 = Date.now();
  const nodes: NodeProc[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  const sockets: Socket[] = [];
  try {
    const env = { RATE_LIMITS: "off", AI_THREADS: "1" };
    if (o.nodes === 1) {
      const db = await tempSqlite();
      cleanups.push(() => db.cleanup());
      nodes.push(await startNode({ ...env, DATABASE_FILE: db.file }, 120_000));
    } else {
      const pg = await tempPostgres();
      const prefix = `gomoku-pairing-${process.pid}-${Date.now()}`;
      cleanups.push(
        () => pg.drop(),
        () => flushRedisPrefix(REDIS_TEST_URL, prefix),
      );
      for (let i = 0; i < o.nodes; i++) nodes.push(await startNode({ ...env, ...sharedNodeEnv(pg.url, prefix, `n${i}`) }, 120_000));
    }
    // Guests and their sockets (cookies from GET /api/me), round robin over the nodes.
    const people: Array<{ id: string; socket: Socket; pool: string }> = [];
    for (let i = 0; i < o.players; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, o.players - i) }, async (_, k) => {
          const node = nodes[(i + k) % nodes.length];
          const res = await fetch(`${node.url}/api/me`);
          const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
          const me = ((await res.json()) as { me: { id: string } }).me;
          const socket = io(node.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie } });
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.once("connect", () => resolve());
            socket.once("connect_error", reject);
          });
          return { id: me.id, socket, pool: QUICK_POOLS[(i + k) % QUICK_POOLS.length].id };
        }),
      );
      people.push(...batch);
    }
    const setupMs = Date.now() - t0;

    // Join over the ramp; record join-ack → started.
    const latency: number[] = [];
    const gamesOf = new Map<string, string[]>();
    const playersOf = new Map<string, number>();
    await Promise.all(
      people.map(async (p, i) => {
        p.socket.on(EV.started, (e: { gameId: string }) => {
          gamesOf.set(p.id, [...(gamesOf.get(p.id) ?? []), e.gameId]);
          playersOf.set(e.gameId, (playersOf.get(e.gameId) ?? 0) + 1);
        });
        await new Promise((r) => setTimeout(r, (i / o.players) * o.rampMs));
        const started = new Promise<number>((resolve) => p.socket.once(EV.started, () => resolve(Date.now())));
        const ack = (await p.socket.timeout(20_000).emitWithAck(EV.pairingJoin, { pool: p.pool })) as { ok: boolean };
        if (!ack.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
        const joined = Date.now();
        const at = await Promise.race([started, new Promise<null>((r) => setTimeout(() => r(null), o.rampMs + o.settleMs))]);
        if (at !== null) latency.push(at - joined);
      }),
    );
    await new Promise((r) => setTimeout(r, 500)); // late duplicates, if any, would arrive now
    latency.sort((a, b) => a - b);
    const leftWaiting: Record<string, number> = Object.fromEntries(QUICK_POOLS.map((q) => [q.id, 0]));
    for (const p of people) if (!gamesOf.has(p.id)) leftWaiting[p.pool]++;
    return {
      players: o.players,
      nodes: o.nodes,
      paired: [...gamesOf.keys()].length,
      games: playersOf.size,
      doubleGames: [...gamesOf.values()].filter((g) => g.length > 1).length,
      oddGames: [...playersOf.values()].filter((n) => n !== 2).length,
      leftWaiting,
      latencyMs: { p50: pct(latency, 50), p90: pct(latency, 90), p99: pct(latency, 99), max: latency.at(-1) ?? NaN },
      setupMs,
    };
  } finally {
    for (const s of sockets) s.disconnect();
    for (const n of nodes) await n.stop().catch(() => n.kill());
    for (const c of cleanups) await c();
  }
}
