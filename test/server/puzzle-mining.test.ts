// Puzzles mined from analysed games (lib/server/puzzles/mining) over a real server, SQLite file, the
// real engine's analysis and the real proof on its own thread: a game between two guests where black
// misses a win is analysed, the position becomes a proven, rated puzzle, served next-near-rating and
// as "the game you just lost", and its page is told where it came from; the same game mirrored adds
// nothing (a duplicate up to symmetry). Hostile: a flood of forged games from one owner (marks on
// positions with no win) is capped per game, per owner a day and in all, yields no puzzle, and does
// not hold back another owner's position; a proof past its heap cap or its time cap is dropped and
// the next one is proven as if nothing happened.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { PER_GAME, PuzzleMiner, QUEUE_MAX, type MiningSettings } from "../../lib/server/puzzles/mining";
import { FakeClock } from "../../lib/server/time";
import { log } from "../../lib/server/log";
import { mulberry32Float, provePuzzle, type Color, type Stone } from "../../engine";
import { parseMoveString } from "../../lib/shared/notation";
import { call, connectAs, finishedGameRow, guestSession, useServer } from "./helpers";

const env = useServer({ analysis: { plyMs: 5000, depth: 4, pollMs: 200, perRequester: 5 } });
const here = path.dirname(fileURLToPath(import.meta.url));
const HUNGRY = path.join(here, "../support/hungry-prove-worker.mjs");

// Black: e8 f8 . h8 (a split three on row y = 7, both ends open) after ply 5; white plays far away
// (ply 6 does not block), black misses the win at ply 7 (h8 makes an open four) and plays h12, white
// blocks at ply 8, black resigns. prettier-ignore
const MISSED_WIN: Array<[number, number]> = [
  [5, 7],
  [0, 0],
  [6, 7],
  [14, 0],
  [8, 7],
  [0, 14],
  [7, 3],
  [7, 7],
];

