// npm run bench:analysis [-- --ply-ms 500 --plies 60 --moves 12 --concurrent 4]
// npm run bench:analysis -- --workers 2 [...]: analysis worker processes instead (./bench-analysis-workers.ts).
// Game analysis figures, on a real server (SQLite in a temp folder, the real engine, one live AI
// thread and one background thread, as AI_THREADS=1 AI_TV_THREADS=1 run it):
// 1. one stored finished game of --plies plies analysed at --ply-ms per ply on the one background
//    thread: total time (target ≤ 40 s for 60 plies at 0.5 s) and the longest gap between two
//    progress broadcasts (target ≤ 1 s);
// 2. a live human-vs-AI game's reply time (the AI searching to depth 4, so the time is the search's
//    own CPU time, not a time limit) idle, then while --concurrent analyses run: medians and ratio.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { think, type Stone } from "../engine";
import { applyMigrationsDirectly } from "../lib/server/db/client";
import { startGameServer } from "../lib/server/app";
import { EV } from "../lib/shared/protocol";
import type { AnalysisUpdate } from "../lib/shared/analysis";
import { log } from "../lib/server/log";
import { positiveNumbers } from "./cli/args";
import { longGame } from "./bench/long-game";
import { ask, connect as connectTo, storedGame as playStoredGame } from "./bench/stored-game";

if (process.argv.slice(2).some((a) => a === "--workers" || a.startsWith("--workers="))) {
  await import("./bench-analysis-workers");
  process.exit(0);
}

const { "ply-ms": plyMs, plies, moves: liveMoves, concurrent } = positiveNumbers(process.argv.slice(2), { "ply-ms": 500, plies: 60, moves: 12, concurrent: 4 });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-bench-analysis-"));
const dbFile = path.join(dir, "bench.db");
await applyMigrationsDirectly(dbFile);
const srv = await startGameServer({
  log: log.child({}, { level: "warn" }),
  dbFile,
  port: 0,
  host: "127.0.0.1",
  tv: false,
  aiThreads: 1,
  aiPauseMs: 0,
  redisUrl: null,
  limits: {
    enabled: false,
    socketEventsPerSec: 1e9,
    ipEventsPerSec: 1e9,
    ipConnectionsPerMin: 1e9,
    ipGamesPerMin: 1e9,
    maxPayloadBytes: 65536,
    trustProxy: false,
  },
  analysis: { plyMs, depth: null, concurrency: concurrent, perRequester: 100, queueMax: 100, pollMs: 1000 },
});

const connect = () => connectTo(srv.url);

/** A finished human-vs-human game of exactly `n` plies (longGame's moves, then the side to move resigns). */
async function storedGame(n: number, variant: number): Promise<string> {
  const gameId = await playStoredGame(srv.url, longGame(n, variant));
  if ((await srv.games.getState(gameId)).status !== "finished") throw new Error("the game did not end");
  return gameId;
}

/** Requests an analysis and resolves with its progress broadcasts' times once done. */
async function analyse(gameId: string): Promise<{ ms: number; gaps: number[]; updates: number }> {
  const s = await connect();
  await ask(s, EV.join, { gameId });
  const times: number[] = [];
  const t0 = Date.now();
  const done = new Promise<void>((resolve) =>
    s.on(EV.analysis, (u: AnalysisUpdate) => {
      if (u.gameId !== gameId) return;
      times.push(Date.now());
      if (u.status === "done" || u.status === "failed") resolve();
    }),
  );
  const r = await ask(s, EV.analysisRequest, { gameId });
  if (!r.ok) throw new Error(JSON.stringify(r));
  await done;
  s.disconnect();
  const gaps = times.map((t, i) => t - (i ? times[i - 1] : t0));
  return { ms: Date.now() - t0, gaps, updates: times.length };
}

