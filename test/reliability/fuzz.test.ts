// Bad input and abuse. 20 sockets send over 100,000 random and malformed payloads (wrong types,
// huge strings and arrays, deep objects, unknown events, moves off the board / out of turn /
// replaying stale plies, stolen and forged seat tokens, missing and non-function acks, raw junk
// frames) while two honest players play. The server process never dies, the database holds
// exactly the honest players' legal moves (checked against a model of the rules), every bad
// payload that came with an ack function got an error ack with a code, and spectators never
// receive a seat token. Then the limits: per socket, per address, games per minute, payload size.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io, type Socket } from "socket.io-client";
import { EV } from "../../lib/shared/protocol";
import { openDb } from "../../lib/server/db/client";
import { cellsOf, moveError, winningLine } from "../../engine/rules";
import { mulberry32Float } from "../../engine/board/zobrist";
import { Client, call, killAll, sleep, startNode, tempSqlite, type AnyAck, type NodeProc } from "./helpers";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const TOTAL = Number(process.env.FUZZ_EVENTS ?? 100_000);
const SOCKETS = 20;
const SIZE = 15;

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with FUZZ_SEED. */
const prng = mulberry32Float;
const rand = prng(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
const chance = (p: number) => rand() < p;

const TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const forgedToken = () => Array.from({ length: 32 }, () => TOKEN_CHARS[int(64)]).join("");
const hash = (t: string) => createHash("sha256").update(t).digest("base64url");

function junk(depth = 0): unknown {
  switch (int(depth > 3 ? 8 : 12)) {
    case 0:
      return null;
    case 1:
      return int(2) === 0;
    case 2:
      return pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53, NaN, Infinity, 361, 362, -0]);
    case 3:
      return "x".repeat(int(40));
    case 4:
      return pick(["", "__proto__", "constructor", "game:move", "<script>", "' OR 1=1 --", "\u0000\uffff", "🀄".repeat(20)]);
    case 5:
      return int(1e9);
    case 6:
      return undefined;
    case 7:
      return String.fromCharCode(...Array.from({ length: int(30) }, () => int(0xd7ff)));
    case 8:
      return Array.from({ length: int(6) }, () => junk(depth + 1));
    case 9:
      return Object.fromEntries(
        Array.from({ length: int(6) }, () => [pick(["gameId", "seatToken", "ply", "x", "y", "__proto__", "constructor", "a"]), junk(depth + 1)]),
      );
    case 10:
      return { gameId: junk(depth + 1), seatToken: junk(depth + 1), ply: junk(depth + 1), x: junk(depth + 1), y: junk(depth + 1) };
    default:
      return [junk(depth + 1)];
  }
}
function deep(n: number): unknown {
  let v: unknown = { end: true };
  for (let i = 0; i < n; i++) v = chance(0.5) ? { a: v } : [v];
  return v;
}
const big = () => pick([() => "y".repeat(8_000 + int(6_000)), () => Array.from({ length: 2_000 + int(1_000) }, () => int(10)), () => deep(200 + int(600))])();

interface G {
  id: string;
  tokens: { 1: string; 2: string };
  /** The legal moves made, in order (the model). */
  moves: Array<{ ply: number; x: number; y: number; color: 1 | 2 }>;
  over: boolean;
  frozen: boolean; // no honest moves: attackers hold its real tokens
}

let node: NodeProc | null = null;
let db: Awaited<ReturnType<typeof tempSqlite>>;
const sockets: Socket[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  db = await tempSqlite();
  node = await startNode({
    DATABASE_FILE: db.file,
    AI_THREADS: "1",
    // The fuzzing clients are one address sending thousands of events a second: raise the budgets
    // (the limits themselves are tested below with their defaults).
    LIMIT_SOCKET_EVENTS_PER_SEC: "1000000",
    LIMIT_IP_EVENTS_PER_SEC: "1000000",
    LIMIT_IP_CONNECTIONS_PER_MIN: "100000",
    LIMIT_IP_GAMES_PER_MIN: "100000",
    MAX_PAYLOAD_BYTES: "16384",
    NODE_LOG_LEVEL: "fatal",
    LOG_LEVEL: "fatal",
  });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of clients) c.close();
  await killAll();
  db?.cleanup();
});

