// Move confirmation (lib/client/move-confirm): the first tap shows, the second on the same point plays.
import { describe, expect, it } from "vitest";
import { tap } from "./move-confirm";

const h8 = { x: 7, y: 7 };
const j9 = { x: 8, y: 6 };

describe("tap", () => {
  it("shows a ghost on the first tap and plays on a second tap at the same point", () => {
    const first = tap(null, h8, true);
    expect(first).toEqual({ ghost: h8, play: null });
    expect(tap(first.ghost, { ...h8 }, true)).toEqual({ ghost: null, play: h8 });
  });

  it("moves the ghost when the second tap is elsewhere, and plays nothing", () => {
    expect(tap(h8, j9, true)).toEqual({ ghost: j9, play: null });
  });

  it("plays at once when confirmation is off", () => {
    expect(tap(null, h8, false)).toEqual({ ghost: null, play: h8 });
    expect(tap(j9, h8, false)).toEqual({ ghost: null, play: h8 });
  });
});
