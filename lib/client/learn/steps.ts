// The explainer's step model. engine/lecture's own instrumented algorithms run once and record their
// trace; the trace is cut into steps a person can follow (a leaf's enter/leaf/exit is one step, a
// backup and the bound it moves are one step, a cut is a step of its own), each with a narration line
// (a message of namespace "learn.steps": ./say renders it in the reader's language).
// `snapshotAt` replays the trace up to a step to say what every node looks like there.
// Nothing here searches: values, bounds and cuts all come from the trace.
import { type TraceEvent, alphaBeta, expectimax, minimax, recordTrace } from "@/engine";
import { type DNode, type NodePath, fmt, fmtProb, gameOf, nodeAtPath, pathKey } from "./tree";
import { andList, msg, type Msg, type MsgValue } from "./say";

export type Algorithm = "minimax" | "alphabeta" | "expectimax";

/** The algorithms in the page's order (their names: the catalogue's learn.algorithms). */
export const ALGORITHMS: Array<{ id: Algorithm }> = [{ id: "minimax" }, { id: "alphabeta" }, { id: "expectimax" }];

/** How the narration calls a node: an inner node by its name, a leaf by its value ("leaf 3"). */
export function nameOf(n: DNode | undefined): MsgValue {
  if (!n) return "?";
  if (n.kind === "LEAF") return msg("leafName", { v: fmt(n.value ?? 0) });
  return n.name ?? "?";
}

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
  narration: Msg;
  /** cut steps: the short "β ≤ α: 2 ≤ 3, so …" line (the narration starts with it). */
  cutText?: Msg;
}

export interface CutNote {
  path: NodePath;
  skipped: number[];
  alpha: number;
  beta: number;
  text: Msg;
  reason: Msg;
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

/** Runs the chosen engine/lecture algorithm over the tree with a trace and turns the trace into steps. */
export function buildSteps(root: DNode, algorithm: Algorithm): StepModel {
  const game = gameOf(root);
  const rec = recordTrace();
  const run = algorithm === "minimax" ? minimax : algorithm === "alphabeta" ? alphaBeta : expectimax;
  const result = run(game, undefined, { trace: rec.trace });
  const events = rec.events;
  const steps: Step[] = [{ kind: "start", path: [], from: 0, to: 0, narration: startNarration(root, algorithm) }];
  const cuts: CutNote[] = [];
  const at = (p: NodePath) => nodeAtPath(root, p);
  const name = (p: NodePath) => nameOf(at(p));

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
          const narration = msg("leaf", {
            under: e.path.length ? "yes" : "no",
            parent: e.path.length ? name(e.path.slice(0, -1)) : "",
            source: leaf?.type === "leaf" && leaf.source === "evaluate" ? "evaluate" : "terminal",
            v: fmt(v),
          });
          steps.push({ kind: "leaf", path: e.path, from, to: i, narration });
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
        const text = backupNarration({ root, algorithm, win, best }, e, bound);
        steps.push({ kind: "backup", path: e.parent, child: e.path, from, to: i, narration: text });
        break;
      }
      case "bound": {
        // A bound not right after its backup (the engine always emits them together, but be safe).
        i += 1;
        const w = win.get(pathKey(e.path));
        if (w) w[e.bound] = e.to;
        const sym = e.bound === "alpha" ? "α" : "β";
        steps.push({ kind: "backup", path: e.path, from, to: i, narration: msg("boundMoves", { name: name(e.path), sym, from: fmt(e.from), to: fmt(e.to) }) });
        break;
      }
      case "cut": {
        i += 1;
        const { cutText, reason } = cutNarration(at(e.path), name(e.path), e);
        cuts.push({ path: e.path, skipped: e.skipped, alpha: e.alpha, beta: e.beta, text: cutText, reason });
        steps.push({ kind: "cut", path: e.path, from, to: i, narration: msg("cutNarration", { cut: cutText, reason }), cutText });
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
        steps.push({ kind: "leaf", path: e.path, from, to: i, narration: msg("leafWorth", { v: fmt(e.value) }) });
        break;
      }
    }
  }
  return { algorithm, root, events, steps, value: result.value, nodes: result.stats.nodes, leaves: result.stats.leaves, cuts };
}

/** What backupNarration remembers while the trace replays: each open node's window and best-so-far. */
interface Replaying {
  root: DNode;
  algorithm: Algorithm;
  win: Map<string, { alpha: number; beta: number }>;
  best: Map<string, number>;
}

