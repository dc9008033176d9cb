// Explicit game trees, as drawn on the lecture's slides, as a Game.
//
// The format (JSON), for tests, the lecture and the tree editor:
//   a number                      a leaf (its utility for MAX)
//   [child, child, …]             an inner node; its kind comes from its depth: levels[depth % levels.length],
//                                 levels = ["MAX", "MIN"] unless given, so [[3,12,8],[2,4,6]] is MAX over two MINs
//   {"max": [children]}           an inner node of an explicit kind, whatever its depth
//   {"min": [children]}
//   {"chance": [branch, …]}       a chance node; a branch is {"p": 0.5, "node": child} or a bare child
//                                 (all bare: uniform). p may be a number or a fraction string "1/3".
//   any object node may carry "h": a heuristic value, used by evaluate() when a depth limit stops there.
// A whole document may also be {"levels": ["MAX","CHANCE","MIN","CHANCE"], "tree": …}.
import type { Game, PlayerKind } from "./game";

export type BranchSpec = { p?: number | string; node: TreeSpec };
export type TreeSpec =
  number | TreeSpec[] | { max: TreeSpec[]; h?: number } | { min: TreeSpec[]; h?: number } | { chance: Array<BranchSpec | TreeSpec>; h?: number };

export type TreeNode = { kind: "LEAF"; value: number } | { kind: PlayerKind; children: TreeNode[]; probs?: number[]; h?: number };

export interface Tree {
  root: TreeNode;
  levels: PlayerKind[];
}

/** What went wrong, as a stable code with its values (pages say it in the reader's language). */
export type TreeErrorCode =
  | "probability"
  | "leafNotFinite"
  | "childrenNotList"
  | "noChildren"
  | "hNotFinite"
  | "branchExtra"
  | "branchNoNode"
  | "someProbabilities"
  | "probabilitySum"
  | "nodeObject"
  | "unexpected"
  | "levels"
  | "documentExtra"
  | "json";

/** A format error, with the path of child indices to the offending node (null for the document itself). */
export class TreeFormatError extends Error {
  constructor(
    message: string,
    readonly path: number[] | null,
    readonly code: TreeErrorCode,
    readonly values: Record<string, string> = {},
  ) {
    super(path ? `${where(path)}: ${message}` : message);
    this.name = "TreeFormatError";
  }
}

const where = (path: number[]) => (path.length === 0 ? "at the root" : `at node [${path.join(",")}]`);
const KINDS: readonly PlayerKind[] = ["MAX", "MIN", "CHANCE"];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parseProbability(p: unknown, path: number[]): number {
  let v = NaN;
  if (typeof p === "number") v = p;
  else if (typeof p === "string") {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?)\s*)?$/.exec(p);
    if (m) v = m[2] === undefined ? Number(m[1]) : Number(m[1]) / Number(m[2]);
  }
  if (!(Number.isFinite(v) && v >= 0 && v <= 1)) {
    throw new TreeFormatError(`a probability must be a number or fraction between 0 and 1, got ${JSON.stringify(p)}`, path, "probability", {
      got: String(JSON.stringify(p)),
    });
  }
  return v;
}

