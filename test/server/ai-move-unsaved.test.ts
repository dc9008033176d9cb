// An AI move whose row cannot be written (the move thread refuses it: SQLITE_BUSY past busy_timeout, a
// full disk) must not leave the game waiting for the AI for ever. Real server on fake time, the
// stand-in engine (it answers at once), real socket.io clients, and the real SQLite move thread: a
// trigger in the game file refuses the engine's rows of the games (and plies) listed in a table of the
// test's own, so the refusal comes back from the thread as a full disk's would (an error for the row;
// SQLITE_CONSTRAINT_TRIGGER here, which the game service treats as it would SQLITE_FULL: not a taken ply).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { FakeClock } from "../../lib/server/time";
import { STAND_IN_AI_WORKER } from "../support/stand-in-engine";
import type { TestServer } from "../support/test-server";
import { memoryLog } from "../games/fakes";
import { call, connect, server, waitFor, type Client } from "./helpers";

const clock = new FakeClock(Date.now());
const log = memoryLog();
let srv: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  srv = await server({
    clock,
    log,
    aiWorker: STAND_IN_AI_WORKER,
    pairEveryMs: 3600_000,
    corrSweepMs: 3600_000,
    tournaments: { enabled: false },
    limits: { ...DEFAULT_LIMITS, enabled: false },
  });
  // gameId "*": every game's; ply null: every ply.
  await srv.db.$executeRawUnsafe(`CREATE TABLE "TestUnwritable" ("gameId" TEXT NOT NULL, "ply" INTEGER)`);
  await srv.db.$executeRawUnsafe(
    `CREATE TRIGGER "TestRefuseEngineMoves" BEFORE INSERT ON "Move"
     WHEN NEW."by" = 'engine' AND EXISTS (SELECT 1 FROM "TestUnwritable" u
       WHERE u."gameId" IN (NEW."gameId", '*') AND (u."ply" IS NULL OR u."ply" = NEW."ply"))
     BEGIN SELECT RAISE(ABORT, 'injected: database or disk is full'); END`,
  );
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await srv?.close();
});

const refuseEngineMoves = (gameId: string, ply: number | null = null) =>
  srv.db.$executeRawUnsafe(`INSERT INTO "TestUnwritable" ("gameId", "ply") VALUES (?, ?)`, gameId, ply);
const acceptEngineMoves = (gameId: string) => srv.db.$executeRawUnsafe(`DELETE FROM "TestUnwritable" WHERE "gameId" = ?`, gameId);
const failures = (gameId: string) => log.lines.filter((l) => l.msg === "AI turn failed" && (l.obj as { gameId?: string }).gameId === gameId).length;
const rows = (gameId: string) => srv.db.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });

/** A person against the stand-in AI, joined; black unless the AI opens with swap2's three stones; with a clock if given. */
async function aiGame(clockSettings?: { initialMs: number; incrementMs: number }, swap2 = false) {
  const c = await connect(srv.url);
  sockets.push(c);
  const g = await call(c, EV.create, {
    opponent: "ai",
    size: 15,
    rule: "freestyle",
    color: swap2 ? 2 : 1,
    swap2,
    ai: { timeMs: 100 },
    ...(clockSettings ? { clock: clockSettings } : {}),
  });
  expect(g.ok).toBe(true);
  const game = { gameId: g.gameId, seatToken: g.seatToken };
  await call(c, EV.join, game);
  return { c, game };
}

const givenUp = (gameId: string) =>
  log.lines.filter((l) => l.msg === "AI turn given up: the game is resumed later" && (l.obj as { gameId?: string }).gameId === gameId).length;

/** The engine's turn fails three times in a row, `from` failures before: the first after the move that started it, the others after the turn's waits (500, 1000 ms). */
async function failsThrice(gameId: string, from: number) {
  await expect.poll(() => failures(gameId), { timeout: 10_000 }).toBe(from + 1);
  await clock.advance(500);
  await expect.poll(() => failures(gameId), { timeout: 10_000 }).toBe(from + 2);
  await clock.advance(1000);
  await expect.poll(() => failures(gameId), { timeout: 10_000 }).toBe(from + 3);
  await expect.poll(() => givenUp(gameId), { timeout: 10_000 }).toBe(from / 3 + 1);
}

/**
 * Every engine turn of the server has ended. A try again may be waiting on the fake clock (at most
 * 1000 ms: a failure just before the flag ended the game), which only time moving on ends; the
 * server's close would wait for it.
 */
async function drained() {
  await clock.advance(1000);
  await srv.games.idle();
}

/** Past the turn's resumption: retryLaterMs (10 s) and the sweep's jitter (at most 300 ms). */
const RESUMED_MS = 10_300;