/** A value coming up to its parent, and what it changes there (its best, or alpha-beta's bound). */
function backupNarration(r: Replaying, e: Extract<TraceEvent, { type: "backup" }>, bound: Extract<TraceEvent, { type: "bound" }> | undefined): Msg {
  const pk = pathKey(e.parent);
  const parentNode = nodeAtPath(r.root, e.parent);
  const pName = nameOf(parentNode);
  const cName = nameOf(nodeAtPath(r.root, e.path));
  const isLeaf = nodeAtPath(r.root, e.path)?.kind === "LEAF";
  const what = isLeaf ? msg("leafValue", { v: fmt(e.value) }) : msg("nodeValue", { name: cName, v: fmt(e.value) });
  if (parentNode?.kind === "CHANCE") {
    const p = e.probability ?? 0;
    return msg("backupChance", { what, p: pName, prob: fmtProb(p), v: fmt(e.value), pv: fmt(p * e.value), e: fmt(e.parentValue) });
  }
  const isMax = parentNode?.kind === "MAX";
  const prev = r.best.get(pk);
  if (e.best) r.best.set(pk, e.value);
  const kind = parentNode?.kind ?? "";
  if (r.algorithm !== "alphabeta") {
    const stays = fmt(r.best.get(pk) ?? e.parentValue);
    return e.best
      ? prev === undefined
        ? msg("backupFirst", { what, p: pName, v: fmt(e.value) })
        : msg("backupBetter", { what, p: pName, kind, isMax: isMax ? "yes" : "no", v: fmt(e.value) })
      : msg("backupNotBetter", { what, p: pName, kind, b: stays });
  }
  const w = r.win.get(pk);
  if (bound) {
    if (w) w[bound.bound] = bound.to;
    return msg(bound.bound === "alpha" ? "backupAlpha" : "backupBeta", { what, p: pName, from: fmt(bound.from), to: fmt(bound.to) });
  }
  const b = isMax ? `α = ${fmt(w?.alpha ?? -Infinity)}` : `β = ${fmt(w?.beta ?? Infinity)}`;
  return msg("backupNoChange", { what, p: pName, isMax: isMax ? "yes" : "no", b });
}

/** A cut: the test that failed and the children skipped, and why, in the lecture's words. */
function cutNarration(n: DNode | undefined, name: MsgValue, e: Extract<TraceEvent, { type: "cut" }>): { cutText: Msg; reason: Msg } {
  const isMax = n?.kind === "MAX";
  const skippedNames = e.skipped.map((j) => {
    const c = n?.children[j];
    return c?.kind === "LEAF" ? fmt(c.value ?? 0) : nameOf(c);
  });
  const test = isMax ? `α ≥ β: ${fmt(e.alpha)} ≥ ${fmt(e.beta)}` : `β ≤ α: ${fmt(e.beta)} ≤ ${fmt(e.alpha)}`;
  const cutText = msg("cut", { test, name, n: e.skipped.length, list: andList(skippedNames) });
  // Why, in the lecture's words (engine/lecture's trace says the same in English for the terminal).
  const reason = msg(isMax ? "cutReasonMax" : "cutReasonMin", { alpha: fmt(e.alpha), beta: fmt(e.beta) });
  return { cutText, reason };
}

function startNarration(root: DNode, algorithm: Algorithm): Msg {
  return msg("start", { algorithm, root: nameOf(root) });
}

function enterNarration(root: DNode, path: NodePath, kind: string, algorithm: Algorithm, alpha?: number, beta?: number): Msg {
  const n = nodeAtPath(root, path);
  const role = msg("role", { kind, kids: n?.children.length ?? 0 });
  const lead = msg(path.length === 0 ? "enterRoot" : "enterNode", { name: nameOf(n), role });
  if (algorithm !== "alphabeta" || alpha === undefined || beta === undefined) return lead;
  const window = msg("window", { alpha: fmt(alpha), beta: fmt(beta) });
  if (alpha === -Infinity && beta === Infinity) return msg("enterUnknown", { lead, window });
  const parts: Msg[] = [];
  if (alpha !== -Infinity) parts.push(msg("maxHas", { v: fmt(alpha) }));
  if (beta !== Infinity) parts.push(msg("minHas", { v: fmt(beta) }));
  return msg("enterKnown", { lead, window, parts: parts.length === 2 ? msg("partsBoth", { a: parts[0], b: parts[1] }) : parts[0] });
}

function exitNarration(root: DNode, e: Extract<TraceEvent, { type: "exit" }>, algorithm: Algorithm, bestSeen: number | undefined): Msg {
  const n = nodeAtPath(root, e.path);
  const nm = nameOf(n);
  const isRoot = e.path.length === 0;
  if (e.bound) {
    const seen = fmt(e.best ?? NaN);
    const why = msg(e.bound === "upper" && n?.kind === "MIN" ? "stoppedMin" : e.bound === "lower" && n?.kind === "MAX" ? "stoppedMax" : "outsideWindow", {
      seen,
    });
    return msg("exitBound", { name: nm, why, rel: e.bound, seen, v: fmt(e.value) });
  }
  if (isRoot) {
    let move: MsgValue = "";
    if (n && n.kind !== "CHANCE" && n.kind !== "LEAF" && bestSeen !== undefined) {
      const j = n.children.findIndex((c) => Math.abs(subtreeOrLeaf(c) - e.value) < 1e-9);
      if (j >= 0) move = msg("bestMove", { kind: n.kind, child: nameOf(n.children[j]), edge: n.children[j].edge ?? "none" });
    }
    const extra = algorithm === "alphabeta" ? msg("sameAsMinimax") : "";
    return msg("rootDone", { name: nm, v: fmt(e.value), move, extra });
  }
  return msg("exitNode", { name: nm, v: fmt(e.value) });
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
