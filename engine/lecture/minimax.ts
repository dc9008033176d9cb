// MINIMAX as in the lecture: MAX takes the largest child value, MIN the smallest, the whole tree is visited.
import type { Game } from "./game";
import { checkDepth, leafValue, noActions, visitLeaf } from "./leaf";
import type { NodePath, SearchOptions, SearchResult, SearchStats } from "./types";

export function minimax<S, A>(game: Game<S, A>, state: S = game.initialState(), opts: SearchOptions = {}): SearchResult<A> {
  checkDepth(opts.maxDepth);
  const stats: SearchStats = { nodes: 0, leaves: 0 };
  const trace = opts.trace;
  const path: NodePath = []; // mutated in place; copied only for trace events
  let rootAction: A | null = null;
  let rootFound = false; // the first root child counts as best even if every value is ±∞

  function value(s: S, depth: number): number {
    stats.nodes++;
    const leaf = leafValue(game, s, depth, opts, path);
    if (leaf) return visitLeaf(leaf, depth, path, stats, trace);
    const kind = game.player(s);
    if (kind === "CHANCE") throw new Error(`chance node at [${path.join(",")}]: minimax has no chance nodes, use expectimax`);
    if (trace) trace({ type: "enter", path: path.slice(), kind, depth });
    const actions = game.actions(s);
    if (actions.length === 0) throw noActions(path);
    const isMax = kind === "MAX";
    let best = isMax ? -Infinity : Infinity;
    for (let i = 0; i < actions.length; i++) {
      path.push(i);
      const v = value(game.result(s, actions[i]), depth + 1);
      path.pop();
      const better = isMax ? v > best : v < best;
      if (better) best = v;
      if (depth === 0 && (better || !rootFound)) [rootAction, rootFound] = [actions[i], true];
      if (trace) {
        trace({ type: "backup", path: [...path, i], parent: path.slice(), value: v, parentValue: best, best: better });
      }
    }
    if (trace) trace({ type: "exit", path: path.slice(), value: best });
    return best;
  }

  const v = value(state, 0);
  return { value: v, action: rootAction, stats };
}
