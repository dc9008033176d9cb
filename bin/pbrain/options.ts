// Engine settings for the brain, from the command line or the environment (the command line wins):
//   --depth N        GOMOKU_ARENA_DEPTH       maximum search depth (plies)
//   --nodes N        GOMOKU_ARENA_NODES       node limit per move
//   --time-scale F   GOMOKU_ARENA_TIME_SCALE  think F × the manager's per-move time (e.g. 0.25)
//   --engine NAME    GOMOKU_ARENA_ENGINE      "arena" (our search, default) or "simple" (one-ply heuristic)
//   --quiet          GOMOKU_ARENA_QUIET=1     no MESSAGE lines
import { readArgs } from "../cli/args";

export interface BrainOptions {
  maxDepth?: number;
  maxNodes?: number;
  timeScale: number;
  engine: "arena" | "simple";
  messages: boolean;
}

export function parseBrainOptions(argv: readonly string[], env: Record<string, string | undefined>): BrainOptions {
  const opts: BrainOptions = { timeScale: 1, engine: "arena", messages: true };
  const num = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || v === "" || !Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number, got "${v ?? ""}"`);
    return n;
  };
  const engine = (v: string | undefined): "arena" | "simple" => {
    if (v === "arena" || v === "simple") return v;
    throw new Error(`--engine is "arena" or "simple", got "${v ?? ""}"`);
  };
  if (env.GOMOKU_ARENA_DEPTH) opts.maxDepth = Math.floor(num("GOMOKU_ARENA_DEPTH", env.GOMOKU_ARENA_DEPTH));
  if (env.GOMOKU_ARENA_NODES) opts.maxNodes = Math.floor(num("GOMOKU_ARENA_NODES", env.GOMOKU_ARENA_NODES));
  if (env.GOMOKU_ARENA_TIME_SCALE) opts.timeScale = num("GOMOKU_ARENA_TIME_SCALE", env.GOMOKU_ARENA_TIME_SCALE);
  if (env.GOMOKU_ARENA_ENGINE) opts.engine = engine(env.GOMOKU_ARENA_ENGINE);
  if (env.GOMOKU_ARENA_QUIET === "1") opts.messages = false;
  for (const arg of readArgs(argv, ["depth", "nodes", "time-scale", "engine"])) {
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
      case "quiet":
        opts.messages = false;
        break;
      default:
        throw new Error(`unknown option "${arg.raw}" (known: --depth N, --nodes N, --time-scale F, --engine arena|simple, --quiet)`);
    }
  }
  return opts;
}
