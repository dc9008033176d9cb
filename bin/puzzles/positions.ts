// Position helpers of the puzzle miner: seeded self-play games, the points near the stones (the key up to symmetry is the
// engine's, engine/puzzles/key.ts, re-exported: the server's mining uses it too).
import type { Point, Rule, Stone } from "../../engine/types";
import { think } from "../../engine/search/think";
import { Referee } from "../match/referee";

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

/** A board size drawn from r in [0, 1): 11 (25 %), 15 (50 %), 19 (15 %), 20 (10 %). */
export function pickSize(r: number): number {
  if (r < 0.25) return 11;
  if (r < 0.75) return 15;
  return r < 0.9 ? 19 : 20;
}

/** A seeded self-play game (think() with a node limit, some random moves early; `lateRandom`: the
 *  chance of a random nearby move after that too, a human's blunder or missed win): its moves. */
export function selfPlay(size: number, rule: Rule, rand: () => number, nodes: number, lateRandom = 0): Point[] {
  const ref = new Referee(size, rule);
  const c = Math.floor(size / 2);
  const opening = 3 + Math.floor(rand() * 3);
  while (ref.moves.length < opening) {
    const p = { x: c - 2 + Math.floor(rand() * 5), y: c - 2 + Math.floor(rand() * 5) };
    if (!ref.cells[p.y * size + p.x]) ref.play(p);
  }
  while (!ref.finished && ref.moves.length < size * size) {
    let move: Point | null = null;
    let random = false;
    if ((ref.moves.length < 16 && rand() < 0.15) || (lateRandom > 0 && ref.moves.length >= 16 && rand() < lateRandom)) {
      random = true;
      const near = nearPoints(size, ref.cells);
      move = near[Math.floor(rand() * near.length)] ?? null;
    }
    if (!move) {
      const stones: Stone[] = ref.moves.map((m, i) => ({ ...m, color: i % 2 === 0 ? 1 : 2 }));
      move = think({ size, rule, stones, toMove: ref.toMove }, { maxNodes: nodes, exactRootScores: false }).move;
    }
    if (!move) break;
    // Renju: a random move on a forbidden point is drawn again; the engine's never is (else the game ends here).
    if (ref.play(move).kind === "illegal" && !random) break;
  }
  return ref.moves;
}