function raw(url: string): Promise<Socket> {
  const s = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once("connect", () => resolve(s));
    s.once("connect_error", reject);
  });
}

/** 10 games between the two honest players, the spectators in each: 6 played during the fuzz, 4 frozen (attackers hold their real tokens). */
async function setUpGames(honestB: Client, honestW: Client, spectators: Client[]): Promise<{ games: G[]; issuedTokens: Set<string> }> {
  const issuedTokens = new Set<string>();
  const games: G[] = [];
  for (let i = 0; i < 10; i++) {
    const c = await call(honestW.socket, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 2 });
    if (!c.ok) throw new Error("create failed");
    for (const s of spectators) await s.join(c.gameId); // before the second seat is taken: they see it taken
    await honestW.join(c.gameId, { token: c.seatToken });
    const j = await honestB.join(c.gameId, { takeSeat: true });
    if (!j.ok || !j.seatToken) throw new Error("take seat failed");
    issuedTokens.add(c.seatToken).add(j.seatToken);
    games.push({ id: c.gameId, tokens: { 1: j.seatToken, 2: c.seatToken }, moves: [], over: false, frozen: i >= 6 });
  }
  return { games, issuedTokens };
}

/**
 * The honest players' move: a random free cell, the right ply, the right seat. The model says
 * whether it is legal (always, unless the game is over) and whether it ends the game.
 */
function honestPlayers(honestB: Client, honestW: Client) {
  const played = { ok: 0 };
  const move = async (g: G) => {
    const ply = g.moves.length + 1;
    const color: 1 | 2 = ply % 2 === 1 ? 1 : 2;
    const board = cellsOf(SIZE, g.moves);
    const free: Array<{ x: number; y: number }> = [];
    for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) if (!board[y * SIZE + x]) free.push({ x, y });
    const p = pick(free);
    const legal = !g.over && moveError(SIZE, board, p) === null;
    const ack = await call((color === 1 ? honestB : honestW).socket, EV.move, { gameId: g.id, seatToken: g.tokens[color], ply, ...p });
    expect(ack.ok, `honest move ${JSON.stringify({ ply, ...p })} in ${g.id}: ${JSON.stringify(ack)}`).toBe(legal);
    if (ack.ok) {
      played.ok++;
      g.moves.push({ ply, ...p, color });
      board[p.y * SIZE + p.x] = color;
      if (winningLine(SIZE, "freestyle", board, p, color) || g.moves.length === SIZE * SIZE) g.over = true;
    } else if (!g.over) throw new Error("an honest legal move was refused");
  };
  return { move, played };
}

// ---- the attackers' payloads. "bad": must be refused with a code. "any": may be fine (list, join…).
type Shot = { event: string; args: unknown[]; expect: "bad" | "any"; ack: "fn" | "none" | "junk" };
const knownEvents = Object.values(EV);
const stolenToken = (games: G[], g: G) => pick(games.filter((o) => o !== g)).tokens[pick([1, 2] as const)];

