// A one-ply heuristic brain: wins when it can, blocks a five, else plays the point with the best
// pattern score for both sides. Fast and deterministic: a baseline opponent for matches and the
// protocol's tests, never the real engine.
import type { Analysis, Color, Limits, Point, Position } from "../../engine/types";
import { DIRECTIONS, cellsOf, winningLine } from "../../engine/rules";

function lineValue(cells: Uint8Array, size: number, x: number, y: number, color: Color): number {
  let total = 0;
  for (const [dx, dy] of DIRECTIONS) {
    let run = 1;
    let open = 0;
    for (const s of [1, -1]) {
      let cx = x + dx * s;
      let cy = y + dy * s;
      while (cx >= 0 && cy >= 0 && cx < size && cy < size && cells[cy * size + cx] === color) {
        run++;
        cx += dx * s;
        cy += dy * s;
      }
      if (cx >= 0 && cy >= 0 && cx < size && cy < size && cells[cy * size + cx] === 0) open++;
    }
    if (run >= 5) total += 1e7;
    else if (open > 0) total += [0, 1, 10, 100, 1000][run] * (open === 2 ? 4 : 1);
  }
  return total;
}

export function simpleBrain(position: Position, _limits: Limits): Analysis {
  const t0 = performance.now();
  const { size, stones, toMove } = position;
  const cells = cellsOf(size, stones);
  const them: Color = toMove === 1 ? 2 : 1;
  let best: Point | null = null;
  let bestValue = -1;
  let nodes = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (cells[y * size + x] !== 0) continue;
      nodes++;
      const p = { x, y };
      cells[y * size + x] = toMove;
      const win = winningLine(size, position.rule, cells, p, toMove);
      cells[y * size + x] = them;
      const block = winningLine(size, position.rule, cells, p, them);
      cells[y * size + x] = 0;
      const c = (size - 1) / 2;
      const v =
        (win ? 1e9 : 0) +
        (block ? 1e8 : 0) +
        lineValue(cells, size, x, y, toMove) * 1.1 +
        lineValue(cells, size, x, y, them) -
        (Math.abs(x - c) + Math.abs(y - c)) * 0.01;
      if (v > bestValue) [best, bestValue] = [p, v];
    }
  return {
    move: best,
    score: bestValue >= 1e9 ? { kind: "win", plies: 1 } : { kind: "eval", value: 0 },
    depth: 1,
    nodes,
    timeMs: performance.now() - t0,
    pv: best ? [best] : [],
    rootScores: [],
  };
}