describe("an AI move that cannot be saved", () => {
  it("a transient refusal: the AI's move is tried again and saved, and the game goes on", async () => {
    const { c, game } = await aiGame();
    await refuseEngineMoves(game.gameId);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await expect.poll(() => failures(game.gameId), { timeout: 10_000 }).toBe(1);
    expect(await rows(game.gameId)).toHaveLength(1);
    await acceptEngineMoves(game.gameId);
    // Before the fix the turn was let go before the write, so this try never came: the game waited for ever.
    await clock.advance(500);
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 10_000);
    expect((await rows(game.gameId)).map((r) => r.by)).toEqual(["human", "engine"]);
    expect(failures(game.gameId)).toBe(1);
    // The game goes on: the person's next move is answered.
    expect(await call(c, EV.move, { ...game, ply: 3, x: 3, y: 3 })).toEqual({ ok: true });
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 4, 10_000);
    expect(givenUp(game.gameId)).toBe(0);
    await drained();
  });

  it("no clock: after three failures the turn is given up and the game resumed 10 s later; once the write goes through, the move is played", async () => {
    const { c, game } = await aiGame();
    await refuseEngineMoves(game.gameId);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await failsThrice(game.gameId, 0);
    expect(await rows(game.gameId)).toHaveLength(1);
    // Still refused when it is resumed: three more tries, given up again.
    await clock.advance(RESUMED_MS);
    await failsThrice(game.gameId, 3);
    expect(await srv.games.getState(game.gameId)).toMatchObject({ status: "playing", toMove: 2 });
    expect(await rows(game.gameId)).toHaveLength(1);
    // The file takes the row again: the next resumption plays the move.
    await acceptEngineMoves(game.gameId);
    await clock.advance(RESUMED_MS);
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 10_000);
    expect((await rows(game.gameId)).map((r) => r.by)).toEqual(["human", "engine"]);
    expect(failures(game.gameId)).toBe(6);
    await drained();
  });

  it("with a clock: the AI's clock runs while its move cannot be saved, never the person's; its time up, it loses on time", async () => {
    const { c, game } = await aiGame({ initialMs: 60_000, incrementMs: 0 });
    // Each side's first move is free: the clocks run from ply 3 on.
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 10_000);
    await clock.advance(2000);
    await refuseEngineMoves(game.gameId);
    expect(await call(c, EV.move, { ...game, ply: 3, x: 3, y: 3 })).toEqual({ ok: true });
    await failsThrice(game.gameId, 0);
    await clock.advance(RESUMED_MS);
    await failsThrice(game.gameId, 3);
    const waiting = await srv.games.getState(game.gameId);
    expect(waiting).toMatchObject({ status: "playing", toMove: 2, clock: { blackMs: 58_000, whiteMs: 60_000 } });
    // The AI's 60 s run out (13.3 s of them gone): flagged, whatever tries are under way.
    await clock.advance(50_000);
    await expect.poll(async () => (await srv.games.getState(game.gameId)).status, { timeout: 10_000 }).toBe("finished");
    const over = await srv.games.getState(game.gameId);
    expect(over).toMatchObject({ result: "black", reason: "timeout", clock: { blackMs: 58_000, whiteMs: 0 } });
    expect(await srv.db.game.findUniqueOrThrow({ where: { id: game.gameId } })).toMatchObject({ status: "finished", result: "black", reason: "timeout" });
    expect((await rows(game.gameId)).map((r) => r.by)).toEqual(["human", "engine", "human"]);
    await drained();
  });

  it("swap2: the third of the AI's opening stones is refused once; the step is taken up again from the two written, and the opening goes on", async () => {
    // Every game's ply 3 (the game is created with the AI already placing): this test's game only, as the file's tests run one at a time.
    await refuseEngineMoves("*", 3);
    const { game } = await aiGame(undefined, true);
    const swap2Failures = () => log.lines.filter((l) => l.msg === "AI swap2 step failed" && (l.obj as { gameId?: string }).gameId === game.gameId).length;
    await expect.poll(swap2Failures, { timeout: 10_000 }).toBe(1);
    expect((await rows(game.gameId)).map((r) => r.ply)).toEqual([1, 2]);
    await acceptEngineMoves("*");
    // The try again finds two stones written: the game is resumed, and the AI places the third.
    await clock.advance(500);
    // Resumed within the sweep's jitter (at most 300 ms), once the try again has read the game: time moves on until then.
    await expect
      .poll(
        async () => {
          await clock.advance(100);
          return (await srv.games.getState(game.gameId)).moves.length;
        },
        { timeout: 10_000 },
      )
      .toBe(3);
    expect((await rows(game.gameId)).map((r) => r.by)).toEqual(["engine", "engine", "engine"]);
    expect(await srv.games.getState(game.gameId)).toMatchObject({ status: "playing" });
    expect(swap2Failures()).toBe(1);
    await drained();
  });
});
