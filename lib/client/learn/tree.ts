// The explainer's game trees: engine/lecture trees plus what a drawing needs (names, notes, edge labels),
// with the editor's operations (add a child, set a leaf, delete, change a kind), best-/worst-first
// ordering and a layered layout. Pure and browser-safe; every operation returns a new tree.
import {
  type Game,
  type PlayerKind,
  type Tree,
  type TreeNode,
  AIMA_FIG_5_5,
  EXERCISE_TREE,
  EXPECTIMAX_EXAMPLE,
  buildTree,
  expectimax,
  nim,
  parseTree,
  treeGame,
  treeToSpec,
} from "@/engine";

export type DKind = PlayerKind | "LEAF";

export interface DNode {
  kind: DKind;
  /** LEAF only: its utility for MAX. */
  value?: number;
  children: DNode[];
  /** When the parent is a chance node with explicit probabilities: this branch's probability. */
  p?: number;
  /** Heuristic value of an inner node (kept so the editor's text round-trips). */
  h?: number;
  /** Inner nodes: a short name for the narration (A, B, C …). */
  name?: string;
  /** Nim: the stones left, a second line under the node ("4 left"; its words: the page's catalogue). */
  stonesLeft?: number;
  /** A label on the edge from the parent (Nim: "take 2"). */
  edge?: string;
}

export interface LearnTree {
  root: DNode;
  /** Levels used to read and write the text format (which kind a plain list is at each depth). */
  levels: PlayerKind[];
}

export type NodePath = number[];
export const pathKey = (p: readonly number[]) => p.join(",");

// ---------- conversions to and from engine/lecture ----------

export function fromEngine(tree: Tree): LearnTree {
  const go = (n: TreeNode): DNode => {
    if (n.kind === "LEAF") return { kind: "LEAF", value: n.value, children: [] };
    const d: DNode = { kind: n.kind, children: n.children.map(go) };
    if (n.h !== undefined) d.h = n.h;
    if (n.probs) d.children.forEach((c, i) => (c.p = n.probs![i]));
    return d;
  };
  return { root: nameNodes(go(tree.root)), levels: [...tree.levels] };
}

export function toEngineNode(d: DNode): TreeNode {
  if (d.kind === "LEAF") return { kind: "LEAF", value: d.value ?? 0 };
  const n: TreeNode = { kind: d.kind, children: d.children.map(toEngineNode) };
  if (d.h !== undefined) n.h = d.h;
  if (d.kind === "CHANCE" && d.children.length > 0 && d.children.every((c) => c.p !== undefined)) {
    n.probs = d.children.map((c) => c.p!);
  }
  return n;
}

export function toEngine(t: LearnTree): Tree {
  return { root: toEngineNode(t.root), levels: [...t.levels] };
}

/** The engine's Game over this tree (states are engine nodes, actions child indices). */
export function gameOf(root: DNode): Game<TreeNode, number> {
  return treeGame({ root: toEngineNode(root), levels: ["MAX", "MIN"] });
}

/** The text the editor shows for a tree (the engine's compact JSON, lists inline). */
export function treeText(t: LearnTree): string {
  return compactJson(fractions(treeToSpec(toEngine(t))));
}

/** Probabilities written as the fractions they are ("1/3", which the format accepts) rather than 0.3333333333333333. */
function fractions(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fractions);
  if (typeof v !== "object" || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    out[k] = k === "p" && typeof x === "number" && fmtProb(x).includes("/") ? fmtProb(x) : fractions(x);
  }
  return out;
}

/** Parses the editor's text (throws the engine's TreeFormatError, whose message names the node path). */
export function parseLearnTree(text: string): LearnTree {
  return fromEngine(parseTree(text));
}

/** JSON on one line with a space after each comma and colon: [[3, 12], {"min": [1]}]. */
const oneLine = (v: unknown) =>
  JSON.stringify(v, null, 1)
    .replace(/\n\s*/g, " ")
    .replace(/([[{]) /g, "$1")
    .replace(/ ([\]}])/g, "$1");

function compactJson(v: unknown): string {
  const s = oneLine(v);
  // Small enough to read on one line; otherwise break the root's children onto lines.
  if (s.length <= 60 || !Array.isArray(v)) return s;
  return "[\n  " + v.map(oneLine).join(",\n  ") + "\n]";
}

// ---------- presets ----------

export type PresetId = "aima" | "exercise" | "expectimax" | "nim";

/** The lecture's trees (their names and one-line descriptions: the catalogue's learn.presets). */
export const PRESETS: Array<{ id: PresetId }> = [{ id: "aima" }, { id: "exercise" }, { id: "expectimax" }, { id: "nim" }];

