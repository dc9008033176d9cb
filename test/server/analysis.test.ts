// Game analysis over a real server, SQLite file and the real engine: a finished game is analysed
// ply by ply with live progress to its room; bad requests are refused and change nothing; a
// restart resumes a job from its last stored ply.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import type { AnalysisUpdate } from "../../lib/shared/analysis";
import { ROOTS_KEPT } from "../../lib/server/analysis/analyse-ply";
import { BLACK_FIVE_ON_ROW_7, call, callRaw, connect, server, sleep, useServer, waitFor, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";
import { openDb } from "../../lib/server/db/client";

// Black makes five along y = 7; white never blocks (ply 6 lets an open three become an open four).
const PLAN = BLACK_FIVE_ON_ROW_7;

/** A human-vs-human game played to `plies` moves of PLAN (all of it: black wins by five). */
async function playGame(url: string, plies = PLAN.length): Promise<string> {
  const alice = await connect(url);
  const bob = await connect(url);
  try {
    const { gameId, seatToken: a } = await call(alice, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const bj = await call(bob, EV.join, { gameId, takeSeat: true });
    const b = bj.seatToken!;
    for (const [i, [x, y]] of PLAN.slice(0, plies).entries()) {
      const ply = i + 1;
      const r = await call(ply % 2 ? alice : bob, EV.move, { gameId, seatToken: ply % 2 ? a : b, ply, x, y });
      expect(r, `ply ${ply}`).toEqual({ ok: true });
    }
    return gameId;
  } finally {
    alice.disconnect();
    bob.disconnect();
  }
}

async function watch(c: Client, gameId: string) {
  expect((await call(c, EV.join, { gameId })).ok).toBe(true);
}

describe("game analysis (SQLite, real engine)", () => {
  // A fixed depth (the time cap far above it): the same marks on a quiet or a loaded machine.
  const env = useServer({ analysis: { plyMs: 5000, depth: 4, queueMax: 3, perRequester: 2, pollMs: 200 } });

  it("analyses every ply of a finished game, with progress to everyone in the room, marks and a summary", async () => {
    const gameId = await playGame(env.srv.url);
    const viewer = await env.client();
    const other = await env.client();
    await watch(viewer, gameId);
    await watch(other, gameId);
    expect(await call(viewer, EV.analysisGet, { gameId })).toMatchObject({ ok: true, analysis: null });

    const asked = await call(viewer, EV.analysisRequest, { gameId });
    expect(asked.ok).toBe(true);
    expect(asked.analysis).toMatchObject({ gameId, total: 9, plies: [] });
    expect(["requested", "running"]).toContain(asked.analysis.status);

    const done = await waitFor<AnalysisUpdate>(other, EV.analysis, (u) => u.gameId === gameId && u.status === "done", 30_000);
    expect(done).toMatchObject({ done: 9, total: 9, ply: null });
    // The other watcher saw each ply as it came, in order.
    const plies = other.events.filter((e) => e.event === EV.analysis && e.data.ply).map((e) => e.data.ply.ply);
    expect(plies).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const got = await call(viewer, EV.analysisGet, { gameId });
    const a = got.analysis!;
    expect(a.status).toBe("done");
    expect(a.plies).toHaveLength(9);
    for (const p of a.plies) {
      expect(p.color).toBe(p.ply % 2 ? 1 : 2);
      expect(p.rank).toBeGreaterThanOrEqual(1);
      expect(p.candidates).toBeGreaterThanOrEqual(p.rank);
      expect(p.loss).toBeGreaterThanOrEqual(0);
      expect(p.depth).toBeGreaterThan(0);
      // Every candidate's score kept for the heatmap (issue 27): the played move among them, at most ROOTS_KEPT + 1.
      expect(p.roots!.length).toBeGreaterThan(0);
      expect(p.roots!.length).toBeLessThanOrEqual(ROOTS_KEPT + 1);
      expect(p.roots![0].score).toEqual(p.bestScore); // best first
    }
    // The winning move is the engine's best and wins at once.
    expect(a.plies[8]).toMatchObject({ mark: expect.stringMatching(/^(best|only)$/), rank: 1, after: { kind: "win", plies: 1 } });
    // Ply 6: white ignored black's open three (7,7 8,7 9,7): black then wins by force (how badly
    // the shallow search saw it varies with the machine's load: some mark, not the best move).
    expect(a.plies[5].mark).toMatch(/inaccuracy|mistake|blunder|missed-win/);
    expect(a.plies[5].rank).toBeGreaterThan(1);
    expect(a.plies[6].before.kind).toBe("win");
    // Per player: black played well, white did not.
    expect(a.summary!.black.accuracy!).toBeGreaterThan(a.summary!.white.accuracy!);
    expect(a.summary!.white.moves).toBe(4);
    expect(a.summary!.white.marks.blunder + a.summary!.white.marks.mistake).toBeGreaterThanOrEqual(1);

    // The rows: one job, nine plies.
    const db = env.srv.db;
    expect(await db.analysisJob.findUnique({ where: { gameId } })).toMatchObject({ status: "done", done: 9, total: 9 });
    expect(await db.moveAnalysis.count({ where: { gameId } })).toBe(9);
  });

  it("refuses a second request, a missing game, an unfinished game and a bad payload, changing nothing", async () => {
    const c = await env.client();
    const finished = await playGame(env.srv.url);
    const unfinished = await playGame(env.srv.url, 4);
    const jobs = () => env.srv.db.analysisJob.count();

    const first = await call(c, EV.analysisRequest, { gameId: finished });
    expect(first.ok).toBe(true);
    const before = await jobs();
    const again = await call(c, EV.analysisRequest, { gameId: finished });
    expect(again).toMatchObject({ ok: false, error: { code: "ALREADY_REQUESTED", message: expect.stringMatching(/analys/) } });
    expect(await call(c, EV.analysisRequest, { gameId: "no-such-game" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await call(c, EV.analysisRequest, { gameId: unfinished })).toMatchObject({ ok: false, error: { code: "NOT_FINISHED" } });
    expect(await callRaw(c, EV.analysisRequest, { gameId: 42 })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    expect(await callRaw(c, EV.analysisRequest, { gameId: finished, extra: 1 })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    expect(await callRaw(c, EV.analysisGet, "x".repeat(100))).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    expect(await jobs()).toBe(before);
    expect(await env.srv.db.analysisJob.findUnique({ where: { gameId: unfinished } })).toBeNull();
    await waitFor<AnalysisUpdate>(await watching(finished), EV.analysis, (u) => u.status === "done", 30_000).catch(() => {});
  });

  async function watching(gameId: string): Promise<Client> {
    const c = await env.client();
    await watch(c, gameId);
    return c;
  }

  it("caps open analyses per requester and in all (QUEUE_FULL), with a clear error", async () => {
    // Let every earlier job finish first: the caps count open jobs.
    for (let i = 0; i < 300 && (await env.srv.analysis.store.openCount()) > 0; i++) await sleep(100);
    const games = [];
    for (let i = 0; i < 4; i++) games.push(await playGame(env.srv.url));
    const a = await env.client();
    expect((await call(a, EV.analysisRequest, { gameId: games[0] })).ok).toBe(true);
    expect((await call(a, EV.analysisRequest, { gameId: games[1] })).ok).toBe(true);
    // Same address (127.0.0.1), two open already: the per-requester cap.
    const third = await call(a, EV.analysisRequest, { gameId: games[2] });
    expect(third).toMatchObject({ ok: false, error: { code: "LIMIT", message: expect.stringMatching(/wait for one to finish/) } });
    // Over the whole queue: with the per-requester cap raised by hand, the queue (3) is the bound.
    await env.srv.db.analysisJob.create({
      data: { gameId: "someone-elses", status: "requested", total: 1, requestedIp: "10.0.0.9", leaseUntil: new Date(Date.now() + 3600_000) },
    });
    const svc = env.srv.analysis as unknown as { opts: { settings: { perRequester: number } } };
    svc.opts.settings.perRequester = 10;
    try {
      const full = await call(a, EV.analysisRequest, { gameId: games[3] });
      expect(full).toMatchObject({ ok: false, error: { code: "QUEUE_FULL", message: expect.stringMatching(/queue is full/) } });
      expect(await env.srv.db.analysisJob.findUnique({ where: { gameId: games[3] } })).toBeNull();
    } finally {
      svc.opts.settings.perRequester = 2;
      await env.srv.db.analysisJob.delete({ where: { gameId: "someone-elses" } });
    }
  });
});

describe("a restart resumes an analysis", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-analysis-"));
  const dbFile = path.join(dir, "resume.db");
  let srv: TestServer | null = null;
  afterAll(async () => {
    await srv?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a job stopped mid-way is finished by the next start, from its last stored ply", async () => {
    srv = await server({ dbFile, analysis: { plyMs: 400, pollMs: 200 } });
    const gameId = await playGame(srv.url);
    const c = await connect(srv.url);
    await watch(c as Client, gameId);
    expect((await call(c, EV.analysisRequest, { gameId })).ok).toBe(true);
    await waitFor<AnalysisUpdate>(c as Client, EV.analysis, (u) => u.done >= 2, 30_000);
    c.disconnect();
    await srv.close();
    srv = null;
    // The rows as the stopped node left them (read without starting a server, which would take the job up).
    const db = await openDb(dbFile);
    const stopped = await db.analysisJob.findUnique({ where: { gameId } }).finally(() => db.$disconnect());
    expect(stopped?.status).toBe("running");
    expect(stopped!.done).toBeGreaterThanOrEqual(2);
    expect(stopped!.done).toBeLessThan(9);

    srv = await server({ dbFile, analysis: { plyMs: 40, pollMs: 200 } });
    for (let i = 0; i < 300; i++) {
      const job = await srv.db.analysisJob.findUnique({ where: { gameId } });
      if (job?.status === "done") break;
      await sleep(100);
    }
    expect(await srv.db.analysisJob.findUnique({ where: { gameId } })).toMatchObject({ status: "done", done: 9 });
    expect(await srv.db.moveAnalysis.count({ where: { gameId } })).toBe(9);
  });
});

describe("ANALYSIS_THREADS", () => {
  // Two background threads, each analysed ply's search holding both (Lazy SMP: its thread and a helper).
  const env = useServer({ aiTvThreads: 2, analysis: { plyMs: 300, threads: 2, pollMs: 200 } });
  it("every ply's search holds two of the AI's background threads; the analysis ends as with one", async () => {
    const gameId = await playGame(env.srv.url);
    const c = await env.client();
    await watch(c, gameId);
    let held = 0;
    let done = false;
    const finished = waitFor<AnalysisUpdate>(c, EV.analysis, (u) => u.gameId === gameId && u.status === "done", 60_000).finally(() => (done = true));
    expect((await call(c, EV.analysisRequest, { gameId })).ok).toBe(true);
    while (!done) {
      held = Math.max(held, env.srv.ai.stats().running);
      await sleep(2);
    }
    expect(await finished).toMatchObject({ done: 9, total: 9 });
    expect(held).toBe(2);
    expect(await env.srv.db.moveAnalysis.count({ where: { gameId } })).toBe(9);
  });
});

describe("ANALYSIS_AUTO", () => {
  const env = useServer({ analysis: { plyMs: 40, auto: true, pollMs: 200 } });
  it("a finished human-vs-human game is analysed without a request; an unfinished one is not", async () => {
    const finished = await playGame(env.srv.url);
    const unfinished = await playGame(env.srv.url, 5);
    for (let i = 0; i < 200; i++) {
      if ((await env.srv.db.analysisJob.findUnique({ where: { gameId: finished } }))?.status === "done") break;
      await sleep(100);
    }
    expect(await env.srv.db.analysisJob.findUnique({ where: { gameId: finished } })).toMatchObject({ status: "done", done: 9, requestedBy: null });
    expect(await env.srv.db.analysisJob.findUnique({ where: { gameId: unfinished } })).toBeNull();
  });
});
