// Puzzles are mined where analyses run (issue 29): a web node with no analysis of its own
// (ANALYSIS_CONCURRENCY=0) and an `npm run worker:analysis` process on PostgreSQL and Redis. A game
// with a missed win, asked to be analysed on the web node, is analysed by the worker, which proves
// the missed win on its own proof thread: the puzzle is in the (PostgreSQL) database, mined by the
// worker and not by the web node, and the web node serves it.

import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { startNode, until, type NodeProc } from "./helpers";
import { call, connect, guestSession } from "../server/helpers";
import { clusterFixture } from "./cluster-fixture";

let web: NodeProc;

const env = (id: string, more: Record<string, string>) => ({ ...cl.env(id), RATE_LIMITS: "off", LOG_LEVEL: "debug", ...more });

const cl = clusterFixture(async () => {
  web = await startNode(env("WEB", { ANALYSIS_CONCURRENCY: "0" }));
}, 60_000);

const sock = async () => {
  const s = await connect(web.url);
  cl.sockets.push(s);
  return s;
};

// Black's split three e8 f8 . h8 with both ends open; white plays far away; black misses g8 at ply 7, white blocks; black resigns.
// prettier-ignore
const MISSED_WIN = [[5, 7], [0, 0], [6, 7], [14, 0], [8, 7], [0, 14], [7, 3], [7, 7]];

describe("puzzle mining on analysis workers (PostgreSQL + Redis)", () => {
  it("the worker that analyses a game mines its missed win; the web node serves the puzzle", async () => {
    const [x, y] = [await sock(), await sock()];
    const { gameId, seatToken } = await call(x, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const j = await call(y, EV.join, { gameId, takeSeat: true });
    for (const [i, [px, py]] of MISSED_WIN.entries())
      expect((await call(i % 2 ? y : x, EV.move, { gameId, seatToken: i % 2 ? j.seatToken! : seatToken, ply: i + 1, x: px, y: py })).ok).toBe(true);
    expect(await call(x, EV.resign, { gameId, seatToken })).toEqual({ ok: true });
    expect((await call(x, EV.analysisRequest, { gameId })).ok).toBe(true);
    const w = await startNode(env("W1", { ANALYSIS_CONCURRENCY: "1", ANALYSIS_PLY_MS: "2000", ANALYSIS_DEPTH: "4" }), 30_000, "bin/worker-analysis.ts");
    try {
      await until("the puzzle mined", async () => (await cl.reader.puzzle.count({ where: { gameId } })) === 1, 90_000);
      const row = await cl.reader.puzzle.findFirstOrThrow({ where: { gameId } });
      expect(row).toMatchObject({ ply: 7, toMove: 1, theme: "vcf", plies: 3, black: "f8g8i8", white: "a15o15a1" });
      expect(JSON.parse(row.line)[0]).toBe("h8");
      expect(w.output()).toContain('"msg":"puzzle mined"');
      expect(web.output()).not.toContain('"msg":"puzzle mined"');
      const { cookie } = await guestSession(web.url);
      const res = await fetch(`${web.url}/api/puzzles/next?mode=rated&id=${row.id}`, { headers: { cookie } });
      expect(((await res.json()) as { puzzle: { puzzleId: string } }).puzzle.puzzleId).toBe(row.id);
    } finally {
      await w.stop();
    }
  }, 150_000);
});
