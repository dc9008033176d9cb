// One arena at a time (lila withdraws a player from the other arenas under way when they join one): h3's trial
// found a player in two running arenas paired into two games at the same moment. Over the real server, fake time.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, connectAs, guestSession } from "./helpers";
import { useTournamentServer } from "./tournament-fixture";

const fx = useTournamentServer("one-event");

const post = fx.post;
const arena = async (cookie: string, name: string) =>
  (await post("/api/tournaments", cookie, { kind: "arena", name, size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 30 })).id as string;

describe("two arenas at once", () => {
  it("joining one pauses the player in the other, so the directors never seat them in two games at the same time", async () => {
    const [a, b, c, d] = [await guestSession(fx.srv.url), await guestSession(fx.srv.url), await guestSession(fx.srv.url), await guestSession(fx.srv.url)];
    const x = await arena(a.cookie, "Arena X");
    const y = await arena(b.cookie, "Arena Y");
    await fx.director.tick(); // both under way
    for (const p of [a, c]) expect(await post(`/api/tournaments/${x}/join`, p.cookie)).toEqual({ ok: true });
    for (const p of [d, a]) expect(await post(`/api/tournaments/${y}/join`, p.cookie)).toEqual({ ok: true });
    const status = async (t: string, p: { me: { id: string } }) =>
      (await fx.srv.db.tournamentPlayer.findUnique({ where: { tournamentId_playerId: { tournamentId: t, playerId: p.me.id } } }))!.status;
    expect(await status(x, a)).toBe("paused");
    expect(await status(y, a)).toBe("waiting");
    // The directors' passes: A is seated in one game at most (in Y), C in X waits for someone else.
    await fx.director.tick();
    const open = await fx.srv.db.tournamentPairing.findMany({
      where: { status: { in: ["starting", "playing"] }, OR: [{ blackId: a.me.id }, { whiteId: a.me.id }] },
    });
    expect(open.map((p) => p.tournamentId)).toEqual([y]);
    // Back to X: paused in Y now (a game under way there is played on), with no pause penalty in X.
    expect(await post(`/api/tournaments/${x}/join`, a.cookie)).toEqual({ ok: true });
    expect(await status(y, a)).toBe("paused");
    expect(await status(x, a)).toBe("waiting");
    // Signing up for a later event leaves the one under way alone.
    const z = (
      await post("/api/tournaments", c.cookie, { kind: "arena", name: "Later Z", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 60, minutes: 30 })
    ).id;
    expect(await post(`/api/tournaments/${z}/join`, a.cookie)).toEqual({ ok: true });
    expect(await status(x, a)).toBe("waiting");
  });

  it("one whose game in another event is under way is not seated here until it is over (paused there on joining here, the game played on)", async () => {
    const [a, b, c, d] = [await guestSession(fx.srv.url), await guestSession(fx.srv.url), await guestSession(fx.srv.url), await guestSession(fx.srv.url)];
    const y = await arena(b.cookie, "Arena Y2");
    await fx.director.tick();
    for (const p of [a, d]) expect(await post(`/api/tournaments/${y}/join`, p.cookie)).toEqual({ ok: true });
    await fx.director.tick(); // a and d play in Y
    const inY = await fx.srv.db.tournamentPairing.findFirstOrThrow({ where: { tournamentId: y, status: "playing" } });
    const x = await arena(c.cookie, "Arena X2");
    await fx.director.tick();
    for (const p of [c, a]) expect(await post(`/api/tournaments/${x}/join`, p.cookie)).toEqual({ ok: true });
    await fx.director.tick();
    // a is waiting in X but in a game in Y: no game in X for a (nor for c, alone).
    expect(await fx.srv.db.tournamentPairing.count({ where: { tournamentId: x } })).toBe(0);
    // Y's game ends (a resigns); then X seats a with c.
    const ay = await connectAs(fx.srv.url, a.cookie);
    try {
      expect((await call(ay, EV.join, { gameId: inY.gameId! })).ok).toBe(true);
      expect((await call(ay, EV.resign, { gameId: inY.gameId! })).ok).toBe(true);
    } finally {
      ay.disconnect();
    }
    await fx.director.tick();
    expect(await fx.srv.db.tournamentPairing.count({ where: { tournamentId: x, status: { in: ["starting", "playing"] } } })).toBe(1);
  });
});
