// Lazy SMP's engine part, in one thread and without a clock (deterministic): a helper's search
// fills the shared table that a main search then reads, and it searches the root it is given.
import { describe, expect, it } from "vitest";
import { think } from "./think";
import { helperSearch, searchTableBuffer } from "./smp";
import { sharedTable } from "./tt";
import { boardOf } from "../board/position";
import { MIDDLE_GAMES } from "../../bin/bench/positions";

const POS = MIDDLE_GAMES[0][1];

describe("Lazy SMP helper search", () => {
  it("fills the shared table: a main search after it needs far fewer nodes for the same depth", () => {
    const fresh = think(POS, { maxDepth: 6, exactRootScores: false });
    think(POS, { maxDepth: 1 }); // a cleared table at generation 1, as a main search leaves it for its helpers
    const h = helperSearch({ position: POS, rootMoves: [], index: 2, table: searchTableBuffer(), maxDepth: 7 });
    expect(h.depth).toBe(7);
    expect(h.nodes).toBeGreaterThan(0);
    const helped = think(POS, { maxDepth: 6, exactRootScores: false }, { keepTable: true });
    expect(helped.depth).toBe(6);
    expect(helped.nodes).toBeLessThan(fresh.nodes / 2);
  });

  it("searches only the root moves it is given, and odd helpers start a ply deeper", () => {
    think(POS, { maxDepth: 1 });
    const b = boardOf(POS);
    const only = [{ x: 0, y: 0 }];
    const h = helperSearch({ position: POS, rootMoves: only, index: 1, table: searchTableBuffer(), maxDepth: 3 });
    expect(h.depth).toBe(3);
    // Its root entry (depth 3, skewed from 2) names the one move it was given.
    const tt = sharedTable();
    expect(tt.probe(b.hashLo, b.hashHi)).toBe(true);
    expect([tt.hitDepth, tt.hitMove]).toEqual([3, b.index(0, 0)]);
    const odd = helperSearch({ position: POS, rootMoves: only, index: 1, table: searchTableBuffer(), maxDepth: 1 });
    expect(odd).toEqual({ nodes: 0, depth: 0 }); // skew 1: depth 2 is beyond maxDepth 1
  });
});
