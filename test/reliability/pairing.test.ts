// Quick pairing across two server processes sharing PostgreSQL and Redis: 40 guests, half on each
// node, in three pools: every one paired once (at most one left per pool), nobody in two games.
import { afterAll, describe, expect, it } from "vitest";
import { runPairing } from "../../bin/pairing/run";
import { killAll } from "./helpers";

afterAll(killAll);

describe("quick pairing on two nodes (PostgreSQL + Redis)", () => {
  it("pairs forty players once each, whichever node they came through", { timeout: 180_000 }, async () => {
    const r = await runPairing({ players: 40, nodes: 2, rampMs: 2000, settleMs: 15_000 });
    expect(r.doubleGames).toBe(0);
    expect(r.oddGames).toBe(0);
    expect(Object.values(r.leftWaiting).every((n) => n <= 1)).toBe(true);
    expect(r.paired).toBeGreaterThanOrEqual(40 - 3);
    console.log(`two nodes, 40 players: paired ${r.paired} into ${r.games} games; join → game p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`);
  });
});
