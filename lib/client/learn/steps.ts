// The explainer's step model. engine/search's own instrumented algorithms run once and record their
// trace; the trace is cut into steps a person can follow (a leaf's enter/leaf/exit is one step, a
// backup and the bound it moves are one step, a cut is a step of its own), each with a narration line.
// `snapshotAt` replays the trace up to a step to say what every node looks like there.
// Nothing here searches: values, bounds and cuts all come from the trace.
import { type TraceEvent, alphaBeta, expectimax, minimax, recordTrace } from "@/engine";
import { type DNode, type NodePath, describe, fmt, fmtProb, gameOf, nodeAtPath, pathKey } from "./tree";

export type Algorithm = "minimax" | "alphabeta" | "expectimax";

export const ALGORITHMS: Array<{ id: Algorithm; label: string }> = [
  { id: "minimax", label: "Minimax" },
  { id: "alphabeta", label: "Alpha-beta" },
  { id: "expectimax", label: "Expectimax" },
];

export type StepKind = "start" | "enter" | "leaf" | "backup" | "cut" | "exit";

export interface Step {
  kind: StepKind;
  /** The node this step is about (highlighted). */
  path: NodePath;
  /** backup: the child whose value comes up. */
  child?: NodePath;
  /** The trace events of this step: events[from..to). */
  from: number;
  to: number;
  narration: string;
  /** cut steps: the short "β ≤ α: 2 ≤ 3, so …" line. */
  cutText?: string;
}

export interface CutNote {
  path: NodePath;
  skipped: number[];
  alpha: number;
  beta: number;
  text: string;
  reason: string;
}

export interface StepModel {
  algorithm: Algorithm;
  root: DNode;
  events: TraceEvent[];
  steps: Step[];
  value: number;
  nodes: number;
  leaves: number;
  cuts: CutNote[];
}

const kindWord = (k: string) => (k === "CHANCE" ? "chance" : k);

