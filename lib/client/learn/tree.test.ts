import { describe as group, expect, it } from "vitest";
import { TreeFormatError } from "@/engine/lecture";
import { addChild, countNodes, deleteNode, fmt, fmtProb, layoutTree, nodeAtPath, parseLearnTree, preset, setKind, setLeafValue, treeText } from "./tree";

group("presets", () => {
  it("AIMA: A over B, C, D with 13 nodes; Nim 4: 12 nodes with stones and moves on them", () => {
    const aima = preset("aima");
    expect(aima.root.name).toBe("A");
    expect(aima.root.children.map((c) => `${c.name}:${c.kind}`)).toEqual(["B:MIN", "C:MIN", "D:MIN"]);
    expect(countNodes(aima.root)).toBe(13);
    const n = preset("nim");
    expect(countNodes(n.root)).toBe(12);
    expect(n.root).toMatchObject({ kind: "MAX", stonesLeft: 4 });
    expect(n.root.children.map((c) => c.edge)).toEqual(["−1", "−2"]);
    expect(preset("expectimax").root.children.map((c) => fmtProb(c.p!))).toEqual(["1/2", "1/3", "1/6"]);
  });
});

group("the editor's text", () => {
  it("round-trips through the engine's format", () => {
    for (const id of ["aima", "exercise", "expectimax"] as const) {
      const t = preset(id);
      expect(parseLearnTree(treeText(t)).root).toEqual(t.root);
    }
    expect(treeText(preset("aima"))).toBe("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
    expect(treeText(preset("expectimax"))).toBe('{"chance": [{"p": "1/2", "node": 8}, {"p": "1/3", "node": 24}, {"p": "1/6", "node": -12}]}');
  });

  it("reports malformed trees with the node's path", () => {
    expect(() => parseLearnTree('[[3, "x"], [2]]')).toThrow(TreeFormatError);
    expect(() => parseLearnTree('[[3, "x"], [2]]')).toThrow(/^at node \[0,1\]/);
    expect(() => parseLearnTree("[[3, 12,")).toThrow(/not valid JSON/);
  });
});

group("click editing", () => {
  const aima = preset("aima");

  it("adds a leaf 0 to an inner node, and turns a leaf into a node over its old value", () => {
    const t = addChild(aima, [1]);
    expect(nodeAtPath(t.root, [1])!.children.map((c) => c.value)).toEqual([2, 4, 6, 0]);
    const u = addChild(aima, [0, 0]);
    expect(nodeAtPath(u.root, [0, 0])).toMatchObject({ kind: "MAX", children: [{ kind: "LEAF", value: 3 }] });
    expect(nodeAtPath(u.root, [0, 0])!.name).toBe("E"); // a fresh letter, the others keep theirs
    expect(aima.root.children[1].children).toHaveLength(3); // the original is untouched
  });

  it("edits leaves, deletes nodes (an emptied parent becomes a leaf), changes kinds", () => {
    expect(nodeAtPath(setLeafValue(aima, [2, 1], -7).root, [2, 1])?.value).toBe(-7);
    const d = deleteNode(aima, [0]);
    expect(d.root.children.map((c) => c.name)).toEqual(["C", "D"]);
    const single = parseLearnTree("[[1]]");
    expect(deleteNode(single, [0, 0]).root.children[0]).toMatchObject({ kind: "LEAF", value: 0 });
    expect(deleteNode(aima, [])).toBe(aima);
    expect(setKind(aima, [1], "CHANCE").root.children[1].kind).toBe("CHANCE");
  });

  it("keeps chance probabilities summing to 1 when branches come and go", () => {
    const ex = preset("expectimax");
    const added = addChild(ex, []);
    const sum = (t: typeof ex) => t.root.children.reduce((s, c) => s + c.p!, 0);
    expect(sum(added)).toBeCloseTo(1, 12);
    expect(fmtProb(added.root.children[3].p!)).toBe("1/4");
    expect(sum(deleteNode(ex, [0]))).toBeCloseTo(1, 12);
    expect(() => parseLearnTree(treeText(deleteNode(ex, [0])))).not.toThrow();
  });
});

group("layout and numbers", () => {
  it("puts leaves side by side and parents over the middle of their children", () => {
    const l = layoutTree(preset("aima").root, { slot: 60, level: 100, pad: 20 });
    const at = (k: string) => l.nodes.find((n) => n.key === k)!;
    expect(at("0,0").x).toBe(50);
    expect(at("0").x).toBe(at("0,1").x);
    expect(at("").x).toBe(at("1").x);
    expect(at("1,2").y).toBe(220);
    expect(l.edges).toHaveLength(12);
    expect(l.width).toBe(20 * 2 + 60 * 9);
  });

  it("formats infinities, minus signs and fractions", () => {
    expect([fmt(Infinity), fmt(-Infinity), fmt(-12), fmt(23 / 3), fmt(-0)]).toEqual(["+∞", "−∞", "−12", "7.667", "0"]);
    expect([fmtProb(0.5), fmtProb(1 / 3), fmtProb(1 / 6), fmtProb(0.37), fmtProb(1)]).toEqual(["1/2", "1/3", "1/6", "0.37", "1"]);
  });
});
