import { describe, expect, it } from "vitest";
import { VariationTree } from "./tree";
import { MAX_TREE_CHARS, MAX_TREE_NESTING, MAX_TREE_NODES, TreeLinkError, decodeTree, encodeTree, nodeOfLine } from "./tree-link";

const p = (x: number, y: number) => ({ x, y });
const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof TreeLinkError) return e.code;
    throw e;
  }
  return "none";
};

describe("the analysis tree in the address (issue 27)", () => {
  it("writes the game and two variations and reads back the same tree", () => {
    const t = new VariationTree([p(7, 7), p(8, 8), p(9, 9), p(10, 10)]);
    const second = t.next(t.next(0));
    t.add(t.prev(second), p(6, 6)); // a variation at ply 2
    const v2 = t.add(second, p(5, 5)); // a variation at ply 3
    t.add(v2, p(4, 4));
    const text = encodeTree(t, 15)!;
    expect(text).toBe("h8(i7(j6k5)(f10e11))(g9)");
    const back = decodeTree(text, 15, "freestyle");
    expect(encodeTree(back, 15)).toBe(text);
    expect(back.nodes.length).toBe(t.nodes.length);
    expect(back.path(back.end(0))).toEqual(t.path(t.end(0)));
    expect(back.path(nodeOfLine(back, [p(7, 7), p(8, 8), p(5, 5)]))).toEqual([p(7, 7), p(8, 8), p(5, 5)]);
  });

  it("refuses a link over the limits or not a legal game, with a code", () => {
    expect(codeOf(() => decodeTree("h8".repeat(MAX_TREE_CHARS), 15, "freestyle"))).toBe("TREE_TOO_LONG");
    expect(codeOf(() => decodeTree("(".repeat(MAX_TREE_NESTING + 1), 15, "freestyle"))).toBe("TREE_TOO_DEEP");
    // 1,050 moves in 350 short variations, well under the length limit: refused by their count.
    const L = "abcdefghijklmnopqrst";
    let wide = "";
    for (let k = 0; k < 350; k++) wide += `(${L[k % 20]}${1 + Math.floor(k / 20)}(t20)(s20))`;
    expect(wide.length).toBeLessThan(MAX_TREE_CHARS);
    expect(codeOf(() => decodeTree(wide, 20, "freestyle"))).toBe("TREE_TOO_MANY_NODES");
    expect(codeOf(() => decodeTree("h8(i9", 15, "freestyle"))).toBe("TREE_UNBALANCED");
    expect(codeOf(() => decodeTree("h8)", 15, "freestyle"))).toBe("TREE_UNBALANCED");
    expect(codeOf(() => decodeTree("h8<script>", 15, "freestyle"))).toBe("TREE_BAD_TEXT");
    expect(codeOf(() => decodeTree("z99", 15, "freestyle"))).toBe("TREE_BAD_TEXT");
    expect(codeOf(() => decodeTree("h8(i9)(h8)", 15, "freestyle"))).toBe("TREE_ILLEGAL");
  });

  it("does not write a tree past MAX_TREE_NODES into the address (the line shown stays)", () => {
    const many = new VariationTree();
    for (let k = 0; k <= MAX_TREE_NODES; k++) many.nodes.push({ id: k + 1, move: p(k % 20, 0), parent: 0, children: [], depth: 1 });
    expect(encodeTree(many, 20)).toBeNull();
  });
});
