// The analysis queue shared fairly (issue 25: "25 addresses × 2 analysis requests of imported
// 385-ply games: 50 jobs: everyone else gets QUEUE_FULL for about 35 minutes"), over a real server
// with the real engine, on both queues: the rows (no Redis) and BullMQ (Redis). One party from one
// /24 (several addresses, 127.0.0.x) queues all it may; a newcomer from another /24 (127.0.1.x) is
// let in although the queue is full, and its job is the next to start. Counted, not timed: which
// jobs had started when the newcomer asked, and which started before the newcomer's.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { BLACK_FIVE_ON_ROW_7, call, connect, server, sleep } from "./helpers";
import { connectFrom } from "./from-address";
import type { TestServer } from "../support/test-server";
import { REDIS_TEST_URL, flushRedisPrefix } from "../reliability/helpers";
import { httpFrom } from "./from-address";

// BullMQ's keys under a prefix of this file's own (read when the first server starts).
const prefix = `gomoku_test_${randomBytes(4).toString("hex")}`;
process.env.REDIS_PREFIX = prefix;

/** A finished human-vs-human game of 9 plies (black makes five). */
async function playGame(url: string): Promise<string> {
  const [a, b] = [await connect(url), await connect(url)];
  try {
    const { gameId, seatToken } = await call(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const j = await call(b, EV.join, { gameId, takeSeat: true });
    for (const [i, [x, y]] of BLACK_FIVE_ON_ROW_7.entries())
      expect(await call(i % 2 ? b : a, EV.move, { gameId, seatToken: i % 2 ? j.seatToken! : seatToken, ply: i + 1, x, y })).toEqual({ ok: true });
    return gameId;
  } finally {
    a.disconnect();
    b.disconnect();
  }
}

describe.each([
  { queue: "rows (no Redis)", redisUrl: null },
  { queue: "BullMQ (Redis)", redisUrl: REDIS_TEST_URL },
])("analysis queue, $queue: one party cannot keep a newcomer waiting", ({ redisUrl }) => {
  let srv: TestServer;
  beforeAll(async () => {
    // One job at a time; room for 3 jobs, and for 30 plies (three 9-ply games) per network.
    srv = await server({ redisUrl, analysis: { plyMs: 300, concurrency: 1, queueMax: 3, perRequester: 10, pliesPerNetwork: 30, pollMs: 100 } });
  });
  afterAll(async () => {
    await srv?.close();
    if (redisUrl) await flushRedisPrefix(redisUrl, prefix);
  });

  it("the party's plies are capped per network, the full queue still lets the newcomer in, and the newcomer's job starts next", async () => {
    const games: string[] = [];
    for (let i = 0; i < 5; i++) games.push(await playGame(srv.url));
    const started = async () =>
      new Map((await srv.db.analysisJob.findMany({ where: { gameId: { in: games } } })).map((j) => [j.gameId, j.startedAt?.getTime() ?? null]));

    // The party: three addresses of 127.0.0.0/24, each asking once; all three fit (27 plies), the queue is full (3).
    const party = [];
    for (const [i, gameId] of games.slice(0, 3).entries()) {
      const s = await connectFrom(srv.url, `127.0.0.${i + 2}`);
      party.push(s);
      expect(await call(s, EV.analysisRequest, { gameId }), `party job ${i + 1}`).toMatchObject({ ok: true });
    }
    // A fourth address of the same /24: over the network's 30 plies.
    const fourth = await connectFrom(srv.url, "127.0.0.9");
    party.push(fourth);
    expect(await call(fourth, EV.analysisRequest, { gameId: games[3] })).toMatchObject({
      ok: false,
      error: { code: "LIMIT", message: expect.stringMatching(/network has 27 moves waiting/) },
    });

    // The newcomer, from another /24: let in although the queue holds its 3 jobs.
    const newcomer = await connectFrom(srv.url, "127.0.1.2");
    const asked = await call(newcomer, EV.analysisRequest, { gameId: games[4] });
    expect(asked, JSON.stringify(asked)).toMatchObject({ ok: true });
    const before = await started();
    const waitingThen = games.slice(0, 3).filter((g) => before.get(g) === null);
    // At most one party job runs (concurrency 1), so at least two were waiting when the newcomer asked.
    expect(waitingThen.length).toBeGreaterThanOrEqual(2);

    for (let i = 0; i < 600 && (await started()).get(games[4]) === null; i++) await sleep(50);
    const after = await started();
    const mine = after.get(games[4]);
    expect(mine, "the newcomer's job started").not.toBeNull();
    // No party job that was waiting when the newcomer asked started before the newcomer's job.
    for (const g of waitingThen) {
      const t = after.get(g);
      expect(t === null || t! >= mine!, `party job ${g} started before the newcomer's`).toBe(true);
    }
    for (const s of [...party, newcomer]) s.disconnect();
  }, 120_000);
});

/**
 * A 385-ply 20×20 game as a PSQ file, with no five anywhere: the stones follow the stripes
 * (x + 2y) mod 4 < 2 → black (at most two of a colour in a row along any line), black and white in turn.
 */
/** A 385-ply 20×20 game; `tag` names the players (one distinct game per import: importing the same file again points to the stored game). */
function longPsq(tag = 0): string {
  const cells = (black: boolean) => {
    const out: Array<[number, number]> = [];
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) if ((x + 2 * y) % 4 < 2 === black) out.push([x, y]);
    return out;
  };
  const [b, w] = [cells(true), cells(false)];
  const moves = Array.from({ length: 385 }, (_, i) => (i % 2 ? w[(i - 1) / 2] : b[i / 2]));
  return ["Piskvorky 20x20, 11:11, 0", ...moves.map(([x, y]) => `${x + 1},${y + 1},100`), `flood-a${tag}`, `flood-b${tag}`, "-1", ""].join("\r\n");
}

