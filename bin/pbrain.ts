// Gomocup brain: speaks the Gomocup protocol on stdin/stdout (see bin/pbrain/protocol.ts).
//   tsx bin/pbrain.ts [--depth N] [--nodes N] [--time-scale F] [--engine arena|simple|casual] [--exact-root best|all|K] [--level 1-10 [--seed N]] [--threads N] [--quiet]
// or bin/pbrain-gomoku-arena with the same options. The same settings can come from the
// environment: GOMOKU_ARENA_DEPTH, GOMOKU_ARENA_NODES, GOMOKU_ARENA_TIME_SCALE, GOMOKU_ARENA_ENGINE,
// GOMOKU_ARENA_EXACT_ROOT, GOMOKU_ARENA_LEVEL, GOMOKU_ARENA_SEED, GOMOKU_ARENA_THREADS.
// Threads (Lazy SMP, lib/server/ai/threads.ts): INFO thread_num N from the manager, else --threads;
// at most the machine's cores; only the full-strength search under a time limit uses them.
import { writeSync } from "node:fs";
import { LineSplitter } from "./pbrain/lines";
import { parseBrainOptions } from "./pbrain/options";
import { type Brain, PbrainSession } from "./pbrain/protocol";
import { simpleBrain } from "./pbrain/simple-brain";

function say(line: string): void {
  // Synchronous write: every line reaches the manager before we think again (the protocol's flush).
  const buf = Buffer.from(line + "\n");
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(1, buf, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") continue;
      if ((e as NodeJS.ErrnoException).code === "EPIPE") process.exit(0);
      throw e;
    }
  }
}

async function main(): Promise<void> {
  let opts;
  try {
    opts = parseBrainOptions(process.argv.slice(2), process.env);
  } catch (e) {
    process.stderr.write(`pbrain: ${(e as Error).message}\n`);
    process.exit(2);
  }
  const { think, playLevel } = await import("../engine/index");
  const { casual } = await import("../engine/play");
  const { searchIsScore } = await import("../lib/shared/scores");
  const { mulberry32Float } = await import("../engine/board/zobrist");
  // A level draws its moves (engine/levels): one random stream for the brain's life, seeded if asked.
  const random = opts.seed === undefined ? Math.random : mulberry32Float(opts.seed);
  const level = opts.level;
  const { SearchThreads, threadCount } = await import("../lib/server/ai/threads");
  // Helper threads, started when the thread count is set (INFO thread_num comes before the first move).
  let threads: InstanceType<typeof SearchThreads> | null = null;
  const useThreads = (value: unknown) => {
    // Depth- and node-capped searches stay single-threaded (deterministic), as do levels and the other engines.
    const single =
      opts.engine !== "arena" || level !== undefined || opts.maxDepth !== undefined || (opts.maxNodes !== undefined && opts.threadsWithNodes !== true);
    const n = single ? 1 : threadCount(value);
    if ((threads?.count ?? 1) === n) return;
    void threads?.close();
    threads = n > 1 ? new SearchThreads(n) : null;
  };
  // Full strength: move after move in one game the search keeps its transposition table (aged, not cleared).
  const brain: Brain =
    opts.engine === "simple"
      ? simpleBrain
      : opts.engine === "casual"
        ? (position, limits) => casual(position, { timeMs: limits.timeMs })
        : level !== undefined
          ? (position, limits) => playLevel(position, level, { timeMs: limits.timeMs, random })
          : (position, limits) => think(position, limits, { keepTable: true, helpers: threads?.helpersFor(limits, position, opts.threadsWithNodes === true) });
  const session = new PbrainSession({
    brain,
    limits: { maxDepth: opts.maxDepth, maxNodes: opts.maxNodes, ...(opts.exactRoot !== undefined ? { exactRootScores: opts.exactRoot } : {}) },
    timeScale: opts.timeScale,
    messages: opts.messages,
    scores: searchIsScore(opts.engine === "casual" ? "casual" : undefined),
    threads: () => threads?.count ?? 1,
  });
  useThreads(opts.threads);
  const splitter = new LineSplitter();
  const handle = (line: string) => {
    for (const out of session.feed(line)) say(out);
    if (session.ended) process.exit(0);
    useThreads(session.info["thread_num"] ?? opts.threads);
  };
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    for (const line of splitter.push(chunk)) handle(line);
  });
  process.stdin.on("end", () => {
    for (const line of splitter.end()) handle(line);
    process.exit(0);
  });
}

void main();
