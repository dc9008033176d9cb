// Reconnects, clocks, AI-vs-AI, listing, and a server restart that loses nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { replay } from "../../engine/rules";
import { EV } from "../../lib/shared/protocol";
import { call, server, sleep, waitFor, useServer } from "./helpers";

const env = useServer();
const client = (url?: string) => env.client(url);

describe("reconnecting", () => {
  it("a reload (new socket, same token) gets the same seat and the full state; presence follows", async () => {
    const a = await client();
    const { gameId, seatToken: ta } = await call(a, EV.create, { opponent: "human", size: 15, rule: "exact5", color: 2 });
    await call(a, EV.join, { gameId, seatToken: ta });
    const b = await client();
    const { seatToken: tb, color } = await call(b, EV.join, { gameId, takeSeat: true });
    expect(color).toBe(1);
    await call(b, EV.move, { gameId, seatToken: tb!, ply: 1, x: 7, y: 7 });
    await call(a, EV.move, { gameId, seatToken: ta, ply: 2, x: 8, y: 8 });

    const watcher = await client();
    await call(watcher, EV.join, { gameId });
    await waitFor(b, EV.spectators, (e: any) => e.count === 1);

    a.disconnect();
    await waitFor(b, EV.state, (s: any) => s.id === gameId && s.white.connected === false);
    const a2 = await client();
    const from = a2.events.length;
    const back = await call(a2, EV.join, { gameId, seatToken: ta });
    expect(back).toMatchObject({ ok: true, color: 2, seatToken: ta });
    expect(back.state.moves.map((m: any) => [m.x, m.y])).toEqual([
      [7, 7],
      [8, 8],
    ]);
    expect(back.state).toMatchObject({ toMove: 1, status: "playing", white: { kind: "human", taken: true, connected: true } });
    await waitFor(a2, EV.state, (s: any) => s.id === gameId, 2000, from);
    await waitFor(b, EV.state, (s: any) => s.id === gameId && s.white.connected === true);

    watcher.disconnect();
    await waitFor(b, EV.spectators, (e: any) => e.count === 0);
    // Seat taken: a newcomer with the invite link is a spectator.
    const c = await client();
    expect(await call(c, EV.join, { gameId, takeSeat: true })).toMatchObject({ ok: true, color: null, seatToken: null });
    expect(await call(c, EV.leave, { gameId })).toEqual({ ok: true });
  });
});

/** A 15×15 person-against-person game with this clock, made through the service: a (black) and b (white) seated. */
async function clockedGame(clock: { initialMs: number; incrementMs: number }) {
  const a = await client();
  const { gameId, seatToken: ta } = await env.srv.games.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1, clock });
  await call(a, EV.join, { gameId, seatToken: ta });
  const b = await client();
  const { seatToken: tb } = await call(b, EV.join, { gameId, takeSeat: true });
  return { a, b, gameId, ta, tb: tb as string };
}

describe("clocks", () => {
  it("the clocks start after each side's first move; then the side to move loses on time when its clock runs out (server timer)", async () => {
    // The public schema wants ≥ 10 s; the service API accepts a short test clock.
    const { a, b, gameId, ta, tb } = await clockedGame({ initialMs: 1200, incrementMs: 100 });
    await call(a, EV.move, { gameId, seatToken: ta, ply: 1, x: 7, y: 7 });
    const moved = await waitFor(b, EV.moved, (e: any) => e.move.ply === 1);
    expect(moved.clock.settings).toEqual({ initialMs: 1200, incrementMs: 100 });
    // Each side's first move is free: the clocks stand still until both have moved.
    expect(moved.clock).toMatchObject({ blackMs: 1200, whiteMs: 1200, paused: true });
    await sleep(1500); // longer than the whole clock: white's first move costs nothing
    expect(await call(b, EV.move, { gameId, seatToken: tb!, ply: 2, x: 0, y: 0 })).toEqual({ ok: true });
    const second = await waitFor(a, EV.moved, (e: any) => e.move.ply === 2);
    expect(second.clock).toMatchObject({ blackMs: 1200, whiteMs: 1200 });
    expect(second.clock.paused).toBeUndefined();
    expect(await call(a, EV.move, { gameId, seatToken: ta, ply: 3, x: 7, y: 8 })).toEqual({ ok: true });
    // White thinks too long.
    const over = await waitFor(a, EV.state, (s: any) => s.id === gameId && s.status === "finished", 3000);
    expect(over).toMatchObject({ result: "black", reason: "timeout" });
    expect(over.clock.whiteMs).toBe(0);
    expect(await call(b, EV.move, { gameId, seatToken: tb!, ply: 4, x: 0, y: 1 })).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    const row = await env.srv.db.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(row).toMatchObject({ status: "finished", result: "black", reason: "timeout" });
  });

  it("a resignation charges the resigning turn's time to the side to move (live state and after a reload)", async () => {
    const { a, b, gameId, ta, tb } = await clockedGame({ initialMs: 60_000, incrementMs: 0 });
    await call(a, EV.move, { gameId, seatToken: ta, ply: 1, x: 7, y: 7 });
    await call(b, EV.move, { gameId, seatToken: tb!, ply: 2, x: 8, y: 8 });
    await call(a, EV.move, { gameId, seatToken: ta, ply: 3, x: 7, y: 8 });
    const moved = await waitFor(b, EV.moved, (e: any) => e.move.ply === 3);
    await sleep(700); // white thinks, then black (not even to move) resigns
    expect(await call(a, EV.resign, { gameId, seatToken: ta })).toEqual({ ok: true });
    const over = await waitFor(b, EV.state, (s: any) => s.id === gameId && s.status === "finished");
    expect(over).toMatchObject({ result: "white", reason: "resign" });
    expect(over.clock.blackMs).toBe(moved.clock.blackMs);
    expect(over.clock.whiteMs).toBeLessThanOrEqual(60_000 - 600);
    expect(over.clock.whiteMs).toBeGreaterThan(60_000 - 5000);
    // Rebuilt from the rows: the same figures.
    env.srv.games.invalidate(gameId);
    const again = await env.srv.games.getState(gameId);
    expect(again.clock).toMatchObject({ blackMs: over.clock.blackMs });
    expect(Math.abs(again.clock!.whiteMs - over.clock.whiteMs)).toBeLessThan(5);
  });
});

