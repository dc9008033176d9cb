// The move check (./check: the stored line, nothing searched) and the daily pick (./daily).
import { describe, expect, it } from "vitest";
import { areaAround, judge, playedOf } from "./check";
import { dailyIndex, dayOf } from "./daily";

const vcf = { line: ["g4", "c4", "g7", "g3", "c3"], finish: ["c3"] };

describe("judge", () => {
  it("takes the line's moves, answers with the defender's reply, ends on any finishing five", () => {
    expect(judge(vcf, 0, "g4")).toEqual({ kind: "continue", reply: "c4", step: 2 });
    expect(judge(vcf, 2, "g7")).toEqual({ kind: "continue", reply: "g3", step: 4 });
    expect(judge(vcf, 4, "c3")).toEqual({ kind: "solved" });
    expect(judge({ line: ["f5", "f7", "f2"], finish: ["f2", "f8"] }, 2, "f8")).toEqual({ kind: "solved" });
    expect(playedOf(vcf, 4)).toEqual(["g4", "c4", "g7", "g3"]);
  });

  it("refuses any other move, the right move at the wrong step too", () => {
    expect(judge(vcf, 0, "g7")).toEqual({ kind: "wrong" });
    expect(judge(vcf, 2, "g4")).toEqual({ kind: "wrong" });
    expect(judge({ line: ["d3"], finish: [] }, 0, "d4")).toEqual({ kind: "wrong" });
    expect(judge({ line: ["d3"], finish: [] }, 0, "d3")).toEqual({ kind: "solved" });
  });

  it("hints a 5×5 area that holds the move and stays on the board", () => {
    expect(areaAround({ x: 0, y: 0 }, 15)).toEqual({ x0: 0, y0: 0, x1: 4, y1: 4 });
    expect(areaAround({ x: 14, y: 7 }, 15)).toEqual({ x0: 10, y0: 5, x1: 14, y1: 9 });
  });
});

describe("the daily puzzle", () => {
  it("is one index per UTC day, the same all day, not the same every day", () => {
    expect(dayOf(Date.UTC(2026, 10, 27, 0, 0, 1))).toBe("2026-11-27");
    expect(dayOf(Date.UTC(2026, 10, 27, 23, 59, 59))).toBe("2026-11-27");
    const days = Array.from({ length: 30 }, (_, i) => dailyIndex(dayOf(Date.UTC(2026, 10, 1 + i)), 100));
    expect(days.every((d) => d >= 0 && d < 100)).toBe(true);
    expect(new Set(days).size).toBeGreaterThan(20);
  });
});
