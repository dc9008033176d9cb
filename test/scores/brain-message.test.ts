// The brain's MESSAGE line says a score only when its player's values are scores (lib/shared/scores):
// the casual player's expectimax values are not.
import { describe, expect, it } from "vitest";
import { PbrainSession } from "../../bin/pbrain/protocol";
import type { Analysis } from "../../engine";

const brain = (): Analysis => ({ move: { x: 7, y: 7 }, score: { kind: "eval", value: 4046 }, depth: 3, nodes: 10, timeMs: 1, pv: [], rootScores: [] });

describe("the brain's MESSAGE line", () => {
  it("the engine's score; none for the casual player", () => {
    const engine = new PbrainSession({ brain });
    engine.feed("START 15");
    expect(engine.feed("BEGIN")[0]).toMatch(/^MESSAGE depth 3 score 4046 nodes/);
    const casual = new PbrainSession({ brain, scores: false });
    casual.feed("START 15");
    expect(casual.feed("BEGIN")[0]).toMatch(/^MESSAGE depth 3 score none \(casual player: its values are not scores\) nodes/);
  });
});
