// Transposition table: one slot per index (low hash bits), verified by the high half.
// Depth-preferred replacement: a slot keeps its entry unless the new one searched at least as deep,
// or the old one is from an earlier search (age).
//
// Shareable between threads (Lazy SMP, engine/search/smp.ts): the whole table is one buffer, a
// SharedArrayBuffer where the platform has one (Node; a browser page only when cross-origin
// isolated, else a plain ArrayBuffer), each entry three Uint32 words:
//   d0 = score (16 bits, two's complement) | move + 1 (10 bits) << 16 | flag (2 bits) << 26
//   d1 = depth (7 bits) | age (8 bits) << 7 | epoch (17 bits) << 15
//   k  = keyHigh ^ d0 ^ d1
// (Hyatt's lockless hashing: aligned 32-bit reads and writes do not tear, so an entry half-written
// by another thread, or two threads' halves mixed, fails the check and reads as a miss.) Each field
// keeps the range of the typed arrays before it (score Int16, move −1..899, depth 0..127, age
// 1..255), so one thread's searches are bit-identical to the unpacked table's.
// The epoch makes clear() one write instead of a pass over 12 MB (3 ms a think() call): an entry
// of an earlier epoch is empty, as a zero flag is. After the entries, a small header: the
// generation and the epoch (written by the main thread's clear() and nextGeneration(), read by a
// helper thread when it takes the table: useSharedTable()).
export const TT_EXACT = 1;
export const TT_LOWER = 2; // score ≥ stored (fail high)
export const TT_UPPER = 3; // score ≤ stored (fail low)

const WORDS = 3;
const HEADER_WORDS = 2;
const GEN = 0; // header words: the generation, the epoch
const EPOCH = 1;
const EPOCHS = 1 << 17;

const newBuffer = (bytes: number): ArrayBuffer | SharedArrayBuffer =>
  typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);

export class TranspositionTable {
  readonly mask: number;
  /** The table's memory: hand it to a helper thread (useSharedTable) to share the table. */
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  private readonly w: Uint32Array;
  private readonly header: Int32Array;
  private generation = 1;
  /** Entries of another epoch are empty; stored pre-shifted (the bits of d1 above depth and age). */
  private epoch = 0;

  // Filled by probe().
  hitScore = 0;
  hitMove = -1;
  hitDepth = 0;
  hitFlag = 0;

  /** A new table of 2^bits entries, or a view of `buffer` (another thread's table, as it is). */
  constructor(bits = 20, buffer?: ArrayBuffer | SharedArrayBuffer) {
    const n = 1 << bits;
    const bytes = (n * WORDS + HEADER_WORDS) * 4;
    if (buffer && buffer.byteLength !== bytes) throw new Error(`a table of 2^${bits} entries needs ${bytes} bytes, got ${buffer.byteLength}`);
    this.mask = n - 1;
    this.buffer = buffer ?? newBuffer(bytes);
    this.w = new Uint32Array(this.buffer, 0, n * WORDS);
    this.header = new Int32Array(this.buffer, n * WORDS * 4, HEADER_WORDS);
    if (buffer) this.sync();
    else this.header[GEN] = this.generation; // epoch 0: the zeroed memory is empty
  }

  /** The generation as the table's owner last set it (a helper thread, before it searches). */
  sync(): void {
    this.generation = Atomics.load(this.header, GEN) || 1;
    this.epoch = Atomics.load(this.header, EPOCH);
  }

  /** Forget everything (a fresh think() must not depend on earlier ones: determinism). */
  clear(): void {
    let e = (this.epoch >>> 15) + 1;
    if (e === EPOCHS) {
      // Wrapped (after 131,071 clears): entries of epoch 0 must not come back.
      this.w.fill(0);
      e = 0;
    }
    this.epoch = e << 15;
    this.generation = 1;
    Atomics.store(this.header, GEN, 1);
    Atomics.store(this.header, EPOCH, this.epoch);
  }

  /**
   * A new search that keeps the entries of the ones before it (the brain, move after move): they
   * still answer probes, but any store of the new search may replace them (aging).
   */
  nextGeneration(): void {
    this.generation = this.generation === 255 ? 1 : this.generation + 1;
    Atomics.store(this.header, GEN, this.generation);
  }

  probe(lo: number, hi: number): boolean {
    const j = (lo & this.mask) * WORDS;
    const w = this.w;
    const d0 = w[j];
    const d1 = w[j + 1];
    if ((d0 & 0xc000000) === 0 || (d1 & 0xffff8000) !== this.epoch || (w[j + 2] ^ d0 ^ d1 ^ hi) !== 0) return false;
    this.hitScore = (d0 << 16) >> 16;
    this.hitMove = ((d0 >>> 16) & 0x3ff) - 1;
    this.hitDepth = d1 & 0x7f;
    this.hitFlag = (d0 >>> 26) & 3;
    return true;
  }

  store(lo: number, hi: number, depth: number, flag: number, score: number, move: number): void {
    const j = (lo & this.mask) * WORDS;
    const w = this.w;
    const o0 = w[j];
    const o1 = w[j + 1];
    if (
      (o0 & 0xc000000) !== 0 &&
      (o1 & 0xffff8000) === this.epoch &&
      ((o1 >>> 7) & 0xff) === this.generation &&
      (o1 & 0x7f) > depth &&
      (w[j + 2] ^ o0 ^ o1 ^ hi) !== 0
    )
      return;
    const d = depth < 0 ? 0 : depth > 127 ? 127 : depth;
    const d0 = ((score & 0xffff) | (((move + 1) & 0x3ff) << 16) | (flag << 26)) >>> 0;
    const d1 = (d | (this.generation << 7) | this.epoch) >>> 0;
    w[j] = d0;
    w[j + 1] = d1;
    w[j + 2] = (hi ^ d0 ^ d1) >>> 0;
  }
}

let shared: TranspositionTable | null = null;

/** The table every Searcher of this thread uses (made on first use: 2^20 entries, 12 MB). */
export function sharedTable(): TranspositionTable {
  return (shared ??= new TranspositionTable(20));
}

/** A helper thread: search in another thread's table from now on (its buffer), at its current generation. */
export function useSharedTable(buffer: ArrayBuffer | SharedArrayBuffer): TranspositionTable {
  if (shared?.buffer === buffer) shared.sync();
  else shared = new TranspositionTable(Math.round(Math.log2((buffer.byteLength / 4 - HEADER_WORDS) / WORDS)), buffer);
  return shared;
}