export function preset(id: PresetId): LearnTree {
  switch (id) {
    case "aima":
      return fromEngine(buildTree(AIMA_FIG_5_5));
    case "exercise":
      return fromEngine(buildTree(EXERCISE_TREE));
    case "expectimax":
      return fromEngine(buildTree(EXPECTIMAX_EXAMPLE));
    case "nim":
      return nimTree(4);
  }
}

/** The whole game tree of Nim, by expanding engine/lecture's nim game (children in its action order). */
export function nimTree(stones = 4, maxTake = 2): LearnTree {
  const game = nim(stones, maxTake);
  const expand = (s: ReturnType<typeof game.initialState>): DNode => {
    if (game.isTerminal(s)) return { kind: "LEAF", value: game.utility(s), children: [] }; // no stone left: the mover lost
    return {
      kind: game.player(s),
      stonesLeft: s.stones,
      children: game.actions(s).map((a) => ({ ...expand(game.result(s, a)), edge: `−${a}` })),
    };
  };
  return { root: nameNodes(expand(game.initialState())), levels: ["MAX", "MIN"] };
}

// ---------- names ----------

function letterName(i: number): string {
  const base = String.fromCharCode(65 + (i % 26));
  return i < 26 ? base : `${base}${Math.floor(i / 26)}`;
}

/** Gives every unnamed inner node the next free letter, breadth first. Mutates and returns the tree (fresh trees only). */
function nameNodes(root: DNode): DNode {
  const used = new Set<string>();
  const queue: DNode[] = [root];
  const order: DNode[] = [];
  while (queue.length) {
    const n = queue.shift()!;
    if (n.kind !== "LEAF") {
      order.push(n);
      if (n.name) used.add(n.name);
    }
    queue.push(...n.children);
  }
  let next = 0;
  for (const n of order) {
    if (n.name) continue;
    while (used.has(letterName(next))) next++;
    n.name = letterName(next);
    used.add(n.name);
  }
  return root;
}

function clone(n: DNode): DNode {
  return { ...n, children: n.children.map(clone) };
}

// ---------- queries ----------

export function nodeAtPath(root: DNode, path: readonly number[]): DNode | undefined {
  let n: DNode | undefined = root;
  for (const i of path) n = n?.children[i];
  return n;
}

export function countNodes(n: DNode): number {
  return 1 + n.children.reduce((t, c) => t + countNodes(c), 0);
}

export function hasChance(n: DNode): boolean {
  return n.kind === "CHANCE" || n.children.some(hasChance);
}

export function depthOf(n: DNode): number {
  return n.children.length ? 1 + Math.max(...n.children.map(depthOf)) : 0;
}

/** How the narration calls a node: an inner node by its name, a leaf by its value. */
export function describe(n: DNode | undefined): string {
  if (!n) return "?";
  if (n.kind === "LEAF") return `leaf ${fmt(n.value ?? 0)}`;
  return n.name ?? "?";
}

// ---------- numbers ----------

/** A number as the page shows it: ±∞, a real minus sign, at most three decimals. */
export function fmt(v: number): string {
  if (v === Infinity) return "+∞";
  if (v === -Infinity) return "−∞";
  const r = Math.round(v * 1000) / 1000;
  const s = Object.is(r, -0) ? "0" : String(r);
  return s.replace("-", "−");
}

/** A probability as a small fraction when it is one (1/3), else a decimal. */
export function fmtProb(p: number): string {
  if (Math.abs(p - 1) < 1e-9) return "1";
  for (let d = 2; d <= 12; d++) {
    const k = Math.round(p * d);
    if (k > 0 && Math.abs(p * d - k) < 1e-6) return `${k}/${d}`;
  }
  return fmt(p);
}

// ---------- search-order transforms ----------

/** The value of a subtree as the lecture defines it (expectimax = minimax when there is no chance node), from engine/lecture. */
export function subtreeValue(n: DNode): number {
  return expectimax(gameOf(n)).value;
}

/**
 * Reorders every node's children so the best for the node's player comes first ("best": MAX's
 * highest, MIN's lowest value first; "worst": the reverse), recursively. Chance nodes keep their order
 * (no one chooses there). Values come from engine/lecture; ties keep the original order.
 */
export function sortTree(t: LearnTree, order: "best" | "worst"): LearnTree {
  const go = (n: DNode): DNode => {
    if (n.kind === "LEAF") return { ...n, children: [] };
    const kids = n.children.map(go);
    if (n.kind === "CHANCE") return { ...n, children: kids };
    const vals = kids.map((c) => subtreeValue(c));
    const sign = (n.kind === "MAX" ? -1 : 1) * (order === "best" ? 1 : -1);
    const idx = kids.map((_, i) => i).sort((a, b) => sign * (vals[a] - vals[b]) || a - b);
    return { ...n, children: idx.map((i) => kids[i]) };
  };
  return { root: go(t.root), levels: t.levels };
}

