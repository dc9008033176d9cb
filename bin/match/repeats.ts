// Repeated game pairs: brains held to a node or depth budget are deterministic, so once the openings
// run out every pair replays an earlier one move for move and adds nothing but false confidence
// (session 12: a 15k-node SPRT's second 400 games were copies of the first 400). A pair whose two
// games both repeat earlier games is held back, not counted; a later new pair releases the held
// ones (under a time control a short forced pair can repeat by chance), and a run of `limit` held
// pairs ends the match.
import type { Point } from "../../engine/types";

export const REPEAT_LIMIT = 10;

export interface PairGame {
  black: string;
  moves: readonly Point[];
}

export type PairVerdict =
  /** New information: count the pairs returned (the held ones first, then this one). */
  | { kind: "count"; pairs: number }
  /** Both games repeat earlier ones: held back (`held` pairs in a row now). */
  | { kind: "held"; held: number }
  /** `limit` pairs in a row repeated: stop; the held pairs are dropped. */
  | { kind: "stop"; dropped: number };

export class RepeatWatch {
  private readonly seen = new Set<string>();
  private held = 0;

  constructor(private readonly limit = REPEAT_LIMIT) {}

  /** The pair just played (both games). */
  pair(g1: PairGame, g2: PairGame): PairVerdict {
    const r1 = this.repeats(g1);
    const r2 = this.repeats(g2);
    if (!(r1 && r2)) {
      const pairs = this.held + 1;
      this.held = 0;
      return { kind: "count", pairs };
    }
    this.held++;
    if (this.held >= this.limit) return { kind: "stop", dropped: this.held };
    return { kind: "held", held: this.held };
  }

  /** Pairs held back when the match ends for another reason: they count (no proof they are copies). */
  release(): number {
    const n = this.held;
    this.held = 0;
    return n;
  }

  private repeats(g: PairGame): boolean {
    const key = `${g.black}:${g.moves.map((m) => `${m.x},${m.y}`).join(" ")}`;
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }
}
