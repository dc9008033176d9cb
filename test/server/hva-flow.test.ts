// Human vs AI, what does not depend on the machine's speed (the unit project): the AI opening as black,
// takeback, resign and rematch against the AI. The timed parts: hva.test.ts.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, callRaw, waitFor, useServer } from "./helpers";

const env = useServer();
const client = (url?: string) => env.client(url);

describe("human vs AI", () => {
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
