// A position's key up to the 8 symmetries of the square: two puzzles with the same key are one
// (the miner's merge, the server's mining and the tactics harvester skip a position already kept).
import type { Color, Rule, Stone } from "../types";

/** The stones' key up to the 8 symmetries of the square (and the side to move); the tactics harvester uses it too. */
export function canonicalKey(size: number, stones: readonly Stone[], toMove: Color): string {
  const n = size - 1;
  const maps: Array<(x: number, y: number) => [number, number]> = [
    (x, y) => [x, y],
    (x, y) => [n - x, y],
    (x, y) => [x, n - y],
    (x, y) => [n - x, n - y],
    (x, y) => [y, x],
    (x, y) => [n - y, x],
    (x, y) => [y, n - x],
    (x, y) => [n - y, n - x],
  ];
  let best = "";
  for (const f of maps) {
    const k = stones
      .map((s) => {
        const [x, y] = f(s.x, s.y);
        return s.color * 1000 + y * 32 + x;
      })
      .sort((a, b) => a - b)
      .join(",");
    if (!best || k < best) best = k;
  }
  return `${size}/${toMove}/${best}`;
}

/** A puzzle position's key, per rule (one position can make a puzzle under each rule). */
export const puzzleKey = (rule: Rule, size: number, stones: readonly Stone[], toMove: Color): string =>
  rule === "freestyle" ? canonicalKey(size, stones, toMove) : `${rule}:${canonicalKey(size, stones, toMove)}`;
