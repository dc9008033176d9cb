// What the person types: a label (f6), the lab's 0-based "row,col" (5,5), help or quit.
import { parseLabel, toLabel } from "../../lib/shared/notation";
import type { Point } from "../../engine/types";

export type MoveInput = { kind: "move"; point: Point } | { kind: "quit" } | { kind: "help" } | { kind: "error"; message: string };

const LETTERS = "abcdefghijklmnopqrs";

export function formatsHelp(size: number): string {
  const c = Math.floor(size / 2);
  return (
    `Type a column letter and a row number counted from the bottom, like ${toLabel({ x: c, y: c }, size)}, ` +
    `or the lab's row,col counted from 0 at the top left, like ${c},${c}. ` +
    `Columns a–${LETTERS[size - 1]}, rows 1–${size} (lab: 0–${size - 1}). "quit" stops the game.`
  );
}

/** cells: index y*size+x, 0 empty, 1 x, 2 o. */
export function parseMoveInput(text: string, size: number, cells: Uint8Array): MoveInput {
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower === "quit" || lower === "q" || lower === "exit") return { kind: "quit" };
  if (lower === "help" || lower === "?") return { kind: "help" };
  if (t === "") return { kind: "error", message: `Nothing was typed. ${formatsHelp(size)}` };
  let point: Point | null;
  const rc = /^\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?$/.exec(t);
  if (rc) {
    const row = Number(rc[1]);
    const col = Number(rc[2]);
    if (row < 0 || col < 0 || row >= size || col >= size) {
      return { kind: "error", message: `${row},${col} is off the board: the lab's rows and columns go from 0 to ${size - 1}.` };
    }
    point = { x: col, y: row };
  } else if (/^[a-z]\d{1,2}$/i.test(t)) {
    point = parseLabel(t, size);
    if (!point) {
      return { kind: "error", message: `${t} is off the board: columns go from a to ${LETTERS[size - 1]} and rows from 1 to ${size}.` };
    }
  } else {
    return { kind: "error", message: `"${t}" is not a move. ${formatsHelp(size)}` };
  }
  const occupant = cells[point.y * size + point.x];
  if (occupant !== 0) {
    return { kind: "error", message: `${toLabel(point, size)} is already taken by ${occupant === 1 ? "x" : "o"}: choose an empty point.` };
  }
  return { kind: "move", point };
}
