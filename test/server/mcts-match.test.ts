// The worker pool dispatches on the seat's algo: an AI match alpha-beta vs MCTS through the real
// test server (socket.io + game service + SQLite + AI workers) plays to the end, and the MCTS
// seat's thinking carries its top moves with visits and win rates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../engine/rules";
import { EV } from "../../lib/shared/protocol";
import { call, callRaw, connect, server, waitFor, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";

let srv: TestServer;
let w: Client;

beforeAll(async () => {
  srv = await server();
  w = await connect(srv.url);
});
afterAll(async () => {
  w?.disconnect();
  await srv?.close();
});

describe("AI match: alpha-beta vs MCTS (and casual) through the worker pool", () => {
  it("plays to the end; MCTS thinking shows visits and win rates", async () => {
    const { ok, gameId } = await call(w, EV.createAiMatch, {
      size: 9,
      rule: "freestyle",
      black: { algo: "alphabeta", timeMs: 100, maxDepth: 3 },
      white: { algo: "mcts", timeMs: 100 },
    });
    expect(ok).toBe(true);
    const j = await call(w, EV.join, { gameId });
    expect(j.state).toMatchObject({ kind: "ava", black: { engine: { algo: "alphabeta" } }, white: { engine: { algo: "mcts" } } });
    const live = await call(w, EV.list, { status: "live", kind: "ava" });
    expect(live.games.find((g: any) => g.id === gameId)).toMatchObject({ black: "AI 0.1 s · depth ≤ 3", white: "AI 0.1 s · mcts" });
    const end = await waitFor(w, EV.moved, (e: any) => e.gameId === gameId && e.status === "finished", 50_000);
    const state = await srv.games.getState(gameId);
    expect(state.moves.length).toBe(end.move.ply);
    const { outcome } = replay(9, "freestyle", [], state.moves);
    expect(outcome.winner ? (outcome.winner === 1 ? "black" : "white") : "draw").toBe(state.result);
    for (const m of state.moves) expect(m.by).toBe("engine");
    // White's (MCTS) moves carry an analysis like alpha-beta's.
    const white = state.moves.filter((m: any) => m.color === 2);
    expect(white.length).toBeGreaterThan(0);
    for (const m of white) expect(m.nodes).toBeGreaterThan(0);
    const thinking = w.events.filter((e) => e.event === EV.thinking && e.data.gameId === gameId).map((e) => e.data);
    const mctsThinking = thinking.filter((t: any) => t.ply % 2 === 0 && t.top);
    expect(mctsThinking.length).toBeGreaterThan(0);
    expect(mctsThinking[0].top[0]).toEqual({ x: expect.any(Number), y: expect.any(Number), visits: expect.any(Number), winRate: expect.any(Number) });
    // Alpha-beta's thinking has no top moves.
    expect(thinking.filter((t: any) => t.ply % 2 === 1).every((t: any) => t.top === undefined)).toBe(true);
  }, 60_000);

  it("a casual seat plays too; an unknown algo is refused", async () => {
    const bad = await callRaw(w, EV.createAiMatch, { size: 9, rule: "freestyle", black: { algo: "random", timeMs: 100 }, white: { timeMs: 100 } });
    expect(bad).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    const { ok, gameId } = await call(w, EV.createAiMatch, {
      size: 7,
      rule: "freestyle",
      black: { algo: "casual", timeMs: 100 },
      white: { algo: "mcts", timeMs: 100 },
    });
    expect(ok).toBe(true);
    await call(w, EV.join, { gameId });
    await waitFor(w, EV.moved, (e: any) => e.gameId === gameId && e.status === "finished", 40_000);
    const state = await srv.games.getState(gameId);
    expect(["black", "white", "draw"]).toContain(state.result);
  }, 60_000);
});
