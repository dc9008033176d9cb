// An arena under load against real server processes (test/reliability/node-main.ts): N guests join
// one arena; bots play every game they are paired into at once (a five in 9 plies, a white five in
// 10, or a draw by agreement), and each player records the time from the end of a game to the next
// pairing (lobby:started). At the end: nobody was told of a game while another of theirs was still
// playing, and the standings rows equal a recount from the games. One node on SQLite, or several on
// one PostgreSQL database and Redis. Used by `npm run bench:arena` (bin/bench-arena.ts); ARENA_NODE_LOG=1
// prints the nodes' tournament log lines (slow director passes) at the end.
import fs from "node:fs";
import { io, type Socket } from "socket.io-client";
import { EV } from "../../lib/shared/protocol";
import { openDb } from "../../lib/server/db/client";
import { TOURNAMENT_LIMITS } from "../../lib/shared/tournaments";
import { recountEvent } from "../../lib/server/tournaments/scoring";
import { flushRedisPrefix, REDIS_TEST_URL, sharedNodeEnv, startNode, tempPostgres, tempSqlite, type NodeProc } from "../../test/reliability/helpers";

export interface ArenaRunOptions {
  players: number;
  nodes: number;
  /** How long the bots play. */
  playMs: number;
  /** Each bot's think time before a move (0: at once, the stress case where the nodes run flat out). */
  moveMs?: number;
}

export interface ArenaRunResult {
  players: number;
  nodes: number;
  games: number;
  /** A pairing told to a player whose previous game was still being played (must be 0). */
  doubleGames: number;
  /** Pairings made (rows) while a player's previous game was not over (must be 0). */
  overlaps: number;
  /** Standing rows that differ from the recount (must be 0; -1: never compared). */
  recountDiffers: number;
  latencyMs: { n: number; p50: number; p99: number; max: number };
  setupMs: number;
  /** CPU seconds used while the bots played: this process (the bots' sockets) and each node. */
  cpu: { bench: number; nodes: number[]; seconds: number; stalls: Array<{ at: number; ms: number }> };
}

/** busy: the game the bot plays; ending: when the bot sent the move (or acceptance) that ends game `gameId`. */
type Bot = {
  id: string;
  cookie: string;
  socket: Socket;
  url: string;
  busy: string | null;
  endedAt: number | null;
  ending: { gameId: string; at: number } | null;
};

const BLACK: Array<[number, number]> = [
  [7, 7],
  [7, 9],
  [8, 7],
  [8, 9],
  [9, 7],
  [9, 9],
  [10, 7],
  [10, 9],
  [11, 7],
];
const WHITE: Array<[number, number]> = [
  [0, 0],
  [7, 7],
  [0, 2],
  [8, 7],
  [0, 4],
  [9, 7],
  [0, 6],
  [10, 7],
  [0, 8],
  [11, 7],
];
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
const ask = (s: Socket, ev: string, payload: unknown) => s.timeout(20_000).emitWithAck(ev, payload) as Promise<{ ok: boolean; color?: number }>;

