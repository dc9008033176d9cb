// Nim as in the lecture: a heap of stones, each player takes 1..maxTake, who cannot move loses.
// Utility: +1 when MAX wins, −1 when MIN wins.
import type { Game } from "./game";

export interface NimState {
  stones: number;
  toMove: "MAX" | "MIN";
}

export function nim(stones = 4, maxTake = 2): Game<NimState, number> {
  return {
    initialState: () => ({ stones, toMove: "MAX" }),
    player: (s) => s.toMove,
    actions: (s) => {
      const takes: number[] = [];
      for (let k = 1; k <= Math.min(maxTake, s.stones); k++) takes.push(k);
      return takes;
    },
    result: (s, k) => ({ stones: s.stones - k, toMove: s.toMove === "MAX" ? "MIN" : "MAX" }),
    isTerminal: (s) => s.stones === 0,
    utility: (s) => (s.toMove === "MAX" ? -1 : 1), // the side to move has no stone to take: it lost
    evaluate: () => 0, // nothing known short of the end
  };
}
