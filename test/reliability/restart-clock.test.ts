// A restart is never charged to a clock (issue 25, part 2): a rated game on a 10 s clock, the player
// to move 1 s into their turn, the server SIGKILLed and back 10 s later (it was: "the player to move
// was charged the whole 13.9 s of downtime", flagged, rated). Now the downtime (from the last
// heartbeat to the start) is credited to the turn before the server listens: the player keeps their
// time, less at most a beat (1 s) of tolerance, and plays on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { openDb, type Db } from "../../lib/server/db/client";
import { call, connectAs, guestSession, waitFor, type Client } from "../server/helpers";
import { freePort, killAll, sleep, startNode, tempSqlite, type NodeProc } from "./helpers";

let db: Awaited<ReturnType<typeof tempSqlite>>;
let node: NodeProc | null = null;
let port = 0;
let reader: Db | null = null;
const sockets: Client[] = [];
const env = () => ({ DATABASE_FILE: db.file, PORT: String(port), RATE_LIMITS: "off", AI_THREADS: "1" });

beforeAll(async () => {
  db = await tempSqlite();
  port = await freePort();
  node = await startNode(env());
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await reader?.$disconnect();
  await killAll();
  db?.cleanup();
});

const connect = async (cookie: string) => {
  const s = await connectAs(node!.url, cookie);
  sockets.push(s);
  return s;
};

describe("a SIGKILL and a 10 s restart in a rated 10 s game", () => {
  it("the player to move is not flagged and keeps their time (less a beat); the game plays on, rated", { timeout: 90_000 }, async () => {
    const [alice, bob] = [await guestSession(node!.url), await guestSession(node!.url)];
    let [a, b] = [await connect(alice.cookie), await connect(bob.cookie)];
    const clock = { initialMs: 10_000, incrementMs: 0 };
    const posted = await call(a, EV.challengeCreate, { size: 15, rule: "freestyle", clock, rated: true, color: "black" });
    expect(posted.ok, JSON.stringify(posted.error)).toBe(true);
    const { gameId } = await call(b, EV.challengeAccept, { id: posted.challenge.id });
    for (const s of [a, b]) expect(await call(s, EV.join, { gameId })).toMatchObject({ ok: true });
    expect(await call(a, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    expect(await call(b, EV.move, { gameId, ply: 2, x: 8, y: 8 })).toEqual({ ok: true });
    expect(await call(a, EV.move, { gameId, ply: 3, x: 7, y: 8 })).toEqual({ ok: true });
    // Bob (white) to move, his clock running: 1 s in, the server dies.
    await sleep(1_000);
    const killedAt = Date.now();
    await node!.kill();
    await sleep(10_000); // longer than all Bob had left
    // From here Bob's clock may run again (from the server's start): the most it can have charged him since is the
    // time from here to each reading, however slow the machine is to start the node and reconnect.
    const restartedBy = Date.now();
    node = await startNode(env());
    const downMs = Date.now() - killedAt;

    reader = await openDb(db.file);
    const row = await reader.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(row).toMatchObject({ status: "playing", result: null, clockCreditPly: 4 });
    expect(row.clockCreditMs!).toBeGreaterThanOrEqual(downMs - 1_500); // from the last beat (≤ 1 s before the kill) to the start
    [a, b] = [await connect(alice.cookie), await connect(bob.cookie)];
    expect(await call(a, EV.join, { gameId })).toMatchObject({ ok: true });
    const { state } = await call(b, EV.join, { gameId });
    expect(state.status).toBe("playing");
    // What Bob has now, by the state he was sent: his 10 s less the second before the kill, give or
    // take a beat (the credit runs from the last beat, up to 1 s before the kill: in his favour).
    const left = state.clock!.whiteMs - (Date.now() - Date.parse(state.clock!.at));
    // The second before the kill, a beat, and at most the time since the restart began (10 s of downtime if charged).
    expect(left).toBeGreaterThan(10_000 - 1_000 - 1_000 - (Date.now() - restartedBy));
    expect(left).toBeLessThanOrEqual(10_000);
    expect(await call(b, EV.move, { gameId, ply: 4, x: 8, y: 9 })).toEqual({ ok: true });
    const moved = await waitFor(a, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 4);
    expect(moved.status).toBe("playing");
    // Without the rule: the whole downtime, and flagged before. With it: the second before the kill, a beat, and the restart.
    expect(moved.move.timeMs).toBeLessThan(1_000 + 1_000 + (Date.now() - restartedBy));
    // Still rated, and nothing was rated yet.
    expect(await reader.ratingPoint.count({ where: { gameId } })).toBe(0);
    expect(await call(a, EV.resign, { gameId })).toEqual({ ok: true });
    await sleep(200);
    expect(await reader.ratingPoint.count({ where: { gameId } })).toBe(2);
    console.log(`restart: down ${downMs} ms, credited ${row.clockCreditMs} ms, Bob's move charged ${moved.move.timeMs} ms`);
  });
});