/** `moves` human moves in games against an AI searching to depth 4: each reply's time (move sent → AI's move broadcast). */
async function liveReplies(moves: number): Promise<number[]> {
  const times: number[] = [];
  const s = await connect();
  try {
    while (times.length < moves) {
      const created = await ask(s, EV.create, {
        opponent: "ai",
        size: 15,
        rule: "freestyle",
        color: 1,
        ai: { algo: "alphabeta", timeMs: 10_000, maxDepth: 4 },
      });
      const gameId: string = created.gameId;
      await ask(s, EV.join, { gameId, seatToken: created.seatToken });
      const stones: Stone[] = [];
      for (let ply = 1; times.length < moves; ply += 2) {
        const st = await srv.games.getState(gameId);
        if (st.status !== "playing" && ply > 1) break;
        stones.splice(0, stones.length, ...st.moves.map((m) => ({ x: m.x, y: m.y, color: m.color })));
        const mine = ply === 1 ? { x: 7, y: 7 } : think({ size: 15, rule: "freestyle", stones, toMove: 1 }, { maxDepth: 1, exactRootScores: false }).move!;
        const reply = new Promise<number>((resolve) => {
          const on = (e: { gameId: string; move: { ply: number } }) => {
            if (e.gameId !== gameId || e.move.ply !== ply + 1) return;
            s.off(EV.moved, on);
            resolve(Date.now());
          };
          s.on(EV.moved, on);
        });
        const t0 = Date.now();
        const r = await ask(s, EV.move, { gameId, seatToken: created.seatToken, ply, x: mine.x, y: mine.y });
        if (!r.ok) break;
        if ((await srv.games.getState(gameId)).status !== "playing") break;
        times.push((await reply) - t0);
      }
    }
  } finally {
    s.disconnect();
  }
  return times;
}

try {
  console.log(`preparing ${1 + concurrent} stored games of ${plies} plies…`);
  const games: string[] = [];
  for (let i = 0; i <= concurrent; i++) games.push(await storedGame(plies, i));

  console.log(`\n1. one ${plies}-ply game at ${plyMs} ms a ply, one background AI thread`);
  const one = await analyse(games[0]);
  console.log(
    `   analysed in ${(one.ms / 1000).toFixed(1)} s (target ≤ ${((plies * 40) / 60).toFixed(0)} s for ${plies} plies); ${one.updates} progress broadcasts`,
  );
  // gaps[0]: the request's own broadcast, [1]: the job taken, [2]: ply 1, which waits for the
  // background thread to start (it starts on first use): shown apart from the steady gaps.
  const steady = one.gaps.slice(3);
  console.log(
    `   gap before ply 1 ${(one.gaps[2] / 1000).toFixed(2)} s; between plies: median ${(median(steady) / 1000).toFixed(2)} s, longest ${(Math.max(...steady) / 1000).toFixed(2)} s (target ≤ 1 s)`,
  );

  console.log(`\n2. live human-vs-AI replies (AI to depth 4), ${liveMoves} moves idle, then ${liveMoves} during ${concurrent} analyses`);
  const idle = await liveReplies(liveMoves);
  const analyses = Promise.all(games.slice(1).map((g) => analyse(g)));
  await new Promise((r) => setTimeout(r, 500)); // the analyses under way
  const busy = await liveReplies(liveMoves);
  const stillRunning = (await srv.analysis.store.openCount()) > 0;
  await analyses;
  const mi = median(idle);
  const mb = median(busy);
  console.log(`   idle   median ${mi.toFixed(0)} ms  (${idle.map((t) => t.toFixed(0)).join(" ")})`);
  console.log(
    `   during median ${mb.toFixed(0)} ms  (${busy.map((t) => t.toFixed(0)).join(" ")})${stillRunning ? "" : "  [the analyses ended before the last live move]"}`,
  );
  console.log(`   ratio ${(mb / mi).toFixed(2)} (target ≤ 1.10)`);
} finally {
  await srv.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
