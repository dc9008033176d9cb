// A Swiss player who does not start their game (the first-move window passes) is withdrawn, as lila's Swiss does:
// before, they stayed in and were paired again every round, each time costing an opponent the game (an aborted
// Swiss game scores nothing). h3's trial; over the real server on fake time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { FakeClock } from "../../lib/server/time";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { log } from "../../lib/server/log";
import { Director } from "../../lib/server/tournaments/director";
import { connectAs, guestSession, postApi, server, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";

const clock = new FakeClock(Date.now());
let srv: TestServer;
let director: Director;
const sockets: Client[] = [];

beforeAll(async () => {
  srv = await server({ clock, pairEveryMs: 3600_000, tournaments: { enabled: false }, limits: { ...DEFAULT_LIMITS, ipEventsPerSec: 5000 } });
  director = new Director(
    {
      db: srv.db,
      games: srv.games,
      clock,
      log,
      nodeId: "swiss-noshow",
      started: (p, g) => void srv.io.to(`player:${p}`).emit(EV.started, { gameId: g, via: "pairing" }),
    },
    { schedule: false },
  );
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await director.close();
  await srv.close();
});

describe("a Swiss no-show", () => {
  it("is withdrawn once their first-move window passes, and not paired in the next round; joining again brings them back", async () => {
    const ps = [await guestSession(srv.url), await guestSession(srv.url), await guestSession(srv.url)];
    for (const p of ps) sockets.push(await connectAs(srv.url, p.cookie));
    const made = (
      await postApi(
        srv.url,
        "/api/tournaments",
        { kind: "swiss", name: "No-show Swiss", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 5, rounds: 3 },
        ps[0].cookie,
      )
    ).body as any;
    expect(made).toMatchObject({ ok: true });
    const id: string = made.id;
    for (const p of ps) expect((await postApi(srv.url, `/api/tournaments/${id}/join`, {}, p.cookie)).body).toEqual({ ok: true });
    await clock.advance(5 * 60_000);
    await director.tick();
    const round1 = await srv.db.tournamentPairing.findFirst({ where: { tournamentId: id, round: 1, gameId: { not: null } } });
    expect(round1).toBeTruthy();
    const blackId = round1!.blackId;
    // Nobody moves: the window passes, the game is aborted; the absent black is withdrawn (in the background).
    await clock.advance(61_000);
    const statusOf = async (playerId: string) => (await srv.db.tournamentPlayer.findFirst({ where: { tournamentId: id, playerId } }))!.status;
    for (const end = Date.now() + 30_000; Date.now() < end && (await statusOf(blackId)) !== "withdrawn";) await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(blackId)).toBe("withdrawn");
    await director.tick();
    const round2 = await srv.db.tournamentPairing.findMany({ where: { tournamentId: id, round: 2 } });
    expect(round2.length).toBeGreaterThan(0);
    expect(round2.some((p) => p.blackId === blackId || p.whiteId === blackId)).toBe(false);
    // Back by joining again.
    const absent = ps.find((p) => p.me.id === blackId)!;
    expect((await postApi(srv.url, `/api/tournaments/${id}/join`, {}, absent.cookie)).body).toEqual({ ok: true });
    expect(await statusOf(blackId)).toBe("waiting");
  });
});
