// Test helper: positions drawn as pictures ('x' black, 'o' white, '.' empty; row 0 on top).
import type { Color, Position, Rule, Stone } from "../../engine/types";

export function picture(rows: string, toMove: Color, rule: Rule = "freestyle"): Position {
  const lines = rows
    .trim()
    .split("\n")
    .map((l) => l.replace(/\s+/g, ""));
  const size = lines.length;
  const stones: Stone[] = [];
  lines.forEach((line, y) => {
    if (line.length !== size) throw new Error(`row ${y} has ${line.length} cells, expected ${size}`);
    [...line].forEach((ch, x) => {
      if (ch === "x") stones.push({ x, y, color: 1 });
      else if (ch === "o") stones.push({ x, y, color: 2 });
    });
  });
  return { size, rule, stones, toMove };
}

/** Shared by every player's tests. Black to move; black's four on row 4 wins at (6,4). */
export const WIN_IN_ONE = picture(
  `
  . . . . . . . . .
  . . . . . . . . .
  . . o o o . . . .
  . . . . . . . . .
  . o x x x x . . .
  . . . . . . . . .
  . . . . o . . . .
  . . . . . . . . .
  . . . . . . . . .`,
  1,
);

/** Black to move; white's four on row 4 must be blocked at (6,4). */
export const BLOCK_FOUR = picture(
  `
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . x . . . . . .
  . x o o o o . . .
  . . . x . . . . .
  . . . . . . . . .
  . . . . . . . . .
  . . . . . . . . .`,
  1,
);
