// Position helpers of the puzzle miner: the points near the stones (the key up to symmetry is the
// engine's, engine/puzzles/key.ts, re-exported: the server's mining uses it too).
import type { Point } from "../../engine/types";

export { canonicalKey, puzzleKey } from "../../engine/puzzles/key";

/** The empty points within 2 of a stone. */
export function nearPoints(size: number, cells: Uint8Array): Point[] {
  const near: Point[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (cells[y * size + x]) continue;
      let close = false;
      for (let dy = -2; dy <= 2 && !close; dy++)
        for (let dx = -2; dx <= 2 && !close; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          close = xx >= 0 && yy >= 0 && xx < size && yy < size && cells[yy * size + xx] !== 0;
        }
      if (close) near.push({ x, y });
    }
  return near;
}
