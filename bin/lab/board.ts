// The board as text: column letters above and below, row numbers (1 at the bottom) on both sides,
// x and o stones, the last move in brackets: ". [x] ." keeps every column in place.
import type { Point, Stone } from "../../engine/types";

const LETTERS = "abcdefghijklmnopqrs";
const CHAR = [".", "x", "o"] as const;

export function renderBoard(size: number, stones: readonly Stone[], last?: Point | null): string {
  const grid: string[][] = Array.from({ length: size }, () => Array<string>(size).fill(CHAR[0]));
  for (const s of stones) grid[s.y][s.x] = CHAR[s.color];
  const letters = "   " + [...LETTERS.slice(0, size)].map((l) => " " + l).join("");
  const lines = [letters];
  for (let y = 0; y < size; y++) {
    const label = String(size - y).padStart(2);
    let row = label + " ";
    for (let x = 0; x <= size; x++) {
      const isLast = (cx: number) => last != null && last.y === y && last.x === cx;
      row += isLast(x) ? "[" : isLast(x - 1) ? "]" : " ";
      if (x < size) row += grid[y][x];
    }
    lines.push(`${row} ${label}`); // a space so a bracketed last column never touches the label
  }
  lines.push(letters);
  return lines.join("\n");
}

/** Reads a board printed by renderBoard back: stones and the bracketed last move. For tests and tools. */
export function readBoard(text: string, size: number): { stones: Stone[]; last: Point | null } {
  const stones: Stone[] = [];
  let last: Point | null = null;
  const rows = text.split("\n").filter((l) => /^\s*\d+ /.test(l));
  if (rows.length !== size) throw new Error(`expected ${size} board rows, found ${rows.length}`);
  for (const line of rows) {
    const y = size - Number(line.slice(0, 2));
    for (let x = 0; x < size; x++) {
      const ch = line[4 + 2 * x];
      if (ch === "x" || ch === "o") stones.push({ x, y, color: ch === "x" ? 1 : 2 });
      else if (ch !== ".") throw new Error(`unexpected "${ch}" at row ${size - y}, column ${LETTERS[x]}`);
      if (line[3 + 2 * x] === "[") last = { x, y };
    }
  }
  return { stones, last };
}
