// A server process killed mid-flight (SIGKILL) and started again on the same SQLite file and port:
// every acknowledged move is there, every game continues (AI turns resume by themselves, clocks
// count from stored timestamps, and the downtime is credited to the turn it fell in: a clock is
// never charged for the time the server was down), and the clients reconnect by themselves and get
// the full state when they rejoin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV, type GameState } from "../../lib/shared/protocol";
import { openDb, type Db } from "../../lib/server/db/client";
import { Client, call, freePort, killAll, nextCell, sleep, startNode, tempSqlite, until, type NodeProc } from "./helpers";

const SIZE = 15;
type Mv = { ply: number; x: number; y: number };
interface Hvh {
  id: string;
  kind: "hvh" | "short" | "long";
  black: Client;
  white: Client;
  tokens: { 1: string; 2: string };
  moves: Mv[]; // acknowledged
  unknown: Mv[]; // sent, outcome unknown (the server died)
}

let db: Awaited<ReturnType<typeof tempSqlite>>;
let node: NodeProc | null = null;
let port = 0;
const clients: Client[] = [];
let reader: Db | null = null;

// Every test client shares one address: its fifteen AI games would be one owner's, over the per-owner cap (AI_BUSY).
const env = () => ({ DATABASE_FILE: db.file, PORT: String(port), RATE_LIMITS: "off", AI_THREADS: "1", AI_PAUSE_MS: "100", AI_OWNER_SEARCHES: "50" });

beforeAll(async () => {
  db = await tempSqlite();
  port = await freePort();
  node = await startNode(env());
});

afterAll(async () => {
  for (const c of clients) c.close();
  await reader?.$disconnect();
  await killAll();
  db?.cleanup();
});

const client = (record = false) => {
  const c = new Client(node!.url, { record });
  clients.push(c);
  return c;
};

async function rows(gameId: string) {
  return reader!.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
}

/** One legal move by the side to move of `g`; records it as acknowledged or unknown. */
async function step(g: Hvh, timeoutMs = 3000): Promise<"ok" | "lost" | string> {
  const ply = g.moves.length + 1;
  const color = ply % 2 === 1 ? 1 : 2;
  const cell = nextCell(SIZE, g.moves, color)!;
  const mv = { ply, ...cell };
  const who = color === 1 ? g.black : g.white;
  const ack = await call(who.socket, EV.move, { gameId: g.id, seatToken: g.tokens[color], ...mv }, timeoutMs);
  if (ack.ok) {
    g.moves.push(mv);
    return "ok";
  }
  if (ack.error.code === "TIMEOUT") {
    g.unknown.push(mv);
    return "lost";
  }
  return ack.error.code;
}

/** The seats of the human games: blacks and whites in turn. */
interface Seats {
  blacks: Client[];
  whites: Client[];
  hvhs: Hvh[];
}

/** A human game between the `i`th white and black, both seats taken, listed in `seats.hvhs`. */
async function newHvh(seats: Seats, i: number, kind: Hvh["kind"], clock: { initialMs: number; incrementMs: number } | null): Promise<Hvh> {
  const white = seats.whites[i % seats.whites.length];
  const black = seats.blacks[i % seats.blacks.length];
  const c = await call(white.socket, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 2, clock });
  expect(c.ok).toBe(true);
  if (!c.ok) throw new Error("create failed");
  await white.join(c.gameId, { token: c.seatToken });
  const j = await black.join(c.gameId, { takeSeat: true });
  expect(j).toMatchObject({ ok: true, color: 1 });
  const g: Hvh = { id: c.gameId, kind, black, white, tokens: { 1: (j as any).seatToken, 2: c.seatToken }, moves: [], unknown: [] };
  seats.hvhs.push(g);
  return g;
}

