// What the person types: a label (f6), the lab's 0-based "row,col" (5,5; a Chinese keyboard's "5，5"
// too), help or quit (帮助, 退出).
import { parseLabel, toLabel } from "../../lib/shared/notation";
import type { Point } from "../../engine/types";
import { type LabText, english } from "./i18n";

export type MoveInput = { kind: "move"; point: Point } | { kind: "quit" } | { kind: "help" } | { kind: "error"; message: string };

const LETTERS = "abcdefghijklmnopqrst";

export function formatsHelp(size: number, text: LabText = english()): string {
  const c = Math.floor(size / 2);
  return text.t("intro.formats", { label: toLabel({ x: c, y: c }, size), c, lastColumn: LETTERS[size - 1], size, maxIndex: size - 1 });
}

/** cells: index y*size+x, 0 empty, 1 x, 2 o. */
export function parseMoveInput(input: string, size: number, cells: Uint8Array, text: LabText = english()): MoveInput {
  const t = input.trim();
  const lower = t.toLowerCase();
  if (lower === "quit" || lower === "q" || lower === "exit" || t === "退出") return { kind: "quit" };
  if (lower === "help" || lower === "?" || t === "？" || t === "帮助") return { kind: "help" };
  if (t === "") return { kind: "error", message: text.t("input.nothing", { help: formatsHelp(size, text) }) };
  let point: Point | null;
  const rc = /^[(（]?\s*(-?\d+)(?:\s*[,，、]|[^\S ]* )\s*(-?\d+)\s*[)）]?$/.exec(t);
  if (rc) {
    const row = Number(rc[1]);
    const col = Number(rc[2]);
    if (row < 0 || col < 0 || row >= size || col >= size) {
      return { kind: "error", message: text.t("input.offLab", { row, col, maxIndex: size - 1 }) };
    }
    point = { x: col, y: row };
  } else if (/^[a-z]\d{1,2}$/i.test(t)) {
    point = parseLabel(t, size);
    if (!point) {
      return { kind: "error", message: text.t("input.offLabel", { text: t, lastColumn: LETTERS[size - 1], size }) };
    }
  } else {
    return { kind: "error", message: text.t("input.notMove", { text: t, help: formatsHelp(size, text) }) };
  }
  const occupant = cells[point.y * size + point.x];
  if (occupant !== 0) {
    return { kind: "error", message: text.t("input.taken", { label: toLabel(point, size), stone: text.stone(occupant === 1 ? 1 : 2) }) };
  }
  return { kind: "move", point };
}
