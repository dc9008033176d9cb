// MCTS's tree: a node pool in typed arrays (move, first child, child count, visits, reward sum,
// proof, full), the children of a node contiguous. No object per node; one pool per thread, reused
// from search to search (searches are synchronous), grown by doubling up to MAX_POOL.

export const INITIAL_POOL = 1 << 18;
const MAX_POOL = 1 << 21;

export class NodePool {
  cap = 0;
  /** Nodes in use; node 0 is the root. */
  used = 0;
  move = new Int16Array(0);
  first = new Int32Array(0);
  count = new Int16Array(0);
  visits = new Int32Array(0);
  wins = new Float64Array(0);
  /** 0 unknown; > 0: the side to move at the node wins in that many plies; < 0: loses in −n. */
  proof = new Int16Array(0);
  /** 1 when the children cover every candidate (so "all children lose" proves a loss). */
  full = new Uint8Array(0);

  /** Room for n nodes; false when that passes MAX_POOL. */
  ensure(n: number): boolean {
    if (n <= this.cap) return true;
    if (n > MAX_POOL) return false;
    let c = Math.max(INITIAL_POOL, this.cap);
    while (c < n) c *= 2;
    if (c > MAX_POOL) c = MAX_POOL;
    const grow = <T extends Int16Array | Int32Array | Float64Array | Uint8Array>(a: T, mk: (len: number) => T): T => {
      const b = mk(c);
      b.set(a);
      return b;
    };
    this.move = grow(this.move, (l) => new Int16Array(l));
    this.first = grow(this.first, (l) => new Int32Array(l));
    this.count = grow(this.count, (l) => new Int16Array(l));
    this.visits = grow(this.visits, (l) => new Int32Array(l));
    this.wins = grow(this.wins, (l) => new Float64Array(l));
    this.proof = grow(this.proof, (l) => new Int16Array(l));
    this.full = grow(this.full, (l) => new Uint8Array(l));
    this.cap = c;
    return true;
  }

  /** A fresh node at c: no children yet, never visited, unproven. */
  clear(c: number, move: number): void {
    this.move[c] = move;
    this.first[c] = -1;
    this.count[c] = 0;
    this.visits[c] = 0;
    this.wins[c] = 0;
    this.proof[c] = 0;
    this.full[c] = 0;
  }

  /** An empty tree: the root alone. */
  reset(): void {
    this.ensure(INITIAL_POOL);
    this.used = 1;
    this.clear(0, -1);
  }
}

/** The pool shared by every search in this thread. */
export const POOL = new NodePool();
