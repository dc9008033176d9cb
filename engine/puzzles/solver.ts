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
//
// Rules: freestyle (five or more wins), exact5 (exactly five: a four's point that would make six or
// more is no five point) and renju (black: exactly five, and never a forbidden point: double three,
// double four, overline, by the engine's check engine/board/renju.ts; white: five or more). Under
// renju a four of white's whose block is forbidden for black wins like an open four; a forbidden
// point is never a move of black's, attack or defence. Where the rule breaks freestyle's "a stone
// of the defender's never helps the attacker" (exact5: a defender stone can spoil its own four;
// renju: a black stone can make black's own block forbidden), a pass is still a legal defence's
// lower bound as long as the defender has a quiet point far from everything (always, in the mined
// positions), and the zones below add, for every black point the proof relies on being forbidden,
// the cells that decide it (5 each way on its four lines). Not covered: the recursive case (a three
// that is no three because its four-point is forbidden, and a stone of the defender's far away
// changes that): the puzzle prover drops positions where such a point appears (recursiveForbidden).
import type { Color, Point, Position, Rule } from "../types";
import { NOT_FORBIDDEN, forbiddenAt } from "../board/renju";

const DIRS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

export class NodeLimit extends Error {
  constructor() {
    super("the solver's node limit");
  }
}

export class ThreatSolver {
  readonly cells: Uint8Array;
  nodes = 0;
  /** Throw NodeLimit once `nodes` passes this (deterministic, unlike a clock). */
  nodeLimit = Infinity;
  private readonly windows: Int16Array[] = []; // each 5 cell indices
  private readonly outside: Int32Array; // per window: the cell before it and after it on its line (-1: off the board)
  private readonly windowsOf: number[][]; // cell → windows through it
  private readonly count: [Int16Array, Int16Array, Int16Array]; // [unused, black, white] stones per window
  private readonly memo = new Map<string, { zone: Uint32Array; rho: number } | false>();
  private readonly zoneWords: number;
  /** Continuous fours only (winsByFours). */
  private fours = false;
  /** Exactly five wins, per colour ([unused, black, white]). */
  private readonly exact: [boolean, boolean, boolean];
  /** Renju: black's forbidden points are no moves (a padded copy of the board for the engine's check). */
  readonly forbid: boolean;
  private readonly pad: Uint8Array;
  private readonly padDirs: Int32Array;
  private readonly padW: number;

