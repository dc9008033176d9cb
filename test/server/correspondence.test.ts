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
import { block } from "../../lib/server/moderation/blocks";
import { startTestServer, type TestServer } from "../support/test-server";
import { call, callRaw, connectAs, guestSession, sleep, waitFor, type Client } from "./helpers";

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

describe("an open correspondence challenge in the lobby (3 days a move, rated)", () => {
  it(
    "is listed with its days, outlives its socket and a restart, lapses after a week, is refused across a block and taken by anyone else",
    { timeout: 60_000 },
    async () => {
      // Its own server on the same file (whatever ran before): fake time for the game.
      await srv?.close();
      const clock = new FakeClock(Date.UTC(2026, 6, 1, 12));
      srv = await start(clock);
      const [alice, bob, carol] = [await guestSession(srv.url), await guestSession(srv.url), await guestSession(srv.url)];
      const a = await connect(alice.cookie);
      const corr = { size: 15, rule: "freestyle", clock: null, corrDays: 3, rated: true, color: "black" } as const;
      // Forged: days not offered, a clock and days, swap2 with days, days as text.
      for (const bad of [{ corrDays: 4 }, { corrDays: 3, clock: { initialMs: 300_000, incrementMs: 0 } }, { swap2: true }, { corrDays: "3" }])
        expect(await callRaw(a, EV.challengeCreate, { ...corr, ...bad })).toMatchObject({
          ok: false,
          error: { code: "BAD_PAYLOAD", message: expect.any(String) },
        });
      const posted = await call(a, EV.challengeCreate, corr);
      expect(posted).toMatchObject({ ok: true, challenge: { corrDays: 3, clock: null, rated: true, author: { name: alice.me.name } } });
      const id = posted.challenge.id;
      const blitz = await call(a, EV.challengeCreate, { size: 15, rule: "freestyle", clock: { initialMs: 180_000, incrementMs: 2_000 }, rated: false });
      // One posted 8 days ago has lapsed (a week), one of 6 days has not.
      const old = await call(a, EV.challengeCreate, { ...corr, corrDays: 14 });
      await srv.db.challenge.update({ where: { id: old.challenge.id }, data: { createdAt: new Date(Date.now() - 8 * DAY_MS) } });

      // Alice leaves, then the server restarts: her clocked challenge goes, the correspondence one waits.
      a.disconnect();
      await sleep(100);
      await srv.close();
      srv = await start(clock);
      const [b, c] = [await connect(bob.cookie), await connect(carol.cookie)];
      const listed = (await call(b, EV.lobbyWatch, {})).lobby.challenges;
      expect(listed.map((x) => x.id)).toContain(id);
      expect(listed.map((x) => x.id)).not.toContain(blitz.challenge.id);
      expect(listed.map((x) => x.id)).not.toContain(old.challenge.id);
      expect(listed.find((x) => x.id === id)).toMatchObject({ corrDays: 3, clock: null, rated: true });
      expect(await call(b, EV.challengeAccept, { id: old.challenge.id })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });

      // Carol, whom Alice blocked, cannot take it (and is not told who blocked whom); Bob can.
      await block(srv.db, alice.me.id, carol.me.id);
      expect(await call(c, EV.challengeAccept, { id })).toMatchObject({ ok: false, error: { code: "BLOCKED" } });
      const taken = await call(b, EV.challengeAccept, { id });
      expect(taken.ok).toBe(true);
      const joined = await call(b, EV.join, { gameId: taken.gameId });
      expect(joined).toMatchObject({ ok: true, color: 2 });
      expect(joined.state).toMatchObject({ rated: true, pool: "freestyle-15-correspondence", clock: null, correspondence: { days: 3 } });
      expect(joined.state.correspondence!.deadline).toBe(new Date(clock.now() + 3 * DAY_MS).toISOString());
      // Alice (black, to move) finds it in her "your turn" list when she comes back.
      const back = await connect(alice.cookie);
      expect((await call(back, EV.corrTurns, {})).games).toMatchObject([{ gameId: taken.gameId, opponent: bob.me.name, days: 3 }]);
      expect(await call(c, EV.challengeAccept, { id })).toMatchObject({ ok: false, error: { code: "SEAT_TAKEN" } });
    },
  );
});