/** Five AI-vs-AI games running, each watched. */
async function startAva(watchers: Client[]): Promise<string[]> {
  const ava: string[] = [];
  for (let i = 0; i < 5; i++) {
    const c = await call(watchers[i % watchers.length].socket, EV.createAiMatch, {
      size: SIZE,
      rule: "freestyle",
      black: { timeMs: 150 },
      white: { timeMs: 150 },
    });
    expect(c.ok).toBe(true);
    ava.push((c as any).gameId);
    await watchers[i % watchers.length].join((c as any).gameId);
  }
  return ava;
}

/** Fifteen games against the AI, the human's first move made: the AI to move (its searches queue on one worker thread). */
async function startHva(humans: Client[]): Promise<Array<{ id: string; human: Client }>> {
  const hva: Array<{ id: string; human: Client }> = [];
  for (let i = 0; i < 15; i++) {
    const human = humans[i % humans.length];
    const c = await call(human.socket, EV.create, { opponent: "ai", size: SIZE, rule: "freestyle", color: 1, ai: { timeMs: 400 } });
    expect(c.ok).toBe(true);
    const { gameId, seatToken } = c as any;
    await human.join(gameId, { token: seatToken });
    hva.push({ id: gameId, human });
  }
  await Promise.all(
    hva.map(async (g) => {
      const ack = await call(g.human.socket, EV.move, { gameId: g.id, seatToken: g.human.games.get(g.id)!.token!, ply: 1, x: 7, y: 7 });
      expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    }),
  );
  return hva;
}

/** Every client reconnected by itself and rejoined each of its games (full state in the ack and an EV.state event). */
async function expectEveryClientRejoined(eventsBefore: Map<Client, number>, joinsBefore: Map<Client, Map<string, number>>): Promise<void> {
  await until(
    "every client rejoined its games",
    () => clients.every((c) => c.socket.connected && [...c.games].every(([id, g]) => g.joins > joinsBefore.get(c)!.get(id)!)),
    30_000,
  );
  for (const c of clients) {
    const stateEvents = c.events
      .slice(eventsBefore.get(c))
      .filter((e) => e.event === EV.state)
      .map((e) => (e.data as GameState).id);
    for (const id of c.games.keys()) expect(stateEvents).toContain(id);
  }
}

/** Every acknowledged move is in the database, anything else there was in flight at the kill, and the players see exactly that; the games go on from there. */
async function expectAcknowledgedMovesKept(hvhs: Hvh[]): Promise<void> {
  for (const g of hvhs) {
    const stored = (await rows(g.id)).map((r) => ({ ply: r.ply, x: r.x, y: r.y }));
    expect(stored.slice(0, g.moves.length)).toEqual(g.moves);
    for (const extra of stored.slice(g.moves.length)) expect(g.unknown).toContainEqual(extra);
    // The rejoined clients see exactly the stored moves.
    for (const c of [g.black, g.white]) expect(c.state(g.id)!.moves.map((m) => ({ ply: m.ply, x: m.x, y: m.y }))).toEqual(stored);
    // Continue from the stored position.
    g.moves = stored;
  }
}

/**
 * Clocks: the 15 s games are not flagged (the downtime was credited to white's turn): white keeps
 * what it had when the server died (give or take a heartbeat) and plays on; the 10 min games show the
 * time computed from the stored timestamps (each side's first move free), and play on; the side to
 * move was not charged for the time the server was down.
 */
