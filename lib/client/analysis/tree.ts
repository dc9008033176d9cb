// The analysis board's moves as a tree: the line you came with is the main line, and every other
// move you try from any position becomes a variation (a branch), kept until you leave. Pure: no
// React, no DOM (lib/client/analysis/tree.test.ts).
import type { Point } from "@/engine";

export interface VariationNode {
  id: number;
  /** The move that leads here (null at the root: the starting position). */
  move: Point | null;
  parent: number | null;
  /** The continuations: the first is the main one, the others are variations. */
  children: number[];
  /** Plies from the starting position. */
  depth: number;
}

export class VariationTree {
  readonly nodes: VariationNode[] = [{ id: 0, move: null, parent: null, children: [], depth: 0 }];

  /** A tree whose main line is `mainline`. */
  constructor(mainline: readonly Point[] = []) {
    let at = 0;
    for (const m of mainline) at = this.add(at, m);
  }

  /** The node reached by playing `move` at `parent` (an existing continuation if there is one). */
  add(parent: number, move: Point): number {
    const p = this.nodes[parent];
    const same = p.children.find((c) => {
      const m = this.nodes[c].move!;
      return m.x === move.x && m.y === move.y;
    });
    if (same !== undefined) return same;
    const id = this.nodes.length;
    this.nodes.push({ id, move: { x: move.x, y: move.y }, parent, children: [], depth: p.depth + 1 });
    p.children.push(id);
    return id;
  }

  /** The moves from the start to `id`. */
  path(id: number): Point[] {
    const out: Point[] = [];
    for (let n: VariationNode | undefined = this.nodes[id]; n && n.move; n = n.parent === null ? undefined : this.nodes[n.parent]) out.push(n.move);
    return out.reverse();
  }

  /** The node after `id` on its main continuation (or `id` at the end). */
  next(id: number): number {
    return this.nodes[id].children[0] ?? id;
  }

  prev(id: number): number {
    return this.nodes[id].parent ?? id;
  }

  /** The last node of the main continuation from `id`. */
  end(id: number): number {
    let at = id;
    while (this.nodes[at].children.length) at = this.nodes[at].children[0];
    return at;
  }

  /** True when `id` lies on a variation (some step from the root is not the first continuation). */
  inVariation(id: number): boolean {
    for (let n = this.nodes[id]; n.parent !== null; n = this.nodes[n.parent]) if (this.nodes[n.parent].children[0] !== n.id) return true;
    return false;
  }
}
