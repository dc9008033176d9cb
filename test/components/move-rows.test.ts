import { describe, expect, it } from "vitest";
import { moveRows } from "../../app/_components/move-rows";

const move = (ply: number) => ({ ply, color: ply % 2 === 1 ? 1 : 2 });

describe("the move list's rows", () => {
  it("pairs black and white from move 1", () => {
    const rows = moveRows([1, 2, 3].map(move));
    expect(rows.map((r) => [r.n, r.black?.ply ?? null, r.white?.ply ?? null])).toEqual([
      [1, 1, 2],
      [2, 3, null],
    ]);
  });

  it("after a swap2 opening of three stones, white's 4th stone is in row 2 and black's 5th opens row 3", () => {
    const rows = moveRows([4, 5, 6].map(move));
    expect(rows.map((r) => [r.n, r.black?.ply ?? null, r.white?.ply ?? null])).toEqual([
      [2, null, 4],
      [3, 5, 6],
    ]);
  });

  it("after five opening stones, white's 6th stone is in row 3", () => {
    expect(moveRows([6, 7].map(move)).map((r) => r.n)).toEqual([3, 4]);
  });

  it("has no rows without moves", () => {
    expect(moveRows([])).toEqual([]);
  });
});