export async function runArena(o: ArenaRunOptions): Promise<ArenaRunResult> {
  const t0 = Date.now();
  const nodes: NodeProc[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  const bots: Bot[] = [];
  let dbTarget: string;
  try {
    const env = { RATE_LIMITS: "off", AI_THREADS: "1" };
    if (o.nodes === 1) {
      const db = await tempSqlite();
      cleanups.push(() => db.cleanup());
      dbTarget = db.file;
      nodes.push(await startNode({ ...env, DATABASE_FILE: db.file }, 120_000));
    } else {
      const pg = await tempPostgres();
      const prefix = `gomoku-arena-${process.pid}-${Date.now()}`;
      cleanups.push(
        () => pg.drop(),
        () => flushRedisPrefix(REDIS_TEST_URL, prefix),
      );
      dbTarget = pg.url;
      for (let i = 0; i < o.nodes; i++) nodes.push(await startNode({ ...env, ...sharedNodeEnv(pg.url, prefix, `n${i}`) }, 120_000));
    }
    for (let i = 0; i < o.players; i += 50)
      bots.push(...(await Promise.all(Array.from({ length: Math.min(50, o.players - i) }, (_, k) => newBot(nodes[(i + k) % nodes.length].url)))));
    const created = await post(bots[0], "/api/tournaments", {
      kind: "arena",
      name: "Bench arena",
      size: 15,
      rule: "freestyle",
      clock: "3+2",
      // Everyone joins first (else the first hundreds play while the rest are still joining), then it starts.
      startsInMinutes: 60,
      minutes: 180,
    });
    const tid = created.id as string;
    await setEvent(dbTarget, tid, o.players > TOURNAMENT_LIMITS.maxPlayers ? { maxPlayers: o.players } : {});

    const latency: number[] = [];
    // ARENA_LATENCY_FILE=<path>: each latency with its time since the start (where in the run the slow ones were).
    const trace: string[] = [];
    let doubleGames = 0;
    const seats = new Map<string, Bot[]>();
    let startedAt = Date.now();
    let games = 0;
    let playing = true;
    for (const b of bots)
      b.socket.on(EV.started, (e: { gameId: string }) => {
        // The game's last move sent but its answer not read yet: the pairing overtook the answer (another
        // socket's message read first by this busy process): measured from the sending, not a second game.
        const overtook = b.busy && b.ending?.gameId === b.busy ? b.ending.at : null;
        if (b.busy && b.busy !== e.gameId && overtook === null) doubleGames++;
        const from = overtook ?? b.endedAt;
        if (from !== null) {
          latency.push(Date.now() - from);
          trace.push(`${Date.now() - startedAt}\t${Date.now() - from}`);
        }
        b.busy = e.gameId;
        b.endedAt = null;
        const two = [...(seats.get(e.gameId) ?? []), b];
        seats.set(e.gameId, two);
        if (two.length === 2 && playing) void play(e.gameId, two, games++, o.moveMs ?? 0).catch(() => undefined);
      });
    for (let i = 0; i < bots.length; i += 50) await Promise.all(bots.slice(i, i + 50).map((b) => post(b, `/api/tournaments/${tid}/join`, {})));
    // Now it starts: the director's next tick pairs everyone.
    await setEvent(dbTarget, tid, { startsAt: new Date(Date.now()), endsAt: new Date(Date.now() + 180 * 60_000) });
    const setupMs = Date.now() - t0;
    startedAt = Date.now();
    const cpu0 = { bench: process.cpuUsage(), nodes: nodes.map((n) => cpuSeconds(n.proc.pid)) };
    // The bench's own stalls (its process not scheduled, or busy): a latency measured across one is the bench's.
    const stalls = watchStalls(startedAt);
    await new Promise((r) => setTimeout(r, o.playMs));
    playing = false;
    stalls.stop();
    const benchCpu = process.cpuUsage(cpu0.bench);
    const cpu = {
      bench: (benchCpu.user + benchCpu.system) / 1e6,
      nodes: nodes.map((n, i) => cpuSeconds(n.proc.pid) - cpu0.nodes[i]),
      seconds: o.playMs / 1000,
      stalls: stalls.seen,
    };
    await new Promise((r) => setTimeout(r, 3_000)); // the last scores land
    const { differs: recountDiffers, overlaps } = await compareRecount(dbTarget, tid);
    if (process.env.ARENA_LATENCY_FILE) fs.writeFileSync(process.env.ARENA_LATENCY_FILE, trace.join("\n") + "\n");
    latency.sort((a, b) => a - b);
    return {
      players: o.players,
      nodes: o.nodes,
      games,
      doubleGames,
      overlaps,
      recountDiffers,
      latencyMs: { n: latency.length, p50: pct(latency, 50), p99: pct(latency, 99), max: latency.at(-1) ?? NaN },
      setupMs,
      cpu,
    };
  } finally {
    for (const b of bots) b.socket.disconnect();
    if (process.env.ARENA_NODE_LOG)
      for (const n of nodes)
        console.error(
          n
            .output()
            .split("\n")
            .filter((l) => /tournament|error/i.test(l))
            .slice(-40)
            .join("\n"),
        );
    for (const n of nodes) await n.stop().catch(() => n.kill());
    for (const c of cleanups) await c();
  }
}

/**
 * Standing rows that differ from a recount from the games (-1: the rows never stood still long enough to
 * compare: a failure too); and pairings made while one of the players' previous game was not over (the rows).
 */
async function compareRecount(dbTarget: string, tid: string): Promise<{ differs: number; overlaps: number }> {
  const db = await openDb(dbTarget);
  try {
    const t = (await db.tournament.findUnique({ where: { id: tid } }))!;
    const rows = () => db.tournamentPlayer.findMany({ where: { tournamentId: tid }, orderBy: { playerId: "asc" } });
    // Games still finishing are scored meanwhile: compare once the rows stood still around the recount.
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = await rows();
      const recount = await recountEvent(db, t);
      if (JSON.stringify(before) !== JSON.stringify(await rows())) {
        await new Promise((r) => setTimeout(r, 1_000));
        continue;
      }
      let differs = 0;
      for (const r of before) {
        const c = recount.get(r.playerId);
        if (!c || c.score !== r.score || c.games !== r.games || c.fire !== r.fire) {
          if (differs++ < 3) console.error("differs:", JSON.stringify({ row: { score: r.score, games: r.games, fire: r.fire }, recount: c }));
        }
      }
      return { differs, overlaps: await overlapping(db, tid) };
    }
    return { differs: -1, overlaps: await overlapping(db, tid) };
  } finally {
    await db.$disconnect();
  }
}

