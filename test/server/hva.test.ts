// Human vs AI, the parts that measure time (timing project, vitest.config.ts): how long the AI takes
// to answer, and a socket joining while the first search runs. The rest: hva-flow.test.ts.
import { describe, expect, it } from "vitest";
import { replay } from "../../engine/rules";
import { EV } from "../../lib/shared/protocol";
import { call, usingRealEngine, waitFor, useServer } from "./helpers";

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
});
