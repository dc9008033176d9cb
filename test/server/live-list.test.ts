// The live list: games people are playing now, not every game ever left half-played.
// The game service on the test server's database, on fake time: no waiting for the window to pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameService } from "../../lib/server/games/service";
import { NO_STALLS } from "../../lib/server/games/clock";
import { FakeClock } from "../../lib/server/time";
import { server } from "./helpers";
import type { TestServer } from "../support/test-server";

let srv: TestServer;
beforeAll(async () => {
  srv = await server();
});
afterAll(async () => {
  await srv?.close();
});

describe("the live games list", () => {
  it("drops a game nothing has happened in for the live window, and lists it again after a move", async () => {
    // A service of its own over the same database, whose clock the test moves on: the games and
    // moves it makes are stamped with that clock's time, and its list reads the window by it.
    const clock = new FakeClock(Date.now());
    const games = new GameService({ db: srv.db, liveWindowMs: 3000, clock, stalls: NO_STALLS });
    const liveIds = async () => (await games.list({ status: "live" })).games.map((g) => g.id);

    const { gameId, seatToken: black } = await games.createGame({ opponent: "human", size: 9, rule: "freestyle", color: 1 });
    const { seatToken: white } = await games.join({ gameId, takeSeat: true });
    await games.move({ gameId, seatToken: black, ply: 1, x: 4, y: 4 });
    await clock.advance(2999);
    expect(await liveIds()).toContain(gameId);

    await clock.advance(2);
    expect(await liveIds()).not.toContain(gameId);
    expect((await games.getState(gameId)).status).toBe("playing"); // still there to resume

    await games.move({ gameId, seatToken: white!, ply: 2, x: 5, y: 5 });
    expect(await liveIds()).toContain(gameId);
    await games.close();
  });
});
