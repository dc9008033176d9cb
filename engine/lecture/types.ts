// Results, statistics and trace events shared by minimax, alpha-beta and expectimax.
import type { PlayerKind } from "./game";

/** A node is named by the child indices leading to it from the search root: [] is the root, [2] its third child. */
export type NodePath = number[];

/** A branch alpha-beta never looked at: the node whose loop stopped, and which of its children were skipped. */
export interface Cut {
  at: NodePath;
  skipped: number[];
  /** α and β of that node at the moment it stopped (β ≤ α). */
  alpha: number;
  beta: number;
}

export interface SearchStats {
  /** Every node entered, root and leaves included. */
  nodes: number;
  /** Nodes valued by utility (terminal) or evaluate (depth limit). */
  leaves: number;
}

export interface AlphaBetaStats extends SearchStats {
  cuts: Cut[];
}

export interface SearchResult<Action, Stats extends SearchStats = SearchStats> {
  /** The root's value for MAX. */
  value: number;
  /** The best root action (the first one of the best value); null when the root is a leaf or a chance node. */
  action: Action | null;
  stats: Stats;
}

/** How a node shows up in a trace: its player, or LEAF when it is valued without expanding it. */
export type NodeKind = PlayerKind | "LEAF";

/**
 * One step of a search, in the order it happened. Replaying the list rebuilds the whole animation:
 * every node gets `enter` … `exit`; between them a leaf gets `leaf`, an inner node gets, per child,
 * the child's own events then `backup`, and alpha-beta's `bound` / `cut`.
 * Paths are fresh arrays, safe to keep.
 */
export type TraceEvent =
  | {
      type: "enter";
      path: NodePath;
      kind: NodeKind;
      depth: number;
      /** alpha-beta only: the window the node was called with. */
      alpha?: number;
      beta?: number;
    }
  | { type: "leaf"; path: NodePath; value: number; source: "utility" | "evaluate" }
  | {
      /** A child's value reaches its parent. */
      type: "backup";
      path: NodePath; // the child
      parent: NodePath;
      value: number;
      /** CHANCE parents: the child's probability. */
      probability?: number;
      /** The parent's running value after taking this child in (max, min or partial expectation). */
      parentValue: number;
      /** MAX/MIN parents: this child is now the parent's best. */
      best: boolean;
    }
  | { type: "bound"; path: NodePath; bound: "alpha" | "beta"; from: number; to: number }
  | { type: "cut"; path: NodePath; skipped: number[]; alpha: number; beta: number; reason: string }
  | {
      type: "exit";
      path: NodePath;
      value: number;
      /**
       * alpha-beta only, when the value is a bound rather than exact (fail-hard clamps it to the window):
       * "lower" means the true value is ≥ value, "upper" means ≤ value. `best` is the best child value actually seen.
       */
      bound?: "lower" | "upper";
      best?: number;
    };

export interface SearchOptions {
  /** Plies below the root after which non-terminal states are valued by game.evaluate. */
  maxDepth?: number;
  /** Called with every event; when absent the search builds no events at all. */
  trace?: (e: TraceEvent) => void;
}

/** Collects a trace into an array: `const t = recordTrace(); alphaBeta(g, s, { trace: t.trace }); t.events`. */
export function recordTrace(): { events: TraceEvent[]; trace: (e: TraceEvent) => void } {
  const events: TraceEvent[] = [];
  return { events, trace: (e) => events.push(e) };
}