describe("AI vs AI and listing", () => {
  it("an AI match plays itself out, spectators see each move, the moves replay; lists show it", async () => {
    const w = await client();
    const { ok, gameId } = await call(w, EV.createAiMatch, {
      size: 7,
      rule: "freestyle",
      black: { timeMs: 100 },
      white: { timeMs: 100, maxDepth: 2 },
    });
    expect(ok).toBe(true);
    const j = await call(w, EV.join, { gameId });
    expect(j.color).toBe(null);
    const live = await call(w, EV.list, { status: "live", kind: "ava" });
    expect(live.games.map((g: any) => g.id)).toContain(gameId);
    expect(live.games.find((g: any) => g.id === gameId)).toMatchObject({ black: "AI 0.1 s", white: "AI 0.1 s · depth ≤ 2", kind: "ava" });
    const end = await waitFor(w, EV.moved, (e: any) => e.gameId === gameId && e.status === "finished", 40_000);
    const state = await env.srv.games.getState(gameId);
    expect(state.moves.length).toBe(end.move.ply);
    const { outcome } = replay(7, "freestyle", [], state.moves);
    expect(outcome.winner ? (outcome.winner === 1 ? "black" : "white") : "draw").toBe(state.result);
    const finished = await call(w, EV.list, { status: "finished" });
    expect(finished.games[0]).toMatchObject({ id: gameId, status: "finished", plies: state.moves.length });
    expect(await call(w, EV.list)).toMatchObject({ ok: true, page: 1 });
    expect(await call(w, EV.list, { page: 0 })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
  }, 60_000);
});

describe("restart", () => {
  it("a restarted server rebuilds games from their rows and resumes the AI's turn", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-restart-"));
    const dbFile = path.join(dir, "r.db");
    try {
      let s1 = await server({ dbFile });
      const c1 = await client(s1.url);
      const { gameId, seatToken } = await call(c1, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 300 } });
      await call(c1, EV.join, { gameId, seatToken });
      await call(c1, EV.move, { gameId, seatToken, ply: 1, x: 7, y: 7 });
      await waitFor(c1, EV.moved, (e: any) => e.move.ply === 2, 20_000);
      // Kill the AI's turn mid-way: insert a human move straight into the rows, then restart.
      c1.disconnect();
      await s1.close();
      const s2 = await server({ dbFile, resume: false });
      await s2.db.move.create({ data: { gameId, ply: 3, x: 3, y: 3, color: 1, by: "human", timeMs: 10 } });
      await s2.close();
      s1 = await server({ dbFile }); // resumes: white (AI) is to move at ply 4
      try {
        const c2 = await client(s1.url);
        const back = await call(c2, EV.join, { gameId, seatToken });
        expect(back).toMatchObject({ ok: true, color: 1 });
        // 20 s: a bound, not a wait (a 0.3 s search, on a machine two test files and other work share).
        const four = back.state.moves[3] ?? (await waitFor(c2, EV.moved, (e: any) => e.move.ply === 4, 20_000)).move;
        expect(four).toMatchObject({ by: "engine", color: 2 });
        await sleep(100);
        expect(await s1.db.move.count({ where: { gameId } })).toBe(4);
        c2.disconnect();
      } finally {
        await s1.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