function moveShot(games: G[]): Shot {
  const g = pick(games);
  const next = g.moves.length + 1;
  const toMove: 1 | 2 = next % 2 === 1 ? 1 : 2;
  const other: 1 | 2 = toMove === 1 ? 2 : 1;
  const occupied = g.moves.length ? pick(g.moves) : { x: 0, y: 0 };
  const variants: Array<() => Record<string, unknown>> = [
    () => ({ gameId: g.id, seatToken: forgedToken(), ply: next, x: int(SIZE), y: int(SIZE) }), // forged token
    () => ({ gameId: g.id, seatToken: stolenToken(games, g), ply: next, x: int(SIZE), y: int(SIZE) }), // another game's token
    () => ({ gameId: g.id, ply: next, x: int(SIZE), y: int(SIZE) }), // a spectator
    () => ({ gameId: g.id, seatToken: forgedToken(), ply: int(400) - 20, x: int(25) - 3, y: int(25) - 3 }),
    () => ({ gameId: "nope" + int(1000), seatToken: forgedToken(), ply: 1, x: 1, y: 1 }),
    () => ({ gameId: g.id, seatToken: g.tokens[1], ply: next, x: 3, y: 3, extra: 1 }), // strict schema
    () => ({ gameId: g.id, seatToken: g.tokens[1], ply: String(next), x: "3", y: 3 }),
  ];
  if (g.frozen)
    variants.push(
      () => ({ gameId: g.id, seatToken: g.tokens[other], ply: next, x: int(SIZE), y: int(SIZE) }), // out of turn
      () => ({ gameId: g.id, seatToken: g.tokens[toMove], ply: 1 + int(next - 1), x: int(SIZE), y: int(SIZE) }), // stale ply replay
      () => ({ gameId: g.id, seatToken: g.tokens[toMove], ply: next, x: occupied.x, y: occupied.y }), // occupied
      () => ({ gameId: g.id, seatToken: g.tokens[toMove], ply: next, x: SIZE + int(19 - SIZE), y: int(SIZE) }), // off this board
      () => ({ gameId: g.id, seatToken: g.tokens[toMove], ply: next, x: 19 + int(100), y: -1 - int(5) }), // off any board
      () => ({ gameId: g.id, seatToken: g.tokens[toMove], ply: next + 1 + int(5), x: int(SIZE), y: int(SIZE) }), // a ply from the future
    );
  return { event: EV.move, args: [pick(variants)()], expect: "bad", ack: "fn" };
}

function seatShot(games: G[]): Shot {
  const g = pick(games);
  const ev = pick([EV.resign, EV.takeback, EV.rematch]);
  // Real tokens only where the action is refused anyway: takeback (not an AI game), rematch (not over).
  const token = ev !== EV.resign && g.frozen && chance(0.5) ? g.tokens[pick([1, 2] as const)] : chance(0.5) ? forgedToken() : stolenToken(games, g);
  const payload = pick([{ gameId: g.id, seatToken: token }, { gameId: g.id }, { gameId: g.id, seatToken: junk() }, junk()]);
  return { event: ev, args: [payload], expect: "bad", ack: "fn" };
}

function createShot(): Shot {
  const base: Record<string, unknown> = { opponent: "human", size: SIZE, rule: "freestyle", color: 1 };
  const mutate = pick([
    () => (base.size = pick([4, 21, 15.5, "15", null, -1, 1e9])),
    () => (base.opponent = pick(["robot", 1, null, ["ai"]])),
    () => (base.color = pick([0, 3, "1", true])),
    () => (base.clock = pick([{ initialMs: 1, incrementMs: 0 }, { initialMs: 1e12, incrementMs: 0 }, "fast", { initialMs: 60_000 }])),
    () => (base.ai = { timeMs: pick([0, 99, 10_001, "1s", -5]) }),
    () => (base.rule = pick(["caro", "", 5])),
    () => Object.defineProperty(base, "__proto__", { value: { polluted: true }, enumerable: true }),
    () => ((base as any)["constructor"] = { prototype: { polluted: true } }),
    () => (base.extra = junk() ?? 0),
    () => delete base.size,
  ]);
  mutate();
  return { event: pick([EV.create, EV.createAiMatch]), args: [chance(0.1) ? junk() : base], expect: "bad", ack: "fn" };
}

function randomShot(): Shot {
  const ev = chance(0.25)
    ? pick(["", "hello", "error", "ping", "game:moves", "__proto__", "constructor", "x".repeat(int(500)), "game:" + int(100)])
    : pick(knownEvents);
  const payload = chance(0.05) ? big() : junk();
  return { event: ev, args: [payload], expect: "any", ack: "fn" };
}

