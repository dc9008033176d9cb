// A move checked against the stored solution: no engine at request time, only the line the solver
// proved (bin/puzzles/prove.ts). Pure: the attempt's step in, the verdict out.
export interface Solution {
  line: string[];
  /** Attack: every five that ends it (any of them at the last step). */
  finish: string[];
}

export type Verdict = { kind: "wrong" } | { kind: "solved" } | { kind: "continue"; reply: string; step: number };

/** The side to move's move at `step` (an even index of the line). */
export function judge(s: Solution, step: number, move: string): Verdict {
  const last = step >= s.line.length - 1;
  const right = last && s.finish.length ? s.finish.includes(move) : s.line[step] === move;
  if (!right) return { kind: "wrong" };
  if (last) return { kind: "solved" };
  return { kind: "continue", reply: s.line[step + 1], step: step + 2 };
}

/** The moves on the board after `step` plies of the line. */
export const playedOf = (s: Solution, step: number): string[] => s.line.slice(0, step);

/** Hint 1: the square around the next move (a 5×5 area, kept on the board); hint 2: the move. */
export function areaAround(p: { x: number; y: number }, size: number) {
  const clamp = (v: number) => Math.max(0, Math.min(size - 5, v));
  const x0 = clamp(p.x - 2);
  const y0 = clamp(p.y - 2);
  return { x0, y0, x1: x0 + 4, y1: y0 + 4 };
}
