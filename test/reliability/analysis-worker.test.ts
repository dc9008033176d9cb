// Analysis workers anywhere (issue 31): a web node with no analysis of its own (ANALYSIS_CONCURRENCY=0)
// and `npm run worker:analysis` processes on the same PostgreSQL and Redis. An analysis asked for on
// the web node is done by a worker, its progress reaching the watcher on the web node; a worker killed
// mid-job (SIGKILL) loses nothing: a second worker finishes it from the last stored ply.

import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { startNode, until, type NodeProc } from "./helpers";
import { call, connect } from "../server/helpers";
import { clusterFixture } from "./cluster-fixture";

const WORKER = "bin/worker-analysis.ts";
let web: NodeProc;

const env = (id: string, more: Record<string, string>) => ({
  ...cl.env(id),
  ANALYSIS_PER_REQUESTER: "10",
  RATE_LIMITS: "off",
  // A killed worker's job is taken over after this (15 s on a site): the SIGKILL case waits it out.
  ANALYSIS_LEASE_MS: "4000",
  LOG_LEVEL: "debug", // the "analysis ply" lines say which process analysed which ply
  ...more,
});
const worker = (id: string, plyMs: number) => startNode(env(id, { ANALYSIS_CONCURRENCY: "1", ANALYSIS_PLY_MS: String(plyMs) }), 30_000, WORKER);

const cl = clusterFixture(async () => {
  web = await startNode(env("WEB", { ANALYSIS_CONCURRENCY: "0" }));
}, 60_000);

const sock = async () => {
  const s = await connect(web.url);
  cl.sockets.push(s);
  return s;
};

// prettier-ignore
const PLAN = [[7, 7], [7, 9], [8, 7], [8, 9], [9, 7], [9, 9], [10, 7], [10, 9], [11, 7]];

async function playGame(): Promise<string> {
  const [x, y] = [await sock(), await sock()];
  const { gameId, seatToken } = await call(x, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
  const j = await call(y, EV.join, { gameId, takeSeat: true });
  for (const [i, [px, py]] of PLAN.entries()) {
    const r = await call(i % 2 ? y : x, EV.move, { gameId, seatToken: i % 2 ? j.seatToken! : seatToken, ply: i + 1, x: px, y: py });
    expect(r.ok).toBe(true);
  }
  return gameId;
}

/** The plies of `gameId` each process analysed, from its log. */
function pliesBy(node: NodeProc, gameId: string): number[] {
  return node
    .output()
    .split("\n")
    .filter((l) => l.includes('"msg":"analysis ply"') && l.includes(gameId))
    .map((l) => (JSON.parse(l) as { ply: number }).ply);
}

describe("analysis workers (PostgreSQL + Redis)", () => {
  it("the web node runs none; a worker does the job and the web node's watcher sees it go", async () => {
    const gameId = await playGame();
    const watcher = await sock();
    await call(watcher, EV.join, { gameId });
    expect((await call(watcher, EV.analysisRequest, { gameId })).ok).toBe(true);
    // No worker yet: the web node leaves the job waiting.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await cl.reader.analysisJob.findUnique({ where: { gameId } }))?.status).toBe("requested");
    const w = await worker("W1", 80);
    try {
      await until("analysed by the worker", async () => (await cl.reader.analysisJob.findUnique({ where: { gameId } }))?.status === "done", 60_000);
      expect((await cl.reader.analysisJob.findUnique({ where: { gameId } }))!.runBy).toBe("W1");
      expect(pliesBy(w, gameId).sort((p, q) => p - q)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(pliesBy(web, gameId)).toEqual([]);
      // Every ply's progress, then "done", reached the watcher on the web node (the worker's last broadcast follows its last write).
      const updates = () => watcher.events.filter((e) => e.event === EV.analysis && e.data.gameId === gameId);
      await until("the watcher told it is done", () => updates().at(-1)?.data.status === "done", 10_000);
      expect(updates().map((u) => u.data.done)).toContain(9);
    } finally {
      await w.stop();
    }
  }, 120_000);

  it("a worker killed mid-job: a second worker finishes it from the last stored ply", async () => {
    const gameId = await playGame();
    const first = await worker("W2", 500);
    expect((await call(await sock(), EV.analysisRequest, { gameId })).ok).toBe(true);
    await until("two plies analysed", async () => ((await cl.reader.analysisJob.findUnique({ where: { gameId } }))?.done ?? 0) >= 2, 30_000);
    expect((await cl.reader.analysisJob.findUnique({ where: { gameId } }))!.runBy).toBe("W2");
    await first.kill();
    const second = await worker("W3", 80);
    try {
      await until("finished by the second worker", async () => (await cl.reader.analysisJob.findUnique({ where: { gameId } }))?.status === "done", 90_000);
      expect((await cl.reader.analysisJob.findUnique({ where: { gameId } }))!.runBy).toBe("W3");
      expect(await cl.reader.moveAnalysis.count({ where: { gameId } })).toBe(9);
      expect(Math.min(...pliesBy(second, gameId))).toBeGreaterThan(1);
    } finally {
      await second.stop();
    }
  }, 150_000);

  it("refuses to start without Redis, with a sentence", async () => {
    await expect(startNode({ ...env("W4", { ANALYSIS_CONCURRENCY: "1" }), REDIS_URL: undefined }, 15_000, WORKER)).rejects.toThrow(/needs REDIS_URL/);
  }, 30_000);
});
