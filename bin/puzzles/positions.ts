// Position helpers of the puzzle miner: a key up to the board's symmetries, the points near the stones.
import type { Color, Point, Stone } from "../../engine/types";

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
