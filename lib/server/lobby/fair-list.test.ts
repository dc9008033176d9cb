import { describe, expect, it } from "vitest";
import { interleaveByNetwork, type Listed } from "./fair-list";

let t = 0;
const row = (id: string, authorId: string, authorIp: string | null): Listed & { id: string } => ({ id, authorId, authorIp, createdAt: new Date(++t * 1000) });
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

describe("the lobby's fair list", () => {
  it("networks in turn, the newest network first; a flood from one /24 leaves the other network's challenge on the list", () => {
    const honest = row("honest", "h", "198.51.100.7");
    const flood = Array.from({ length: 60 }, (_, i) => row(`f${i}`, `a${i % 20}`, `203.0.113.${i % 6}`));
    const list = interleaveByNetwork([honest, ...flood], 50);
    expect(list).toHaveLength(50);
    expect(ids(list).slice(0, 3)).toEqual(["f59", "honest", "f58"]);
  });

  it("within one network (a classroom behind one address) each author's newest comes before anyone's second", () => {
    const b = row("b1", "b", "203.0.113.1");
    const a = [row("a1", "a", "203.0.113.1"), row("a2", "a", "203.0.113.1"), row("a3", "a", "203.0.113.1")];
    expect(ids(interleaveByNetwork([b, ...a], 50))).toEqual(["a3", "b1", "a2", "a1"]);
    expect(ids(interleaveByNetwork([b, ...a], 2))).toEqual(["a3", "b1"]);
  });

  it("a challenge kept from before addresses were stored counts as its author's own network", () => {
    const old = row("old", "o", null);
    const fresh = [row("n1", "n", "203.0.113.1"), row("n2", "m", "203.0.113.1")];
    expect(ids(interleaveByNetwork([old, ...fresh], 2))).toEqual(["n2", "old"]);
  });
});
