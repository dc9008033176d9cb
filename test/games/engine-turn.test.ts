// The engine-turn runner through its host interface, on fake time: a move and a swap2 step take the
// same path (read, claim, report, search, commit); refusals and failures (of the search, or of the
// write after the turn was let go) are tried again on time, then given up and the game resumed later;
// an answer for a game that changed meanwhile is not committed.
import { describe, expect, it, vi } from "vitest";
import { AiBusyError } from "../../lib/server/ai/pool";
import { EngineTurns, type EngineTurnHost } from "../../lib/server/games/engine-turn";
import type { Entry } from "../../lib/server/games/entry";
import { FakeClock, settle } from "../../lib/server/time";
import { analysis, fakeAi, game, memoryLog, move } from "./fakes";

function setup(e: Entry, opts: { cluster?: boolean; claim?: true | Date | null } = {}) {
  const clock = new FakeClock();
  const ai = fakeAi();
  const log = memoryLog();
  const commits: Array<{ kind: string; m: unknown; current: boolean }> = [];
  /** Errors the next move writes throw, after committing() (as the move writer's SQLITE_BUSY or SQLITE_FULL would). */
  const writeErrors: Error[] = [];
  const host = {
    cluster: opts.cluster ?? false,
    nodeId: "n1",
    log,
    clock,
    ai,
    rows: { claimEngineTurn: vi.fn(async () => opts.claim ?? true) },
    load: vi.fn(async () => e),
    remainingMs: () => Infinity,
    playEngineMove: vi.fn(async (m, t) => {
      commits.push({ kind: "move", m, current: t.current() });
      if (!t.current()) return;
      t.committing();
      const err = writeErrors.shift();
      if (err) throw err;
    }),
    playEngineSwap2: vi.fn(async (m, t) => {
      commits.push({ kind: "swap2", m, current: t.current() });
      if (t.current()) t.committing();
    }),
    reportThinking: vi.fn(),
    claimHeld: vi.fn(),
    retryAt: vi.fn(),
    ended: vi.fn(),
    track: vi.fn(),
  } satisfies EngineTurnHost;
  const turns = new EngineTurns(host, { pauseMs: 300, busyRetryMs: 1000 });
  return { clock, ai, log, host, turns, commits, writeErrors };
}