/** Runs the chosen engine/search algorithm over the tree with a trace and turns the trace into steps. */
export function buildSteps(root: DNode, algorithm: Algorithm): StepModel {
  const game = gameOf(root);
  const rec = recordTrace();
  const run = algorithm === "minimax" ? minimax : algorithm === "alphabeta" ? alphaBeta : expectimax;
  const result = run(game, undefined, { trace: rec.trace });
  const events = rec.events;
  const steps: Step[] = [{ kind: "start", path: [], from: 0, to: 0, narration: startNarration(root, algorithm) }];
  const cuts: CutNote[] = [];
  const at = (p: NodePath) => nodeAtPath(root, p);
  const name = (p: NodePath) => describe(at(p));

  // What the narration needs to remember while replaying: each open node's window and best-so-far.
  const win = new Map<string, { alpha: number; beta: number }>();
  const best = new Map<string, number>();

  let i = 0;
  while (i < events.length) {
    const e = events[i];
    const from = i;
    switch (e.type) {
      case "enter": {
        if (e.kind === "LEAF") {
          // enter, leaf, exit: one step.
          const leaf = events[i + 1];
          i += 3;
          const v = leaf?.type === "leaf" ? leaf.value : NaN;
          const parent = e.path.length ? ` under ${name(e.path.slice(0, -1))}` : "";
          const how =
            leaf?.type === "leaf" && leaf.source === "evaluate" ? "the depth limit stops here; its heuristic value is" : "a terminal state, its utility is";
          steps.push({ kind: "leaf", path: e.path, from, to: i, narration: `Reach the leaf${parent}: ${how} ${fmt(v)}.` });
          break;
        }
        i += 1;
        if (e.alpha !== undefined && e.beta !== undefined) win.set(pathKey(e.path), { alpha: e.alpha, beta: e.beta });
        steps.push({ kind: "enter", path: e.path, from, to: i, narration: enterNarration(root, e.path, e.kind, algorithm, e.alpha, e.beta) });
        break;
      }
      case "backup": {
        i += 1;
        const next = events[i];
        const bound = next?.type === "bound" && pathKey(next.path) === pathKey(e.parent) ? next : undefined;
        if (bound) i += 1;
        const pk = pathKey(e.parent);
        const parentNode = at(e.parent);
        const pName = name(e.parent);
        const cName = name(e.path);
        const isLeaf = at(e.path)?.kind === "LEAF";
        const what = isLeaf ? `The leaf's ${fmt(e.value)}` : `${cName}'s ${fmt(e.value)}`;
        let text: string;
        if (parentNode?.kind === "CHANCE") {
          const p = e.probability ?? 0;
          text = `${what} comes back up to the chance node ${pName}, with probability ${fmtProb(p)}: ${fmtProb(p)} · ${fmt(e.value)} = ${fmt(p * e.value)}, so the expectation so far is ${fmt(e.parentValue)}.`;
        } else {
          const isMax = parentNode?.kind === "MAX";
          const prev = best.get(pk);
          if (e.best) best.set(pk, e.value);
          const keeps = isMax ? "larger" : "smaller";
          if (algorithm !== "alphabeta") {
            text = e.best
              ? prev === undefined
                ? `${what} comes back up to ${pName}, its first value: ${pName} = ${fmt(e.value)} so far.`
                : `${what} comes back up to ${pName}: ${kindWord(parentNode?.kind ?? "")} keeps the ${keeps}, so ${pName} = ${fmt(e.value)} now.`
              : `${what} comes back up to ${pName}: no better for ${kindWord(parentNode?.kind ?? "")} than ${fmt(best.get(pk) ?? e.parentValue)}, ${pName} stays ${fmt(best.get(pk) ?? e.parentValue)}.`;
          } else {
            const w = win.get(pk);
            if (bound) {
              if (w) w[bound.bound] = bound.to;
              text =
                bound.bound === "alpha"
                  ? `${what} comes back up to ${pName}: MAX raises α from ${fmt(bound.from)} to ${fmt(bound.to)}, so ${pName} is worth at least ${fmt(bound.to)}.`
                  : `${what} comes back up to ${pName}: MIN lowers β from ${fmt(bound.from)} to ${fmt(bound.to)}, so ${pName} is worth at most ${fmt(bound.to)}.`;
            } else {
              const b = isMax ? `α = ${fmt(w?.alpha ?? -Infinity)}` : `β = ${fmt(w?.beta ?? Infinity)}`;
              text = `${what} comes back up to ${pName}: it does not ${isMax ? "beat" : "go below"} ${b}, nothing changes.`;
            }
          }
        }
        steps.push({ kind: "backup", path: e.parent, child: e.path, from, to: i, narration: text });
        break;
      }
      case "bound": {
        // A bound not right after its backup (the engine always emits them together, but be safe).
        i += 1;
        const w = win.get(pathKey(e.path));
        if (w) w[e.bound] = e.to;
        const sym = e.bound === "alpha" ? "α" : "β";
        steps.push({ kind: "backup", path: e.path, from, to: i, narration: `${name(e.path)}: ${sym} goes from ${fmt(e.from)} to ${fmt(e.to)}.` });
        break;
      }
      case "cut": {
        i += 1;
        const n = at(e.path);
        const isMax = n?.kind === "MAX";
        const skippedNames = e.skipped.map((j) => {
          const c = n?.children[j];
          return c?.kind === "LEAF" ? fmt(c.value ?? 0) : describe(c);
        });
        const list = joinAnd(skippedNames);
        const rem = e.skipped.length === 1 ? "remaining child" : "remaining children";
        const verb = e.skipped.length === 1 ? "is" : "are";
        const test = isMax ? `α ≥ β: ${fmt(e.alpha)} ≥ ${fmt(e.beta)}` : `β ≤ α: ${fmt(e.beta)} ≤ ${fmt(e.alpha)}`;
        const cutText = `${test}, so ${name(e.path)}'s ${rem} ${list} ${verb} never examined.`;
        cuts.push({ path: e.path, skipped: e.skipped, alpha: e.alpha, beta: e.beta, text: cutText, reason: e.reason });
        steps.push({ kind: "cut", path: e.path, from, to: i, narration: `${cutText} ${e.reason}.`, cutText });
        break;
      }
      case "exit": {
        i += 1;
        steps.push({ kind: "exit", path: e.path, from, to: i, narration: exitNarration(root, e, algorithm, best.get(pathKey(e.path))) });
        break;
      }
      case "leaf": {
        // Only reachable if a leaf's events were not grouped; keep the step list complete anyway.
        i += 1;
        steps.push({ kind: "leaf", path: e.path, from, to: i, narration: `The leaf is worth ${fmt(e.value)}.` });
        break;
      }
    }
  }
  return { algorithm, root, events, steps, value: result.value, nodes: result.stats.nodes, leaves: result.stats.leaves, cuts };
}