describe("the hostile row: 25 addresses × 2 analyses of imported 385-ply games", () => {
  let srv: TestServer;
  beforeAll(async () => {
    // The defaults (queue 50, 2 per requester, 2000 plies a network); depth 1 keeps a 385-ply job short.
    srv = await server({ redisUrl: null, analysis: { plyMs: 5000, depth: 1, concurrency: 1, pollMs: 100 } });
  });
  afterAll(() => srv?.close());

  it("one /24 gets 5 such jobs (1,925 plies), the rest LIMIT, never QUEUE_FULL for others; a newcomer's short game starts next", async () => {
    const imported: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await httpFrom(srv.url, "127.0.0.1", {
        method: "POST",
        path: "/api/import",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fileName: `long${i}.psq`, text: longPsq(i) }),
      });
      const body = JSON.parse(r.body) as { ok: boolean; stored: Array<{ id: string; plies: number }> };
      expect(body.stored?.[0]?.plies, r.body.slice(0, 300)).toBe(385);
      imported.push(body.stored[0].id);
    }
    const short = await playGame(srv.url);
    const codes: string[] = [];
    const sockets = [];
    for (let a = 0; a < 25; a++) {
      const s = await connectFrom(srv.url, `127.0.0.${a + 2}`);
      sockets.push(s);
      for (const k of [0, 1]) {
        const r = await call(s, EV.analysisRequest, { gameId: imported[(2 * a + k) % 6] });
        codes.push(r.ok ? "ok" : r.error.code);
      }
    }
    expect(codes.filter((c) => c === "ok")).toHaveLength(5);
    expect(codes).toContain("LIMIT");
    expect(codes).not.toContain("QUEUE_FULL");

    const newcomer = await connectFrom(srv.url, "127.0.1.9");
    sockets.push(newcomer);
    expect(await call(newcomer, EV.analysisRequest, { gameId: short })).toMatchObject({ ok: true });
    const jobs = async () => new Map((await srv.db.analysisJob.findMany()).map((j) => [j.gameId, j.startedAt?.getTime() ?? null]));
    const before = await jobs();
    const waitingThen = imported.filter((g) => before.has(g) && before.get(g) === null);
    expect(waitingThen.length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 1200 && (await jobs()).get(short) === null; i++) await sleep(50);
    const after = await jobs();
    expect(after.get(short), "the newcomer's job started").not.toBeNull();
    for (const g of waitingThen) expect(after.get(g) === null || after.get(g)! >= after.get(short)!, `flood job ${g} went first`).toBe(true);
    for (const s of sockets) s.disconnect();
  }, 180_000);
});
