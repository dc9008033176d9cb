// The engine's players behind one call: play(position, settings) → Analysis.
//   alphabeta — engine/search's think(): iterative-deepening PVS with threat search (the strongest);
//   mcts      — engine/mcts: UCT Monte-Carlo tree search with pattern-guided playouts;
//   casual    — engine/casual: expectimax against a partly random opponent (beatable on purpose).
// Every player honours timeMs (wall clock) and is deterministic under node/iteration limits.
import { think } from "./search/think";
import type { SearchHelpers } from "./search/smp";
import { mcts, type MctsLimits } from "./mcts/mcts";
import { casual, type CasualLimits } from "./casual/casual";
import type { Analysis, Position } from "./types";
import { cellsOf, forbiddenReason } from "./rules";
import { playLevel } from "./levels/play-level";
import { mulberry32Float } from "./board/zobrist";

export const ALGOS = ["alphabeta", "mcts", "casual"] as const;
export type Algo = (typeof ALGOS)[number];

export const isAlgo = (a: unknown): a is Algo => typeof a === "string" && (ALGOS as readonly string[]).includes(a);

/** Limits of every player plus the choice of player; options a player does not know are ignored. */
export interface PlaySettings extends MctsLimits, CasualLimits {
  /** Default alphabeta. */
  algo?: Algo;
  /** alphabeta at a level 1–10 (engine/levels): its depth, temperature and blunders; unset: full strength. */
  level?: number;
  /** The level's random choice, seeded (matches, tests); unset: Math.random. */
  seed?: number;
  /** Lazy SMP helper threads (engine/search/smp) for a full-strength alphabeta search; the other players ignore them. */
  helpers?: SearchHelpers;
}

export function play(position: Position, settings: PlaySettings = {}): Analysis {
  const r = playAny(position, settings);
  // Renju: a player that picked a forbidden point for black hands over to think() (which never does).
  if (r.move && position.rule === "renju" && position.toMove === 1 && forbiddenReason(position.size, cellsOf(position.size, position.stones), r.move)) {
    return think(position, { timeMs: Math.min(settings.timeMs ?? 200, 200) });
  }
  return r;
}

function playAny(position: Position, settings: PlaySettings): Analysis {
  const { algo = "alphabeta", level, seed, helpers, ...limits } = settings;
  if (level !== undefined && algo === "alphabeta")
    return playLevel(position, level, { timeMs: limits.timeMs, random: seed === undefined ? undefined : mulberry32Float(seed) });
  switch (algo) {
    case "mcts":
      return mcts(position, limits);
    case "casual":
      return casual(position, limits);
    case "alphabeta":
      return think(position, limits, helpers ? { helpers } : {});
    default:
      throw new RangeError(`unknown algo ${String(algo)}`);
  }
}

export { mcts, type MctsLimits } from "./mcts/mcts";
export { casual, type CasualLimits } from "./casual/casual";
