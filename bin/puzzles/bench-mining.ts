// What mining analysed games costs (lib/server/puzzles/mining), end to end on a real server: seeded
// self-play games (the miner's, bin/puzzles/positions.ts: weak engine play with random moves early,
// so wins are missed) are written as finished games, each analysed by the real AnalysisService (the
// engine at ANALYSIS settings), and its missed wins and only moves proven on the mining thread.
// Prints the marks found, the proofs (time on the thread: median, p90, slowest; the thread's heap),
// the puzzles added, and the event loop's delay while the proofs run against as long idle just
// after (the proofs must not touch it). The games are analysed first with mining off, then mined by a
// PuzzleMiner of the server's settings, so the two measures are of the mining alone.
//   npm run bench:mining -- [--games 12] [--seed 7] [--rule freestyle|exact5|renju] [--ply-ms 300] [--proof-mb 1024] [--random 0.1]
// (--random: the chance of a random nearby move at each ply after 16, as a person's slip: without
// it the engine seldom misses a win.)
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { mulberry32Float } from "../../engine/board/zobrist";
import { RULES, type Rule } from "../../engine/types";
import { startTestServer } from "../../test/support/test-server";
import { PuzzleMiner } from "../../lib/server/puzzles/mining";
import { serverConfig } from "../../lib/server/config";
import { log } from "../../lib/server/log";
import { readArgs } from "../cli/args";
import { pickSize, selfPlay } from "./positions";

const o = { games: 12, seed: 7, rule: "freestyle" as Rule, plyMs: 300, proofMb: 1024, random: 0.1 };
for (const a of readArgs(process.argv.slice(2), ["games", "seed", "rule", "ply-ms", "proof-mb", "random"])) {
  if (a.name === "rule" && RULES.includes(a.value as Rule)) o.rule = a.value as Rule;
  else if (a.name === "games" || a.name === "seed" || a.name === "random") o[a.name] = Number(a.value);
  else if (a.name === "ply-ms") o.plyMs = Number(a.value);
  else if (a.name === "proof-mb") o.proofMb = Number(a.value);
  else throw new Error(`unexpected argument "${a.raw}"`);
}

const srv = await startTestServer({
  analysis: { plyMs: o.plyMs, queueMax: 10_000, perRequester: 10_000, pliesPerNetwork: 10_000_000, puzzles: false, pollMs: 200 },
});
const miner = new PuzzleMiner(srv.db, { proofMs: serverConfig().analysis.proofMs, proofMb: o.proofMb, perOwnerDay: 10_000 }, log);
/** The event loop's delay (ms: p50, p99, max) over `run`. */
async function loopDelay(run: () => Promise<void>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t0 = Date.now();
  await run();
  h.disable();
  const r = (ns: number) => Math.round(ns / 1e5) / 10;
  return { seconds: Math.round((Date.now() - t0) / 1000), p50: r(h.percentile(50)), p99: r(h.percentile(99)), max: r(h.max) };
}
const started = Date.now();
try {
  const rand = mulberry32Float(o.seed);
  const ids: string[] = [];
  let plies = 0;
  for (let g = 0; g < o.games; g++) {
    const size = pickSize(rand());
    const moves = selfPlay(size, o.rule, rand, Math.round(4000 * (0.5 + rand())), o.random);
    const id = `bench-${o.seed}-${g}`;
    const human = JSON.stringify({ kind: "human" });
    await srv.db.game.create({
      data: {
        id,
        size,
        rule: o.rule,
        opening: "[]",
        black: human,
        white: human,
        kind: "hvh",
        status: "finished",
        result: "draw",
        reason: "agreement",
        finishedAt: new Date(),
      },
    });
    await srv.db.move.createMany({ data: moves.map((m, i) => ({ gameId: id, ply: i + 1, x: m.x, y: m.y, color: i % 2 ? 2 : 1, by: "human", timeMs: 1000 })) });
    ids.push(id);
    plies += moves.length;
  }
  console.error(`${o.games} self-play games (${o.rule}, ${plies} plies) written in ${((Date.now() - started) / 1000).toFixed(0)} s; analysing…`);
  const t0 = Date.now();
  for (const [i, id] of ids.entries()) await srv.analysis.request(id, { playerId: `bench-${i}`, ip: null });
  for (;;) {
    const open = await srv.db.analysisJob.count({ where: { status: { in: ["requested", "running"] } } });
    if (!open) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const analysed = Date.now() - t0;
  // Mining alone: the loop's delay while the games' positions are proven, then idle for as long.
  const t1 = Date.now();
  const mining = await loopDelay(async () => {
    for (const id of ids) await miner.gameAnalysed(id);
    await miner.idle();
  });
  const minedMs = Date.now() - t1;
  await miner.close();
  const idle = await loopDelay(() => new Promise((r) => setTimeout(r, Math.max(5000, minedMs))));
  const marks = await srv.db.moveAnalysis.groupBy({ by: ["mark"], where: { mark: { in: ["missed-win", "only"] } }, _count: true });
  const s = miner.stats;
  const ms = s.recent.flatMap((r) => (r.ms === null ? [] : [r.ms])).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  const heap = Math.max(0, ...s.recent.map((r) => r.heapMb ?? 0));
  const themes = await srv.db.puzzle.groupBy({ by: ["theme", "plies"], where: { key: { not: null } }, _count: true });
  console.log(
    JSON.stringify(
      {
        games: o.games,
        rule: o.rule,
        plies,
        marks: Object.fromEntries(marks.map((m) => [m.mark, m._count])),
        analysisS: Math.round(analysed / 1000),
        miningS: Math.round(minedMs / 1000),
        queued: s.queued,
        proofs: s.proofs,
        added: s.added,
        unproven: s.unproven,
        overCap: s.overCap,
        duplicates: s.duplicates,
        proofMs: { median: at(0.5), p90: at(0.9), slowest: ms[ms.length - 1] ?? 0, total: ms.reduce((a, b) => a + b, 0) },
        threadHeapMbMax: heap,
        puzzles: themes.map((t) => `${t.theme} in ${t.plies}: ${t._count}`),
        unprovenBecause: Object.entries(
          s.recent.reduce<Record<string, number>>((n, r) => {
            const why = r.reason?.replace(/ after .*/, "");
            if (why) n[why] = (n[why] ?? 0) + 1;
            return n;
          }, {}),
        ),
        loopDelayMs: { mining, idleAfter: idle },
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      },
      null,
      1,
    ),
  );
} finally {
  await srv.close();
}
