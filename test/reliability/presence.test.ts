// Presence across two server processes sharing Redis and PostgreSQL: spectator counts and "player
// connected" flags count the sockets of every node, not just the node that sends them
// (lib/server/realtime/presence.ts). Each check is chosen so that per-node figures would give a different
// number than cluster-wide ones.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV, type GameState } from "../../lib/shared/protocol";
import { Client, REDIS_TEST_URL, call, flushRedisPrefix, killAll, sharedNodeEnv, sleep, startNode, tempPostgres, type NodeProc } from "./helpers";

const prefix = `gomoku_test_${randomBytes(4).toString("hex")}`;
let pgdb: Awaited<ReturnType<typeof tempPostgres>>;
let a: NodeProc;
let b: NodeProc;
const clients: Client[] = [];
/** Every game:spectators count each client got, by game. */
const counts = new Map<Client, Map<string, number[]>>();

const env = (id: string) => sharedNodeEnv(pgdb.url, prefix, id);

beforeAll(async () => {
  pgdb = await tempPostgres();
  [a, b] = await Promise.all([startNode(env("A")), startNode(env("B"))]);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await killAll();
  await pgdb?.drop();
  await flushRedisPrefix(REDIS_TEST_URL, prefix);
});

/** A client that, like the browser's useGame, also applies game:spectators to the state it shows. */
const client = async (node: NodeProc) => {
  const c = new Client(node.url);
  c.socket.on(EV.spectators, (e: { gameId: string; count: number }) => {
    const g = c.games.get(e.gameId);
    if (g?.state) g.state = { ...g.state, spectators: e.count };
    const mine = counts.get(c) ?? counts.set(c, new Map()).get(c)!;
    mine.set(e.gameId, [...(mine.get(e.gameId) ?? []), e.count]);
  });
  clients.push(c);
  await c.connected();
  return c;
};

async function until(what: string, pred: () => boolean, ms = 10_000, show?: () => unknown) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pred()) return;
    await sleep(50);
  }
  throw new Error(`timed out: ${what}${show ? ` (now ${JSON.stringify(show())})` : ""}`);
}

const seen = (c: Client, gameId: string) => {
  const s = c.state(gameId);
  const connected = (seat: GameState["black"] | undefined) => (seat?.kind === "human" ? seat.connected : null);
  return s ? { spectators: s.spectators, black: connected(s.black), white: connected(s.white), status: s.status } : null;
};
const shows = (c: Client, gameId: string, want: Partial<NonNullable<ReturnType<typeof seen>>>, what: string) =>
  until(
    what,
    () => {
      const s = seen(c, gameId);
      return !!s && Object.entries(want).every(([k, v]) => s[k as keyof typeof s] === v);
    },
    10_000,
    () => seen(c, gameId),
  );

async function humanGame(creator: Client, color: 1 | 2) {
  const c = await call(creator.socket, EV.create, { opponent: "human", size: 15, rule: "freestyle", color });
  expect(c.ok, JSON.stringify(c)).toBe(true);
  return { gameId: (c as any).gameId as string, token: (c as any).seatToken as string };
}

describe("presence with two nodes", () => {
  let gameId: string;
  let whiteA: Client;
  let spectatorA: Client;

  it("counts spectators and connected players of both nodes", async () => {
    whiteA = await client(a);
    const g = await humanGame(whiteA, 2);
    gameId = g.gameId;
    expect(await whiteA.join(gameId, { token: g.token })).toMatchObject({ ok: true, color: 2 });
    const blackB = await client(b);
    expect(await blackB.join(gameId, { takeSeat: true })).toMatchObject({ ok: true, color: 1 });
    // Each player sees the other connected, though the other's socket is on the other node.
    await shows(blackB, gameId, { black: true, white: true }, "black on B sees white (on A) connected");
    await shows(whiteA, gameId, { black: true, white: true }, "white on A sees black (on B) connected");

    // One spectator on A, two on B: everyone sees 3.
    spectatorA = await client(a);
    await spectatorA.join(gameId);
    const spectatorB1 = await client(b);
    const spectatorB2 = await client(b);
    await spectatorB1.join(gameId);
    await spectatorB2.join(gameId);
    await shows(whiteA, gameId, { spectators: 3 }, "white on A sees 3 spectators");
    await shows(blackB, gameId, { spectators: 3 }, "black on B sees 3 spectators");
    // A newcomer on A gets the cluster-wide count in its join answer (itself included).
    const lateA = await client(a);
    const late = await lateA.join(gameId);
    expect(late.ok && late.state.spectators).toBe(4);
    await shows(blackB, gameId, { spectators: 4 }, "black on B sees A's newcomer");

    // The spectators on B go: one leaves the game, one disconnects.
    expect(await call(spectatorB2.socket, EV.leave, { gameId })).toMatchObject({ ok: true });
    spectatorB1.close();
    await shows(whiteA, gameId, { spectators: 2 }, "white on A sees B's spectators gone");
    await shows(blackB, gameId, { spectators: 2 }, "black on B sees its spectators gone");
    await shows(lateA, gameId, { spectators: 2 }, "the newcomer on A sees B's spectators gone");

    // Black (on B) disconnects: white on A sees the seat disconnected.
    blackB.close();
    await shows(whiteA, gameId, { black: false, white: true, spectators: 2 }, "white on A sees black gone");
  }, 60_000);

  it("a state sent by a node with nobody in the game is followed by the right count", async () => {
    // Everyone in this game is on B; the resign comes through A, which has no socket in the room:
    // A's state carries A's figures (0), then B resends its count.
    const blackB = await client(b);
    const g = await humanGame(blackB, 1);
    await blackB.join(g.gameId, { token: g.token });
    const whiteB = await client(b);
    await whiteB.join(g.gameId, { takeSeat: true });
    const watchB = await client(b);
    await watchB.join(g.gameId);
    await shows(watchB, g.gameId, { spectators: 1, status: "playing" }, "the spectator on B counts itself");
    const resigner = await client(a);
    expect(await call(resigner.socket, EV.resign, { gameId: g.gameId, seatToken: g.token })).toMatchObject({ ok: true });
    await shows(watchB, g.gameId, { status: "finished", spectators: 1 }, "after A's state, the spectator on B sees 1 again");
  }, 30_000);

  it("a killed node's sockets drop out of the count", async () => {
    const spectatorB = await client(b);
    await spectatorB.join(gameId);
    await shows(whiteA, gameId, { spectators: 3 }, "white on A sees the new spectator on B");
    await b.kill();
    // The next change in the game (here a newcomer on A) refetches: first A counts B's spectator
    // as last fetched (4), then the refetch drops it (3: the spectator and two newcomers on A).
    const mark = counts.get(whiteA)!.get(gameId)!.length;
    const newcomer = await client(a);
    await newcomer.join(gameId);
    const since = () => counts.get(whiteA)!.get(gameId)!.slice(mark);
    await until("white on A gets 4 then 3", () => since().join() === "4,3", 10_000, since);
    await sleep(300);
    expect(since()).toEqual([4, 3]);
    expect(seen(whiteA, gameId)?.spectators).toBe(3);
    expect(a.proc.exitCode).toBeNull();
  }, 30_000);
});