  /** `forbid` (renju only): false plays renju's fives without its forbidden points (what decides a "renju" puzzle). */
  constructor(
    readonly size: number,
    stones: Position["stones"],
    readonly rule: Rule = "freestyle",
    forbid = rule === "renju",
  ) {
    this.forbid = rule === "renju" && forbid;
    this.exact = [false, rule !== "freestyle", rule === "exact5"];
    this.padW = size + 10;
    this.pad = new Uint8Array(this.forbid ? this.padW * this.padW : 0).fill(3);
    for (let y = 0; this.forbid && y < size; y++) for (let x = 0; x < size; x++) this.pad[(y + 5) * this.padW + x + 5] = 0;
    this.padDirs = new Int32Array([1, this.padW, this.padW + 1, this.padW - 1]);
    this.cells = new Uint8Array(size * size);
    this.zoneWords = (size * size + 31) >> 5;
    this.windowsOf = Array.from({ length: size * size }, () => []);
    const outside: number[] = [];
    const at = (x: number, y: number) => (x < 0 || y < 0 || x >= size || y >= size ? -1 : y * size + x);
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
          outside.push(at(x - dx, y - dy), at(ex + dx, ey + dy));
        }
    this.outside = Int32Array.from(outside);
    const n = this.windows.length;
    this.count = [new Int16Array(n), new Int16Array(n), new Int16Array(n)];
    for (const s of stones) this.place(s.y * size + s.x, s.color);
  }

  private padOf(i: number): number {
    return (Math.floor(i / this.size) + 5) * this.padW + (i % this.size) + 5;
  }

  place(i: number, color: number): void {
    this.cells[i] = color;
    if (this.forbid) this.pad[this.padOf(i)] = color;
    for (const w of this.windowsOf[i]) this.count[color][w]++;
  }

  remove(i: number): void {
    const color = this.cells[i];
    this.cells[i] = 0;
    if (this.forbid) this.pad[this.padOf(i)] = 0;
    for (const w of this.windowsOf[i]) this.count[color][w]--;
  }

  /** May `color` play the empty cell i? (Renju: not black on a forbidden point.) */
  legal(i: number, color: number): boolean {
    return !this.forbid || color !== 1 || forbiddenAt(this.pad, this.padDirs, this.padOf(i)) === NOT_FORBIDDEN;
  }

  /** Is black's forbidden point i forbidden only through the recursive case (a three whose four-point is itself forbidden)? */
  recursiveForbidden(i: number): boolean {
    if (!this.forbid || this.cells[i] !== 0) return false;
    const q = this.padOf(i);
    return forbiddenAt(this.pad, this.padDirs, q) !== forbiddenAt(this.pad, this.padDirs, q, 6);
  }

  /** The cells that decide whether black may play i (5 each way on its four lines), into a zone. */
  private addForbidCells(z: Uint32Array, i: number): void {
    const x = i % this.size;
    const y = Math.floor(i / this.size);
    for (const [dx, dy] of DIRS)
      for (let k = -5; k <= 5; k++) {
        const xx = x + k * dx;
        const yy = y + k * dy;
        if (xx >= 0 && yy >= 0 && xx < this.size && yy < this.size) ThreatSolver.addCell(z, yy * this.size + xx);
      }
  }

  /** The empty points where `color` would complete five (a window with 4 of its stones; exactly five: no stone of its own just outside). */
  fivePoints(color: number, limit = Infinity): number[] {
    const mine = this.count[color];
    const theirs = this.count[3 - color];
    const exact = this.exact[color];
    const out: number[] = [];
    for (let w = 0; w < mine.length; w++) {
      if (mine[w] !== 4 || theirs[w] !== 0) continue;
      if (exact) {
        const b = this.outside[2 * w];
        const a = this.outside[2 * w + 1];
        if ((b >= 0 && this.cells[b] === color) || (a >= 0 && this.cells[a] === color)) continue;
      }
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
    let s = `${side}${this.fours ? "f" : ""}${att}${n}:`;
    for (let i = 0; i < this.cells.length; i++) s += this.cells[i];
    return s;
  }

  // ---- relevance zones ------------------------------------------------------------------------
  // A proof that the attacker wins comes with a zone: a set of cells such that the same proof still
  // holds when the defender has up to `rho` extra stones anywhere outside it. It holds the attacker's
  // moves, the defender's forced blocks, the five-points the proof relies on and, at every node, the
  // empty cells of the windows free of attacker stones that `rho` more defender stones would turn
  // into a four (so no extra stone can give the defender a four or a five the proof did not meet).
  // A defender to move, with no five-point to block, then only needs to try the cells of the zone of
  // "the attacker still wins after a pass" (robust to one stone more: the reply itself): any other
  // reply leaves that proof intact.

  private newZone(): Uint32Array {
    return new Uint32Array(this.zoneWords);
  }

  private addDanger(z: Uint32Array, def: number, rho: number): void {
    if (rho <= 0) return;
    const d = this.count[def];
    const a = this.count[3 - def];
    const min = Math.max(1, 4 - rho);
    for (let w = 0; w < d.length; w++) {
      if (a[w] !== 0 || d[w] < min) continue;
      for (const c of this.windows[w]) if (this.cells[c] === 0) z[c >> 5] |= 1 << (c & 31);
    }
  }

  private static addCell(z: Uint32Array, c: number): void {
    z[c >> 5] |= 1 << (c & 31);
  }

  private static union(z: Uint32Array, other: Uint32Array): void {
    for (let i = 0; i < z.length; i++) z[i] |= other[i];
  }

  /** The empty cells of a zone. */
  zoneCells(z: Uint32Array): number[] {
    const out: number[] = [];
    for (let c = 0; c < this.cells.length; c++) if (this.cells[c] === 0 && z[c >> 5] & (1 << (c & 31))) out.push(c);
    return out;
  }

  /** Does `att` (to move) win within n plies (n odd) against every defence? */
  wins(att: Color, n: number): boolean {
    return this.winZone(att, n, 0) !== null;
  }

  /** With the defender to move: does `att` still win within k more plies (k odd)? */
  defenderLoses(att: Color, k: number): boolean {
    return this.loseZone(att, k, 0) !== null;
  }

  /** Like wins(), restricted to continuous fours (VCF): every attacker move but the last makes a four. */
  winsByFours(att: Color, n: number): boolean {
    const was = this.fours;
    this.fours = true;
    try {
      return this.winZone(att, n, 0) !== null;
    } finally {
      this.fours = was;
    }
  }

  /** winZone() by continuous fours only. */
  zoneOfFours(att: Color, n: number, rho: number): Uint32Array | null {
    const was = this.fours;
    this.fours = true;
    try {
      return this.winZone(att, n, rho);
    } finally {
      this.fours = was;
    }
  }

  /** wins() with the proof's zone, robust to `rho` extra defender stones outside it; null: no win. */
  winZone(att: Color, n: number, rho: number): Uint32Array | null {
    if (++this.nodes > this.nodeLimit) throw new NodeLimit();
    const def = 3 - att;
    const five = this.fivePoints(att, 1);
    if (five.length) {
      const z = this.newZone();
      ThreatSolver.addCell(z, five[0]);
      return z;
    }
    if (n < 3) return null;
    const threats = this.fivePoints(def, 2);
    if (threats.length >= 2) return null;
    const k = this.key(att, n, "a");
    const known = this.memo.get(k);
    if (known === false) return null;
    if (known && known.rho >= rho) return known.zone;
    let moves = threats.length === 1 ? threats : this.live(att, this.fours ? 3 : Math.max(1, 5 - (n + 1) / 2));
    if (this.forbid && att === 1) moves = moves.filter((m) => this.legal(m, att));
    let result: Uint32Array | null = null;
    for (const m of moves) {
      this.place(m, att);
      const z = this.fours && !this.fivePoints(att, 1).length ? null : this.loseZone(att, n - 2, rho);
      this.remove(m);
      if (z) {
        result = this.newZone();
        ThreatSolver.union(result, z);
        ThreatSolver.addCell(result, m);
        this.addDanger(result, def, rho);
        break;
      }
    }
    this.memo.set(k, result ? { zone: result, rho } : false);
    return result;
  }

  /** defenderLoses() with the proof's zone (see winZone). */
  loseZone(att: Color, k: number, rho: number): Uint32Array | null {
    const def = 3 - att;
    if (this.fivePoints(def, 1).length) return null; // the defender completes five first
    const threats = this.fivePoints(att, 2);
    if (threats.length >= 2) {
      const z = this.newZone();
      for (const t of threats) ThreatSolver.addCell(z, t);
      this.addDanger(z, def, rho);
      return z;
    }
    if (threats.length === 1 && !this.legal(threats[0], def)) {
      // Renju: black may not block on a forbidden point, so the four wins.
      const z = this.newZone();
      ThreatSolver.addCell(z, threats[0]);
      if (rho > 0) this.addForbidCells(z, threats[0]);
      this.addDanger(z, def, rho);
      return z;
    }
    if (threats.length === 1) {
      this.place(threats[0], def);
      const r = this.winZone(att, k, rho);
      this.remove(threats[0]);
      if (!r) return null;
      const z = this.newZone();
      ThreatSolver.union(z, r);
      ThreatSolver.addCell(z, threats[0]);
      this.addDanger(z, def, rho);
      return z;
    }
    if (k < 3 || this.fours) return null; // by fours only: a quiet attacker move loses the thread
    const pass = this.winZone(att, k, rho + 1); // not even after a pass: no win at all
    if (!pass) return null;
    const key = this.key(att, k, "d");
    const known = this.memo.get(key);
    if (known === false) return null;
    if (known && known.rho >= rho) return known.zone;
    // Only the replies in the pass proof's zone can refute it (it holds against one stone outside).
    // The ones in the attacker's live windows first (refutations come sooner).
    const zone = this.newZone();
    ThreatSolver.union(zone, pass);
    const cand = this.zoneCells(pass);
    const live = new Uint8Array(this.cells.length);
    for (const c of this.live(att, 1)) live[c] = 1;
    const replies = [...cand.filter((c) => live[c]), ...cand.filter((c) => !live[c])];
    let result: Uint32Array | null = zone;
    for (const r of replies) {
      if (!this.legal(r, def)) {
        if (rho > 0) this.addForbidCells(zone, r); // its being forbidden is part of the proof
        continue;
      }
      this.place(r, def);
      const z = this.winZone(att, k, rho);
      this.remove(r);
      if (!z) {
        result = null;
        break;
      }
      ThreatSolver.union(zone, z);
    }
    this.memo.set(key, result ? { zone: result, rho } : false);
    return result;
  }

  /**
   * The side to move's first moves that win in n plies or fewer (n odd); `fours`: by continuous
   * fours only (VCF). When the opponent has a four, the block is the only candidate (with any five).
   */
  movesWinningIn(att: Color, n: number, fours = false): Point[] {
    const was = this.fours;
    this.fours = fours;
    try {
      const out: Point[] = [];
      const def = 3 - att;
      const threats = this.fivePoints(def, 2);
      const five = new Set(this.fivePoints(att));
      const cand = this.live(att, fours ? 3 : Math.max(1, 5 - (n + 1) / 2));
      if (threats.length === 1 && !cand.includes(threats[0])) cand.push(threats[0]);
      for (const m of cand) {
        if (!this.legal(m, att)) continue;
        let won: boolean;
        if (five.has(m)) won = true;
        else if (n < 3 || (threats.length && !(threats.length === 1 && threats[0] === m)))
          won = false; // must block
        else {
          this.place(m, att);
          won = fours && !this.fivePoints(att, 1).length ? false : this.loseZone(att, n - 2, 0) !== null;
          this.remove(m);
        }
        if (won) out.push({ x: m % this.size, y: Math.floor(m / this.size) });
      }
      return out.sort((a, b) => a.y - b.y || a.x - b.x);
    } finally {
      this.fours = was;
    }
  }

  /** The shortest forced win within maxPlies: its length and every first move that achieves it. */
  shortestWin(att: Color, maxPlies: number, fours = false): { plies: number; moves: Point[] } | null {
    for (let n = 1; n <= maxPlies; n += 2) {
      const moves = this.movesWinningIn(att, n, fours);
      if (moves.length) return { plies: n, moves };
    }
    return null;
  }
}
