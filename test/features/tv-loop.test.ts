// The TV loop on fake time, through a fake game service (its events, createAiMatch, the rows it
// reads): the next game starts pauseMs after a finish, and a game that stops moving is left after stallMs.
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { GameService } from "../../lib/server/games/service";
import { TvLoop, type TvMatch } from "../../lib/server/tv/loop";
import { FakeClock } from "../../lib/server/time";
import { memoryLog } from "../games/fakes";

const MATCH = {
  size: 15,
  rule: "freestyle",
  opening: [],
  black: { algo: "alphabeta", timeMs: 300 },
  white: { algo: "alphabeta", timeMs: 300 },
} as unknown as TvMatch;

function fakeGames() {
  const clock = new FakeClock();
  const made: string[] = [];
  const games = Object.assign(new EventEmitter(), {
    clock,
    db: { game: { findMany: async () => [] } },
    createAiMatch: async () => {
      made.push(`tv-${made.length + 1}`);
      return { gameId: made.at(-1)! };
    },
  });
  return { clock, made, games, service: games as unknown as GameService };
}

describe("TvLoop on fake time", () => {
  it("a finished game: the next one starts pauseMs later, not before", async () => {
    const { clock, made, games, service } = fakeGames();
    const tv = new TvLoop(service, { pauseMs: 5000, next: () => MATCH, log: memoryLog() });
    await tv.start();
    expect(made).toEqual(["tv-1"]);
    games.emit("moved", { gameId: "tv-1", status: "finished" });
    expect(tv.snapshot()).toMatchObject({ status: "finished", nextAt: new Date(clock.now() + 5000).toISOString() });
    await clock.advance(4999);
    expect(made).toHaveLength(1);
    await clock.advance(1);
    expect(made).toEqual(["tv-1", "tv-2"]);
    expect(tv.snapshot()).toMatchObject({ gameId: "tv-2", status: "playing", number: 2 });
    await tv.stop();
    expect(clock.pending).toBe(0);
  });

  it("a game that stops moving is left after stallMs (moves and search reports keep it on air)", async () => {
    const { clock, made, games, service } = fakeGames();
    const tv = new TvLoop(service, { pauseMs: 1000, stallMs: 8000, next: () => MATCH, log: memoryLog() });
    await tv.start();
    await clock.advance(6000);
    games.emit("thinking", { gameId: "tv-1" });
    await clock.advance(6000);
    expect(tv.snapshot()).toMatchObject({ gameId: "tv-1", status: "playing" });
    // The watchdog looks every stallMs / 4: at 14 s, 8 s after the last report, the game is left.
    await clock.advance(1999);
    expect(tv.snapshot().status).toBe("playing");
    await clock.advance(1);
    expect(tv.snapshot()).toMatchObject({ gameId: "tv-1", status: "finished" });
    await clock.advance(1000);
    expect(made).toEqual(["tv-1", "tv-2"]);
    await tv.stop();
  });

  it("an engine tournament's game: shown instead of a new game of its own, and it replaces the TV's own game on air at once", async () => {
    const { clock, made, games, service } = fakeGames();
    let event: string | "wait" | null = null;
    const tv = new TvLoop(service, { pauseMs: 1000, stallMs: 8000, next: () => MATCH, log: memoryLog(), follow: async () => event });
    await tv.start();
    expect(made).toEqual(["tv-1"]);
    // An event's game starts while the TV's own is on air: the watchdog (every stallMs / 4) cuts to it.
    event = "tv-event-g1";
    await clock.advance(2000);
    expect(tv.snapshot()).toMatchObject({ gameId: "tv-event-g1", status: "playing", number: 2 });
    // It ends; the event is between games ("wait"): no game of the TV's own, the next event game goes on air.
    event = "wait";
    games.emit("moved", { gameId: "tv-event-g1", status: "finished" });
    await clock.advance(3000);
    expect(made).toEqual(["tv-1"]);
    event = "tv-event-g2";
    await clock.advance(1000);
    expect(tv.snapshot()).toMatchObject({ gameId: "tv-event-g2", status: "playing" });
    // The event is over: the TV's own games again.
    event = null;
    games.emit("moved", { gameId: "tv-event-g2", status: "finished" });
    await clock.advance(1000);
    expect(made).toEqual(["tv-1", "tv-2"]);
    expect(tv.snapshot()).toMatchObject({ gameId: "tv-2", status: "playing" });
    await tv.stop();
  });
});