/** The lecture's point about expectimax: a MIN player that moves at random is a chance node (uniform). */
export function minAsChance(root: DNode): DNode {
  const go = (n: DNode): DNode => ({
    ...n,
    kind: n.kind === "MIN" ? "CHANCE" : n.kind,
    children: n.children.map((c) => (n.kind === "MIN" ? { ...go(c), p: undefined } : go(c))),
  });
  return go(root);
}

// ---------- editing (each returns a new tree) ----------

function levelKind(t: LearnTree, depth: number): PlayerKind {
  return t.levels[depth % t.levels.length];
}

function update(t: LearnTree, path: readonly number[], f: (n: DNode, depth: number) => DNode): LearnTree {
  const root = clone(t.root);
  if (path.length === 0) return { ...t, root: nameNodes(f(root, 0)) };
  const parent = nodeAtPath(root, path.slice(0, -1));
  const i = path[path.length - 1];
  if (!parent || !parent.children[i]) return t;
  parent.children[i] = f(parent.children[i], path.length);
  return { ...t, root: nameNodes(root) };
}

function renormalize(n: DNode): void {
  if (n.kind !== "CHANCE" || !n.children.every((c) => c.p !== undefined)) return;
  const sum = n.children.reduce((s, c) => s + (c.p ?? 0), 0);
  for (const c of n.children) c.p = sum > 0 ? c.p! / sum : 1 / n.children.length;
}

/** Adds a leaf 0 under an inner node; a leaf becomes an inner node (of its level's kind) over its old value. */
export function addChild(t: LearnTree, path: readonly number[]): LearnTree {
  return update(t, path, (n, depth) => {
    if (n.kind === "LEAF") {
      const { value, ...rest } = n;
      return { ...rest, kind: levelKind(t, depth), children: [{ kind: "LEAF", value: value ?? 0, children: [] }] };
    }
    const explicit = n.kind === "CHANCE" && n.children.every((c) => c.p !== undefined);
    const k = n.children.length + 1;
    const child: DNode = { kind: "LEAF", value: 0, children: [] };
    if (explicit) {
      for (const c of n.children) c.p = (c.p! * (k - 1)) / k;
      child.p = 1 / k;
    }
    n.children.push(child);
    return n;
  });
}

export function setLeafValue(t: LearnTree, path: readonly number[], value: number): LearnTree {
  if (!Number.isFinite(value)) return t;
  return update(t, path, (n) => (n.kind === "LEAF" ? { ...n, value } : n));
}

/** Deletes a node (not the root); a parent left without children becomes a leaf 0. */
export function deleteNode(t: LearnTree, path: readonly number[]): LearnTree {
  if (path.length === 0) return t;
  return update(t, path.slice(0, -1), (parent) => {
    parent.children.splice(path[path.length - 1], 1);
    if (parent.children.length === 0) return { kind: "LEAF", value: 0, children: [], edge: parent.edge, p: parent.p };
    renormalize(parent);
    return parent;
  });
}

export function setKind(t: LearnTree, path: readonly number[], kind: PlayerKind): LearnTree {
  return update(t, path, (n) => {
    if (n.kind === "LEAF" || n.kind === kind) return n;
    if (n.kind === "CHANCE") for (const c of n.children) delete c.p; // probabilities belong to chance nodes
    return { ...n, kind };
  });
}

// ---------- layout ----------

export interface Placed {
  path: NodePath;
  key: string;
  node: DNode;
  depth: number;
  x: number;
  y: number;
}

export interface Layout {
  nodes: Placed[];
  edges: Array<{ from: Placed; to: Placed }>;
  width: number;
  height: number;
}

/** Layered layout: one row per depth, leaves side by side in order, each inner node centred over its children. */
export function layoutTree(root: DNode, opts: { slot?: number; level?: number; pad?: number } = {}): Layout {
  const slot = opts.slot ?? 64;
  const level = opts.level ?? 96;
  const pad = opts.pad ?? 40;
  const nodes: Placed[] = [];
  const edges: Layout["edges"] = [];
  let leaves = 0;
  let maxDepth = 0;
  const place = (n: DNode, path: NodePath, depth: number): Placed => {
    maxDepth = Math.max(maxDepth, depth);
    const kids = n.children.map((c, i) => place(c, [...path, i], depth + 1));
    const x = kids.length ? (kids[0].x + kids[kids.length - 1].x) / 2 : pad + slot * leaves++ + slot / 2;
    const me: Placed = { path, key: pathKey(path), node: n, depth, x, y: pad + depth * level };
    nodes.push(me);
    for (const k of kids) edges.push({ from: me, to: k });
    return me;
  };
  place(root, [], 0);
  return { nodes, edges, width: pad * 2 + slot * leaves, height: pad * 2 + maxDepth * level };
}