function buildNode(spec: unknown, depth: number, levels: readonly PlayerKind[], path: number[]): TreeNode {
  if (typeof spec === "number") {
    if (!Number.isFinite(spec)) throw new TreeFormatError(`a leaf must be a finite number, got ${spec}`, path, "leafNotFinite", { got: String(spec) });
    return { kind: "LEAF", value: spec };
  }
  const children = (kind: PlayerKind, list: unknown, h?: unknown): TreeNode => {
    if (!Array.isArray(list)) throw new TreeFormatError(`the children of a ${kind} node must be a list`, path, "childrenNotList", { kind });
    if (list.length === 0) throw new TreeFormatError("an inner node needs at least one child (a leaf is a number)", path, "noChildren");
    if (h !== undefined && !(typeof h === "number" && Number.isFinite(h))) {
      throw new TreeFormatError(`"h" must be a finite number, got ${JSON.stringify(h)}`, path, "hNotFinite", { got: String(JSON.stringify(h)) });
    }
    const node: TreeNode = { kind, children: [] };
    if (typeof h === "number") node.h = h;
    if (kind !== "CHANCE") {
      node.children = list.map((c, i) => buildNode(c, depth + 1, levels, [...path, i]));
      return node;
    }
    // A chance node: branches with or without p (all or none).
    const withP = list.map((b) => isObject(b) && ("p" in b || "node" in b));
    const ps: number[] = [];
    node.children = list.map((b, i) => {
      const childPath = [...path, i];
      if (!withP[i]) return buildNode(b, depth + 1, levels, childPath);
      const br = b as Record<string, unknown>;
      const extra = Object.keys(br).filter((k) => k !== "p" && k !== "node");
      if (extra.length)
        throw new TreeFormatError(`a chance branch has only "p" and "node", not ${extra.map((k) => `"${k}"`).join(", ")}`, childPath, "branchExtra", {
          keys: extra.map((k) => `"${k}"`).join(", "),
        });
      if (!("node" in br)) throw new TreeFormatError('a chance branch {"p": …} needs its "node"', childPath, "branchNoNode");
      if ("p" in br) ps.push(parseProbability(br.p, childPath));
      return buildNode(br.node, depth + 1, levels, childPath);
    });
    if (ps.length > 0) {
      if (ps.length !== list.length)
        throw new TreeFormatError("give a probability p for every branch of a chance node, or for none (uniform)", path, "someProbabilities");
      const sum = ps.reduce((t, p) => t + p, 0);
      if (Math.abs(sum - 1) > 1e-6)
        throw new TreeFormatError(`the probabilities of a chance node must sum to 1, they sum to ${+sum.toFixed(6)}`, path, "probabilitySum", {
          sum: String(+sum.toFixed(6)),
        });
      node.probs = ps;
    }
    return node;
  };
  if (Array.isArray(spec)) return children(levels[depth % levels.length], spec);
  if (isObject(spec)) {
    const keys = Object.keys(spec).filter((k) => k !== "h");
    const kindKeys = keys.filter((k) => k === "max" || k === "min" || k === "chance");
    if (kindKeys.length !== 1 || keys.length !== 1) {
      throw new TreeFormatError(
        `a node object has exactly one of "max", "min", "chance" (and optionally "h"), got ${JSON.stringify(Object.keys(spec))}`,
        path,
        "nodeObject",
        { got: JSON.stringify(Object.keys(spec)) },
      );
    }
    const k = kindKeys[0];
    return children(k.toUpperCase() as PlayerKind, spec[k], spec.h);
  }
  throw new TreeFormatError(`expected a number (leaf), a list of children or a node object, got ${JSON.stringify(spec)}`, path, "unexpected", {
    got: String(JSON.stringify(spec)),
  });
}

function checkLevels(levels: unknown): PlayerKind[] {
  if (!Array.isArray(levels) || levels.length === 0 || !levels.every((k) => KINDS.includes(k as PlayerKind))) {
    throw new TreeFormatError(`"levels" must be a non-empty list of "MAX", "MIN", "CHANCE", got ${JSON.stringify(levels)}`, null, "levels", {
      got: String(JSON.stringify(levels)),
    });
  }
  return levels as PlayerKind[];
}

/** Builds a tree from a spec (already parsed JSON). A {levels, tree} document overrides `levels`. */
export function buildTree(spec: unknown, levels: readonly PlayerKind[] = ["MAX", "MIN"]): Tree {
  if (isObject(spec) && "tree" in spec) {
    const extra = Object.keys(spec).filter((k) => k !== "tree" && k !== "levels");
    if (extra.length)
      throw new TreeFormatError(`a tree document has only "levels" and "tree", not ${extra.map((k) => `"${k}"`).join(", ")}`, null, "documentExtra", {
        keys: extra.map((k) => `"${k}"`).join(", "),
      });
    if ("levels" in spec) levels = checkLevels(spec.levels);
    spec = spec.tree;
  } else checkLevels(levels);
  return { root: buildNode(spec, 0, levels, []), levels: [...levels] };
}

