// The threat solvers' failure table: positions (Zobrist key and attacker) already shown to hold
// against `depth` more threats, so a transposition is not searched again. Fixed size, typed
// arrays, a later entry overwrites an earlier one in its slot.
import type { Board } from "../../board/board";

export class FailTable {
  private readonly lo: Uint32Array;
  private readonly hi: Uint32Array;
  private readonly depth: Int8Array;
  private readonly mask: number;

  /** `salt` keys white's attacks apart from black's: the same stones can hold for one side, not the other. */
  constructor(
    bits: number,
    private readonly salt: number,
  ) {
    this.lo = new Uint32Array(1 << bits);
    this.hi = new Uint32Array(1 << bits);
    this.depth = new Int8Array(1 << bits);
    this.mask = (1 << bits) - 1;
  }

  clear(): void {
    this.depth.fill(0);
  }

  /** Is this position known to hold against `att` with `depth` (or more) threats left? */
  holds(b: Board, att: number, depth: number): boolean {
    const lo = (att === 1 ? b.hashLo : b.hashLo ^ this.salt) >>> 0;
    const i = lo & this.mask;
    return this.depth[i] >= depth && this.lo[i] === lo && this.hi[i] === b.hashHi >>> 0;
  }

  /** Records that this position holds against `att` with `depth` threats left. */
  record(b: Board, att: number, depth: number): void {
    const lo = (att === 1 ? b.hashLo : b.hashLo ^ this.salt) >>> 0;
    const i = lo & this.mask;
    this.lo[i] = lo;
    this.hi[i] = b.hashHi >>> 0;
    this.depth[i] = depth;
  }
}
