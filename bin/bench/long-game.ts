// The games the analysis benches queue (bin/bench-analysis.ts and its --workers variant): long, reproducible, undecided.
import { think, type Point, type Stone } from "../../engine";
import { cellsOf, winningLine } from "../../engine/rules";

/**
 * The moves of a game that lasts `n` plies: both sides play the engine's depth-2 choice, except a
 * move that would make five (the game must not end early): the next candidate instead.
 */
export function longGame(n: number, variant: number): Point[] {
  const stones: Stone[] = [];
  const moves: Point[] = [];
  const second = [
    { x: 8, y: 8 },
    { x: 6, y: 8 },
    { x: 8, y: 6 },
    { x: 6, y: 6 },
    { x: 7, y: 8 },
  ][variant % 5];
  for (let ply = 1; ply <= n; ply++) {
    const color = ply % 2 ? 1 : 2;
    let move: Point | undefined;
    if (ply === 1) move = { x: 7, y: 7 };
    else if (ply === 2) move = second;
    else {
      const a = think({ size: 15, rule: "freestyle", stones, toMove: color }, { maxDepth: 2 });
      const cells = cellsOf(15, stones);
      move = a.rootScores.map((r) => r.move).find((p) => !winningLine(15, "freestyle", cells, p, color));
      // The search may offer only its winning moves: then the empty point nearest the centre that does not win.
      if (!move) {
        const free: Point[] = [];
        for (let y = 0; y < 15; y++) for (let x = 0; x < 15; x++) if (!cells[y * 15 + x]) free.push({ x, y });
        free.sort((p, q) => Math.abs(p.x - 7) + Math.abs(p.y - 7) - (Math.abs(q.x - 7) + Math.abs(q.y - 7)));
        move = free.find((p) => !winningLine(15, "freestyle", cells, p, color));
      }
      if (!move) throw new Error("every point wins");
    }
    stones.push({ ...move, color });
    moves.push(move);
  }
  return moves;
}
