// Repeated game pairs: brains held to a node or depth budget are deterministic, so once the openings
// run out every pair replays an earlier one move for move and adds nothing but false confidence
// (session 12: a 15k-node SPRT's second 400 games were copies of the first 400). A pair whose two
// games both repeat earlier games is held back, not counted; a later new pair releases the held
// ones (under a time control a short forced pair can repeat by chance), and a run of `limit` held
// pairs ends the match. Each pair carries an item (the SPRT's pentanomial cell) handed back when
// the pair counts.
import type { Point } from "../../engine/types";

export const REPEAT_LIMIT = 10;

export interface PairGame {
  black: string;
  moves: readonly Point[];
}

export type PairVerdict<T> =
  /** New information: count these items (the held pairs' first, then this pair's). */
  | { kind: "count"; items: T[] }
  /** Both games repeat earlier ones: held back (`held` pairs in a row now). */
  | { kind: "held"; held: number }
  /** `limit` pairs in a row repeated: stop; the held pairs are dropped. */
  | { kind: "stop"; dropped: number };

export class RepeatWatch<T> {
  private readonly seen = new Set<string>();
  private held: T[] = [];

  constructor(private readonly limit = REPEAT_LIMIT) {}

  /** The pair just played (both games), with its item. */
  pair(g1: PairGame, g2: PairGame, item: T): PairVerdict<T> {
    const r1 = this.repeats(g1);
    const r2 = this.repeats(g2);
    this.held.push(item);
    if (!(r1 && r2)) return { kind: "count", items: this.release() };
    if (this.held.length >= this.limit) return { kind: "stop", dropped: this.release().length };
    return { kind: "held", held: this.held.length };
  }

  /** The items of the pairs held back, now released (the match ended otherwise: they count, no proof they are copies). */
  release(): T[] {
    const items = this.held;
    this.held = [];
    return items;
  }

  private repeats(g: PairGame): boolean {
    const key = `${g.black}:${g.moves.map((m) => `${m.x},${m.y}`).join(" ")}`;
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }
}
