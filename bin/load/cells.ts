// Cells of a board coloured so that no colour ever has five in a row ((x + 2y) mod 4 < 2 is
// black): the load bench's players take their moves from these, so no game ends during a run.
export type Cell = { x: number; y: number };

export function noFiveCells(size: number): { 1: Cell[]; 2: Cell[] } {
  const out: { 1: Cell[]; 2: Cell[] } = { 1: [], 2: [] };
  const c = (size - 1) / 2;
  const order: Cell[] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) order.push({ x, y });
  order.sort((a, b) => Math.hypot(a.x - c, a.y - c) - Math.hypot(b.x - c, b.y - c));
  for (const p of order) out[(p.x + 2 * p.y) % 4 < 2 ? 1 : 2].push(p);
  return out;
}

/** Percentile (0–100) of numbers (sorted in place). */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  xs.sort((a, b) => a - b);
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
}
