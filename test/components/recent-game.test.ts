import { describe, expect, it } from "vitest";
import { recentOutcome, showsRated } from "../../app/_components/players/recent-game";

describe("a game on a player's page", () => {
  it("an aborted rated challenge reads 'aborted' and shows no rated mark (trial F9)", () => {
    const aborted = { color: 1 as const, result: null, reason: "abort" as const, rated: true };
    expect(recentOutcome(aborted)).toBe("aborted");
    expect(showsRated(aborted)).toBe(false);
  });

  it("a finished rated game reads as won, lost or drawn from the player's side and shows the mark", () => {
    expect(recentOutcome({ color: 1, result: "black", reason: "five" })).toBe("won");
    expect(recentOutcome({ color: 2, result: "black", reason: "five" })).toBe("lost");
    expect(recentOutcome({ color: 2, result: "draw", reason: "agreement" })).toBe("draw");
    expect(recentOutcome({ color: 2, result: null, reason: null })).toBe("none");
    expect(showsRated({ rated: true, reason: "resign" })).toBe(true);
    expect(showsRated({ rated: false, reason: "resign" })).toBe(false);
  });
});
