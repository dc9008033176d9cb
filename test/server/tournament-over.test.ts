// Berserk after one's first move is refused with its own reason (the pages worded the bare WRONG_PHASE as
// swap2's "the opening is at another step"; h3's trial). And a finished event's rows are its results (h3's trial: after the end, POST withdraw answered ok and turned the
// winner's row "withdrawn" under the podium; pause did the same to "paused"). Over the real server, fake time.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, connectAs, guestSession, postApi, waitFor } from "./helpers";
import { useTournamentServer } from "./tournament-fixture";

const fx = useTournamentServer("over-test");

const post = fx.post;

describe("a finished event", () => {
  it("refuses join, withdraw and pause (GAME_OVER, tourOver) and its rows stay as they ended", async () => {
    const a = await guestSession(fx.srv.url);
    const made = (
      await postApi(
        fx.srv.url,
        "/api/tournaments",
        { kind: "arena", name: "Over soon", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 20 },
        a.cookie,
      )
    ).body as any;
    expect(made).toMatchObject({ ok: true });
    const id: string = made.id;
    expect(await post(`/api/tournaments/${id}/join`, a.cookie)).toEqual({ ok: true });
    await fx.director.tick();
    await fx.clock.advance(21 * 60_000);
    await fx.director.tick();
    expect((await fx.srv.db.tournament.findUnique({ where: { id } }))!.status).toBe("finished");
    const before = await fx.srv.db.tournamentPlayer.findMany({ where: { tournamentId: id } });
    for (const action of ["join", "withdraw", "pause"])
      expect(await post(`/api/tournaments/${id}/${action}`, a.cookie), action).toMatchObject({
        ok: false,
        error: { code: "GAME_OVER", reason: "tourOver" },
      });
    expect(await fx.srv.db.tournamentPlayer.findMany({ where: { tournamentId: id } })).toEqual(before);
  });
});

describe("berserk after your first move", () => {
  it("is refused with WRONG_PHASE and its own reason (tourBerserkMoved), the clock untouched", async () => {
    const [a, b] = [await guestSession(fx.srv.url), await guestSession(fx.srv.url)];
    const [sa, sb] = [await connectAs(fx.srv.url, a.cookie), await connectAs(fx.srv.url, b.cookie)];
    fx.sockets.push(sa, sb);
    const made = (
      await postApi(
        fx.srv.url,
        "/api/tournaments",
        { kind: "arena", name: "Berserk late", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 20 },
        a.cookie,
      )
    ).body as any;
    for (const p of [a, b]) expect(await post(`/api/tournaments/${made.id}/join`, p.cookie)).toEqual({ ok: true });
    const started = waitFor(sa, EV.started);
    await fx.director.tick();
    const { gameId } = await started;
    const j = await call(sa, EV.join, { gameId });
    await call(sb, EV.join, { gameId });
    const [black, blackSocket] = j.color === 1 ? [a, sa] : [b, sb];
    expect(await call(blackSocket, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    expect(await post(`/api/tournaments/${made.id}/berserk`, black.cookie)).toMatchObject({
      ok: false,
      error: { code: "WRONG_PHASE", reason: "tourBerserkMoved" },
    });
    expect((await fx.srv.games.getState(gameId)).clock).toMatchObject({ blackMs: 180_000 });
  });
});
