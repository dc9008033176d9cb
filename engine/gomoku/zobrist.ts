// Zobrist keys as two 32-bit halves (no BigInt in the hot path). Fixed seed: hashes, and so
// searches, are reproducible run to run.
const CELLS = 29 * 29; // largest padded board (19 + 2×5)

function mulberry32(seed: number): () => number {
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
for (let i = CELLS; i < 3 * CELLS; i++) {
  ZOBRIST_LO[i] = rnd();
  ZOBRIST_HI[i] = rnd();
}
export const ZOBRIST_CELLS = CELLS;
