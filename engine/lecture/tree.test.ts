import { describe, expect, it } from "vitest";
import { TreeFormatError, buildTree, nodeAt, parseTree, treeSize, treeToSpec } from "./tree";

const errorOf = (text: string) => {
  try {
    parseTree(text);
  } catch (e) {
    expect(e).toBeInstanceOf(TreeFormatError);
    return (e as Error).message;
  }
  throw new Error(`no error for ${text}`);
};

describe("parseTree", () => {
  it("reads nested lists with alternating MAX/MIN levels", () => {
    const t = parseTree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
    expect(t.root.kind).toBe("MAX");
    expect(nodeAt(t.root, [1])?.kind).toBe("MIN");
    expect(nodeAt(t.root, [1, 2])).toEqual({ kind: "LEAF", value: 6 });
    expect(treeSize(t.root)).toBe(13);
  });

  it("reads chance nodes with fractions, explicit kinds, level lists and heuristic values", () => {
    const t = parseTree('{"chance": [{"p": "1/2", "node": 8}, {"p": "1/3", "node": 24}, {"p": 0.1666666667, "node": -12}]}');
    expect(t.root).toMatchObject({ kind: "CHANCE", probs: [0.5, 1 / 3, 0.1666666667] });
    const u = parseTree('{"levels": ["MAX", "CHANCE", "MIN"], "tree": [[[1, 2]], {"min": [3], "h": 2}]}');
    expect(nodeAt(u.root, [0])?.kind).toBe("CHANCE");
    expect(nodeAt(u.root, [0, 0])?.kind).toBe("MIN");
    expect(nodeAt(u.root, [1])).toMatchObject({ kind: "MIN", h: 2 });
  });

  it("writes trees back in the same format", () => {
    for (const text of [
      "[[3,12,8],[2,4,6],[14,5,2]]",
      '{"chance":[{"p":0.5,"node":8},{"p":0.5,"node":[1,2]}]}',
      '{"levels":["MAX","CHANCE"],"tree":[[1,2],{"min":[3],"h":1}]}',
    ]) {
      expect(JSON.stringify(treeToSpec(parseTree(text)))).toBe(text);
    }
    expect(buildTree(treeToSpec(parseTree("[[1],[2,[3]]]")))).toEqual(parseTree("[[1],[2,[3]]]"));
  });

  it("says what is wrong and where", () => {
    expect(errorOf("[[3, 12,")).toMatch(/^not valid JSON/);
    expect(errorOf('[[3, "x"], [2]]')).toBe('at node [0,1]: expected a number (leaf), a list of children or a node object, got "x"');
    expect(errorOf("[[3], []]")).toBe("at node [1]: an inner node needs at least one child (a leaf is a number)");
    expect(errorOf('{"chance": [{"p": 0.5, "node": 1}, {"p": 0.2, "node": 2}]}')).toBe(
      "at the root: the probabilities of a chance node must sum to 1, they sum to 0.7",
    );
    expect(errorOf('{"chance": [{"p": 0.5, "node": 1}, 2]}')).toMatch(/for every branch .* or for none/);
    expect(errorOf('{"chance": [{"p": "half", "node": 1}]}')).toMatch(/^at node \[0\]: a probability must be/);
    expect(errorOf('{"max": [1], "min": [2]}')).toMatch(/exactly one of "max", "min", "chance"/);
    expect(errorOf('{"levels": ["MAX", "AVG"], "tree": [1]}')).toMatch(/"levels" must be/);
  });
});