function joinAnd(xs: string[]): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

function startNarration(root: DNode, algorithm: Algorithm): string {
  const what =
    algorithm === "minimax"
      ? "Minimax visits every node: MAX takes the largest child value, MIN the smallest."
      : algorithm === "alphabeta"
        ? "Alpha-beta carries a window [α, β] down the tree: α is the best MAX is already sure of, β the best for MIN. When β ≤ α at a node, its remaining children cannot matter."
        : "Expectimax: MAX and MIN choose as in minimax, a chance node takes the probability-weighted average of its children.";
  return `${what} Press → or Step to begin at the root ${describe(root)}.`;
}

function enterNarration(root: DNode, path: NodePath, kind: string, algorithm: Algorithm, alpha?: number, beta?: number): string {
  const n = nodeAtPath(root, path);
  const nm = describe(n);
  const kids = n?.children.length ?? 0;
  const role =
    kind === "MAX"
      ? `a MAX node: it will take the largest of its ${kids} children`
      : kind === "MIN"
        ? `a MIN node: it will take the smallest of its ${kids} children`
        : `a chance node: its value is the average of its ${kids} children, weighted by their probabilities`;
  const lead = path.length === 0 ? `Start at the root ${nm}, ${role}.` : `Go down to ${nm}, ${role}.`;
  if (algorithm !== "alphabeta" || alpha === undefined || beta === undefined) return lead;
  const window = `Its window is α = ${fmt(alpha)}, β = ${fmt(beta)}`;
  if (alpha === -Infinity && beta === Infinity) return `${lead} ${window}: nothing is known yet.`;
  const parts: string[] = [];
  if (alpha !== -Infinity) parts.push(`MAX already has ${fmt(alpha)} elsewhere`);
  if (beta !== Infinity) parts.push(`MIN already has ${fmt(beta)} elsewhere`);
  return `${lead} ${window}: ${parts.join(", ")}.`;
}

function exitNarration(root: DNode, e: Extract<TraceEvent, { type: "exit" }>, algorithm: Algorithm, bestSeen: number | undefined): string {
  const n = nodeAtPath(root, e.path);
  const nm = describe(n);
  const isRoot = e.path.length === 0;
  if (e.bound) {
    const seen = fmt(e.best ?? NaN);
    const rel = e.bound === "upper" ? "at most" : "at least";
    const why =
      e.bound === "upper" && n?.kind === "MIN"
        ? `it stopped early: MIN found ${seen}`
        : e.bound === "lower" && n?.kind === "MAX"
          ? `it stopped early: MAX found ${seen}`
          : `none of its children got inside its window (best ${seen})`;
    return `${nm} is done, ${why}, so it is worth ${rel} ${seen}. Fail-hard, it returns ${fmt(e.value)}, the edge of its window: enough for the node above to decide.`;
  }
  if (isRoot) {
    let move = "";
    if (n && n.kind !== "CHANCE" && n.kind !== "LEAF" && bestSeen !== undefined) {
      const j = n.children.findIndex((c) => Math.abs(subtreeOrLeaf(c) - e.value) < 1e-9);
      if (j >= 0) move = ` ${kindWord(n.kind)}'s best move is to ${describe(n.children[j])}${n.children[j].edge ? ` (${n.children[j].edge})` : ""}.`;
    }
    const extra = algorithm === "alphabeta" ? " Alpha-beta gets exactly minimax's value, with fewer nodes." : "";
    return `Done: the root ${nm} is worth ${fmt(e.value)}.${move}${extra}`;
  }
  return `${nm} is done: its value is ${fmt(e.value)}.`;
}

