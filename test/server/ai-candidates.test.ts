// Issue 33: the site's AI chooses its move by exactly the brain's search (no exact root scores asked
// for: they cost it about −55 Elo), and the candidates' exact scores the heatmap and the notes need
// come afterwards, from a search at the analysis priority: stored on the move and told to the room.
// Real server, real engine, real socket.io clients, real SQLite file.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BRAIN_EXACT_ROOT, SITE_EXACT_ROOT_MOVES } from "../../engine";
import type { ThinkRequest } from "../../lib/server/ai/pool";
import { EV } from "../../lib/shared/protocol";
import { candidateNote } from "../../lib/shared/move-note";
import { call, useServer, waitFor } from "./helpers";

const env = useServer({ aiThreads: 1, aiScoreCandidates: true });

afterEach(() => vi.restoreAllMocks());

describe("the AI's move: the brain's search, its candidates scored after it", () => {
  it("the live search asks for no exact root scores; the candidates' exact scores arrive on the move afterwards", async () => {
    const requests: ThinkRequest[] = [];
    const think = env.srv.ai.think.bind(env.srv.ai);
    vi.spyOn(env.srv.ai, "think").mockImplementation((req) => {
      requests.push(req);
      return think(req);
    });
    const c = await env.client();
    const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10_000, maxDepth: 3 } }); // a depth cap: the same searches on a slow machine as on a fast one
    const game = { gameId: g.gameId, seatToken: g.seatToken };
    await call(c, EV.join, game);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    const reply: any = await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 15_000);

    // The move's search: the brain's options, at the live priority.
    const live = requests.filter((r) => r.priority === undefined || r.priority === "live");
    expect(live).toHaveLength(1);
    expect(live[0].limits).toEqual({ timeMs: 10_000, maxDepth: 3, exactRootScores: BRAIN_EXACT_ROOT });
    // Played with its own exact best and bounds for the rest.
    expect(reply.move.rootScores.some((r: any) => r.bound === "upper")).toBe(true);

    // Afterwards: the position before the move, exact for the best 8, at the analysis priority.
    const scored: any = await waitFor(c, EV.scored, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 15_000);
    const after = requests.filter((r) => r.priority === "analysis");
    expect(after).toHaveLength(1);
    expect(after[0].limits).toEqual({ timeMs: 10_000, exactRootScores: SITE_EXACT_ROOT_MOVES, maxDepth: 3 });
    expect(after[0].position.stones).toEqual([{ x: 7, y: 7, color: 1 }]);
    expect(scored.move).toMatchObject({ ply: 2, x: reply.move.x, y: reply.move.y, by: "engine", score: reply.move.score, depth: reply.move.depth });
    const exact = scored.move.rootScores.filter((r: any) => !r.bound);
    expect(exact.length).toBeGreaterThanOrEqual(Math.min(SITE_EXACT_ROOT_MOVES, scored.move.rootScores.length));
    expect(exact.length).toBeGreaterThan(reply.move.rootScores.filter((r: any) => !r.bound).length);
    expect(candidateNote(scored.move, 15)).toMatch(/candidate \d+ of \d+/);
    // Stored: the row and a rejoin (a reload) carry them.
    const row = await env.srv.db.move.findUnique({ where: { gameId_ply: { gameId: game.gameId, ply: 2 } } });
    expect(JSON.parse(row!.rootScores!)).toEqual(scored.move.rootScores);
    const j = await call(c, EV.join, game);
    expect(j.state.moves[1].rootScores).toEqual(scored.move.rootScores);
    expect(await call(c, EV.resign, game)).toEqual({ ok: true });
  }, 60_000);

  it("the casual player's move is stored without a score and scored by the real engine afterwards, every candidate exact, with the person's move before it (issue 27)", async () => {
    const requests: ThinkRequest[] = [];
    const think = env.srv.ai.think.bind(env.srv.ai);
    vi.spyOn(env.srv.ai, "think").mockImplementation((req) => {
      requests.push(req);
      return think(req);
    });
    const c = await env.client();
    const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10_000, maxDepth: 3, algo: "casual" } });
    const game = { gameId: g.gameId, seatToken: g.seatToken };
    await call(c, EV.join, game);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    const reply: any = await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 15_000);
    // Its expectimax values are not scores: none on the move as played.
    expect(reply.move.score).toBeUndefined();
    expect(reply.move.rootScores).toBeUndefined();
    const scored: any = await waitFor(c, EV.scored, (e: any) => e.gameId === game.gameId && e.move.ply === 2 && e.move.score, 15_000);
    const after = requests.filter((r) => r.priority === "analysis" && r.owner?.endsWith(":scores"));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ algo: "alphabeta", limits: { exactRootScores: true } });
    expect(scored.move.rootScores.every((r: any) => !r.bound)).toBe(true);
    const mine = scored.move.rootScores.find((r: any) => r.x === reply.move.x && r.y === reply.move.y);
    if (mine) expect(scored.move.score).toEqual(mine.score);
    expect(await call(c, EV.resign, game)).toEqual({ ok: true });
  }, 60_000);
});
