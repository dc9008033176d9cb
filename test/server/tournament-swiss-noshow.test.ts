// A Swiss player who does not start their game (the first-move window passes) is withdrawn, as lila's Swiss does:
// before, they stayed in and were paired again every round, each time costing an opponent the game (an aborted
// Swiss game scores nothing). h3's trial; over the real server on fake time.
import { describe, expect, it } from "vitest";
import { connectAs, guestSession, postApi } from "./helpers";
import { useTournamentServer } from "./tournament-fixture";

const fx = useTournamentServer("swiss-noshow");

describe("a Swiss no-show", () => {
  it("is withdrawn once their first-move window passes, and not paired in the next round; joining again brings them back", async () => {
    const ps = [await guestSession(fx.srv.url), await guestSession(fx.srv.url), await guestSession(fx.srv.url)];
    for (const p of ps) fx.sockets.push(await connectAs(fx.srv.url, p.cookie));
    const made = (
      await postApi(
        fx.srv.url,
        "/api/tournaments",
        { kind: "swiss", name: "No-show Swiss", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 5, rounds: 3 },
        ps[0].cookie,
      )
    ).body as any;
    expect(made).toMatchObject({ ok: true });
    const id: string = made.id;
    for (const p of ps) expect((await postApi(fx.srv.url, `/api/tournaments/${id}/join`, {}, p.cookie)).body).toEqual({ ok: true });
    await fx.clock.advance(5 * 60_000);
    await fx.director.tick();
    const round1 = await fx.srv.db.tournamentPairing.findFirst({ where: { tournamentId: id, round: 1, gameId: { not: null } } });
    expect(round1).toBeTruthy();
    const blackId = round1!.blackId;
    // Nobody moves: the window passes, the game is aborted; the absent black is withdrawn (in the background).
    await fx.clock.advance(61_000);
    const statusOf = async (playerId: string) => (await fx.srv.db.tournamentPlayer.findFirst({ where: { tournamentId: id, playerId } }))!.status;
    for (const end = Date.now() + 30_000; Date.now() < end && (await statusOf(blackId)) !== "withdrawn";) await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(blackId)).toBe("withdrawn");
    await fx.director.tick();
    const round2 = await fx.srv.db.tournamentPairing.findMany({ where: { tournamentId: id, round: 2 } });
    expect(round2.length).toBeGreaterThan(0);
    expect(round2.some((p) => p.blackId === blackId || p.whiteId === blackId)).toBe(false);
    // Back by joining again.
    const absent = ps.find((p) => p.me.id === blackId)!;
    expect((await postApi(fx.srv.url, `/api/tournaments/${id}/join`, {}, absent.cookie)).body).toEqual({ ok: true });
    expect(await statusOf(blackId)).toBe("waiting");
  });
});