function subtreeOrLeaf(c: DNode): number {
  // Only used to name the root's best move in the final narration.
  return c.kind === "LEAF" ? (c.value ?? 0) : expectimax(gameOf(c)).value;
}

// ---------- snapshots ----------

export type NodeState = "unvisited" | "open" | "done" | "cut";

export interface NodeView {
  state: NodeState;
  /** Leaf value, or an inner node's returned value once done. */
  value?: number;
  /** Done in alpha-beta with a bound: the true value is ≥ (lower) or ≤ (upper) `best`. */
  bound?: "lower" | "upper";
  best?: number;
  /** Open MAX/MIN: the best child value so far; open CHANCE: the expectation so far. */
  running?: number;
  /** alpha-beta: the node's current window. */
  alpha?: number;
  beta?: number;
  /** Index of the child that gave the best value so far (MAX/MIN). */
  bestChild?: number;
}

export interface Snapshot {
  nodes: Map<string, NodeView>;
  /** Open nodes, root first: the current search path. */
  stack: NodePath[];
  /** Nodes entered so far. */
  visited: number;
  cuts: CutNote[];
  /** The node being visited now, and for backups the edge that carries the value. */
  active: NodePath;
  child?: NodePath;
  step: Step;
}

/** What every node looks like after step `index` (the trace replayed up to that step). */
export function snapshotAt(model: StepModel, index: number): Snapshot {
  const k = Math.max(0, Math.min(index, model.steps.length - 1));
  const step = model.steps[k];
  const nodes = new Map<string, NodeView>();
  const stack: NodePath[] = [];
  let visited = 0;
  let cutCount = 0;
  const get = (p: NodePath) => {
    const key = pathKey(p);
    let v = nodes.get(key);
    if (!v) nodes.set(key, (v = { state: "unvisited" }));
    return v;
  };
  const markCut = (n: DNode | undefined, p: NodePath) => {
    if (!n) return;
    get(p).state = "cut";
    n.children.forEach((c, j) => markCut(c, [...p, j]));
  };
  for (let i = 0; i < step.to; i++) {
    const e = model.events[i];
    switch (e.type) {
      case "enter": {
        visited++;
        const v = get(e.path);
        v.state = "open";
        if (e.alpha !== undefined) v.alpha = e.alpha;
        if (e.beta !== undefined) v.beta = e.beta;
        stack.push(e.path);
        break;
      }
      case "leaf":
        get(e.path).value = e.value;
        break;
      case "backup": {
        const v = get(e.parent);
        const kind = nodeAtPath(model.root, e.parent)?.kind;
        if (kind === "CHANCE") v.running = e.parentValue;
        else if (e.best) {
          v.running = e.value;
          v.bestChild = e.path[e.path.length - 1];
        }
        break;
      }
      case "bound":
        get(e.path)[e.bound] = e.to;
        break;
      case "cut":
        cutCount++;
        for (const j of e.skipped) markCut(nodeAtPath(model.root, [...e.path, j]), [...e.path, j]);
        break;
      case "exit": {
        const v = get(e.path);
        v.state = "done";
        v.value = e.value;
        if (e.bound) {
          v.bound = e.bound;
          v.best = e.best;
        }
        stack.pop();
        break;
      }
    }
  }
  return { nodes, stack, visited, cuts: model.cuts.slice(0, cutCount), active: step.path, child: step.child, step };
}

/** Nodes visited by each algorithm on this tree (minimax and alpha-beta only when it has no chance node). */
export function nodeCounts(root: DNode): { minimax?: number; alphabeta?: number; expectimax: number } {
  const game = gameOf(root);
  const ex = expectimax(game).stats.nodes;
  try {
    return { minimax: minimax(game).stats.nodes, alphabeta: alphaBeta(game).stats.nodes, expectimax: ex };
  } catch {
    return { expectimax: ex }; // chance nodes: only expectimax applies
  }
}