describe("EngineTurns: one path for moves and swap2 steps", () => {
  it("a move: reports at once, searches the position for the engine's colour, commits the answer", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, host, turns, commits } = setup(e);
    expect(turns.start(e, 2, e.seats[2].kind === "engine" ? e.seats[2].engine : (null as never))).toBe(true);
    expect(turns.start(e, 2, { algo: "alphabeta", timeMs: 1000 } as never)).toBe(false); // once per turn
    await settle();
    expect(turns.busy(e.id)).toBe(true);
    expect(turns.thinking(e.id, 2)).toMatchObject({ ply: 2, depth: 0 });
    expect(ai.thinks).toHaveLength(1);
    expect(ai.thinks[0].req).toMatchObject({ position: { toMove: 2 }, priority: "live", owner: "player:p1" });
    ai.thinks[0].resolve(analysis({ x: 8, y: 8 }));
    await settle();
    expect(commits).toEqual([{ kind: "move", m: expect.objectContaining({ gameId: e.id, ply: 2, color: 2 }), current: true }]);
    expect(turns.busy(e.id)).toBe(false);
    expect(turns.thinking(e.id, 2)).toBeNull();
    expect(host.reportThinking).toHaveBeenCalledTimes(1);
  });

  it("a swap2 step goes the same way: the engine places the three first stones, committed as a swap2 step", async () => {
    const e = game("ava", { swap2: {} });
    const { ai, clock, host, turns, commits } = setup(e);
    turns.start(e, 1, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    expect(host.load).toHaveBeenCalledTimes(1); // no pause before an opening step
    expect(ai.swap2s[0].req).toMatchObject({ step: "open", priority: "tv", limits: { timeMs: 500 } });
    ai.swap2s[0].resolve({ kind: "stones", stones: [{ x: 7, y: 7 }] } as never);
    await settle();
    expect(commits).toEqual([{ kind: "swap2", m: { gameId: e.id, plies: 0, answer: expect.anything() }, current: true }]);
    expect(clock.pending).toBe(0);
  });

  it("AI vs AI: waits pauseMs before reading the game", async () => {
    const e = game("ava");
    const { clock, host, turns } = setup(e);
    turns.start(e, 1, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    expect(host.load).not.toHaveBeenCalled();
    await clock.advance(299);
    expect(host.load).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(host.load).toHaveBeenCalledTimes(1);
  });

  it("AI_BUSY: tries again after busyRetryMs, not before", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, clock, turns, commits } = setup(e);
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    ai.thinks[0].reject(new AiBusyError("over the cap"));
    await clock.advance(999);
    expect(ai.thinks).toHaveLength(1);
    await clock.advance(1);
    expect(ai.thinks).toHaveLength(2);
    expect(turns.busy(e.id)).toBe(true); // still this node's turn while it waits
    ai.thinks[1].resolve(analysis());
    await settle();
    // The retried search's answer is committed (before the split, the turn was let go as the retry
    // began, so its answer was dropped as stale and the game waited).
    expect(commits).toEqual([expect.objectContaining({ kind: "move", current: true })]);
  });

  it("a failing search is tried three times (after 500 ms, then 1000 ms), then the turn ends", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, clock, log, host, turns, commits } = setup(e);
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    ai.thinks[0].reject(new Error("worker died"));
    await clock.advance(500);
    expect(ai.thinks).toHaveLength(2);
    ai.thinks[1].reject(new Error("worker died"));
    await clock.advance(999);
    expect(ai.thinks).toHaveLength(2);
    await clock.advance(1);
    expect(turns.busy(e.id)).toBe(true);
    ai.thinks[2].reject(new Error("worker died"));
    await clock.advance(10_000);
    expect(ai.thinks).toHaveLength(3);
    expect(commits).toHaveLength(0);
    expect(turns.busy(e.id)).toBe(false);
    expect(host.ended).toHaveBeenCalledWith(e.id);
    expect(log.lines.filter((l) => l.msg === "AI turn failed")).toHaveLength(3);
    // Given up here, not left waiting: the game is resumed 10 s after the last failure.
    expect(host.retryAt).toHaveBeenCalledTimes(1);
    expect(host.retryAt).toHaveBeenCalledWith(e.id, new Date(clock.now())); // the last failure, then 10 s on
  });

  it("a write that fails after the turn was let go (committing) is tried again, and its answer committed", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, clock, log, host, turns, commits, writeErrors } = setup(e);
    writeErrors.push(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }));
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    ai.thinks[0].resolve(analysis({ x: 8, y: 8 }));
    await settle();
    expect(commits).toHaveLength(1);
    expect(log.lines.filter((l) => l.msg === "AI turn failed")).toHaveLength(1);
    // Not searching now (the away watch and the sweep leave it), but the turn is still this one's.
    expect(turns.busy(e.id)).toBe(false);
    expect(host.ended).not.toHaveBeenCalled();
    await clock.advance(500);
    expect(turns.busy(e.id)).toBe(true);
    ai.thinks[1].resolve(analysis({ x: 8, y: 8 }));
    await settle();
    expect(commits).toEqual([expect.objectContaining({ current: true }), expect.objectContaining({ current: true })]);
    expect(host.ended).toHaveBeenCalledWith(e.id);
    expect(host.retryAt).not.toHaveBeenCalled();
  });

  it("a write that fails three times: the turn is given up and the game resumed retryLaterMs later", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, clock, log, host, turns, writeErrors } = setup(e);
    for (let i = 0; i < 3; i++) writeErrors.push(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    for (const [i, wait] of [500, 1000, 0].entries()) {
      await settle();
      ai.thinks[i].resolve(analysis());
      await settle();
      await clock.advance(wait);
    }
    expect(ai.thinks).toHaveLength(3);
    expect(log.lines.filter((l) => l.msg === "AI turn failed")).toHaveLength(3);
    expect(log.lines.filter((l) => l.msg === "AI turn given up: the game is resumed later")).toEqual([
      expect.objectContaining({ level: "error", obj: expect.objectContaining({ gameId: e.id, ply: 2, attempts: 3, retryInMs: 10_000 }) }),
    ]);
    expect(host.retryAt).toHaveBeenCalledWith(e.id, new Date(clock.now() + 10_000));
    expect(turns.busy(e.id)).toBe(false);
    expect(host.ended).toHaveBeenCalledWith(e.id);
    // A new turn may start (the service's resume): nothing holds the game.
    expect(turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never)).toBe(true);
  });

  it("a try again that finds part of the answer written (a swap2 step's first stones): the game is resumed at once", async () => {
    const e = game("hva", { swap2: {} });
    const { ai, clock, host, turns } = setup(e);
    host.playEngineSwap2.mockImplementationOnce(async (_m, t) => {
      // Two stones written, then the last one's write fails (after committing()).
      host.load.mockResolvedValue({ ...e, moves: [move(1, { x: 7, y: 7 }, "engine"), move(2, { x: 8, y: 8 }, "engine")] });
      t.committing();
      throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    });
    turns.start(e, 1, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    ai.swap2s[0].resolve({
      kind: "stones",
      stones: [
        { x: 7, y: 7 },
        { x: 8, y: 8 },
        { x: 9, y: 9 },
      ],
    } as never);
    await settle();
    expect(host.retryAt).not.toHaveBeenCalled();
    await clock.advance(500);
    // Not searched again from a position that no longer exists: the service resumes the game (and starts the step from two stones).
    expect(ai.swap2s).toHaveLength(1);
    expect(host.retryAt).toHaveBeenCalledWith(e.id, new Date(clock.now()));
    expect(turns.busy(e.id)).toBe(false);
  });

  it("AI vs AI: the next turn starts while the answer is being written, and a failed write of the old one is then not tried again", async () => {
    const e = game("ava");
    const { ai, clock, host, turns } = setup(e);
    const next: Entry = { ...e, moves: [move(1, { x: 7, y: 7 }, "engine")] };
    host.playEngineMove.mockImplementationOnce(async (_m, t) => {
      t.committing();
      // The service's commit schedules the next turn (afterChange) before it is done (here: before its write fails).
      host.load.mockResolvedValue(next);
      expect(turns.start(next, 2, { algo: "alphabeta", timeMs: 500 } as never)).toBe(true);
      throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    });
    turns.start(e, 1, { algo: "alphabeta", timeMs: 500 } as never);
    await clock.advance(300);
    ai.thinks[0].resolve(analysis());
    await settle();
    await clock.advance(10_000);
    // Only the new turn's search: the old one is not tried again, nor is the game resumed for it.
    expect(ai.thinks).toHaveLength(2);
    expect(host.retryAt).not.toHaveBeenCalled();
    expect(ai.thinks[1].req).toMatchObject({ position: { toMove: 2 } });
    expect(turns.busy(e.id)).toBe(true);
  });

  it("reset while searching: the search is aborted and its answer never committed", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, turns, commits } = setup(e);
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    turns.reset(e.id);
    expect(ai.thinks[0].req.signal?.aborted).toBe(true);
    await settle();
    expect(commits).toHaveLength(0);
    expect(turns.busy(e.id)).toBe(false);
  });

  it("the game moved on before the search began (another node played): nothing is searched", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, host, turns } = setup(e);
    host.load.mockResolvedValueOnce(
      game("hva", {
        moves: [
          { x: 7, y: 7 },
          { x: 8, y: 8 },
        ],
      }),
    );
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    expect(ai.thinks).toHaveLength(0);
    expect(turns.busy(e.id)).toBe(false);
  });

  it("cluster: a claim held by another node is handed back to be retried; nothing is searched here", async () => {
    const until = new Date(Date.UTC(2026, 0, 1, 0, 0, 5));
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, host, turns } = setup(e, { cluster: true, claim: until });
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    expect(host.rows.claimEngineTurn).toHaveBeenCalledWith(e.id, 2, "n1", 500, 3000);
    expect(host.claimHeld).toHaveBeenCalledWith(e.id, until);
    expect(ai.thinks).toHaveLength(0);
  });

  it("stop (the away watch): the search is aborted and the ply it was for returned", async () => {
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    const { ai, turns } = setup(e);
    turns.start(e, 2, { algo: "alphabeta", timeMs: 500 } as never);
    await settle();
    expect(turns.stop(e.id)).toBe(2);
    expect(ai.thinks[0].req.signal?.aborted).toBe(true);
    expect(turns.stop(e.id)).toBeNull();
  });
});
