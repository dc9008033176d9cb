// What every search does at the bottom: value terminal states by utility and, at the depth limit, by evaluate.
import type { Game } from "./game";
import type { NodePath, SearchOptions, SearchStats } from "./types";

export interface LeafValue {
  value: number;
  source: "utility" | "evaluate";
}

export function checkDepth(maxDepth: number | undefined): void {
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && maxDepth >= 0)) {
    throw new RangeError(`maxDepth must be a whole number ≥ 0, got ${maxDepth}`);
  }
}

/** The node's value when it is not expanded, or null when the search goes on below it. */
export function leafValue<S, A>(game: Game<S, A>, state: S, depth: number, opts: SearchOptions, path: NodePath): LeafValue | null {
  if (game.isTerminal(state)) return { value: game.utility(state), source: "utility" };
  if (opts.maxDepth !== undefined && depth >= opts.maxDepth) {
    if (!game.evaluate) {
      throw new Error(`depth limit ${opts.maxDepth} reached at node [${path.join(",")}] but the game has no evaluate()`);
    }
    return { value: game.evaluate(state), source: "evaluate" };
  }
  return null;
}

export function noActions(path: NodePath): Error {
  return new Error(`node [${path.join(",")}] is not terminal but has no actions`);
}

/** Counts a leaf and, when traced, emits its enter / leaf / exit events (alpha-beta adds its window). */
export function visitLeaf(
  leaf: LeafValue,
  depth: number,
  path: NodePath,
  stats: SearchStats,
  trace: SearchOptions["trace"],
  window: { alpha: number; beta: number } | Record<string, never> = {},
): number {
  stats.leaves++;
  if (trace) {
    trace({ type: "enter", path: path.slice(), kind: "LEAF", depth, ...window });
    trace({ type: "leaf", path: path.slice(), value: leaf.value, source: leaf.source });
    trace({ type: "exit", path: path.slice(), value: leaf.value });
  }
  return leaf.value;
}