function joinShot(games: G[]): Shot {
  const g = pick(games);
  const payload = pick([
    { gameId: g.id },
    { gameId: g.id, takeSeat: true }, // both seats are taken: a spectator
    { gameId: g.id, seatToken: forgedToken() },
    { gameId: g.id, seatToken: stolenToken(games, g) },
    { gameId: "missing" + int(1e6) },
  ]);
  return { event: EV.join, args: [payload], expect: "any", ack: "fn" };
}

function shot(games: G[]): Shot {
  const r = rand();
  const s = r < 0.4 ? moveShot(games) : r < 0.5 ? seatShot(games) : r < 0.58 ? createShot() : r < 0.61 ? joinShot(games) : randomShot();
  const a = rand();
  s.ack = a < 0.8 ? "fn" : a < 0.9 ? "none" : "junk";
  return s;
}

/** What the attackers sent and got back. */
interface Tally {
  sent: number;
  acked: number;
  expectedAcks: number;
  problems: string[];
  codes: Map<string, number>;
}

/** One attacker: `count` shots with a window of outstanding acks; every ack checked (a code on each refusal, nothing "bad" accepted). */
async function attack(s: Socket, i: number, count: number, games: G[], tally: Tally): Promise<void> {
  const { problems, codes } = tally;
  let outstanding = 0;
  let wake: (() => void) | null = null;
  for (let n = 0; n < count; n++) {
    const sh = shot(games);
    tally.sent++;
    if (sh.ack === "fn") {
      tally.expectedAcks++;
      outstanding++;
      let answered = false;
      const timer = setTimeout(() => {
        problems.push(`no ack for ${sh.event} ${JSON.stringify(sh.args[0])?.slice(0, 200)}`);
        answered = true;
        outstanding--;
        const w = wake as (() => void) | null;
        wake = null;
        w?.();
      }, 20_000);
      s.emit(sh.event, ...sh.args, (reply: AnyAck) => {
        clearTimeout(timer);
        if (answered) return problems.push(`late ack for ${sh.event}`);
        answered = true;
        tally.acked++;
        outstanding--;
        if (!reply || typeof reply !== "object") problems.push(`ack without a reply object for ${sh.event}`);
        else if (!reply.ok) {
          const code = reply.error?.code;
          if (typeof code !== "string" || typeof reply.error.message !== "string") problems.push(`error ack without a code for ${sh.event}`);
          codes.set(code, (codes.get(code) ?? 0) + 1);
        } else if (sh.expect === "bad") problems.push(`accepted: ${sh.event} ${JSON.stringify(sh.args[0])?.slice(0, 300)}`);
        if (wake && outstanding < 32) {
          const w = wake;
          wake = null;
          w();
        }
      });
      if (outstanding >= 64) await new Promise<void>((r) => (wake = r));
    } else if (sh.ack === "none") s.emit(sh.event, ...sh.args);
    else s.emit(sh.event, ...sh.args, pick([42, "ack", null, { fn: true }]));
    if (n % 200 === 199) await new Promise((r) => setImmediate(r));
    if (!s.connected) throw new Error(`attacker ${i} was disconnected`);
  }
  while (outstanding > 0) await new Promise<void>((r) => (wake = r));
  if (process.env.FUZZ_DEBUG) console.log(`attacker ${i} done`);
}

/**
 * Raw junk frames straight into the socket.io parser, each on a socket of its own (the server
 * closes a connection that sends an undecodable packet). Returns how many the server closed.
 */
