import { describe, expect, it } from "vitest";
import type { Score } from "../../engine";
import { agreeingScores, contradictions, nextMoveBound, scoreFromReply, searchIsScore, winChanceText } from "./scores";

const ev = (value: number): Score => ({ kind: "eval", value });
const win = (plies: number): Score => ({ kind: "win", plies });
const loss = (plies: number): Score => ({ kind: "loss", plies });

describe("one definition of a move's score (lib/shared/scores)", () => {
  it("a move scored by the search after it: turned round, a forced result one ply longer", () => {
    expect(scoreFromReply(ev(120))).toEqual(ev(-120));
    expect(scoreFromReply(ev(0))).toEqual(ev(0));
    expect(scoreFromReply(win(2))).toEqual(loss(3)); // the reply wins in 2: the move loses in 3 (itself included)
    expect(scoreFromReply(loss(2))).toEqual(win(3)); // the reply loses in 2: the move wins in 3
  });

  it("a win in N is followed by a loss in N−1 for the other side; a win in 1 ends the game", () => {
    expect(nextMoveBound(win(13))).toEqual(loss(12));
    expect(nextMoveBound(win(1))).toBeNull();
    expect(nextMoveBound(ev(4000))).toBeNull();
    expect(nextMoveBound(loss(4))).toBeNull();
  });

  it("agreement: an evaluation after a win becomes the loss it is; a later proof refutes an earlier claim", () => {
    // 11×11 lab: black's j4 "win in 13", then the person's k3 "+1311" → "loss in 12".
    // And the move before j4 allowed that win: a loss in 14 (the search after it saw further).
    expect(agreeingScores([ev(20), win(13), ev(1311)])).toEqual([loss(14), win(13), loss(12)]);
    // A quicker loss is consistent (the defender did worse than the longest defence).
    expect(agreeingScores([win(13), loss(6)])).toEqual([win(13), loss(6)]);
    // The other side proves a win: the earlier move was a loss (its claim refuted), one ply longer.
    expect(agreeingScores([win(9), win(5)])).toEqual([loss(6), win(5)]);
    expect(agreeingScores([ev(300), win(5)])).toEqual([loss(6), win(5)]);
    // Missing scores stay missing; a five at the end is a win in 1 and speaks for the move before it.
    expect(agreeingScores([ev(10), null, ev(-40)])).toEqual([ev(10), null, ev(-40)]);
    expect(agreeingScores([ev(500), ev(-4046), ev(4046)], { endsInFive: true })).toEqual([ev(500), loss(2), win(1)]);
  });

  it("agreed scores have no contradiction; raw ones are found with their gap in win-% points", () => {
    const raw = [ev(0), win(13), ev(1311), win(11), ev(3241)];
    const found = contradictions(raw, 10);
    expect(found.map((c) => [c.ply, c.kind, Math.round(c.gap)])).toEqual([
      [2, "chance", 50], // a win found after an even score: the earlier search did not see it
      [3, "mate", 71], // "+1311" after a win in 13
      [4, "chance", 71], // a win after "+1311" for the other side
      [5, "mate", 90],
    ]);
    expect(contradictions(agreeingScores(raw), 10)).toEqual([]);
    // Evaluations: the next mover cannot gain more than the tolerance over 100 − win%(previous).
    const jump = contradictions([ev(2000), ev(2000)], 10); // both movers "winning"
    expect(jump).toHaveLength(1);
    expect(jump[0].gap).toBeGreaterThan(50);
    expect(contradictions([ev(500), ev(-480)], 10)).toEqual([]);
  });

  it("the casual player's values are not scores; win chances for people", () => {
    expect(searchIsScore("casual")).toBe(false);
    expect(searchIsScore("alphabeta")).toBe(true);
    expect(searchIsScore(undefined)).toBe(true);
    expect(winChanceText(win(3))).toBe("100");
    expect(winChanceText(loss(2))).toBe("0");
    expect(winChanceText(ev(0))).toBe("50");
    expect(winChanceText(ev(20000))).toBe(">99");
    expect(winChanceText(ev(-20000))).toBe("<1");
  });
});
