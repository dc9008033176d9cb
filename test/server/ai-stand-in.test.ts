// The supported way to run the AI pool without the real engine: a worker-thread entry of one's own
// (test/support/stand-in-ai-worker.mjs, running test/support/stand-in-engine.ts), given to createAiPool({ worker }) or startTestServer({ aiWorker }).
import { afterAll, describe, expect, it } from "vitest";
import { createAiPool } from "../../lib/server/ai/pool";
import { EV } from "../../lib/shared/protocol";
import type { Position, Progress } from "../../engine";
import { STAND_IN_AI_WORKER } from "../support/stand-in-engine";
import { call, useServer, waitFor } from "./helpers";

describe("AI pool with a stand-in engine", () => {
  const pool = createAiPool({ threads: 1, worker: STAND_IN_AI_WORKER, warmup: false });
  afterAll(() => pool.close());

  it("runs the stand-in's task function on a worker thread, progress included", async () => {
    const position: Position = { size: 9, rule: "freestyle", stones: [{ x: 0, y: 0, color: 1 }], toMove: 2 };
    const progress: Progress[] = [];
    const analysis = await pool.think({ position, limits: { timeMs: 5000 }, onProgress: (p) => progress.push(p) });
    expect(analysis.move).toEqual({ x: 1, y: 0 });
    expect(progress).toEqual([expect.objectContaining({ depth: 1, move: { x: 1, y: 0 } })]);
  });
});

describe("game server with a stand-in engine", () => {
  const env = useServer({ aiWorker: STAND_IN_AI_WORKER });

  it("the AI seat answers with the stand-in's move", async () => {
    const me = await env.client();
    const { gameId, seatToken } = await call(me, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 5000 } });
    await call(me, EV.join, { gameId, seatToken });
    expect(await call(me, EV.move, { gameId, seatToken, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    const reply = await waitFor(me, EV.moved, (e: any) => e.move.ply === 2, 5000);
    expect(reply.move).toMatchObject({ x: 0, y: 0, by: "engine", color: 2 });
  });
});
