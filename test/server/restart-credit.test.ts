// A restart's downtime is credited to the turn it fell in (lib/server/games/heartbeat, GameService
// .creditRestart): the game service on a real SQLite file, time injected (its clock's `now`), the server stopped
// and started again by closing one service and opening the next on the same file. No waiting.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrationsDirectly, openDb, type Db } from "../../lib/server/db/client";
import { GameService } from "../../lib/server/games/service";
import { NO_STALLS } from "../../lib/server/games/clock";
import { realClock } from "../../lib/server/time";
import type { GameState } from "../../lib/shared/protocol";

let dir = "";
let file = "";
const dbs: Db[] = [];
const T0 = Date.parse("2026-06-01T12:00:00.000Z");
let t = T0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-credit-"));
  file = path.join(dir, "test.db");
  await applyMigrationsDirectly(file);
});
afterAll(async () => {
  for (const db of dbs) await db.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A server start: a service on the file, its clock at `t`, its restart credited. */
async function start(): Promise<GameService> {
  const db = await openDb(file);
  dbs.push(db);
  const svc = new GameService({ db, clock: { ...realClock, now: () => t }, stalls: NO_STALLS, firstMoveMs: 30_000 });
  await svc.resumeAll();
  return svc;
}

/** A 10 s game between two seat holders; moves at the times given (ms after T0). */
async function game(svc: GameService, movesAt: number[]) {
  const black = await svc.createGame({
    opponent: "human",
    size: 15,
    rule: "freestyle",
    color: 1,
    labOpening: false,
    swap2: false,
    clock: { initialMs: 10_000, incrementMs: 0 },
  });
  const white = await svc.join({ gameId: black.gameId, takeSeat: true });
  const tokens = { 1: black.seatToken, 2: white.seatToken! };
  for (const [i, at] of movesAt.entries()) {
    t = T0 + at;
    await svc.move({ gameId: black.gameId, seatToken: tokens[i % 2 === 0 ? 1 : 2], ply: i + 1, x: i, y: 0 });
  }
  return { id: black.gameId, tokens };
}

describe("restarts are credited to the turn they fell in", () => {
  it("the side to move keeps its time across two restarts in one turn; the move after them is charged only the time the server listened", async () => {
    t = T0;
    let svc = await start();
    const g = await game(svc, [1_000, 2_000, 3_000]); // white to move from 3 s
    const fresh = await game(svc, []); // nobody has moved: black's first-move window (10 s) runs from 3 s
    t = T0 + 4_000;
    await svc.close(); // the last beat: 4 s (a SIGKILL leaves the one before, ≤ 1 s earlier)
    t = T0 + 17_900; // 13.9 s down
    svc = await start();
    let s = await svc.getState(g.id);
    expect(s.status).toBe("playing"); // without the credit: flagged at start-up (10 s clock, 14.9 s in)
    expect(s.clock).toMatchObject({ whiteMs: 10_000, at: new Date(T0 + 3_000 + 13_900).toISOString() });
    expect(leftOf(s, t)).toBe(9_000);
    expect((await svc.getState(fresh.id)).status).toBe("playing"); // its window moved on by the downtime too
    // A second restart in the same turn adds up.
    t = T0 + 18_900;
    await svc.close();
    t = T0 + 30_000;
    svc = await start();
    s = await svc.getState(g.id);
    expect(s.status).toBe("playing");
    expect(leftOf(s, t)).toBe(8_000); // 1 s before the first stop, 1 s between the two
    t = T0 + 30_500;
    const { move } = await svc.move({ gameId: g.id, seatToken: g.tokens[2], ply: 4, x: 9, y: 9 });
    expect(move.timeMs).toBe(2_500);
    // The fresh game's window: 10 s from 3 s, plus 13.9 s and 11.1 s down: open until 38 s.
    t = T0 + 37_900;
    expect((await svc.getState(fresh.id)).status).toBe("playing");
    expect((await svc.getState(fresh.id)).clock!.firstMoveBy).toBe(new Date(T0 + 38_000).toISOString());
    await svc.close();
  });
});

describe("the first start of a version that beats", () => {
  it("with no heartbeat stored yet, the downtime counts from the last move stored", async () => {
    const base = Date.now(); // the rows' own update times are real ones: stay after them
    t = base;
    const db = await openDb(file);
    dbs.push(db);
    await db.heartbeat.deleteMany({}); // as before this version: no beat ever written
    const old = new GameService({ db, clock: { ...realClock, now: () => t }, stalls: NO_STALLS }); // never resumed: it does not beat
    const g = await game(
      old,
      [1_000, 2_000, 3_000].map((ms) => base - T0 + ms),
    );
    await old.close();
    t = base + 3_000 + 13_900;
    const svc = await start();
    const s = await svc.getState(g.id);
    expect(s.status).toBe("playing");
    expect(leftOf(s, t)).toBe(10_000); // the whole gap since the last move: nothing was charged
    await svc.close();
  });
});

/** White's time left at `now` by the state sent (white to move). */
const leftOf = (s: GameState, now: number) => s.clock!.whiteMs - (now - Date.parse(s.clock!.at));
