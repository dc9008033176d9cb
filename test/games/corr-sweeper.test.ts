// The correspondence sweeper (lib/server/correspondence/sweeper) on two nodes sharing one database:
// only the node holding the lease "correspondence" ends overdue games; once it stops (lease released)
// the other takes over. The overdue games are read from the rows at the clock's time (fake here).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/server/db/client";
import { openTempDb } from "../support/temp-db";
import { CorrespondenceSweeper } from "../../lib/server/correspondence/sweeper";
import type { GameService } from "../../lib/server/games/service";
import { FakeClock } from "../../lib/server/time";
import { log } from "../../lib/server/log";

let db: Db;
let temp: Awaited<ReturnType<typeof openTempDb>>;
beforeAll(async () => {
  temp = await openTempDb("corr-sweep");
  db = temp.db;
});
afterAll(() => temp.close());

const human = JSON.stringify({ kind: "human" });
const corrGame = (id: string, deadline: number) => ({
  id,
  size: 15,
  rule: "freestyle",
  opening: "[]",
  black: human,
  white: human,
  kind: "hvh",
  status: "playing",
  corrDays: 1,
  corrDeadline: new Date(deadline),
});

/** A stand-in game service: its clock, and the games it was asked to resume (the real one flags them there). */
function node(clock: FakeClock) {
  const resumed: string[] = [];
  const games = { clock, resume: async (id: string) => resumed.push(id) > 0 } as unknown as GameService;
  return { games, resumed };
}

describe("the correspondence sweeper on two nodes", () => {
  it("only the lease holder ends the overdue games; the other takes over once it stops", async () => {
    const clock = new FakeClock(Date.UTC(2026, 5, 1));
    const now = clock.now();
    await db.game.createMany({ data: [corrGame("late-1", now - 1000), corrGame("late-2", now), corrGame("not-yet", now + 3600_000)] });
    const [a, b] = [node(clock), node(clock)];
    const sa = new CorrespondenceSweeper(db, a.games, { nodeId: "node-a", log, everyMs: 60_000 });
    const sb = new CorrespondenceSweeper(db, b.games, { nodeId: "node-b", log, everyMs: 60_000 });
    expect(await sa.sweep()).toBe(2);
    expect(a.resumed.sort()).toEqual(["late-1", "late-2"]);
    expect(await sb.sweep()).toBe(0);
    expect(b.resumed).toEqual([]);
    await sa.close();
    await clock.advance(2 * 3600_000);
    expect(await sb.sweep()).toBe(3);
    expect(b.resumed.sort()).toEqual(["late-1", "late-2", "not-yet"]);
    await sb.close();
  });
});
