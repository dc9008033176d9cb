import { describe, expect, it } from "vitest";
import { replay } from "../../engine/rules";
import { EV } from "../../lib/shared/protocol";
import { call, callRaw, usingRealEngine, waitFor, useServer } from "./helpers";

const env = useServer();
const client = (url?: string) => env.client(url);

const aiTimes: number[] = [];

describe("human vs AI", () => {
  it("the AI answers within its limit; its move is stored with the analysis; moves replay", async () => {
    const me = await client();
    const created = await call(me, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 200 } });
    expect(created.ok).toBe(true);
    const { gameId, seatToken } = created;
    const j = await call(me, EV.join, { gameId, seatToken });
    expect(j.state).toMatchObject({ kind: "hva", status: "playing", toMove: 1, white: { kind: "engine", engine: { timeMs: 200 } } });

    for (const [i, [x, y]] of [
      [7, 7],
      [3, 3],
      [11, 3],
    ].entries()) {
      const ply = 2 * i + 1;
      const t0 = Date.now();
      const r = await call(me, EV.move, { gameId, seatToken, ply, x, y });
      expect(r, `ply ${ply}`).toEqual({ ok: true });
      const reply = await waitFor(me, EV.moved, (e: any) => e.move.ply === ply + 1, 5000);
      aiTimes.push(Date.now() - t0);
      // The first reply also boots the worker thread (1–3 s on a loaded 2-core machine); the others are the search alone.
      expect(Date.now() - t0).toBeLessThan(i === 0 ? 5000 : 1000);
      expect(reply.move).toMatchObject({ by: "engine", color: 2 });
      expect(reply.move.depth).toBeGreaterThan(0);
    }
    console.log(`AI (timeMs 200, ${usingRealEngine ? "real engine" : "stub engine"}) reply times ms:`, aiTimes.join(", "));
    const thinking = me.events.filter((e) => e.event === EV.thinking);
    expect(thinking.length).toBeGreaterThan(0);
    // Every engine turn opens with a "started" report (depth 0), before any depth is done.
    expect(thinking[0].data).toMatchObject({ gameId, ply: 2, depth: 0, nodes: 0, pv: [] });
    for (const ply of [2, 4, 6]) expect(thinking.find((t) => t.data.ply === ply)?.data.depth, `ply ${ply}`).toBe(0);

    const rows = await env.srv.db.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
    expect(rows).toHaveLength(6);
    for (const r of rows.filter((r) => r.by === "engine")) {
      expect(JSON.parse(r.score!)).toHaveProperty("kind");
      expect(r.depth).toBeGreaterThan(0);
      expect(r.nodes).toBeGreaterThan(0);
      expect(Array.isArray(JSON.parse(r.pv!))).toBe(true);
      expect(JSON.parse(r.rootScores!).length).toBeGreaterThan(0);
    }
    const { position } = replay(
      15,
      "freestyle",
      [],
      rows.map((r) => ({ x: r.x, y: r.y })),
    );
    const state = (await call(me, EV.join, { gameId, seatToken })).state;
    expect(position.stones).toEqual(state.moves.map((m: any) => ({ x: m.x, y: m.y, color: m.color })));
  });

  it("AI first: the AI opens as black", async () => {
    const me = await client();
    const { gameId, seatToken, color } = await call(me, EV.create, {
      opponent: "ai",
      size: 11,
      rule: "exact5",
      color: 2,
      labOpening: true,
      ai: { timeMs: 100 },
    });
    expect(color).toBe(2);
    const j = await call(me, EV.join, { gameId, seatToken });
    // The AI may have moved before we joined the room: then the state has its move.
    const first = j.state.moves[0] ?? (await waitFor(me, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 1, 5000)).move;
    expect(first).toMatchObject({ color: 1, by: "engine" });
    const state = await env.srv.games.getState(gameId);
    expect(state.opening).toHaveLength(4);
    expect(state.toMove).toBe(2);
  });

  it("AI first: a socket that joins during the AI's first search is told at once that it is thinking", async () => {
    const creator = await client();
    const { gameId, seatToken } = await call(creator, EV.create, {
      opponent: "ai",
      size: 15,
      rule: "freestyle",
      color: 2,
      labOpening: true,
      ai: { timeMs: 1500 },
    });
    creator.disconnect(); // created, then the page loads: the search started before anyone was in the room
    await new Promise((r) => setTimeout(r, 150));
    const me = await client();
    const j = await call(me, EV.join, { gameId, seatToken });
    expect(j.state.moves).toHaveLength(0);
    // Sent with the join, before its answer: no waiting for the next depth to finish.
    const t = me.events.find((e) => e.event === EV.thinking)?.data;
    expect(t).toMatchObject({ gameId, ply: 1 });
    // A spectator joining too.
    const watcher = await client();
    await call(watcher, EV.join, { gameId });
    expect(watcher.events.find((e) => e.event === EV.thinking)?.data).toMatchObject({ gameId, ply: 1 });
    await waitFor(me, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 1, 5000);
    // The turn is over: nothing to report to a newcomer.
    const late = await client();
    await call(late, EV.join, { gameId });
    expect(late.events.filter((e) => e.event === EV.thinking && e.data.ply === 1)).toHaveLength(0);
  });

  it("takeback removes the human move and the AI reply; resign ends the game", async () => {
    const me = await client();
    const { gameId, seatToken } = await call(me, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 100 } });
    await call(me, EV.join, { gameId, seatToken });
    expect(await call(me, EV.takeback, { gameId, seatToken })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    await call(me, EV.move, { gameId, seatToken, ply: 1, x: 7, y: 7 });
    await waitFor(me, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 2, 5000);
    await call(me, EV.move, { gameId, seatToken, ply: 3, x: 2, y: 2 });
    await waitFor(me, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 4, 5000);
    const from = me.events.length;
    expect(await call(me, EV.takeback, { gameId, seatToken })).toEqual({ ok: true });
    const st = await waitFor(me, EV.state, (s: any) => s.id === gameId && s.moves.length === 2, 5000, from);
    expect(st.toMove).toBe(1);
    expect(await env.srv.db.move.count({ where: { gameId } })).toBe(2);
    // Play on from the taken-back position.
    expect(await call(me, EV.move, { gameId, seatToken, ply: 3, x: 2, y: 2 })).toEqual({ ok: true });
    await waitFor(me, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 4, 5000, from);

    // A spectator cannot take back or resign.
    const other = await client();
    expect(await callRaw(other, EV.takeback, { gameId })).toMatchObject({ ok: false, error: { code: "SPECTATOR" } });
    expect(await call(other, EV.resign, { gameId, seatToken: "x".repeat(32) })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });

    expect(await call(me, EV.resign, { gameId, seatToken })).toEqual({ ok: true });
    const over = await waitFor(me, EV.state, (s: any) => s.id === gameId && s.status === "finished", 5000);
    expect(over).toMatchObject({ result: "white", reason: "resign" });
    expect(await call(me, EV.resign, { gameId, seatToken })).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    const row = await env.srv.db.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(row).toMatchObject({ status: "finished", result: "white", reason: "resign" });

    // Rematch: same settings, colours swapped, the AI (now black) opens.
    const rm = await call(me, EV.rematch, { gameId, seatToken });
    expect(rm).toMatchObject({ ok: true, color: 2 });
    const rj = await call(me, EV.join, { gameId: rm.gameId, seatToken: rm.seatToken });
    expect(rj.state).toMatchObject({ black: { kind: "engine" }, white: { kind: "human" }, size: 15, rule: "freestyle" });
    if (!rj.state.moves.length) await waitFor(me, EV.moved, (e: any) => e.gameId === rm.gameId && e.move.ply === 1, 5000);
  });
});
