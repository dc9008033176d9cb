// The game core on fake time: the clock timers run on the Clock handed to the service, so the flag
// falls when the side to move's time is up by that clock, not before, with no waiting. The game
// service on a real SQLite file, no server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrationsDirectly, openDb, type Db } from "../../lib/server/db/client";
import { GameService } from "../../lib/server/games/service";
import { NO_STALLS } from "../../lib/server/games/clock";
import { FakeClock } from "../../lib/server/time";

let dir = "";
let db: Db;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-flag-"));
  const file = path.join(dir, "test.db");
  await applyMigrationsDirectly(file);
  db = await openDb(file);
});
afterAll(async () => {
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Waits for the service's writes that a timer started to land (real time: the database's, up to 10 s). */
async function until(pred: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1000 && !(await pred()); i++) await new Promise((r) => setTimeout(r, 10));
}

describe("the flag on the service's clock", () => {
  it("white's 10 s run out by the fake clock: playing at 9.999 s, flagged at 10 s; the first-move window closes the same way", async () => {
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 12));
    const svc = new GameService({ db, clock, stalls: NO_STALLS, firstMoveMs: 30_000 });
    const black = await svc.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1, clock: { initialMs: 10_000, incrementMs: 0 } });
    const white = await svc.join({ gameId: black.gameId, takeSeat: true });
    const id = black.gameId;
    await svc.move({ gameId: id, seatToken: black.seatToken, ply: 1, x: 7, y: 7 });
    await svc.move({ gameId: id, seatToken: white.seatToken!, ply: 2, x: 8, y: 8 });
    await svc.move({ gameId: id, seatToken: black.seatToken, ply: 3, x: 9, y: 9 }); // white's clock runs from here

    await clock.advance(9_999);
    expect((await svc.getState(id)).status).toBe("playing");
    await clock.advance(10); // the timer rings 5 ms after the time is up
    await until(async () => (await svc.getState(id)).status === "finished");
    expect(await svc.getState(id)).toMatchObject({ status: "finished", result: "black", reason: "timeout" });

    // Nobody moves in a new game: aborted when its first-move window (a third of 10 s, at least 10 s) closes.
    const fresh = await svc.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1, clock: { initialMs: 10_000, incrementMs: 0 } });
    await svc.join({ gameId: fresh.gameId, takeSeat: true });
    await clock.advance(9_999);
    expect((await svc.getState(fresh.gameId)).status).toBe("playing");
    await clock.advance(10);
    await until(async () => (await svc.getState(fresh.gameId)).status === "finished");
    expect(await svc.getState(fresh.gameId)).toMatchObject({ status: "finished", result: null, reason: "abort" });
    await svc.close();
  });
});
