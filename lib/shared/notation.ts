// How points are written for people: a column letter (a… left to right, no letter skipped)
// and a row number counted from the bottom, as renju diagrams and Piskvork do.
// h8 is the centre of 15×15, f6 of 11×11. The one reader of move strings (readLabels). Browser-safe.
// toLabel and parseLabel live in the engine (engine/board/labels.ts: its puzzle proofs write lines with them).
import { parseLabel, toLabel, type Point } from "../../engine";
import { ImportError } from "./import-errors";

export { toLabel, parseLabel };

/** A whole game as one string of labels, e.g. "h8i9j10". */
export function movesToString(moves: readonly Point[], size: number): string {
  return moves.map((m) => toLabel(m, size)).join("");
}

/** A label read from a move string, as typed, with where it stands (1-based line and column). */
export interface LabelAt {
  point: Point;
  text: string;
  line: number;
  column: number;
}

/**
 * The labels of a move string ("h8i9j10", "h8 i9 j10", "1. h8 i9 2. j10", one a line…), one by one:
 * separators (spaces, commas, semicolons, newlines) and move numbers ("12.") are skipped. Throws
 * ImportError with the line and column of the first token that is not a point on a size×size board.
 */
export function* readLabels(text: string, size: number): Generator<LabelAt> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (const [li, line] of lines.entries()) {
    let at = 0;
    while (at < line.length) {
      const rest = line.slice(at);
      const skip = /^(?:[\s,;]+|\d+\.+)/.exec(rest);
      if (skip) {
        at += skip[0].length;
        continue;
      }
      const m = /^([a-zA-Z])(\d{1,2})(?![0-9])/.exec(rest);
      const column = at + 1;
      if (!m) {
        const token = /^\S{1,8}/.exec(rest)?.[0] ?? rest.slice(0, 8);
        throw new ImportError(li + 1, column, "MOVE_UNREADABLE", { token });
      }
      const point = parseLabel(m[1] + m[2], size);
      if (!point) throw new ImportError(li + 1, column, "LABEL_OFF_BOARD", { label: m[0], size, last: `${String.fromCharCode(96 + size)}${size}` });
      yield { point, text: m[0], line: li + 1, column };
      at += m[0].length;
    }
  }
}

/** The points of a move string (read as readLabels reads it), any points: no rule is checked. */
export function parseMoveString(text: string, size: number): Point[] {
  return Array.from(readLabels(text, size), (l) => l.point);
}
