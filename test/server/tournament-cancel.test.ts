// A person's arena or Swiss cancelled by its creator before its start (lib/server/tournaments/cancel; h3's trial:
// with one live event per creator and starts up to a week ahead, a typo locked its creator out for a week).
// Over the real server and its HTTP API, fake time.
import { describe, expect, it } from "vitest";
import { guestSession } from "./helpers";
import { useTournamentServer } from "./tournament-fixture";

const fx = useTournamentServer("cancel");

const post = fx.post;
const get = async (path: string, cookie: string) => (await (await fetch(`${fx.srv.url}${path}`, { headers: { cookie } })).json()) as any;
const create = async (cookie: string, kind: "arena" | "swiss", startsInMinutes: number) =>
  (
    await post("/api/tournaments", cookie, {
      kind,
      name: `Cancel ${kind}`,
      size: 15,
      rule: "freestyle",
      clock: "3+2",
      startsInMinutes,
      ...(kind === "arena" ? { minutes: 30 } : { rounds: 3 }),
    })
  ).id as string;

describe("cancelling one's own event", () => {
  it("its creator cancels it before its start: called off, and they may make another; nobody else may, nor after the start", async () => {
    const [owner, other] = [await guestSession(fx.srv.url), await guestSession(fx.srv.url)];
    const id = await create(owner.cookie, "swiss", 60);
    expect((await get(`/api/tournaments/${id}`, owner.cookie)).tournament).toMatchObject({ mayCancel: true, cancelled: false });
    expect((await get(`/api/tournaments/${id}`, other.cookie)).tournament).toMatchObject({ mayCancel: false });
    expect(await post(`/api/tournaments/${id}/join`, other.cookie)).toEqual({ ok: true });
    // Someone else: refused, nothing changed.
    expect(await post(`/api/tournaments/${id}/cancel`, other.cookie)).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", reason: "tourCancelCreator" } });
    expect((await get(`/api/tournaments/${id}`, owner.cookie)).tournament.status).toBe("created");
    // One live event a creator: a second is refused until this one is cancelled.
    expect(
      await post("/api/tournaments", owner.cookie, {
        kind: "arena",
        name: "Second",
        size: 15,
        rule: "freestyle",
        clock: "3+2",
        startsInMinutes: 0,
        minutes: 30,
      }),
    ).toMatchObject({
      ok: false,
    });
    expect(await post(`/api/tournaments/${id}/cancel`, owner.cookie)).toEqual({ ok: true });
    const v = (await get(`/api/tournaments/${id}`, owner.cookie)).tournament;
    expect(v).toMatchObject({ status: "finished", cancelled: true, mayCancel: false, podium: [] });
    // Its start passes: the director leaves it be (no round, nobody joins any more).
    await fx.clock.advance(61 * 60_000);
    await fx.director.tick();
    expect((await get(`/api/tournaments/${id}`, owner.cookie)).tournament).toMatchObject({ status: "finished", round: 0 });
    expect(await post(`/api/tournaments/${id}/join`, owner.cookie)).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    expect(await post(`/api/tournaments/${id}/cancel`, owner.cookie)).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    // Its creator may make another now; once that one has started, it can no longer be cancelled.
    const next = await create(owner.cookie, "arena", 0);
    expect(next).toBeTruthy();
    await fx.director.tick();
    expect((await get(`/api/tournaments/${next}`, owner.cookie)).tournament).toMatchObject({ status: "started", mayCancel: false });
    expect(await post(`/api/tournaments/${next}/cancel`, owner.cookie)).toMatchObject({
      ok: false,
      error: { code: "NOT_ALLOWED", reason: "tourCancelStarted" },
    });
  });
});
