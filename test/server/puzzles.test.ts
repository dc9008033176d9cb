// The puzzle trainer against the real server (lib/server/puzzles): a guest solves a puzzle move by move
// with the defender's replies played, a wrong move ends the try and lowers the rating; and the hostile
// cases: a move for an attempt that is not yours, a replay to farm rating, guessing on after a wrong
// move, starting attempts in a flood, a hint, a forged move. Puzzles are written straight into the
// database (the server only compares moves with the stored line: no engine at request time).
import { describe, expect, it } from "vitest";
import { rowOf } from "../../lib/server/puzzles/seed";
import { PUZZLE_STARTS_PER_MIN, PuzzleService } from "../../lib/server/puzzles/service";
import { FakeClock } from "../../lib/server/time";
import type { PuzzleRecord } from "../../lib/shared/puzzles/puzzle";
import { finishedGameRow, guestSession, postApi, useServer } from "./helpers";

const env = useServer();
let serial = 0;

/** A VCF in 5 on 15×15 (black: f4 f5 f6 g7 … as the solver would give it: the line is what counts here). */
async function puzzle(over: Partial<PuzzleRecord> = {}): Promise<string> {
  const id = `test-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  const p: PuzzleRecord = {
    id,
    rule: "freestyle",
    size: 15,
    toMove: 1,
    black: "h8i8j8h6",
    white: "h9i9j9g7",
    theme: "vcf",
    plies: 5,
    line: ["k8", "g8", "h7", "h5", "h4"],
    finish: ["h4"],
    rating: 1500,
    source: "test",
    ...over,
  };
  await env.srv.db.puzzle.create({ data: rowOf(p) });
  return id;
}

type Json = Record<string, any>;

async function rawGet(path: string, cookie?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${env.srv.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as Json };
}

/** A call, waited out and sent again when the address's event budget says so (a fast run of many calls). */
async function patient<T extends { status: number; body: Json }>(call: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    const r = await call();
    if (r.status !== 429 || r.body.error?.message?.includes("puzzles a minute") || i === 5) return r;
    await new Promise((done) => setTimeout(done, r.body.error?.retryMs ?? 1000));
  }
}

const get = (path: string, cookie?: string) => patient(() => rawGet(path, cookie));
const served = async (cookie: string, q: string) => (await get(`/api/puzzles/next?${q}`, cookie)).body;
const move = async (cookie: string, attemptId: string, m: string) =>
  (await patient(() => postApi(env.srv.url, "/api/puzzles/move", { attemptId, move: m }, cookie))).body as Json;

describe("puzzles", () => {
  it("a guest solves a VCF move by move, the defender's replies played; the solution is never sent before it is played; the first try is rated", async () => {
    const { cookie } = await guestSession(env.srv.url);
    const id = await puzzle();
    const a = await served(cookie, `id=${id}`);
    expect(a.ok).toBe(true);
    expect(a.puzzle).toMatchObject({ puzzleId: id, rated: true, toMove: 1, goal: "win", played: [], myRating: 1500 });
    // The answer names no point of the solution (k8; the random ids may hold "k8"), nor its line.
    expect(JSON.stringify(a)).not.toMatch(/"k8"|"line"|"finish"/);
    expect(JSON.stringify({ ...a.puzzle, attemptId: null, puzzleId: null })).not.toMatch(/k8/);
    expect(await move(cookie, a.puzzle.attemptId, "k8")).toEqual({ ok: true, result: { kind: "continue", reply: "g8" } });
    // Served again mid-way (a reload): the same attempt, the moves so far.
    expect((await served(cookie, `id=${id}`)).puzzle).toMatchObject({ attemptId: a.puzzle.attemptId, played: ["k8", "g8"] });
    // A point the server reads as h7 is judged as h7 (it was compared as typed: "H7 " failed a right move).
    expect(await move(cookie, a.puzzle.attemptId, "H7 ")).toEqual({ ok: true, result: { kind: "continue", reply: "h5" } });
    const end = await move(cookie, a.puzzle.attemptId, "h04");
    expect(end.result).toMatchObject({ kind: "solved", line: ["k8", "g8", "h7", "h5", "h4"], theme: "vcf" });
    expect(end.result.rating.after).toBeGreaterThan(end.result.rating.before);
    // Over: no more moves.
    expect((await move(cookie, a.puzzle.attemptId, "a1")).error.code).toBe("GAME_OVER");
    // A replay of the solved puzzle is not rated, and moves no rating.
    const again = await served(cookie, `id=${id}`);
    expect(again.puzzle.rated).toBe(false);
    for (const m of ["k8", "h7"]) await move(cookie, again.puzzle.attemptId, m);
    const replayed = await move(cookie, again.puzzle.attemptId, "h4");
    expect(replayed.result.kind).toBe("solved");
    expect(replayed.result.rating).toBeUndefined();
    const me = (await get("/api/puzzles/me", cookie)).body.profile;
    expect(me.rating).toBe(end.result.rating.after);
    expect(me.attempts).toBe(2);
  });

  it("a wrong move ends the try, shows the refutation and lowers the rating; guessing on is refused", async () => {
    const { cookie } = await guestSession(env.srv.url);
    const id = await puzzle();
    const a = (await served(cookie, `id=${id}`)).puzzle;
    const r = await move(cookie, a.attemptId, "g8");
    expect(r.result).toMatchObject({ kind: "failed", refutation: ["k8", "g8", "h7", "h5", "h4"], theme: "vcf" });
    expect(r.result.rating.after).toBeLessThan(r.result.rating.before);
    expect((await move(cookie, a.attemptId, "k8")).error.code).toBe("GAME_OVER");
    const p = await env.srv.db.puzzle.findUniqueOrThrow({ where: { id } });
    expect(p.rating).toBeGreaterThan(1500); // the puzzle won
    expect(p.plays).toBe(1);
    const profile = (await get("/api/puzzles/me", cookie)).body.profile;
    expect(profile.themes[0]).toEqual({ theme: "vcf", attempts: 1, solved: 0 });
  });

  it("refuses a move for an attempt that is not yours, an unknown one, one without a session, a forged move", async () => {
    const owner = await guestSession(env.srv.url);
    const thief = await guestSession(env.srv.url);
    const id = await puzzle();
    const a = (await served(owner.cookie, `id=${id}`)).puzzle;
    const stolen = await postApi(env.srv.url, "/api/puzzles/move", { attemptId: a.attemptId, move: "k8" }, thief.cookie);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe("NOT_FOUND");
    expect((await move(owner.cookie, "no-such-attempt", "k8")).error.code).toBe("NOT_FOUND");
    const anonymous = await postApi(env.srv.url, "/api/puzzles/move", { attemptId: a.attemptId, move: "k8" });
    expect(anonymous.body.error.code).toBe("NOT_SIGNED_IN");
    expect((await move(owner.cookie, a.attemptId, "h8")).error.code).toBe("OCCUPIED");
    expect((await move(owner.cookie, a.attemptId, "z9")).error.code).toBe("OFF_BOARD");
    const forged = await postApi(env.srv.url, "/api/puzzles/move", { attemptId: a.attemptId, move: "k8", step: 4 }, owner.cookie);
    expect(forged.body.error.code).toBe("BAD_PAYLOAD");
    expect((await get(`/api/puzzles/next?mode=everything`, owner.cookie)).body.error.code).toBe("BAD_PAYLOAD");
    // None of it touched the attempt: the right move still works.
    expect((await move(owner.cookie, a.attemptId, "k8")).result.kind).toBe("continue");
  });

  it("a hint (the area, then the move) makes a rated try count as not solved", async () => {
    const { cookie } = await guestSession(env.srv.url);
    const id = await puzzle();
    const a = (await served(cookie, `id=${id}`)).puzzle;
    const area = (await postApi(env.srv.url, "/api/puzzles/hint", { attemptId: a.attemptId }, cookie)).body.hint;
    expect(area).toMatchObject({ kind: "area" });
    expect(area.x1 - area.x0).toBe(4);
    expect((await postApi(env.srv.url, "/api/puzzles/hint", { attemptId: a.attemptId }, cookie)).body.hint).toEqual({ kind: "move", move: "k8" });
    for (const m of ["k8", "h7"]) await move(cookie, a.attemptId, m);
    const end = await move(cookie, a.attemptId, "h4");
    expect(end.result.kind).toBe("solved");
    expect(end.result.rating.after).toBeLessThan(end.result.rating.before);
  });

  it("serves the same daily puzzle to two visitors", async () => {
    await puzzle();
    const one = await guestSession(env.srv.url);
    const two = await guestSession(env.srv.url);
    const a = await served(one.cookie, "mode=daily");
    const b = await served(two.cookie, "mode=daily");
    expect(a.puzzle.puzzleId).toBe(b.puzzle.puzzleId);
    expect(a.puzzle.day).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it("a streak counts solved puzzles, each harder, and ends on a mistake", async () => {
    const { cookie } = await guestSession(env.srv.url);
    const first = (await served(cookie, "mode=streak&theme=vcf")).puzzle;
    expect(first.streak).toBe(0);
    const line = (await env.srv.db.puzzle.findUniqueOrThrow({ where: { id: first.puzzleId } })).line;
    const sol = JSON.parse(line) as string[];
    let r: Json = {};
    for (let i = 0; i < sol.length; i += 2) r = await move(cookie, first.attemptId, sol[i]);
    expect(r.result.kind).toBe("solved");
    expect(r.result.rating).toBeUndefined(); // a streak is not rated
    await puzzle({ rating: first.rating + 35 }); // one harder puzzle at least, whatever the shipped set holds
    const second = (await served(cookie, "mode=streak&theme=vcf")).puzzle;
    expect(second.streak).toBe(1);
    expect(second.rating).toBeGreaterThan(first.rating);
    const wrong = await move(cookie, second.attemptId, "a1");
    expect(wrong.result.kind).toBe("failed");
    expect((await served(cookie, "mode=streak&theme=vcf")).puzzle.streak).toBe(0);
  });
  it("makes a puzzle of the game you lost at your missed win (the analysis' line), for you only, unrated", async () => {
    const me = await guestSession(env.srv.url);
    const stranger = await guestSession(env.srv.url);
    const gameId = `pz-game-${++serial}`;
    await env.srv.db.game.create({ data: finishedGameRow({ id: gameId, blackPlayerId: me.me.id, whitePlayerId: "someone", result: "white" }) });
    // h8 a1 i8 a2 j8 a3, then black (ply 7) played c14 where k8 (or g8) made an open four.
    const moves = [
      [7, 7],
      [0, 14],
      [8, 7],
      [0, 13],
      [9, 7],
      [0, 12],
      [2, 1],
    ];
    await env.srv.db.move.createMany({ data: moves.map(([x, y], i) => ({ gameId, ply: i + 1, x, y, color: i % 2 === 0 ? 1 : 2, by: "human", timeMs: 1000 })) });
    const win = JSON.stringify({ kind: "win", plies: 3 });
    await env.srv.db.moveAnalysis.create({
      data: {
        gameId,
        ply: 7,
        color: 1,
        before: win,
        after: JSON.stringify({ kind: "eval", value: 0 }),
        best: JSON.stringify({ x: 10, y: 7 }),
        bestScore: win,
        line: JSON.stringify([
          { x: 10, y: 7 },
          { x: 6, y: 7 },
          { x: 11, y: 7 },
        ]),
        rank: 9,
        candidates: 30,
        winBefore: 1,
        winAfter: 0.5,
        loss: 50,
        mark: "missed-win",
        depth: 5,
      },
    });
    const a = await served(me.cookie, `mode=game&game=${gameId}`);
    expect(a.puzzle).toMatchObject({ mode: "game", rated: false, toMove: 1, black: "h8i8j8", white: "a1a2a3", played: [] });
    expect(await move(me.cookie, a.puzzle.attemptId, "k8")).toEqual({ ok: true, result: { kind: "continue", reply: "g8" } });
    const end = await move(me.cookie, a.puzzle.attemptId, "l8");
    expect(end.result.kind).toBe("solved");
    expect(end.result.from).toEqual({ gameId, ply: 7 }); // the trainer links the game after the try
    expect(end.result.rating).toBeUndefined();
    expect((await served(stranger.cookie, `mode=game&game=${gameId}`)).error.code).toBe("NOT_FOUND");
    // Never served to anyone else by rating.
    const rated = await served(stranger.cookie, "mode=rated");
    expect(rated.puzzle?.puzzleId ?? "").not.toMatch(/^game-/);
    // Nor by its id, in any other mode (it is unproven: rating anyone on it would be wrong).
    for (const mode of ["rated", "daily", "streak"]) {
      for (const c of [stranger.cookie, me.cookie]) expect((await served(c, `mode=${mode}&id=${a.puzzle.puzzleId}`)).error.code).toBe("NOT_FOUND");
    }
  });

  it(`starts at most ${PUZZLE_STARTS_PER_MIN} attempts a minute per player (time handed in); the HTTP flood meets the address's budget first`, async () => {
    const clock = new FakeClock(Date.now());
    const service = new PuzzleService(env.srv.db, clock, 3);
    const { me } = await guestSession(env.srv.url);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await puzzle());
    for (const id of ids.slice(0, 3)) expect((await service.next(me.id, { mode: "rated", puzzleId: id })).puzzleId).toBe(id);
    await expect(service.next(me.id, { mode: "rated", puzzleId: ids[3] })).rejects.toMatchObject({ info: { code: "RATE_LIMITED" } });
    // An open attempt served again is no new start.
    expect((await service.next(me.id, { mode: "rated", puzzleId: ids[0] })).puzzleId).toBe(ids[0]);
    await clock.advance(61_000);
    expect((await service.next(me.id, { mode: "rated", puzzleId: ids[3] })).puzzleId).toBe(ids[3]);
    // Over HTTP a flood of starts is refused too (by the per-player cap or the address's event budget).
    const { cookie } = await guestSession(env.srv.url);
    const codes = new Set<string>();
    for (let i = 0; i <= PUZZLE_STARTS_PER_MIN; i++) {
      const r = await rawGet(`/api/puzzles/next?id=${await puzzle()}`, cookie);
      if (!r.body.ok) codes.add(r.body.error.code);
    }
    expect([...codes]).toEqual(["RATE_LIMITED"]);
  });
});