async function expectClocksCredited(shortClock: Hvh[], longClock: Hvh[], downMs: number): Promise<void> {
  for (const g of shortClock) {
    const row = await reader!.game.findUnique({ where: { id: g.id } });
    expect(row).toMatchObject({ status: "playing", result: null, clockCreditPly: 4 });
    const s = g.black.state(g.id)!;
    expect(s.status).toBe("playing");
    expect(s.clock!.whiteMs).toBe(15_000);
    expect(await step(g)).toBe("ok");
    const last = (await rows(g.id)).at(-1)!;
    expect(last.timeMs).toBeLessThan(downMs - 3_000);
  }
  for (const g of longClock) {
    const s = g.white.state(g.id)!;
    const stored = await rows(g.id);
    const ms = { 1: 600_000, 2: 600_000 };
    for (const r of stored) if (r.ply > 2) ms[r.color as 1 | 2] += 2000 - r.timeMs;
    expect(s.status).toBe("playing");
    expect(s.clock).toMatchObject({ blackMs: ms[1], whiteMs: ms[2] });
    expect(Date.parse(s.clock!.at)).toBeGreaterThan(stored.at(-1)!.createdAt.getTime()); // the turn's start moved on by the credit
    expect(await step(g)).toBe("ok");
    const last = (await rows(g.id)).at(-1)!;
    expect(last.timeMs).toBeLessThan(downMs - 3_000);
  }
}

/** AI turns resume by themselves: every game against the AI gets its reply, and the AI-vs-AI games go on. */
async function expectAiResumed(hva: Array<{ id: string; human: Client }>, avaAtKill: Map<string, number>): Promise<void> {
  await until("every AI reply after the restart", async () => (await Promise.all(hva.map(async (g) => (await rows(g.id)).length >= 2))).every(Boolean), 60_000);
  for (const g of hva) await until("the human sees the AI's reply", () => (g.human.state(g.id)?.moves.length ?? 0) >= 2, 10_000);
  await until(
    "AI-vs-AI games move on after the restart",
    async () => {
      for (const [id, n] of avaAtKill) {
        const g = await reader!.game.findUnique({ where: { id } });
        if (g!.status === "playing" && (await rows(id)).length <= n) return false;
      }
      return true;
    },
    60_000,
  );
}

