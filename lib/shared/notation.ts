// How points are written for people: a column letter (a… left to right, no letter skipped)
// and a row number counted from the bottom, as renju diagrams and Piskvork do.
// h8 is the centre of 15×15, f6 of 11×11. Browser-safe.
import type { Point } from "../../engine";

const LETTERS = "abcdefghijklmnopqrs"; // up to 19 columns

export function toLabel(p: Point, size: number): string {
  return `${LETTERS[p.x]}${size - p.y}`;
}

/** "h8" → point, or null when it is not a point on this board. */
export function parseLabel(text: string, size: number): Point | null {
  const m = /^([a-s])(\d{1,2})$/i.exec(text.trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toLowerCase());
  const row = Number(m[2]);
  if (x < 0 || x >= size || row < 1 || row > size) return null;
  return { x, y: size - row };
}

/** A whole game as one string of labels, e.g. "h8i9j10". */
export function movesToString(moves: readonly Point[], size: number): string {
  return moves.map((m) => toLabel(m, size)).join("");
}

/** Parses "h8i9j10" (spaces and commas allowed). Throws with the position of the first bad token. */
export function parseMoveString(text: string, size: number): Point[] {
  const moves: Point[] = [];
  const re = /\s*,?\s*([a-s])(\d{1,2})/giy;
  let at = 0;
  const src = text.trim();
  while (at < src.length) {
    re.lastIndex = at;
    const m = re.exec(src);
    if (!m) throw new Error(`cannot read a move at character ${at + 1}: "${src.slice(at, at + 6)}"`);
    const p = parseLabel(m[1] + m[2], size);
    if (!p) throw new Error(`"${m[1]}${m[2]}" at character ${at + 1} is not on a ${size}×${size} board`);
    moves.push(p);
    at = re.lastIndex;
  }
  return moves;
}
