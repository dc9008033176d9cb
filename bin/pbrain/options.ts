// Engine settings for the brain, from the command line or the environment (the command line wins):
//   --depth N        GOMOKU_ARENA_DEPTH       maximum search depth (plies)
//   --nodes N        GOMOKU_ARENA_NODES       node limit per move
//   --time-scale F   GOMOKU_ARENA_TIME_SCALE  think F × the manager's per-move time (e.g. 0.25)
//   --engine NAME    GOMOKU_ARENA_ENGINE      "arena" (our search, default), "simple" (one-ply heuristic) or
//                                             "casual" (the site's casual player: expectimax, beatable on purpose)
//   --quiet          GOMOKU_ARENA_QUIET=1     no MESSAGE lines
//   --exact-root K   GOMOKU_ARENA_EXACT_ROOT  root moves with exact scores: "best" (default, the
//                                             fastest), a number K, or "all" (the site's AI used to)
//   --level N        GOMOKU_ARENA_LEVEL       play at level 1–10 (engine/levels; --depth/--exact-root then unused)
//   --seed N         GOMOKU_ARENA_SEED        the level's random choices, seeded (default: random)
//   --threads N      GOMOKU_ARENA_THREADS     search threads (Lazy SMP) when the manager sends no INFO thread_num
//                                             (default 1; at most the cores; timed searches at full strength only)
//   --threads-with-nodes                      with --nodes: threads too, the node cap the main thread's (Lazy SMP at
//                                             equal thread speed, a measure that holds on a loaded machine)
import { readArgs } from "../cli/args";

export interface BrainOptions {
  maxDepth?: number;
  maxNodes?: number;
  timeScale: number;
  engine: "arena" | "simple" | "casual";
  messages: boolean;
  /** think()'s exactRootScores; undefined: the brain's own choice (false, only the best exact). */
  exactRoot?: boolean | number;
  /** engine/levels: 1–10; undefined: full strength. */
  level?: number;
  seed?: number;
  /** Threads when the manager says nothing (INFO thread_num wins); undefined: 1. */
  threads?: number;
  /** --threads-with-nodes: helpers under --nodes too (the main thread's cap). */
  threadsWithNodes?: boolean;
}

export function parseBrainOptions(argv: readonly string[], env: Record<string, string | undefined>): BrainOptions {
  const opts: BrainOptions = { timeScale: 1, engine: "arena", messages: true };
  const num = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || v === "" || !Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number, got "${v ?? ""}"`);
    return n;
  };
  const exactRoot = (v: string | undefined): boolean | number => {
    if (v === "all") return true;
    if (v === "best") return false;
    const n = Number(v);
    if (v !== undefined && /^\d+$/.test(v) && n >= 1) return n;
    throw new Error(`--exact-root is "best", "all" or a number ≥ 1, got "${v ?? ""}"`);
  };
  const engine = (v: string | undefined): BrainOptions["engine"] => {
    if (v === "arena" || v === "simple" || v === "casual") return v;
    throw new Error(`--engine is "arena", "simple" or "casual", got "${v ?? ""}"`);
  };
  if (env.GOMOKU_ARENA_DEPTH) opts.maxDepth = Math.floor(num("GOMOKU_ARENA_DEPTH", env.GOMOKU_ARENA_DEPTH));
  if (env.GOMOKU_ARENA_NODES) opts.maxNodes = Math.floor(num("GOMOKU_ARENA_NODES", env.GOMOKU_ARENA_NODES));
  if (env.GOMOKU_ARENA_TIME_SCALE) opts.timeScale = num("GOMOKU_ARENA_TIME_SCALE", env.GOMOKU_ARENA_TIME_SCALE);
  if (env.GOMOKU_ARENA_ENGINE) opts.engine = engine(env.GOMOKU_ARENA_ENGINE);
  if (env.GOMOKU_ARENA_QUIET === "1") opts.messages = false;
  if (env.GOMOKU_ARENA_EXACT_ROOT) opts.exactRoot = exactRoot(env.GOMOKU_ARENA_EXACT_ROOT);
  const level = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !/^\d+$/.test(v) || n < 1 || n > 10) throw new Error(`${name} is a level from 1 to 10, got "${v ?? ""}"`);
    return n;
  };
  if (env.GOMOKU_ARENA_LEVEL) opts.level = level("GOMOKU_ARENA_LEVEL", env.GOMOKU_ARENA_LEVEL);
  if (env.GOMOKU_ARENA_SEED) opts.seed = Math.floor(num("GOMOKU_ARENA_SEED", env.GOMOKU_ARENA_SEED));
  if (env.GOMOKU_ARENA_THREADS) opts.threads = Math.floor(num("GOMOKU_ARENA_THREADS", env.GOMOKU_ARENA_THREADS));
  for (const arg of readArgs(argv, ["depth", "nodes", "time-scale", "engine", "exact-root", "level", "seed", "threads"])) {
    switch (arg.name) {
      case "depth":
        opts.maxDepth = Math.floor(num("--depth", arg.value));
        break;
      case "nodes":
        opts.maxNodes = Math.floor(num("--nodes", arg.value));
        break;
      case "time-scale":
        opts.timeScale = num("--time-scale", arg.value);
        break;
      case "engine":
        opts.engine = engine(arg.value);
        break;
      case "exact-root":
        opts.exactRoot = exactRoot(arg.value);
        break;
      case "level":
        opts.level = level("--level", arg.value);
        break;
      case "seed":
        opts.seed = Math.floor(num("--seed", arg.value));
        break;
      case "threads":
        opts.threads = Math.floor(num("--threads", arg.value));
        break;
      case "quiet":
        opts.messages = false;
        break;
      case "threads-with-nodes":
        opts.threadsWithNodes = true;
        break;
      default:
        throw new Error(
          `unknown option "${arg.raw}" (known: --depth N, --nodes N, --time-scale F, --engine arena|simple|casual, --exact-root best|all|K, --level 1-10, --seed N, --threads N, --threads-with-nodes, --quiet)`,
        );
    }
  }
  return opts;
}
