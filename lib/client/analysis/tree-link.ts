// The analysis board's whole move tree in its address (?tree=…), so a shared link reopens the game
// and every variation, not just the line shown. The text is SGF's shape with our move labels:
// "h8i9j10(k11l12)(m13)" is h8 i9 j10, then k11 l12 as the main continuation and m13 as a variation.
// A node with one continuation writes it inline; with several, each in parentheses, main one first.
//
// Anyone can send a link, so reading is bounded (refused, not truncated, with a code and a sentence):
// at most MAX_TREE_CHARS characters, MAX_TREE_NODES moves, MAX_TREE_NESTING open parentheses, and every
// line must be legal on the board (no taken point, nothing after five, no renju foul). Reading is a
// loop over the characters (no recursion: a deep nesting cannot overflow the stack). Pure: no DOM.
import { ReplayError, replay, sideToMove, type Point, type Rule, type Stone } from "@/engine";
import { parseLabel, toLabel } from "@/lib/shared/notation";
import { VariationTree } from "./tree";

/** Longest ?tree= read (about 1,500 moves of two or three characters; browsers keep far longer addresses). */
export const MAX_TREE_CHARS = 6000;
/** Most moves in a shared tree (the game and all its variations). */
export const MAX_TREE_NODES = 1000;
/** Deepest nesting of variations inside variations. */
export const MAX_TREE_NESTING = 64;

export type TreeLinkCode = "TREE_TOO_LONG" | "TREE_TOO_MANY_NODES" | "TREE_TOO_DEEP" | "TREE_BAD_TEXT" | "TREE_UNBALANCED" | "TREE_ILLEGAL";

export class TreeLinkError extends Error {
  constructor(
    readonly code: TreeLinkCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
  }
}

/** The tree as ?tree= text, or null when it is over the limits (the address then keeps only the line shown). */
export function encodeTree(tree: VariationTree, size: number): string | null {
  if (tree.nodes.length - 1 > MAX_TREE_NODES) return null;
  let nesting = 0;
  let deepest = 0;
  const write = (from: number): string => {
    let out = "";
    let at = from;
    for (;;) {
      const kids = tree.nodes[at].children;
      if (kids.length === 0) return out;
      if (kids.length === 1) {
        at = kids[0];
        out += toLabel(tree.nodes[at].move!, size);
        continue;
      }
      nesting++;
      deepest = Math.max(deepest, nesting);
      for (const k of kids) out += `(${toLabel(tree.nodes[k].move!, size)}${write(k)})`;
      nesting--;
      return out;
    }
  };
  const text = write(0);
  return text.length > MAX_TREE_CHARS || deepest > MAX_TREE_NESTING ? null : text;
}

/**
 * The tree read back from ?tree= text, every line checked on a size×size board under `rule` after the
 * opening stones. Throws TreeLinkError.
 */
export function decodeTree(text: string, size: number, rule: Rule, opening: readonly Stone[] = []): VariationTree {
  if (text.length > MAX_TREE_CHARS) throw new TreeLinkError("TREE_TOO_LONG", { max: MAX_TREE_CHARS });
  const tree = new VariationTree();
  const branchPoints: number[] = [];
  let at = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "(") {
      if (branchPoints.length >= MAX_TREE_NESTING) throw new TreeLinkError("TREE_TOO_DEEP", { max: MAX_TREE_NESTING });
      branchPoints.push(at);
      i++;
    } else if (c === ")") {
      if (branchPoints.length === 0) throw new TreeLinkError("TREE_UNBALANCED", { at: i + 1 });
      at = branchPoints.pop()!;
      i++;
    } else {
      const m = /^[a-t]\d{1,2}/i.exec(text.slice(i, i + 3));
      const p: Point | null = m ? parseLabel(m[0], size) : null;
      if (!m || !p) throw new TreeLinkError("TREE_BAD_TEXT", { at: i + 1 });
      at = tree.add(at, p);
      if (tree.nodes.length - 1 > MAX_TREE_NODES) throw new TreeLinkError("TREE_TOO_MANY_NODES", { max: MAX_TREE_NODES });
      i += m[0].length;
    }
  }
  if (branchPoints.length) throw new TreeLinkError("TREE_UNBALANCED", { at: text.length });
  checkLines(tree, size, rule, opening);
  return tree;
}

/** Every line from the root to a leaf is a legal game (leaves ≤ MAX_TREE_NODES, each replayed once). */
function checkLines(tree: VariationTree, size: number, rule: Rule, opening: readonly Stone[]): void {
  const first = sideToMove([...opening]);
  for (const n of tree.nodes) {
    if (n.children.length || n.parent === null) continue;
    const line = tree.path(n.id);
    try {
      replay(size, rule, [...opening], line, first);
    } catch (e) {
      if (!(e instanceof ReplayError)) throw e;
      throw new TreeLinkError("TREE_ILLEGAL", { move: toLabel(line[e.index], size), n: e.index + 1 });
    }
  }
}

/** The node at the end of `line` in the tree (as far as the tree has it). */
export function nodeOfLine(tree: VariationTree, line: readonly Point[]): number {
  let at = 0;
  for (const m of line) {
    const next = tree.nodes[at].children.find((c) => tree.nodes[c].move!.x === m.x && tree.nodes[c].move!.y === m.y);
    if (next === undefined) break;
    at = next;
  }
  return at;
}