/** Pairings of event `tid` made before the previous game of one of their players had ended (from the rows: must be 0). */
async function overlapping(db: Awaited<ReturnType<typeof openDb>>, tid: string): Promise<number> {
  const pairings = await db.tournamentPairing.findMany({ where: { tournamentId: tid }, orderBy: { createdAt: "asc" } });
  const ids = pairings.flatMap((p) => (p.gameId ? [p.gameId] : []));
  const ended = new Map<string, Date | null>();
  for (let i = 0; i < ids.length; i += 500)
    for (const g of await db.game.findMany({ where: { id: { in: ids.slice(i, i + 500) } }, select: { id: true, finishedAt: true } }))
      ended.set(g.id, g.finishedAt);
  const last = new Map<string, string>();
  let overlaps = 0;
  for (const p of pairings)
    for (const id of [p.blackId, p.whiteId ?? p.blackId]) {
      const before = last.get(id);
      const end = before ? ended.get(before) : undefined;
      if (before && (!end || end > p.createdAt)) overlaps++;
      if (p.gameId) last.set(id, p.gameId);
    }
  return overlaps;
}

/** Writes the bench's event row: a person's event holds TOURNAMENT_LIMITS.maxPlayers (200), the bench's all its players
 * (as the site's own could); it starts once everyone has joined. */
async function setEvent(dbTarget: string, id: string, data: { maxPlayers?: number; startsAt?: Date; endsAt?: Date }): Promise<void> {
  const db = await openDb(dbTarget);
  try {
    await db.tournament.update({ where: { id }, data });
  } finally {
    await db.$disconnect();
  }
}

/** Times (since `from`) when this process's timers ran over 300 ms late, and by how much. */
function watchStalls(from: number): { seen: Array<{ at: number; ms: number }>; stop(): void } {
  const seen: Array<{ at: number; ms: number }> = [];
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - last - 50 > 300) seen.push({ at: now - from, ms: now - last - 50 });
    last = now;
  }, 50);
  return { seen, stop: () => clearInterval(timer) };
}

/** CPU seconds (user + system) process `pid` has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** fetch, tried again (up to 3 times) when the connection is reset: under load a kept-alive connection the
 * server had just closed is reused (undici), and a thousand bots' setup would fail on one such reset. */
async function fetchAgain(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++)
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
}

async function newBot(url: string): Promise<Bot> {
  const res = await fetchAgain(`${url}/api/me`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  const me = ((await res.json()) as { me: { id: string } }).me;
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { id: me.id, cookie, socket, url, busy: null, endedAt: null, ending: null };
}

async function post(b: Bot, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetchAgain(`${b.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: b.cookie },
    body: JSON.stringify(body),
  });
  const a = (await res.json()) as { ok: boolean } & Record<string, unknown>;
  if (!a.ok) throw new Error(`${path}: ${JSON.stringify(a)}`);
  return a;
}

/** Both sit, then the game is played out at once: black wins, white wins or a draw, in turn. */
async function play(gameId: string, two: Bot[], n: number, moveMs: number): Promise<void> {
  const ja = await ask(two[0].socket, EV.join, { gameId });
  await ask(two[1].socket, EV.join, { gameId });
  const [black, white] = ja.color === 1 ? [two[0], two[1]] : [two[1], two[0]];
  const kind = n % 3;
  const moves = kind === 0 ? BLACK : kind === 1 ? WHITE : BLACK.slice(0, 4);
  const last = () => two.forEach((b) => (b.ending = { gameId, at: Date.now() }));
  for (let i = 0; i < moves.length; i++) {
    if (moveMs) await new Promise((r) => setTimeout(r, moveMs));
    if (i === moves.length - 1 && kind !== 2) last();
    await ask((i % 2 ? white : black).socket, EV.move, { gameId, ply: i + 1, x: moves[i][0], y: moves[i][1] });
  }
  if (kind === 2) {
    await ask(black.socket, EV.drawOffer, { gameId });
    last();
    await ask(white.socket, EV.drawAccept, { gameId });
  }
  const at = Date.now();
  for (const b of two) {
    if (b.ending?.gameId === gameId) b.ending = null;
    // Already told of its next game (the pairing overtook the answer): that one stands.
    if (b.busy !== gameId) continue;
    b.busy = null;
    b.endedAt = at;
  }
}