/** Parses a tree written as text (JSON in the format above), with a readable error on bad input. */
export function parseTree(text: string, levels?: readonly PlayerKind[]): Tree {
  let spec: unknown;
  try {
    spec = JSON.parse(text);
  } catch (e) {
    throw new TreeFormatError(`not valid JSON: ${(e as Error).message}`, null, "json", { detail: (e as Error).message });
  }
  return buildTree(spec, levels);
}

/** Writes a tree back in the compact format: plain lists where the level gives the kind, objects elsewhere. */
export function treeToSpec(tree: Tree): TreeSpec | { levels: PlayerKind[]; tree: TreeSpec } {
  const def = tree.levels.length === 2 && tree.levels[0] === "MAX" && tree.levels[1] === "MIN";
  const go = (n: TreeNode, depth: number): TreeSpec => {
    if (n.kind === "LEAF") return n.value;
    const kids = n.children.map((c) => go(c, depth + 1));
    const byLevel = tree.levels[depth % tree.levels.length] === n.kind;
    if (n.kind === "CHANCE" && n.probs) {
      const probs = n.probs;
      return n.h === undefined
        ? { chance: kids.map((node, i) => ({ p: probs[i], node })) }
        : { chance: kids.map((node, i) => ({ p: probs[i], node })), h: n.h };
    }
    if (byLevel && n.h === undefined) return kids;
    const key = n.kind.toLowerCase() as "max" | "min" | "chance";
    return (n.h === undefined ? { [key]: kids } : { [key]: kids, h: n.h }) as TreeSpec;
  };
  const spec = go(tree.root, 0);
  return def ? spec : { levels: [...tree.levels], tree: spec };
}

/** The node at a path of child indices, or undefined. */
export function nodeAt(root: TreeNode, path: readonly number[]): TreeNode | undefined {
  let n: TreeNode | undefined = root;
  for (const i of path) n = n && n.kind !== "LEAF" ? n.children[i] : undefined;
  return n;
}

/** Number of nodes in a subtree, itself included. */
export function treeSize(n: TreeNode): number {
  return n.kind === "LEAF" ? 1 : 1 + n.children.reduce((t, c) => t + treeSize(c), 0);
}

/** The tree as a Game: a state is a node, an action is a child index. */
export function treeGame(tree: Tree | TreeSpec): Game<TreeNode, number> {
  const t = isTree(tree) ? tree : buildTree(tree);
  return {
    initialState: () => t.root,
    player: (n) => (n.kind === "LEAF" ? "MAX" : n.kind), // a leaf's player is never asked for by the searches
    actions: (n) => (n.kind === "LEAF" ? [] : n.children.map((_, i) => i)),
    result: (n, i) => {
      if (n.kind === "LEAF" || !n.children[i]) throw new Error(`no child ${i} here`);
      return n.children[i];
    },
    isTerminal: (n) => n.kind === "LEAF",
    utility: (n) => {
      if (n.kind !== "LEAF") throw new Error("utility of an inner node");
      return n.value;
    },
    probability: (n, i) => (n.kind === "LEAF" ? 0 : n.probs ? n.probs[i] : 1 / n.children.length),
    evaluate: (n) => {
      if (n.kind === "LEAF") return n.value;
      if (n.h === undefined) throw new Error('the depth limit stopped at an inner node without a heuristic value "h"');
      return n.h;
    },
  };
}

function isTree(v: unknown): v is Tree {
  return isObject(v) && "root" in v && "levels" in v;
}
