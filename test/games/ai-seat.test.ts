// The engine seat as the service sees it (EngineSeats), its parts wired together, through a fake
// EngineHost and a fake AI on fake time: a turn, the ponder while the person thinks, the away watch.
import { describe, expect, it, vi } from "vitest";
import type { AiPool } from "../../lib/server/ai/pool";
import { AiSeat } from "../../lib/server/games/ai-seat";
import type { EngineHost } from "../../lib/server/games/engines";
import type { Entry } from "../../lib/server/games/entry";
import { FakeClock, settle } from "../../lib/server/time";
import { analysis, fakeAi, game, memoryLog } from "./fakes";

function setup(e: Entry) {
  const clock = new FakeClock();
  const ai = fakeAi();
  const room = { connected: true };
  const host = {
    nodeId: "n1",
    cluster: false,
    log: memoryLog(),
    clock,
    rows: { claimEngineTurn: vi.fn(), sweepCandidates: vi.fn(async () => []) },
    load: vi.fn(async () => e),
    peek: () => e,
    locked: () => false,
    clockRunning: () => false,
    remainingMs: () => Infinity,
    resume: vi.fn(async () => undefined),
    playEngineMove: vi.fn(async (_m, t) => t.committing()),
    playEngineSwap2: vi.fn(),
    reportThinking: vi.fn(),
    scoreHumanMove: vi.fn(async () => undefined),
    seatConnected: () => room.connected,
  } as unknown as EngineHost;
  const pool = { ...ai, refusal: () => null } as unknown as AiPool;
  const seat = new AiSeat(host, { ai: pool, goneMs: 20_000, ponderMs: 30_000 });
  return { clock, ai, room, host, seat };
}

describe("AiSeat: the parts wired behind EngineSeats", () => {
  it("the engine to move: one search, reported, committed; then idle", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, host, seat } = setup(e);
    seat.turn(e);
    seat.turn(e);
    await settle();
    expect(ai.thinks).toHaveLength(1);
    expect(seat.busy(e.id)).toBe(true);
    expect(seat.thinking(e.id, 2)).toMatchObject({ depth: 0 });
    ai.thinks[0].resolve(analysis());
    await seat.idle();
    expect(host.playEngineMove).toHaveBeenCalledTimes(1);
    expect(seat.busy(e.id)).toBe(false);
  });

  it("the person leaves during the search: stopped after goneMs, resumed when they are back", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, clock, room, host, seat } = setup(e);
    seat.turn(e);
    await settle();
    room.connected = false;
    seat.seatsChanged(e.id);
    await clock.advance(20_000);
    expect(ai.thinks[0].req.signal?.aborted).toBe(true);
    expect(seat.busy(e.id)).toBe(false);
    room.connected = true;
    seat.seatsChanged(e.id);
    expect(host.resume).toHaveBeenCalledWith(e.id, undefined);
  });

  it("the person to move: their position is pondered; a reset stops it; close waits for nothing left", async () => {
    const e = game("hva");
    const { ai, seat } = setup(e);
    seat.turn(e);
    expect(ai.thinks[0].req).toMatchObject({ priority: "analysis" });
    seat.reset(e.id);
    expect(ai.thinks[0].req.signal?.aborted).toBe(true);
    await seat.close();
    seat.turn(game("hva", { moves: [{ x: 7, y: 7 }] }));
    expect(ai.thinks).toHaveLength(1);
  });
});
