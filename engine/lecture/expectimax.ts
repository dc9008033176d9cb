// EXPECTIMAX (expectiminimax): MAX and MIN as in minimax, a CHANCE node's value is the
// probability-weighted mean of its children (uniform when the game gives no probability).
import type { Game } from "./game";
import { checkDepth, leafValue, noActions, visitLeaf } from "./leaf";
import type { NodePath, SearchOptions, SearchResult, SearchStats } from "./types";

const EPS = 1e-9;

export function expectimax<S, A>(game: Game<S, A>, state: S = game.initialState(), opts: SearchOptions = {}): SearchResult<A> {
  checkDepth(opts.maxDepth);
  const stats: SearchStats = { nodes: 0, leaves: 0 };
  const trace = opts.trace;
  const path: NodePath = [];
  let rootAction: A | null = null;
  let rootFound = false; // the first root child counts as best even if every value is ±∞

  function probabilities(s: S, actions: A[]): number[] {
    if (!game.probability) return actions.map(() => 1 / actions.length);
    const ps = actions.map((a) => game.probability!(s, a));
    const sum = ps.reduce((t, p) => t + p, 0);
    if (ps.some((p) => !(p >= 0)) || Math.abs(sum - 1) > EPS) {
      throw new Error(`chance node [${path.join(",")}]: probabilities must be ≥ 0 and sum to 1, got ${ps.join(", ")}`);
    }
    return ps;
  }

  function value(s: S, depth: number): number {
    stats.nodes++;
    const leaf = leafValue(game, s, depth, opts, path);
    if (leaf) return visitLeaf(leaf, depth, path, stats, trace);
    const kind = game.player(s);
    if (trace) trace({ type: "enter", path: path.slice(), kind, depth });
    const actions = game.actions(s);
    if (actions.length === 0) throw noActions(path);
    let acc: number;
    if (kind === "CHANCE") {
      const ps = probabilities(s, actions);
      acc = 0;
      for (let i = 0; i < actions.length; i++) {
        path.push(i);
        const v = value(game.result(s, actions[i]), depth + 1);
        path.pop();
        acc += ps[i] * v;
        if (trace) {
          trace({ type: "backup", path: [...path, i], parent: path.slice(), value: v, probability: ps[i], parentValue: acc, best: false });
        }
      }
    } else {
      const isMax = kind === "MAX";
      acc = isMax ? -Infinity : Infinity;
      for (let i = 0; i < actions.length; i++) {
        path.push(i);
        const v = value(game.result(s, actions[i]), depth + 1);
        path.pop();
        const better = isMax ? v > acc : v < acc;
        if (better) acc = v;
        if (depth === 0 && (better || !rootFound)) [rootAction, rootFound] = [actions[i], true];
        if (trace) trace({ type: "backup", path: [...path, i], parent: path.slice(), value: v, parentValue: acc, best: better });
      }
    }
    if (trace) trace({ type: "exit", path: path.slice(), value: acc });
    return acc;
  }

  const v = value(state, 0);
  return { value: v, action: rootAction, stats };
}