async function junkFrames(url: string, count: number): Promise<number> {
  const frames = [
    '42["game:move",',
    "4-1",
    '451-["game:move",{"_placeholder":true,"num":7}]',
    "42" + "[".repeat(5000),
    "49",
    '42[{"a":1}]',
    "43999[]",
    '42["game:move",{"gameId":1}]x',
    "0{}",
    "41",
    '427["disconnect"]',
    '428["connect",{}]',
    '429["newListener","x"]',
    "4" + "\u0000".repeat(100),
  ];
  let closed = 0;
  for (let i = 0; i < count; i++) {
    const j = await raw(url);
    const gone = new Promise<void>((r) => j.once("disconnect", () => r()));
    (j.io as any).engine.write(frames[i % frames.length]);
    if (await Promise.race([gone.then(() => true), sleep(300).then(() => false)])) closed++;
    j.disconnect();
  }
  if (process.env.FUZZ_DEBUG) console.log("junk frames done");
  return closed;
}

/** The database holds exactly the model's moves; any other game was made by an attacker's valid create: still waiting, no moves. */
async function expectDatabaseIsTheModel(games: G[]): Promise<void> {
  const reader = await openDb(db.file);
  try {
    for (const g of games) {
      const rows = await reader.move.findMany({ where: { gameId: g.id }, orderBy: { ply: "asc" } });
      expect(
        rows.map((r) => ({ ply: r.ply, x: r.x, y: r.y, color: r.color })),
        `moves of ${g.id}`,
      ).toEqual(g.moves);
      const row = await reader.game.findUnique({ where: { id: g.id } });
      expect(row!.status).toBe(g.over ? "finished" : "playing");
      // Only the token's hash is stored.
      expect(row!.blackToken).toBe(hash(g.tokens[1]));
      expect(row!.whiteToken).toBe(hash(g.tokens[2]));
    }
    const others = await reader.game.findMany({ where: { id: { notIn: games.map((g) => g.id) } }, include: { _count: { select: { moves: true } } } });
    for (const o of others) expect([o.status, o._count.moves]).toEqual(["waiting", 0]);
  } finally {
    await reader.$disconnect();
  }
}

/** Seat tokens: unguessable (192 random bits) and never sent to a spectator, nor their hashes. */
function expectTokensHidden(issuedTokens: Set<string>, spectators: Client[], games: G[]): void {
  for (const t of issuedTokens) expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
  const seen = spectators.flatMap((s) => s.events.map((e) => JSON.stringify(e.data)));
  expect(seen.length).toBeGreaterThan(games.length);
  for (const t of issuedTokens) {
    const h = hash(t);
    for (const text of seen) {
      expect(text.includes(t)).toBe(false);
      expect(text.includes(h)).toBe(false);
    }
  }
}

describe("fuzz", () => {
  it(`survives ${TOTAL} bad payloads from ${SOCKETS} sockets; only the rightful seats' legal moves change games (seed ${SEED})`, async () => {
    const url = node!.url;
    const honestB = new Client(url);
    const honestW = new Client(url);
    const spectators = Array.from({ length: 4 }, () => new Client(url, { record: true }));
    clients.push(honestB, honestW, ...spectators);
    await Promise.all(clients.map((c) => c.connected()));
    const { games, issuedTokens } = await setUpGames(honestB, honestW, spectators);
    const honest = honestPlayers(honestB, honestW);
    // A few moves in every game before the fuzz starts (so stale plies exist).
    for (const g of games) for (let k = 0; k < 4; k++) await honest.move(g);

    // ---- run: 20 sockets, a window of outstanding acks each; the honest players play meanwhile.
    const attackers = await Promise.all(Array.from({ length: SOCKETS }, () => raw(url)));
    const tally: Tally = { sent: 0, acked: 0, expectedAcks: 0, problems: [], codes: new Map() };
    let disconnects = 0;
    for (const s of attackers) s.on("disconnect", (reason) => (reason !== "io client disconnect" ? disconnects++ : 0));
    let fuzzing = true;
    const playing = (async () => {
      while (fuzzing) {
        const active = games.filter((g) => !g.frozen && !g.over);
        if (!active.length) break;
        await honest.move(pick(active));
        await sleep(5);
      }
    })();
    const started = Date.now();
    await Promise.all(attackers.map((s, i) => attack(s, i, Math.ceil(TOTAL / SOCKETS), games, tally)));
    const junkClosed = await junkFrames(url, 60);
    tally.sent += 60;
    fuzzing = false;
    await playing;
    const seconds = (Date.now() - started) / 1000;

    // The server is alive and well: it answers, and an honest move still works.
    expect(node!.proc.exitCode).toBeNull();
    expect(await call(honestB.socket, EV.list, {})).toMatchObject({ ok: true });
    const live = games.find((g) => !g.frozen && !g.over);
    if (live) await honest.move(live);

    expect(tally.problems.slice(0, 20)).toEqual([]);
    expect(tally.sent).toBeGreaterThanOrEqual(TOTAL);
    expect(tally.acked).toBe(tally.expectedAcks);
    await expectDatabaseIsTheModel(games);
    expectTokensHidden(issuedTokens, spectators, games);
    console.log(
      `fuzz seed ${SEED}: ${tally.sent} payloads in ${seconds.toFixed(1)} s (${Math.round(tally.sent / seconds)}/s), ${tally.acked} error/ok acks, ` +
        `${honest.played.ok} honest moves, ${disconnects} disconnects, ${junkClosed}/60 junk-frame sockets closed by the server; codes ${JSON.stringify(Object.fromEntries(tally.codes))}`,
    );
  }, 120_000);
});

