// A person's moves against the AI are scored as they are played: while they think, the engine searches
// their position (lowest priority, on the background threads); their move stops that search and is
// stored with its score, every candidate's score and the engine's line, and told to the room.
// Real server, real engine, real socket.io clients, real SQLite file.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { candidateNote } from "../../lib/shared/move-note";
import { call, sleep, useServer, waitFor, type Client } from "./helpers";

const env = useServer({ aiThreads: 1, aiPonderMs: 20_000 });

async function aiGame(c: Client, timeMs = 200) {
  const g = await call(c, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs } });
  const game = { gameId: g.gameId, seatToken: g.seatToken };
  await call(c, EV.join, game);
  return game;
}

/** No search running or waiting (within 2 s: a stopped search returns within milliseconds). */
async function untilIdle() {
  const t0 = Date.now();
  while ((env.srv.ai.stats().running > 0 || env.srv.ai.stats().queued > 0) && Date.now() - t0 < 2000) await sleep(5);
  expect(env.srv.ai.stats()).toMatchObject({ running: 0, queued: 0 });
}

async function rowOf(gameId: string, ply: number) {
  return env.srv.db.move.findUnique({ where: { gameId_ply: { gameId, ply } } });
}

describe("pondering: a person's moves scored as they are played", () => {
  it("after ≥ 1 s of thought the move's score is stored within 100 ms of its acknowledgement, and told to the room", async () => {
    const c = await env.client();
    const game = await aiGame(c);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 15_000);
    await sleep(1200); // the person thinks; the engine ponders their position
    expect(await call(c, EV.move, { ...game, ply: 3, x: 8, y: 8 })).toEqual({ ok: true });
    const acked = Date.now();
    let row = await rowOf(game.gameId, 3);
    while (!row?.rootScores && Date.now() - acked < 3000) {
      await sleep(2);
      row = await rowOf(game.gameId, 3);
    }
    const ms = Date.now() - acked;
    console.log(`person's move scored in the database ${ms} ms after its acknowledgement (pondered 1.2 s)`);
    expect(row?.rootScores).toBeTruthy();
    // The figure (≤ 100 ms after ≥ 1 s of pondering) is a benchmark's, printed above; here: it comes, and soon.
    expect(ms).toBeLessThan(1000);
    expect(row!.by).toBe("human");
    expect(row!.depth).toBeGreaterThan(0);
    const scored = await waitFor(c, EV.scored, (e: any) => e.gameId === game.gameId && e.move.ply === 3, 2000);
    expect(scored.move).toMatchObject({ ply: 3, x: 8, y: 8, by: "human" });
    expect(scored.move.score).toBeTruthy(); // (8, 8) next to the stones is among the candidates
    expect(candidateNote(scored.move, 15)).toMatch(/candidate \d+ of \d+; the engine's choice/);
    // A rejoin (a reload) sees it too.
    const j = await call(c, EV.join, game);
    expect(j.state.moves[2]).toMatchObject({ ply: 3, by: "human", depth: scored.move.depth });
    expect(j.state.moves[2].rootScores?.length).toBe(scored.move.rootScores.length);
    // Resigning stops the ponder of the next move (the one thread is free for the next test).
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 4, 15_000);
    expect(await call(c, EV.resign, game)).toEqual({ ok: true });
    await untilIdle();
  }, 60_000);

  it("a move played at once, far from the stones, is scored by the engine's reply (the search after it)", async () => {
    const c = await env.client();
    const game = await aiGame(c);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 15_000);
    // No time to ponder, and a corner no search looks at: pondering alone leaves it without a score.
    expect(await call(c, EV.move, { ...game, ply: 3, x: 0, y: 0 })).toEqual({ ok: true });
    const reply: any = await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 4, 15_000);
    const scored: any = await waitFor(c, EV.scored, (e: any) => e.gameId === game.gameId && e.move.ply === 3 && e.move.score, 5000);
    expect(scored.move).toMatchObject({ ply: 3, x: 0, y: 0, by: "human" });
    // From the person's side: the negation of the reply's score (a corner stone is worse than nothing).
    expect(scored.move.score.kind === "eval" ? -scored.move.score.value : null).toBe(reply.move.score?.kind === "eval" ? reply.move.score.value : null);
    if (scored.move.rootScores?.length) expect(candidateNote(scored.move, 15)).toMatch(/scored by a search after it; the engine's choice/);
    const row = await rowOf(game.gameId, 3);
    expect(row?.score).toBeTruthy();
    const j = await call(c, EV.join, game);
    expect(j.state.moves[2].score).toEqual(scored.move.score);
    expect(await call(c, EV.resign, game)).toEqual({ ok: true });
    await untilIdle();
  }, 60_000);

  it("a takeback stops the ponder: nothing is scored, the thread is freed", async () => {
    const c = await env.client();
    const game = await aiGame(c);
    expect(await call(c, EV.move, { ...game, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(c, EV.moved, (e: any) => e.gameId === game.gameId && e.move.ply === 2, 15_000);
    await sleep(300);
    expect(env.srv.ai.stats().running).toBe(1); // the ponder
    // (Ply 1 was scored too: the engine pondered the empty board while the game waited for it.)
    const scoredBefore = c.events.filter((e) => e.event === EV.scored).length;
    expect(await call(c, EV.takeback, game)).toEqual({ ok: true });
    // The takeback leaves the person to move at ply 1: a new ponder for that position starts; the old one is gone.
    await sleep(200);
    expect(env.srv.ai.stats().running).toBeLessThanOrEqual(1);
    expect(c.events.filter((e) => e.event === EV.scored)).toHaveLength(scoredBefore);
    expect(await call(c, EV.resign, game)).toEqual({ ok: true });
    await untilIdle();
  }, 60_000);

  it("ponders never delay another person's AI turn: a 0.3 s AI answers in time while four others ponder", async () => {
    const ponderers: Client[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await env.client();
      const g = await aiGame(c);
      expect(await call(c, EV.move, { ...g, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
      await waitFor(c, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 2, 15_000);
      ponderers.push(c);
    }
    const victim = await env.client();
    const v = await aiGame(victim, 300);
    const times: number[] = [];
    // The victim's moves: the first free point of a fixed list (the AI's replies may take any of them).
    const taken = new Set<string>();
    const candidates = [7, 9, 5, 3, 11, 1, 13].flatMap((x) => [`${x},3`, `${x},11`]);
    for (const ply of [1, 3, 5]) {
      const [x, y] = candidates
        .find((k) => !taken.has(k))!
        .split(",")
        .map(Number);
      taken.add(`${x},${y}`);
      const t0 = Date.now();
      expect(await call(victim, EV.move, { ...v, ply, x, y })).toEqual({ ok: true });
      const reply: any = await waitFor(victim, EV.moved, (e: any) => e.gameId === v.gameId && e.move.ply === ply + 1, 10_000);
      times.push(Date.now() - t0);
      taken.add(`${reply.move.x},${reply.move.y}`);
    }
    console.log(`0.3 s AI reply ms with four ponders waiting or running: ${times.join(", ")}`);
    for (const t of times) expect(t).toBeLessThan(1000);
  }, 90_000);
});
