// Zobrist keys as two 32-bit halves (no BigInt in the hot path). Fixed seed: hashes, and so
// searches, are reproducible run to run.
const CELLS = 30 * 30; // largest padded board (20 + 2×5)
/** The table's size before 20×20 boards: its keys are drawn first, in the same order, so every 19×19-or-smaller search is unchanged. */
const OLD_CELLS = 29 * 29;

/** Mulberry32: a small seeded generator of uint32s (the keys below; seeded tools and tests use mulberry32Float). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const rnd = mulberry32(0x9e3779b9);
/** Index: color * CELLS + cell (color 1 or 2). */
export const ZOBRIST_LO = new Uint32Array(3 * CELLS);
export const ZOBRIST_HI = new Uint32Array(3 * CELLS);
const draw = (color: number, cell: number) => {
  ZOBRIST_LO[color * CELLS + cell] = rnd();
  ZOBRIST_HI[color * CELLS + cell] = rnd();
};
// The old order: index OLD_CELLS.. 3·OLD_CELLS, i.e. colour 1's cells then colour 2's.
for (let i = OLD_CELLS; i < 3 * OLD_CELLS; i++) draw(Math.floor(i / OLD_CELLS), i % OLD_CELLS);
for (let color = 1; color <= 2; color++) for (let cell = OLD_CELLS; cell < CELLS; cell++) draw(color, cell);
export const ZOBRIST_CELLS = CELLS;

/** Mulberry32 as floats in [0, 1): reproducible from `seed` (opening files, fuzz runs). */
export function mulberry32Float(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}
