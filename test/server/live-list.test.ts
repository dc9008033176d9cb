// The live list: games people are playing now, not every game ever left half-played.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameService } from "../../lib/server/games/service";
import { server, sleep } from "./helpers";
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
    // A second service over the same database, with a short window, only for listing.
    // The window is generous for a loaded machine: the move's time is when it was made, and the
    // first write through the move thread (started here by a throwaway game) can take a second or two there.
    const lister = new GameService({ db: srv.db, liveWindowMs: 3000 });
    const liveIds = async () => (await lister.list({ status: "live" })).games.map((g) => g.id);

    const warm = await srv.games.createGame({ opponent: "human", size: 9, rule: "freestyle", color: 1 });
    await srv.games.join({ gameId: warm.gameId, takeSeat: true });
    await srv.games.move({ gameId: warm.gameId, seatToken: warm.seatToken, ply: 1, x: 4, y: 4 });

    const { gameId, seatToken: black } = await srv.games.createGame({ opponent: "human", size: 9, rule: "freestyle", color: 1 });
    const { seatToken: white } = await srv.games.join({ gameId, takeSeat: true });
    await srv.games.move({ gameId, seatToken: black, ply: 1, x: 4, y: 4 });
    expect(await liveIds()).toContain(gameId);

    await sleep(3200);
    expect(await liveIds()).not.toContain(gameId);
    expect((await srv.games.getState(gameId)).status).toBe("playing"); // still there to resume

    await srv.games.move({ gameId, seatToken: white!, ply: 2, x: 5, y: 5 });
    expect(await liveIds()).toContain(gameId);
  });
});
