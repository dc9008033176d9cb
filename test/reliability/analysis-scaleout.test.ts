// Game analysis on two nodes sharing PostgreSQL and Redis (jobs through BullMQ): jobs asked for on
// either node are each run once, by one node, ply by ply; progress reaches a watcher on the other
// node; when the node running a job dies (SIGKILL), the other finishes it from its last stored ply.

import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { startNode, until, type NodeProc } from "./helpers";
import { call, connect } from "../server/helpers";
import { clusterFixture } from "./cluster-fixture";

let a: NodeProc;
let b: NodeProc;

const env = (id: string, plyMs: number) => ({
  ...cl.env(id),
  ANALYSIS_PLY_MS: String(plyMs),
  ANALYSIS_CONCURRENCY: "2",
  ANALYSIS_PER_REQUESTER: "10",
  RATE_LIMITS: "off",
  // A dead node's job is taken over after this (15 s on a site): the second test waits it out once.
  ANALYSIS_LEASE_MS: "6000",
  // debug: the "analysis ply" lines tell which node analysed which ply
  LOG_LEVEL: "debug",
});

const cl = clusterFixture(async () => {
  [a, b] = await Promise.all([startNode(env("A", 80)), startNode(env("B", 80))]);
}, 60_000);

const sock = async (node: NodeProc) => {
  const s = await connect(node.url);
  cl.sockets.push(s);
  return s;
};

// prettier-ignore
const PLAN = [[7, 7], [7, 9], [8, 7], [8, 9], [9, 7], [9, 9], [10, 7], [10, 9], [11, 7]];

async function playGame(node: NodeProc): Promise<string> {
  const x = await sock(node);
  const y = await sock(node);
  const { gameId, seatToken } = await call(x, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
  const j = await call(y, EV.join, { gameId, takeSeat: true });
  for (const [i, [px, py]] of PLAN.entries()) {
    const r = await call(i % 2 ? y : x, EV.move, { gameId, seatToken: i % 2 ? j.seatToken! : seatToken, ply: i + 1, x: px, y: py });
    expect(r.ok).toBe(true);
  }
  return gameId;
}

/** (gameId, ply) → the nodes that analysed it, from both nodes' logs. */
function analysed(): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const node of [a, b])
    for (const l of node.output().split("\n")) {
      if (!l.includes('"msg":"analysis ply"')) continue;
      const e = JSON.parse(l) as { gameId: string; ply: number; node: string };
      const k = `${e.gameId}#${e.ply}`;
      by.set(k, [...(by.get(k) ?? []), e.node]);
    }
  return by;
}

describe("analysis on two nodes (PostgreSQL + Redis, BullMQ)", () => {
  it("each job runs once, on one node; a watcher on the other node sees its progress", async () => {
    const games = [await playGame(a), await playGame(b), await playGame(a), await playGame(b)];
    const watcher = await sock(b);
    await call(watcher, EV.join, { gameId: games[0] });
    for (const [i, g] of games.entries()) {
      const r = await call(await sock(i % 2 ? b : a), EV.analysisRequest, { gameId: g });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    // The same game asked for on the other node: refused, one job.
    expect(await call(await sock(b), EV.analysisRequest, { gameId: games[0] })).toMatchObject({ ok: false, error: { code: "ALREADY_REQUESTED" } });
    await until("all four analysed", async () => (await cl.reader.analysisJob.count({ where: { status: "done" } })) === 4, 60_000);
    const seen = analysed();
    for (const g of games) for (let ply = 1; ply <= 9; ply++) expect(seen.get(`${g}#${ply}`), `${g} ply ${ply}`).toHaveLength(1);
    expect(await cl.reader.moveAnalysis.count()).toBe(36);
    // Progress of games[0] reached the watcher on B, wherever it ran.
    const updates = watcher.events.filter((e) => e.event === EV.analysis && e.data.gameId === games[0]);
    expect(updates.map((u) => u.data.done)).toContain(9);
    expect(updates.at(-1)!.data.status).toBe("done");
  }, 120_000);

  it("the node running a job dies: the other finishes it", async () => {
    // Slower plies now, so the job is caught mid-way: restart both nodes with 400 ms a ply.
    await Promise.all([a.stop(), b.stop()]);
    [a, b] = await Promise.all([startNode(env("A", 400)), startNode(env("B", 400))]);
    const gameId = await playGame(a);
    expect((await call(await sock(a), EV.analysisRequest, { gameId })).ok).toBe(true);
    await until("two plies analysed", async () => ((await cl.reader.analysisJob.findUnique({ where: { gameId } }))?.done ?? 0) >= 2, 30_000);
    const job = await cl.reader.analysisJob.findUnique({ where: { gameId } });
    const runner = job!.runBy === "A" ? a : b;
    const other = runner === a ? b : a;
    await runner.kill();
    await until("finished by the other node", async () => (await cl.reader.analysisJob.findUnique({ where: { gameId } }))?.status === "done", 90_000);
    const after = await cl.reader.analysisJob.findUnique({ where: { gameId } });
    expect(after!.runBy).toBe(other === a ? "A" : "B");
    expect(await cl.reader.moveAnalysis.count({ where: { gameId } })).toBe(9);
    // The other node took up where the dead one stopped (it did not start again from ply 1).
    const plies = [...analysed().entries()]
      .filter(([k, nodes]) => k.startsWith(`${gameId}#`) && nodes.includes(after!.runBy!))
      .map(([k]) => Number(k.split("#")[1]));
    expect(Math.min(...plies)).toBeGreaterThan(1);
  }, 150_000);
});