describe("limits (defaults)", () => {
  let limited: NodeProc;
  let ldb: Awaited<ReturnType<typeof tempSqlite>>;
  beforeAll(async () => {
    ldb = await tempSqlite();
    limited = await startNode({ DATABASE_FILE: ldb.file, LIMIT_IP_CONNECTIONS_PER_MIN: "25", RATE_LIMITS: "on" });
  });
  afterAll(async () => {
    await limited?.stop();
    ldb?.cleanup();
  });

  it("refuses a flood with RATE_LIMITED, limits new games per address, closes oversized messages, limits connections", async () => {
    const a = await raw(limited.url);
    const b = await raw(limited.url);
    // Per socket: 20 events/s over a 3 s window (60). 150 at once: the tail is refused with a clear error.
    const replies = await Promise.all(Array.from({ length: 150 }, () => call(a, EV.list, {})));
    const refused = replies.filter((r) => !r.ok) as Array<{ ok: false; error: { code: string; message: string } }>;
    expect(refused.length).toBeGreaterThanOrEqual(80);
    expect(refused[0].error.code).toBe("RATE_LIMITED");
    expect(refused[0].error.message).toMatch(/Too many requests: slow down \(try again in \d+ s\)/);
    // Another socket from the same address is not throttled by a's flood.
    expect(await call(b, EV.list, {})).toMatchObject({ ok: true });

    // Games created per address: 30 a minute.
    const creates: AnyAck[] = [];
    for (let i = 0; i < 31; i++)
      creates.push(await call(i % 2 ? b : await raw(limited.url), EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 }));
    expect(creates.slice(0, 30).every((c) => c.ok)).toBe(true);
    expect(creates[30]).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    expect((creates[30] as any).error.message).toMatch(/Too many new games/);

    // A message over 16 KB closes the connection; the server goes on.
    const c = await raw(limited.url);
    const closed = new Promise<string>((r) => c.once("disconnect", (reason) => r(reason)));
    c.emit(EV.list, { pad: "z".repeat(20_000) });
    expect(await closed).toMatch(/transport (close|error)/);
    expect(await call(b, EV.list, {})).toMatchObject({ ok: true });

    // Connections per address per minute (25 here): the next handshake is refused with RATE_LIMITED.
    let refusedConnect: { message: string; data?: any } | null = null;
    for (let i = 0; i < 30 && !refusedConnect; i++) {
      try {
        await raw(limited.url);
      } catch (err) {
        refusedConnect = err as { message: string; data?: any };
      }
    }
    expect(refusedConnect?.data?.code).toBe("RATE_LIMITED");
    expect(refusedConnect?.message).toMatch(/Too many connections/);
    expect(limited.proc.exitCode).toBeNull();
  }, 60_000);
});
