// Correspondence games over the real server (issue 28): a challenge by name with days per move, the
// deadline in the row, the game surviving a restart of the server (in-process, on the same SQLite
// file) with its deadline, never claimable for leaving, and lost by the player who runs out of days
// (the sweeper on fake time: lib/server/correspondence/sweeper).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { FakeClock } from "../../lib/server/time";
import { DAY_MS } from "../../lib/shared/correspondence";
import { startTestServer, type TestServer } from "../support/test-server";
import { call, connectAs, guestSession, waitFor, type Client } from "./helpers";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-corr-"));
const dbFile = path.join(tmp, "corr.db");
const sockets: Client[] = [];
let srv: TestServer | null = null;
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await srv?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// Fake time for the games and the sweeper; the timers that would ring thousands of times in a fake day
// (pairing, the analysis queue, the tournaments' director) are slowed to once an hour.
const start = (clock: FakeClock) =>
  startTestServer({
    dbFile,
    clock,
    limits: { ...DEFAULT_LIMITS, enabled: false },
    pairEveryMs: 3_600_000,
    corrSweepMs: 3_600_000,
    analysis: { pollMs: 3_600_000 },
    tournaments: { tickMs: 3_600_000 },
  });
const connect = async (cookie: string) => {
  const s = await connectAs(srv!.url, cookie);
  sockets.push(s);
  return s;
};

describe("a correspondence game (2 days a move, rated)", () => {
  it("keeps its deadline across a restart, cannot be claimed for leaving, and the player out of days loses", { timeout: 60_000 }, async () => {
    const t0 = Date.UTC(2026, 5, 1, 12);
    let clock = new FakeClock(t0);
    srv = await start(clock);
    const [alice, bob] = [await guestSession(srv.url), await guestSession(srv.url)];
    let [a, b] = [await connect(alice.cookie), await connect(bob.cookie)];
    const sent = await call(a, EV.directCreate, { name: bob.me.name, size: 15, rule: "freestyle", clock: null, corrDays: 2, rated: true, color: "black" });
    expect(sent).toMatchObject({ ok: true, challenge: { corrDays: 2, clock: null } });
    const { gameId } = await call(b, EV.directAnswer, { id: sent.challenge.id, accept: true });
    const joined = await call(a, EV.join, { gameId: gameId! });
    expect(joined.state).toMatchObject({ rated: true, pool: "freestyle-15-correspondence", clock: null, correspondence: { days: 2 } });
    expect(joined.state.correspondence!.deadline).toBe(new Date(t0 + 2 * DAY_MS).toISOString());
    expect((await call(a, EV.corrTurns, {})).games.map((g) => g.gameId)).toEqual([gameId]);

    // Alice moves an hour later: Bob is told, and his deadline is two days from her move.
    await clock.advance(3600_000);
    await call(b, EV.join, { gameId: gameId! });
    expect(await call(a, EV.move, { gameId: gameId!, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    const told = await waitFor(b, EV.corrTurn, (e: any) => e.gameId === gameId);
    const deadline = new Date(t0 + 3600_000 + 2 * DAY_MS).toISOString();
    expect(told).toMatchObject({ deadline, opponent: alice.me.name });
    expect((await call(a, EV.corrTurns, {})).games).toEqual([]);
    expect((await call(b, EV.corrTurns, {})).games).toMatchObject([{ gameId, opponent: alice.me.name, days: 2, deadline }]);
    // Bob leaves: a correspondence game waits for him, it is never claimed (a casual game's 30 s does not apply).
    b.disconnect();
    await clock.advance(60_000);
    expect(await call(a, EV.claim, { gameId: gameId! })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", message: expect.stringMatching(/days/) } });

    // The server restarts (a day later on the fake clock): the game plays on with the same deadline.
    await srv.close();
    clock = new FakeClock(t0 + DAY_MS);
    srv = await start(clock);
    [a, b] = [await connect(alice.cookie), await connect(bob.cookie)];
    await call(a, EV.join, { gameId: gameId! });
    const back = await call(b, EV.join, { gameId: gameId! });
    expect(back.state).toMatchObject({ status: "playing", correspondence: { days: 2, deadline } });
    expect((await call(b, EV.corrTurns, {})).games.map((g) => g.gameId)).toEqual([gameId]);
    expect(await srv.correspondence.sweep()).toBe(0);

    // Bob's days run out: the sweeper ends the game, Alice wins on time, rated.
    await clock.advance(DAY_MS + 3600_000);
    await srv.correspondence.sweep();
    const over = await waitFor(a, EV.state, (s: any) => s.id === gameId && s.status === "finished", 5000);
    expect(over).toMatchObject({ result: "black", reason: "timeout", rated: true });
    const row = await srv.db.game.findUnique({ where: { id: gameId! } });
    expect(row).toMatchObject({ status: "finished", result: "black", reason: "timeout" });
    expect(row!.blackRatingDiff).toBeGreaterThan(0);
    expect((await call(b, EV.corrTurns, {})).games).toEqual([]);
  });
});
