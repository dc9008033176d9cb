// ALPHA-BETA as in the lecture, fail-hard: a node's value is clamped to its window [α, β].
// Inside a node's loop: MAX raises α, MIN lowers β, and the loop stops as soon as β ≤ α.
// The root is called with (−∞, +∞), so its value is exactly the minimax value.
import type { Game } from "./game";
import { checkDepth, leafValue, noActions, visitLeaf } from "./leaf";
import type { AlphaBetaStats, NodePath, SearchOptions, SearchResult } from "./types";

export function alphaBeta<S, A>(game: Game<S, A>, state: S = game.initialState(), opts: SearchOptions = {}): SearchResult<A, AlphaBetaStats> {
  checkDepth(opts.maxDepth);
  const stats: AlphaBetaStats = { nodes: 0, leaves: 0, cuts: [] };
  const trace = opts.trace;
  const path: NodePath = [];
  let rootAction: A | null = null;
  let rootFound = false; // the first root child counts as best even if every value is ±∞

  function value(s: S, depth: number, alpha: number, beta: number): number {
    stats.nodes++;
    const leaf = leafValue(game, s, depth, opts, path);
    if (leaf) return visitLeaf(leaf, depth, path, stats, trace, { alpha, beta }); // leaves are exact, never clamped
    const kind = game.player(s);
    if (kind === "CHANCE") throw new Error(`chance node at [${path.join(",")}]: alpha-beta has no chance nodes, use expectimax`);
    if (trace) trace({ type: "enter", path: path.slice(), kind, depth, alpha, beta });
    const actions = game.actions(s);
    if (actions.length === 0) throw noActions(path);
    const isMax = kind === "MAX";
    const alpha0 = alpha;
    const beta0 = beta;
    let best = isMax ? -Infinity : Infinity; // best child value actually seen (for the trace's "≤ 2")
    for (let i = 0; i < actions.length; i++) {
      path.push(i);
      const v = value(game.result(s, actions[i]), depth + 1, alpha, beta);
      path.pop();
      const isBest = isMax ? v > best : v < best;
      if (isBest) best = v;
      // Ties with the window keep the earlier child: the first best action, as minimax picks it.
      const raises = isMax ? v > alpha : v < beta;
      const from = isMax ? alpha : beta;
      if (raises) {
        if (isMax) alpha = v;
        else beta = v;
      }
      if (depth === 0 && (raises || !rootFound)) [rootAction, rootFound] = [actions[i], true];
      if (trace) {
        const parentValue = isMax ? Math.min(alpha, beta) : Math.max(beta, alpha);
        trace({ type: "backup", path: [...path, i], parent: path.slice(), value: v, parentValue, best: isBest });
        if (raises) trace({ type: "bound", path: path.slice(), bound: isMax ? "alpha" : "beta", from, to: v });
      }
      if (beta <= alpha) {
        const skipped: number[] = [];
        for (let j = i + 1; j < actions.length; j++) skipped.push(j);
        if (skipped.length > 0) {
          stats.cuts.push({ at: path.slice(), skipped, alpha, beta });
          if (trace) {
            const reason = isMax
              ? `MAX can get ${alpha} here, but MIN above already has ${beta}: MIN will never let play reach this node`
              : `MIN can hold this node to ${beta}, but MAX above already has ${alpha}: MAX will never come here`;
            trace({ type: "cut", path: path.slice(), skipped, alpha, beta, reason });
          }
        }
        break;
      }
    }
    // Fail-hard: MAX returns α clamped to β, MIN returns β clamped to α.
    const result = isMax ? Math.min(alpha, beta) : Math.max(beta, alpha);
    if (trace) {
      // A stopped loop or a child outside the window makes the returned value a bound, not the node's value.
      const bound = isMax ? (beta <= alpha ? "lower" : best <= alpha0 ? "upper" : undefined) : beta <= alpha ? "upper" : best >= beta0 ? "lower" : undefined;
      trace({ type: "exit", path: path.slice(), value: result, ...(bound ? { bound, best } : {}) });
    }
    return result;
  }

  const v = value(state, 0, -Infinity, Infinity);
  return { value: v, action: rootAction, stats };
}