async function until<T>(what: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A game between two guests (cookies), to `plan`'s end; black resigns; its analysis asked for and done. */
async function analysedGame(plan: Array<[number, number]>) {
  const alice = await guestSession(env.srv.url);
  const bob = await guestSession(env.srv.url);
  const a = await connectAs(env.srv.url, alice.cookie);
  const b = await connectAs(env.srv.url, bob.cookie);
  try {
    const { gameId, seatToken: at } = await call(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const bt = (await call(b, EV.join, { gameId, takeSeat: true })).seatToken!;
    for (const [i, [x, y]] of plan.entries())
      expect(await call(i % 2 ? b : a, EV.move, { gameId, seatToken: i % 2 ? bt : at, ply: i + 1, x, y })).toEqual({ ok: true });
    expect(await call(a, EV.resign, { gameId, seatToken: at })).toEqual({ ok: true });
    expect((await call(a, EV.analysisRequest, { gameId })).ok).toBe(true);
    const job = await until(async () => {
      const j = await env.srv.db.analysisJob.findUnique({ where: { gameId } });
      return j && (j.status === "done" || j.status === "failed") && j;
    }, 90_000);
    expect(job.status).toBe("done");
    return { gameId, alice, bob };
  } finally {
    a.disconnect();
    b.disconnect();
  }
}

const miner = () => env.srv.analysis.miner!;
const api = async (path: string, cookie: string, body?: unknown) => {
  const res = await fetch(`${env.srv.url}${path}`, {
    method: body ? "POST" : "GET",
    headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Record<string, any>;
};

describe("puzzles mined from analysed games", () => {
  let mined: { id: string; gameId: string };

  it("a missed win becomes a proven, rated puzzle: served near one's rating, as the game one lost, its game told after the try", async () => {
    const { gameId, alice, bob } = await analysedGame(MISSED_WIN);
    const marks = await env.srv.db.moveAnalysis.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
    expect(marks.find((m) => m.ply === 7)?.mark).toBe("missed-win");
    const row = await until(() => env.srv.db.puzzle.findFirst({ where: { gameId } }));
    mined = { id: row.id, gameId };
    expect(row).toMatchObject({ ply: 7, toMove: 1, theme: "vcf", plies: 3, source: `game ${gameId} ply 7`, black: "f8g8i8", white: "a15o15a1" });
    expect(JSON.parse(row.line)[0]).toBe("h8");
    // Exactly the engine's proof (the one puzzles:verify re-runs): same line, finish and starting rating.
    const stones: Stone[] = [
      ...parseMoveString(row.black, 15).map((p) => ({ ...p, color: 1 as Color })),
      ...parseMoveString(row.white, 15).map((p) => ({ ...p, color: 2 as Color })),
    ];
    const proof = provePuzzle(15, stones, 1, false, "freestyle");
    expect(proof).toMatchObject({ theme: row.theme, plies: row.plies, line: JSON.parse(row.line), finish: JSON.parse(row.finish), rating: row.rating });
    expect(miner().stats.added).toBeGreaterThanOrEqual(1);

    // "The game you just lost": alice's missed win is served as the proven puzzle, not an unproven copy.
    const lost = await api(`/api/puzzles/next?mode=game&game=${gameId}`, alice.cookie);
    expect(lost.puzzle.puzzleId).toBe(row.id);
    expect(await env.srv.db.puzzle.count({ where: { id: { startsWith: `game-${gameId}` } } })).toBe(0);

    // Next near one's rating, like the shipped ones: bob's first puzzle loads the set; with only the mined one left, carol gets it.
    expect((await api("/api/puzzles/next?mode=rated", bob.cookie)).ok).toBe(true);
    await env.srv.db.puzzle.deleteMany({ where: { gameId: null } });
    const carol = await guestSession(env.srv.url);
    const served = (await api("/api/puzzles/next?mode=rated", carol.cookie)).puzzle;
    expect(served).toMatchObject({ puzzleId: row.id, rated: true, goal: "win" });
    expect(JSON.stringify(served)).not.toContain(gameId); // nothing that leads to the game (and its analysis) before the try
    const line = JSON.parse(row.line) as string[];
    expect((await api("/api/puzzles/move", carol.cookie, { attemptId: served.attemptId, move: line[0] })).result).toMatchObject({
      kind: "continue",
      reply: line[1],
    });
    const solved = (await api("/api/puzzles/move", carol.cookie, { attemptId: served.attemptId, move: line[2] })).result;
    expect(solved).toMatchObject({ kind: "solved", from: { gameId, ply: 7 } });
    expect(solved.rating.after).toBeGreaterThan(solved.rating.before);
  }, 120_000);

  it("the same game mirrored is a duplicate up to symmetry: no second puzzle, no second proof", async () => {
    const before = miner().stats.proofs;
    const { gameId, alice } = await analysedGame(MISSED_WIN.map(([x, y]) => [14 - x, y]));
    await until(async () => (await env.srv.db.analysisJob.findUnique({ where: { gameId } }))?.status === "done");
    await until(async () => miner().stats.duplicates > 0);
    await miner().idle();
    expect(await env.srv.db.puzzle.count({ where: { gameId } })).toBe(0);
    expect(miner().stats.proofs).toBe(before);
    expect(await env.srv.db.puzzle.count({ where: { id: mined.id } })).toBe(1);
    // Its loser's "find the win" serves that proven puzzle (the first game's), not an unproven copy.
    expect((await api(`/api/puzzles/next?mode=game&game=${gameId}`, alice.cookie)).puzzle.puzzleId).toBe(mined.id);
    expect(await env.srv.db.puzzle.count({ where: { id: { startsWith: `game-${gameId}` } } })).toBe(0);
  }, 120_000);
  it("npm run puzzles:verify -- --db re-proves the database's mined puzzles, and names one whose line is not the proof's", async () => {
    const row = await env.srv.db.puzzle.findUniqueOrThrow({ where: { id: mined.id } });
    const line = JSON.parse(row.line) as string[];
    const { id: _id, key: _key, ...rest } = row;
    await env.srv.db.puzzle.create({ data: { ...rest, id: `${row.id}-forged`, key: `${row.key}-forged`, line: JSON.stringify([line[0], "a2", line[2]]) } });
    const run = spawnSync("npx", ["tsx", "bin/puzzles/verify.ts", "--db", env.srv.dbFile], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^FAIL ${row.id}-forged: the line .*\n$`));
    expect(run.stderr).toContain("1/2 proven");
    await env.srv.db.puzzle.delete({ where: { id: `${row.id}-forged` } });
  }, 60_000);
});

/** A finished game written straight into the database, imported by `owner`, with analysis rows marking `marks` plies (mark "missed-win" unless told). */
async function gameRow(id: string, owner: string, size: number, moves: Array<[number, number]>, marks: Array<{ ply: number; mark?: string }>) {
  await env.srv.db.game.create({ data: finishedGameRow({ id, size, importedById: owner, finishedAt: new Date() }) });
  await env.srv.db.move.createMany({ data: moves.map(([x, y], i) => ({ gameId: id, ply: i + 1, x, y, color: i % 2 ? 2 : 1, by: "human", timeMs: 1000 })) });
  const score = JSON.stringify({ kind: "eval", value: 0 });
  await env.srv.db.moveAnalysis.createMany({
    data: marks.map(({ ply, mark }) => ({
      gameId: id,
      ply,
      color: ply % 2 ? 1 : 2,
      before: score,
      after: score,
      bestScore: score,
      line: "[]",
      rank: 2,
      candidates: 5,
      winBefore: 99,
      winAfter: 50,
      loss: 49,
      mark: mark ?? "missed-win",
      depth: 4,
    })),
  });
  return id;
}

let forgedSerial = 0;
/** Forged games: stones three apart (no side has anything to win with), `marks` plies from 6 on marked missed wins. */
async function forgedGames(owner: string, n: number, seed: number, marks = 6): Promise<string[]> {
  const rand = mulberry32Float(seed);
  const ids: string[] = [];
  for (let g = 0; g < n; g++) {
    const [ox, oy] = [Math.floor(rand() * 3), Math.floor(rand() * 3)];
    const taken = new Set<number>();
    const moves: Array<[number, number]> = [];
    while (moves.length < 12) {
      const [x, y] = [ox + 3 * Math.floor(rand() * 5), oy + 3 * Math.floor(rand() * 5)];
      if (taken.has(y * 15 + x)) continue;
      taken.add(y * 15 + x);
      moves.push([x, y]);
    }
    ids.push(
      await gameRow(
        `forged-${seed}-${g}-${++forgedSerial}`,
        owner,
        15,
        moves,
        Array.from({ length: marks }, (_, i) => ({ ply: 6 + i })),
      ),
    );
  }
  return ids;
}

/** A game whose marked position (a lone stone on 19×19) the stand-in worker spins on until the time cap stops it. */
const spinGame = (owner: string) =>
  gameRow(
    `spin-${owner}-${++forgedSerial}`,
    owner,
    19,
    [
      [3, 3],
      [9, 9],
    ],
    [{ ply: 2 }],
  );

describe("puzzle mining: hostile", () => {
  const settings = (over: Partial<MiningSettings> = {}): MiningSettings => ({ proofMs: 1500, proofMb: 256, perOwnerDay: 5, worker: HUNGRY, ...over });

  it("a flood of forged games from one owner: capped per game and per owner a day, no puzzle, another owner's position not held back", async () => {
    const clock = new FakeClock(Date.parse("2026-12-01T10:00:00Z"));
    const m = new PuzzleMiner(env.srv.db, settings(), log, clock);
    try {
      // The thread is held (1.5 s) while the flood comes in, so what waits is what the order decides.
      expect(await m.gameAnalysed(await spinGame("slow"))).toBe(1);
      const flood = await forgedGames("flooder", 10, 11);
      let queued = 0;
      for (const id of flood) queued += await m.gameAnalysed(id);
      expect(queued).toBe(5); // the owner's day
      // At most PER_GAME a game were even looked at; the rest over the owner's day (or the same position again).
      expect(m.stats.overOwner + m.stats.duplicates).toBe(10 * PER_GAME - 5);
      const [other] = await forgedGames("someone-else", 1, 12, 1);
      expect(await m.gameAnalysed(other)).toBe(1);
      await m.idle();
      // Owners take turns: the spin, the flood's first, then the other owner's (not after all five).
      expect(m.stats.recent.map((r) => r.gameId).indexOf(other)).toBe(2);
      expect(m.stats).toMatchObject({ added: 0, unproven: 6, overCap: 1 });
      expect(await env.srv.db.puzzle.count({ where: { gameId: { startsWith: "forged-" } } })).toBe(0);
      // The next day the owner may have positions proven again.
      await clock.advance(24 * 3600_000);
      const [next] = await forgedGames("flooder", 1, 13, 1);
      expect(await m.gameAnalysed(next), JSON.stringify({ ...m.stats, recent: [] })).toBe(1);
      await m.idle();
    } finally {
      await m.close();
    }
  }, 60_000);

  it("the queue is bounded: a burst of many owners' games waits at most QUEUE_MAX positions", async () => {
    const m = new PuzzleMiner(env.srv.db, settings({ perOwnerDay: 1000 }), log);
    try {
      expect(await m.gameAnalysed(await spinGame("slow-2"))).toBe(1);
      const games = await Promise.all(Array.from({ length: 20 }, (_, i) => forgedGames(`burst-${i}`, 1, 100 + i)));
      const queued = await Promise.all(games.map(([id]) => m.gameAnalysed(id)));
      expect(queued.reduce((a, b) => a + b, 0)).toBe(QUEUE_MAX);
      expect(m.stats.queueFull).toBe(20 * PER_GAME - QUEUE_MAX - m.stats.duplicates);
      expect(m.backlog()).toEqual({ waiting: QUEUE_MAX, running: true });
    } finally {
      await m.close();
    }
  }, 60_000);

  it("a proof past its heap cap or its time cap is dropped; the next position is proven as usual", async () => {
    const m = new PuzzleMiner(env.srv.db, settings({ proofMb: 64 }), log);
    try {
      // The stand-in eats memory on a lone stone of 20×20 (the position before ply 2), spins on one of 19×19.
      const hog = await gameRow(
        `hog-${++forgedSerial}`,
        "hog",
        20,
        [
          [3, 3],
          [9, 9],
        ],
        [{ ply: 2 }],
      );
      const spin = await spinGame("spin");
      // A missed win (black's split three on row 4, white far away) not mined before.
      // prettier-ignore
      const fresh: Array<[number, number]> = [[5, 4], [0, 14], [6, 4], [14, 14], [8, 4], [14, 7], [7, 11], [7, 4]];
      const real = await gameRow(`fresh-${++forgedSerial}`, "fresh", 15, fresh, [{ ply: 7 }]);
      for (const id of [hog, spin, real]) expect(await m.gameAnalysed(id)).toBe(1);
      await m.idle();
      expect(m.stats.recent.map((r) => r.result)).toEqual(["over-cap", "over-cap", "added"]);
      const row = await env.srv.db.puzzle.findFirstOrThrow({ where: { gameId: real } });
      expect(row).toMatchObject({ ply: 7, theme: "vcf", plies: 3 });
      expect(JSON.parse(row.line)[0]).toBe("h11");
    } finally {
      await m.close();
    }
  }, 60_000);
});
