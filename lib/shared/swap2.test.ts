// The swap2 phase machine (lib/shared/swap2), pure: phases from (record, stones), who acts, every
// refusal with its code, the three ways the colours get settled, and which plies are the opening.
import { describe, expect, it } from "vitest";
import {
  applyChoice,
  choiceLines,
  choiceRefusal,
  firstPlayerColor,
  isOpeningPly,
  openingPlies,
  placeRefusal,
  swap2Phase,
  swap2Role,
  swapped,
  type Swap2Record,
} from "./swap2";
import { takebackRefusal } from "./takeback";

const AT = new Date("2026-01-01T12:00:00.000Z");

describe("swap2 phases", () => {
  it("goes place3 → choose3 → (place2 → choose5) → settled by stones and choices", () => {
    expect([0, 1, 2].map((n) => swap2Phase({}, n))).toEqual(["place3", "place3", "place3"]);
    expect(swap2Phase({}, 3)).toBe("choose3");
    expect(swap2Phase({ first: "black", at: "x" }, 3)).toBe("settled");
    expect(swap2Phase({ first: "white", at: "x" }, 3)).toBe("settled");
    expect(swap2Phase({ first: "place" }, 3)).toBe("place2");
    expect(swap2Phase({ first: "place" }, 4)).toBe("place2");
    expect(swap2Phase({ first: "place" }, 5)).toBe("choose5");
    expect(swap2Phase({ first: "place", second: "white", at: "x" }, 5)).toBe("settled");
  });

  it("the first player places three and chooses at five; the second chooses at three and places two", () => {
    expect(swap2Role("place3")).toBe("first");
    expect(swap2Role("choose3")).toBe("second");
    expect(swap2Role("place2")).toBe("second");
    expect(swap2Role("choose5")).toBe("first");
    expect(swap2Role("settled")).toBeNull();
  });
});

describe("swap2 refusals (each with its code, nothing assumed from the client)", () => {
  it("placing: the first player's seat (1) in place3, the second's (2) in place2, nobody while a choice is due", () => {
    expect(placeRefusal({}, 0, 1)).toBeNull();
    expect(placeRefusal({}, 2, 2)).toMatchObject({ code: "NOT_YOUR_TURN" });
    expect(placeRefusal({}, 3, 1)).toMatchObject({ code: "WRONG_PHASE" });
    expect(placeRefusal({}, 3, 2)).toMatchObject({ code: "WRONG_PHASE" });
    expect(placeRefusal({ first: "place" }, 3, 2)).toBeNull();
    expect(placeRefusal({ first: "place" }, 4, 1)).toMatchObject({ code: "NOT_YOUR_TURN" });
    expect(placeRefusal({ first: "place" }, 5, 2)).toMatchObject({ code: "WRONG_PHASE" });
    // Settled: the usual turn rule applies (the service checks colours).
    expect(placeRefusal({ first: "white", at: "x" }, 3, 2)).toBeNull();
  });

  it("choosing: only in choose3/choose5, only the right seat, only with the stones the chooser saw, place only at three", () => {
    expect(choiceRefusal({}, 2, 2, "black", 3)).toMatchObject({ code: "WRONG_PHASE" });
    expect(choiceRefusal({}, 3, 1, "black", 3)).toMatchObject({ code: "NOT_YOUR_TURN" });
    expect(choiceRefusal({}, 3, 2, "black", 5)).toMatchObject({ code: "WRONG_PLY" });
    expect(choiceRefusal({}, 3, 2, "black", 3)).toBeNull();
    expect(choiceRefusal({}, 3, 2, "place", 3)).toBeNull();
    expect(choiceRefusal({ first: "place" }, 5, 2, "white", 5)).toMatchObject({ code: "NOT_YOUR_TURN" });
    expect(choiceRefusal({ first: "place" }, 5, 1, "place", 5)).toMatchObject({ code: "NOT_ALLOWED" });
    expect(choiceRefusal({ first: "place" }, 5, 1, "white", 5)).toBeNull();
    expect(choiceRefusal({ first: "black", at: "x" }, 3, 2, "white", 3)).toMatchObject({ code: "WRONG_PHASE" });
  });
});

describe("swap2 choices settle the colours", () => {
  const settle = (choices: Array<[number, "black" | "white" | "place"]>): Swap2Record =>
    choices.reduce<Swap2Record>((r, [plies, c]) => applyChoice(r, plies, c, AT), {});

  it("the second takes black (swap): the seats are exchanged, the opening is three stones", () => {
    const r = settle([[3, "black"]]);
    expect(r).toEqual({ first: "black", at: AT.toISOString() });
    expect(firstPlayerColor(r)).toBe(2);
    expect(swapped(r)).toBe(true);
    expect(openingPlies(r)).toBe(3);
  });

  it("the second stays white: nothing exchanged", () => {
    const r = settle([[3, "white"]]);
    expect(swapped(r)).toBe(false);
    expect(openingPlies(r)).toBe(3);
  });

  it("two more, then the first chooses: white exchanges the seats, black does not; the opening is five stones", () => {
    const mid = settle([[3, "place"]]);
    expect(mid).toEqual({ first: "place" });
    expect(openingPlies(mid)).toBeNull();
    expect(swapped(mid)).toBe(false);
    const w = applyChoice(mid, 5, "white", AT);
    expect(w).toEqual({ first: "place", second: "white", at: AT.toISOString() });
    expect(swapped(w)).toBe(true);
    expect(openingPlies(w)).toBe(5);
    expect(swapped(applyChoice(mid, 5, "black", AT))).toBe(false);
  });

  it("opening plies: all while unsettled, the first three or five after", () => {
    expect(isOpeningPly({}, 9)).toBe(true);
    expect(isOpeningPly({ first: "white", at: "x" }, 3)).toBe(true);
    expect(isOpeningPly({ first: "white", at: "x" }, 4)).toBe(false);
    expect(isOpeningPly({ first: "place", second: "black", at: "x" }, 5)).toBe(true);
    expect(isOpeningPly({ first: "place", second: "black", at: "x" }, 6)).toBe(false);
  });

  it("the choice lines for the move list", () => {
    expect(choiceLines({ first: "black" }).map((l) => l.text)).toEqual(["White chose to swap: takes black"]);
    expect(choiceLines({ first: "place", second: "white" }).map((l) => [l.afterPly, l.text])).toEqual([
      [3, "White chose to place two more"],
      [5, "Black chose to swap: takes white"],
    ]);
  });

  it("takeback never reaches into the opening", () => {
    const moves = [1, 2, 1, 2].map((color) => ({ color: color as 1 | 2 }));
    const g = { kind: "hva" as const, status: "playing" as const, reason: null, moves };
    expect(takebackRefusal({ ...g, swap2: {} }, 1)).toMatchObject({ code: "NOT_ALLOWED" });
    // Black's last move is ply 3, an opening stone: nothing to take back.
    expect(takebackRefusal({ ...g, swap2: { first: "white", at: "x" } }, 1)).toMatchObject({ code: "NOT_ALLOWED" });
    // White's ply 4 came after the opening.
    expect(takebackRefusal({ ...g, swap2: { first: "white", at: "x" } }, 2)).toBeNull();
  });
});
