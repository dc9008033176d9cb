// Transposition table in typed arrays: one slot per index (low hash bits), verified by the high
// half. Depth-preferred replacement: a slot keeps its entry unless the new one searched at least
// as deep, or the old one is from an earlier search (age).
export const TT_EXACT = 1;
export const TT_LOWER = 2; // score ≥ stored (fail high)
export const TT_UPPER = 3; // score ≤ stored (fail low)

export class TranspositionTable {
  readonly mask: number;
  private readonly check: Uint32Array;
  private readonly score: Int16Array;
  private readonly move: Int16Array;
  private readonly depth: Int8Array;
  private readonly flag: Uint8Array;
  private readonly age: Uint8Array;
  private generation = 1;

  // Filled by probe().
  hitScore = 0;
  hitMove = -1;
  hitDepth = 0;
  hitFlag = 0;

  constructor(bits = 20) {
    const n = 1 << bits;
    this.mask = n - 1;
    this.check = new Uint32Array(n);
    this.score = new Int16Array(n);
    this.move = new Int16Array(n);
    this.depth = new Int8Array(n);
    this.flag = new Uint8Array(n);
    this.age = new Uint8Array(n);
  }

  /** Forget everything (a fresh think() must not depend on earlier ones: determinism). */
  clear(): void {
    this.flag.fill(0);
    this.generation = 1;
  }

  /**
   * A new search that keeps the entries of the ones before it (the brain, move after move): they
   * still answer probes, but any store of the new search may replace them (aging).
   */
  nextGeneration(): void {
    this.generation = this.generation === 255 ? 1 : this.generation + 1;
  }

  probe(lo: number, hi: number): boolean {
    const i = lo & this.mask;
    if (this.flag[i] === 0 || this.check[i] !== hi >>> 0) return false;
    this.hitScore = this.score[i];
    this.hitMove = this.move[i];
    this.hitDepth = this.depth[i];
    this.hitFlag = this.flag[i];
    return true;
  }

  store(lo: number, hi: number, depth: number, flag: number, score: number, move: number): void {
    const i = lo & this.mask;
    if (this.flag[i] !== 0 && this.age[i] === this.generation && this.depth[i] > depth && this.check[i] !== hi >>> 0) return;
    this.check[i] = hi >>> 0;
    this.depth[i] = depth < 0 ? 0 : depth > 127 ? 127 : depth;
    this.flag[i] = flag;
    this.score[i] = score;
    this.move[i] = move;
    this.age[i] = this.generation;
  }
}
