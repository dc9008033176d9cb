// The board as text: column letters above and below, row numbers (1 at the bottom) on both sides,
// x and o stones, the last move in brackets: ". [x] ." keeps every column in place.
// The glyphs come from the catalogue (English: . x o and a b c; Chinese: ＋ 黑 白 and ａ ｂ ｃ, each
// two columns wide). Every glyph is one UTF-16 unit, so a glyph sits at the same string index in the
// letter lines and the rows whatever its width, and the columns line up on screen as long as the
// letters and the stones are equally wide (test/lab-i18n.test.ts checks it by display width).
import type { Point, Stone } from "../../engine/types";
import type { BoardGlyphs } from "./i18n";

/** The English board, the lab's own: what the course's grader reads. */
export const ASCII_GLYPHS: BoardGlyphs = { columns: "abcdefghijklmnopqrst", empty: ".", black: "x", white: "o" };

export function renderBoard(size: number, stones: readonly Stone[], last?: Point | null, glyphs: BoardGlyphs = ASCII_GLYPHS): string {
  const cellGlyph = [glyphs.empty, glyphs.black, glyphs.white] as const;
  const grid: string[][] = Array.from({ length: size }, () => Array<string>(size).fill(cellGlyph[0]));
  for (const s of stones) grid[s.y][s.x] = cellGlyph[s.color];
  const letters = "   " + [...glyphs.columns.slice(0, size)].map((l) => " " + l).join("");
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
export function readBoard(text: string, size: number, glyphs: BoardGlyphs = ASCII_GLYPHS): { stones: Stone[]; last: Point | null } {
  const stones: Stone[] = [];
  let last: Point | null = null;
  const rows = text.split("\n").filter((l) => /^\s*\d+ /.test(l));
  if (rows.length !== size) throw new Error(`expected ${size} board rows, found ${rows.length}`);
  for (const line of rows) {
    const y = size - Number(line.slice(0, 2));
    for (let x = 0; x < size; x++) {
      const ch = line[4 + 2 * x];
      if (ch === glyphs.black || ch === glyphs.white) stones.push({ x, y, color: ch === glyphs.black ? 1 : 2 });
      else if (ch !== glyphs.empty) throw new Error(`unexpected "${ch}" at row ${size - y}, column ${glyphs.columns[x]}`);
      if (line[3 + 2 * x] === "[") last = { x, y };
    }
  }
  return { stones, last };
}
