// How points are written for people: a column letter (a… left to right, no letter skipped) and a
// row number counted from the bottom, as renju diagrams and Piskvork do: h8 is the centre of 15×15.
// Here so the engine's puzzle proofs (engine/puzzles) can write their lines; lib/shared/notation
// re-exports these and reads whole move strings.
import type { Point } from "../types";

const LETTERS = "abcdefghijklmnopqrst"; // up to 20 columns (MAX_SIZE)

export function toLabel(p: Point, size: number): string {
  return `${LETTERS[p.x]}${size - p.y}`;
}

/** "h8" → point, or null when it is not a point on this board. */
export function parseLabel(text: string, size: number): Point | null {
  const m = /^([a-t])(\d{1,2})$/i.exec(text.trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toLowerCase());
  const row = Number(m[2]);
  if (x < 0 || x >= size || row < 1 || row > size) return null;
  return { x, y: size - row };
}