describe("restart after SIGKILL", () => {
  it("keeps every acknowledged move, resumes AI turns and clocks, and clients rejoin with the full state", async () => {
    const seats: Seats = { blacks: Array.from({ length: 6 }, () => client(true)), whites: Array.from({ length: 6 }, () => client(true)), hvhs: [] };
    const watchers = Array.from({ length: 3 }, () => client(true));
    const humans = Array.from({ length: 5 }, () => client(true));
    await Promise.all(clients.map((c) => c.connected()));
    const hvhs = seats.hvhs;

    // 1. Five games on a 10 min clock and twenty without, a few moves in.
    const longClock: Hvh[] = [];
    for (let i = 0; i < 5; i++) longClock.push(await newHvh(seats, i, "long", { initialMs: 600_000, incrementMs: 2000 }));
    const plain: Hvh[] = [];
    for (let i = 0; i < 20; i++) plain.push(await newHvh(seats, i, "hvh", null));
    await Promise.all(
      [...longClock, ...plain].map(async (g) => {
        for (let k = 0; k < 4; k++) expect(await step(g)).toBe("ok");
      }),
    );

    // 2. Five AI-vs-AI games running, watched.
    const ava = await startAva(watchers);

    // 3. Mid-flight: the human games move as fast as their acknowledgements come back.
    let flying = true;
    const flights = [...plain, ...longClock].map(async (g) => {
      // Paced, so the games are still moving when the server dies (and stay clear of a full board).
      while (flying && g.moves.length < 200) {
        const r = await step(g);
        if (r !== "ok") break;
        await sleep(30);
      }
    });
    // 4. Five games on a 15 s clock, both first moves made (the clocks run from then), white to move:
    // the server is down longer than white has left.
    const shortClock: Hvh[] = [];
    for (let i = 0; i < 5; i++) shortClock.push(await newHvh(seats, i, "short", { initialMs: 15_000, incrementMs: 0 }));
    for (const g of shortClock) for (let k = 0; k < 3; k++) expect(await step(g)).toBe("ok");
    const shortStarted = Date.now();

    await sleep(Math.max(800, shortStarted + 3000 - Date.now()));

    // 5. Fifteen games against the AI, the AI to move when the server dies.
    const hva = await startHva(humans);

    reader = await openDb(db.file);
    const games = await reader.game.count();
    expect(games).toBeGreaterThanOrEqual(50);

    // 6. SIGKILL.
    const killedAt = Date.now();
    await node!.kill();
    flying = false;
    await Promise.all(flights);

    // What the database holds at the moment of the kill: nothing ended yet by a clock, AI turns pending.
    for (const g of shortClock) expect((await reader.game.findUnique({ where: { id: g.id } }))!.status).toBe("playing");
    const aiPending = (await Promise.all(hva.map(async (g) => (await rows(g.id)).length === 1))).filter(Boolean).length;
    expect(aiPending).toBeGreaterThanOrEqual(3);
    const avaAtKill = new Map<string, number>();
    for (const id of ava) {
      const g = await reader.game.findUnique({ where: { id } });
      if (g!.status === "playing") avaAtKill.set(id, (await rows(id)).length);
    }
    const inFlight = hvhs.reduce((n, g) => n + g.unknown.length, 0);
    expect(hvhs.filter((g) => g.moves.length + g.unknown.length < 200 && g.kind !== "short").length, "games still moving at the kill").toBeGreaterThan(0);
    const acked = hvhs.reduce((n, g) => n + g.moves.length, 0);

    // 7. Down longer than the short clocks had left; then the same file, the same port.
    expect(Date.now() - shortStarted, "the machine is too slow for this test's timing").toBeLessThan(14_000);
    await sleep(Math.max(2000, shortStarted + 15_500 - Date.now()));
    const eventsBefore = new Map(clients.map((c) => [c, c.events.length]));
    const joinsBefore = new Map(clients.map((c) => [c, new Map([...c.games].map(([id, g]) => [id, g.joins]))]));
    node = await startNode(env());
    const downMs = Date.now() - killedAt;

    // 8.–12. Rejoined; acknowledged moves kept; clocks credited; the human games and the AI play on.
    await expectEveryClientRejoined(eventsBefore, joinsBefore);
    await expectAcknowledgedMovesKept(hvhs);
    await expectClocksCredited(shortClock, longClock, downMs);
    for (const g of plain) expect(await step(g)).toBe("ok");
    await expectAiResumed(hva, avaAtKill);

    console.log(
      `restart: ${games} games, ${acked} moves acknowledged before the kill, ${inFlight} in flight, ${aiPending} AI turns pending, down ${downMs} ms`,
    );
  }, 120_000);
});

describe("a dropped connection (server still up)", () => {
  it("is recovered by socket.io (same id, rooms kept, missed moves replayed) and still gets the full state", async () => {
    const p1 = client(true);
    const p2 = client(true);
    await Promise.all([p1.connected(), p2.connected()]);
    const c = await call(p1.socket, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 1 });
    if (!c.ok) throw new Error("create failed");
    await p1.join(c.gameId, { token: c.seatToken });
    const j = await p2.join(c.gameId, { takeSeat: true });
    if (!j.ok) throw new Error("join failed");
    const id = p2.socket.id;
    const from = p2.events.length;
    // Cut p2's transport (not a client disconnect): socket.io-client reconnects by itself.
    (p2.socket.io as any).engine.close();
    expect(await call(p1.socket, EV.move, { gameId: c.gameId, seatToken: c.seatToken, ply: 1, x: 7, y: 7 })).toMatchObject({ ok: true });
    await until("p2 back", () => p2.socket.connected && p2.connects >= 2, 30_000);
    expect(p2.socket.recovered).toBe(true);
    expect(p2.socket.id).toBe(id);
    // The move made while it was away reaches it (replayed or in the state of its rejoin).
    await until("p2 has the move", () => p2.state(c.gameId)?.moves.length === 1, 30_000);
    expect(p2.events.slice(from).some((e) => e.event === EV.state && e.data.id === c.gameId)).toBe(true);
  }, 30_000);
});
