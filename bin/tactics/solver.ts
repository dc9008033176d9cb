// An exact, brute-force threat solver for short forced wins (freestyle): "does the side to move win
// within n plies against every defence?" It is independent of the engine, so it can check the
// positions the engine is benchmarked on.
//
// Attacker moves: the points of 5-windows free of defender stones that already hold at least
// 5 − (attacker moves left) attacker stones: the only points that can join a five (or a threat
// towards one) in time. Defender moves: the forced block when the attacker threatens a five;
// otherwise first a "pass" (a defender stone never helps the attacker, so if the attacker cannot
// win after a pass it cannot win at all), then every empty point; in front of a win in 3 only the
// points that can matter (the double-threat points, their five-points, the defender's own fours).
import type { Color, Point, Position } from "../../engine/types";

const DIRS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

export class ThreatSolver {
  readonly cells: Uint8Array;
  nodes = 0;
  private readonly windows: Int16Array[] = []; // each 5 cell indices
  private readonly windowsOf: number[][]; // cell → windows through it
  private readonly count: [Int16Array, Int16Array, Int16Array]; // [unused, black, white] stones per window
  private readonly memo = new Map<string, boolean>();

  constructor(
    readonly size: number,
    stones: Position["stones"],
  ) {
    this.cells = new Uint8Array(size * size);
    this.windowsOf = Array.from({ length: size * size }, () => []);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        for (const [dx, dy] of DIRS) {
          const ex = x + 4 * dx;
          const ey = y + 4 * dy;
          if (ex < 0 || ey < 0 || ex >= size || ey >= size) continue;
          const w = new Int16Array(5);
          for (let k = 0; k < 5; k++) w[k] = (y + k * dy) * size + x + k * dx;
          for (const c of w) this.windowsOf[c].push(this.windows.length);
          this.windows.push(w);
        }
    const n = this.windows.length;
    this.count = [new Int16Array(n), new Int16Array(n), new Int16Array(n)];
    for (const s of stones) this.place(s.y * size + s.x, s.color);
  }

  place(i: number, color: number): void {
    this.cells[i] = color;
    for (const w of this.windowsOf[i]) this.count[color][w]++;
  }

  remove(i: number): void {
    const color = this.cells[i];
    this.cells[i] = 0;
    for (const w of this.windowsOf[i]) this.count[color][w]--;
  }

  /** The empty points where `color` would complete five (freestyle: a window with 4 of its stones). */
  fivePoints(color: number, limit = Infinity): number[] {
    const mine = this.count[color];
    const theirs = this.count[3 - color];
    const out: number[] = [];
    for (let w = 0; w < mine.length; w++) {
      if (mine[w] !== 4 || theirs[w] !== 0) continue;
      for (const c of this.windows[w])
        if (this.cells[c] === 0) {
          if (!out.includes(c)) out.push(c);
          break;
        }
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Empty points in windows free of the opponent holding at least `min` stones of `color`. */
  live(color: number, min: number): number[] {
    const mine = this.count[color];
    const theirs = this.count[3 - color];
    const seen = new Uint8Array(this.cells.length);
    const out: number[] = [];
    for (let w = 0; w < mine.length; w++) {
      if (mine[w] < min || theirs[w] !== 0) continue;
      for (const c of this.windows[w])
        if (this.cells[c] === 0 && !seen[c]) {
          seen[c] = 1;
          out.push(c);
        }
    }
    return out;
  }

  private key(att: number, n: number, side: string): string {
    let s = `${side}${att}${n}:`;
    for (let i = 0; i < this.cells.length; i++) s += this.cells[i];
    return s;
  }

  /** Does `att` (to move) win within n plies (n odd) against every defence? */
  wins(att: Color, n: number): boolean {
    this.nodes++;
    const def = 3 - att;
    if (this.fivePoints(att, 1).length) return true;
    if (n < 3) return false;
    const threats = this.fivePoints(def, 2);
    if (threats.length >= 2) return false;
    const k = this.key(att, n, "a");
    const known = this.memo.get(k);
    if (known !== undefined) return known;
    const moves = threats.length === 1 ? threats : this.live(att, Math.max(1, 5 - (n + 1) / 2));
    let result = false;
    for (const m of moves) {
      this.place(m, att);
      const won = this.defenderLoses(att, n - 2);
      this.remove(m);
      if (won) {
        result = true;
        break;
      }
    }
    this.memo.set(k, result);
    return result;
  }

  /** With the defender to move: does `att` still win within k more plies (k odd)? */
  defenderLoses(att: Color, k: number): boolean {
    const def = 3 - att;
    if (this.fivePoints(def, 1).length) return false; // the defender completes five first
    const threats = this.fivePoints(att, 2);
    if (threats.length >= 2) return true;
    if (threats.length === 1) {
      this.place(threats[0], def);
      const r = this.wins(att, k);
      this.remove(threats[0]);
      return r;
    }
    if (k < 3) return false;
    if (!this.wins(att, k)) return false; // not even after a pass
    const key = this.key(att, k, "d");
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let replies: number[];
    if (k === 3) {
      // A win in 3 needs a point w making two five-points: only w, those points and the
      // defender's own fours can stop it; any other reply is as good as a pass.
      const zone = new Set<number>();
      for (const w of this.live(att, 3)) {
        this.place(w, att);
        const fp = this.fivePoints(att, 3);
        this.remove(w);
        if (fp.length >= 2) {
          zone.add(w);
          for (const f of fp) zone.add(f);
        }
      }
      for (const c of this.live(def, 3)) zone.add(c); // points that give the defender a four
      replies = [...zone];
    } else {
      // Every point, the ones in the attacker's live windows first (refutations come sooner).
      const first = this.live(att, 1);
      const inFirst = new Set(first);
      replies = first;
      for (let i = 0; i < this.cells.length; i++) if (this.cells[i] === 0 && !inFirst.has(i)) replies.push(i);
    }
    let result = true;
    for (const r of replies) {
      this.place(r, def);
      const still = this.wins(att, k);
      this.remove(r);
      if (!still) {
        result = false;
        break;
      }
    }
    this.memo.set(key, result);
    return result;
  }

  /** The side to move's first moves that win in n plies or fewer (n odd). */
  movesWinningIn(att: Color, n: number): Point[] {
    const out: Point[] = [];
    const def = 3 - att;
    const threats = this.fivePoints(def, 2);
    const five = new Set(this.fivePoints(att));
    for (const m of this.live(att, Math.max(1, 5 - (n + 1) / 2))) {
      let won: boolean;
      if (five.has(m)) won = true;
      else if (n < 3 || (threats.length && !(threats.length === 1 && threats[0] === m)))
        won = false; // must block
      else {
        this.place(m, att);
        won = this.defenderLoses(att, n - 2);
        this.remove(m);
      }
      if (won) out.push({ x: m % this.size, y: Math.floor(m / this.size) });
    }
    return out.sort((a, b) => a.y - b.y || a.x - b.x);
  }

  /** The shortest forced win within maxPlies: its length and every first move that achieves it. */
  shortestWin(att: Color, maxPlies: number): { plies: number; moves: Point[] } | null {
    for (let n = 1; n <= maxPlies; n += 2) {
      const moves = this.movesWinningIn(att, n);
      if (moves.length) return { plies: n, moves };
    }
    return null;
  }
}
