// The searcher's board: a padded flat array (5 wall cells around, so a ±5 window never leaves
// the array) plus everything the search reads per node, kept up to date INCREMENTALLY by
// make/undo: window keys and line patterns per (cell, direction), per-cell pattern scores,
// the evaluation totals, pattern counts (does anyone threaten five / an open four?), the
// "near a stone" counts for move generation, and the Zobrist hash.
import type { Color, Rule } from "../types";
import * as P from "./patterns";
import * as Z from "./zobrist";
import * as V from "./cell-values";
import * as E from "../eval/evaluate";
import * as PE from "../eval/pattern-eval";

// Imported values are re-bound to local consts: transpilers that compile ESM to CommonJS (tsx,
// vitest) turn every use of an imported binding into a getter call, which costs ~4× in the hot loop.
const { EMPTY, FIVE, WALL, patternTable } = P;
const { ZOBRIST_CELLS, ZOBRIST_HI, ZOBRIST_LO } = Z;
const { COMBO_OF, PATTERN_VALUE, THREAT_CODE } = V;
const { evaluate } = E;
const { CODE_STEP, PATTERN_EVAL_MAX_SIZE, TABLE_OWN, TABLE_OPP } = PE;

export const PAD = 5;

export class Board {
  readonly size: number;
  readonly rule: Rule;
  /** Renju: black's forbidden points are not black's moves (engine/board/renju.ts). */
  readonly renju: boolean;
  /** Padded width: index = (y + PAD) * W + (x + PAD). */
  readonly W: number;
  /** 0 empty, 1 black, 2 white, 3 wall. */
  readonly cells: Uint8Array;
  /** Offsets of the four line directions: →, ↓, ↘, ↙. */
  readonly dirs: Int32Array;
  /** Per (cell, dir): 20-bit window key; pattern byte (black | white << 4). */
  readonly keys: Uint32Array;
  readonly pat: Uint8Array;
  /** Per cell: Σ over directions of PATTERN_VALUE, index cell * 2 + (color − 1). */
  readonly cellScore: Int32Array;
  /** Per color (index 1, 2): Σ cellScore over empty cells. */
  readonly total: Int32Array;
  /** Per color * 16 + pattern: how many (empty cell, dir) pairs have that pattern. */
  readonly cnt: Int32Array;
  /** Per cell: Σ over directions of THREAT_CODE, index cell * 2 + (color − 1). */
  readonly threat: Uint8Array;
  /** Per color * 4 + combination (COMBO_*): how many empty cells have it. */
  readonly combo: Int32Array;
  /**
   * Per cell: the ordered code of its four patterns, Σ_d class_d · CODE_STEP[d] (eval/pattern-eval.ts),
   * index cell * 2 + (color − 1); only kept when patternSums.
   */
  readonly pcode: Int16Array;
  /**
   * Per color (index 1, 2): Σ over empty cells of TABLE_OWN[pcode]; index 2 + color: of TABLE_OPP[pcode]
   * (the pattern-combination evaluation's sums; only kept when patternSums).
   */
  readonly psum: Int32Array;
  /** Per cell: stones within the 5×5 square around it (a candidate move when > 0). */
  readonly near: Uint8Array;
  /** The playable cells, in index order. */
  readonly boardCells: Int16Array;
  /** Moves played, in order (cell indices). */
  readonly stack: Int16Array;
  count = 0;
  hashLo = 0;
  hashHi = 0;
  /** Whether pcode and psum are kept: on the boards where the pattern evaluation is read (PATTERN_EVAL_MAX_SIZE). */
  readonly patternSums: boolean;
  /** Which evaluation evaluate() reads: the pattern tables (readPatterns(true), where kept) or the linear weights. */
  patternEval = false;
  private readonly table: Uint8Array;

  constructor(size: number, rule: Rule) {
    this.size = size;
    this.rule = rule;
    this.renju = rule === "renju";
    this.patternSums = size <= PATTERN_EVAL_MAX_SIZE;
    const W = size + 2 * PAD;
    this.W = W;
    const n = W * W;
    if (n > ZOBRIST_CELLS) throw new RangeError(`board too large: ${size}`);
    this.table = patternTable(rule);
    this.cells = new Uint8Array(n).fill(WALL);
    this.dirs = new Int32Array([1, W, W + 1, W - 1]);
    this.keys = new Uint32Array(n * 4);
    this.pat = new Uint8Array(n * 4);
    this.cellScore = new Int32Array(n * 2);
    this.total = new Int32Array(3);
    this.cnt = new Int32Array(3 * 16);
    this.threat = new Uint8Array(n * 2);
    this.combo = new Int32Array(3 * 4);
    this.pcode = new Int16Array(n * 2);
    this.psum = new Int32Array(5);
    this.near = new Uint8Array(n);
    this.boardCells = new Int16Array(size * size);
    this.stack = new Int16Array(size * size);
    let k = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const q = this.index(x, y);
        this.cells[q] = EMPTY;
        this.boardCells[k++] = q;
      }
    // Initial keys: walls seen from every playable cell; then patterns, scores, totals.
    for (let i = 0; i < k; i++) {
      const q = this.boardCells[i];
      for (let d = 0; d < 4; d++) {
        const o = this.dirs[d];
        let key = 0;
        for (let off = -5; off <= 5; off++) {
          if (off === 0) continue;
          const slot = off < 0 ? off + 5 : off + 4;
          key |= this.cells[q + off * o] << (2 * slot);
        }
        this.keys[q * 4 + d] = key >>> 0;
        const p = this.table[key];
        this.pat[q * 4 + d] = p;
        this.cellScore[q * 2] += PATTERN_VALUE[p & 15];
        this.cellScore[q * 2 + 1] += PATTERN_VALUE[p >> 4];
        this.cnt[16 + (p & 15)]++;
        this.cnt[32 + (p >> 4)]++;
        this.threat[q * 2] += THREAT_CODE[p & 15];
        this.threat[q * 2 + 1] += THREAT_CODE[p >> 4];
      }
      this.total[1] += this.cellScore[q * 2];
      this.total[2] += this.cellScore[q * 2 + 1];
      this.combo[4 + COMBO_OF[this.threat[q * 2]]]++;
      this.combo[8 + COMBO_OF[this.threat[q * 2 + 1]]]++;
      if (this.patternSums) {
        for (let c = 0; c < 2; c++) {
          const id = this.codeOf(q, c);
          this.pcode[q * 2 + c] = id;
          this.psum[1 + c] += TABLE_OWN[id];
          this.psum[3 + c] += TABLE_OPP[id];
        }
      }
    }
  }

  /** Read the pattern evaluation (on) or the linear one; on only takes effect where the sums are kept. */
  readPatterns(on: boolean): void {
    this.patternEval = on && this.patternSums;
  }

  /** The ordered code of cell q's four patterns for color index c (0 black, 1 white). */
  codeOf(q: number, c: number): number {
    const pat = this.pat;
    const a = q * 4;
    const sh = c * 4;
    return ((pat[a] >> sh) & 15) * 1000 + ((pat[a + 1] >> sh) & 15) * 100 + ((pat[a + 2] >> sh) & 15) * 10 + ((pat[a + 3] >> sh) & 15);
  }

  index(x: number, y: number): number {
    return (y + PAD) * this.W + (x + PAD);
  }
  xOf(q: number): number {
    return (q % this.W) - PAD;
  }
  yOf(q: number): number {
    return Math.floor(q / this.W) - PAD;
  }

  /** Pattern (0..9) that `color` makes at empty cell q in direction d. */
  patternAt(q: number, d: number, color: number): number {
    const p = this.pat[q * 4 + d];
    return color === 1 ? p & 15 : p >> 4;
  }

  /** Would `color` playing at empty q make five? */
  isFive(q: number, color: number): boolean {
    const sh = color === 1 ? 0 : 4;
    const b = q * 4;
    const pat = this.pat;
    return ((pat[b] >> sh) & 15) === FIVE || ((pat[b + 1] >> sh) & 15) === FIVE || ((pat[b + 2] >> sh) & 15) === FIVE || ((pat[b + 3] >> sh) & 15) === FIVE;
  }

  /** Static evaluation from `side`'s view (engine/eval/evaluate.ts). */
  evaluate(side: number): number {
    return evaluate(this, side);
  }

  make(q: number, color: Color): void {
    const cells = this.cells;
    cells[q] = color;
    this.stack[this.count++] = q;
    this.hashLo ^= ZOBRIST_LO[color * ZOBRIST_CELLS + q];
    this.hashHi ^= ZOBRIST_HI[color * ZOBRIST_CELLS + q];
    // q leaves the set of empty cells.
    const cs = this.cellScore;
    this.total[1] -= cs[q * 2];
    this.total[2] -= cs[q * 2 + 1];
    const cnt = this.cnt;
    const pat = this.pat;
    for (let d = 0; d < 4; d++) {
      const p = pat[q * 4 + d];
      cnt[16 + (p & 15)]--;
      cnt[32 + (p >> 4)]--;
    }
    this.combo[4 + COMBO_OF[this.threat[q * 2]]]--;
    this.combo[8 + COMBO_OF[this.threat[q * 2 + 1]]]--;
    if (this.patternSums) {
      const ps = this.psum;
      const b0 = this.pcode[q * 2];
      const w0 = this.pcode[q * 2 + 1];
      ps[1] -= TABLE_OWN[b0];
      ps[2] -= TABLE_OWN[w0];
      ps[3] -= TABLE_OPP[b0];
      ps[4] -= TABLE_OPP[w0];
    }
    this.updateLines(q, color);
    const near = this.near;
    const W = this.W;
    for (let dy = -2 * W; dy <= 2 * W; dy += W) for (let dx = -2; dx <= 2; dx++) near[q + dy + dx]++;
  }

  undo(): void {
    const q = this.stack[--this.count];
    const color = this.cells[q] as Color;
    this.hashLo ^= ZOBRIST_LO[color * ZOBRIST_CELLS + q];
    this.hashHi ^= ZOBRIST_HI[color * ZOBRIST_CELLS + q];
    this.updateLines(q, -color);
    this.cells[q] = EMPTY;
    const cs = this.cellScore;
    this.total[1] += cs[q * 2];
    this.total[2] += cs[q * 2 + 1];
    const cnt = this.cnt;
    const pat = this.pat;
    for (let d = 0; d < 4; d++) {
      const p = pat[q * 4 + d];
      cnt[16 + (p & 15)]++;
      cnt[32 + (p >> 4)]++;
    }
    this.combo[4 + COMBO_OF[this.threat[q * 2]]]++;
    this.combo[8 + COMBO_OF[this.threat[q * 2 + 1]]]++;
    if (this.patternSums) {
      const ps = this.psum;
      const b0 = this.pcode[q * 2];
      const w0 = this.pcode[q * 2 + 1];
      ps[1] += TABLE_OWN[b0];
      ps[2] += TABLE_OWN[w0];
      ps[3] += TABLE_OPP[b0];
      ps[4] += TABLE_OPP[w0];
    }
    const near = this.near;
    const W = this.W;
    for (let dy = -2 * W; dy <= 2 * W; dy += W) for (let dx = -2; dx <= 2; dx++) near[q + dy + dx]--;
  }

  /**
   * Adds (color > 0) or removes (color < 0) a stone at q in the keys of the cells within 5 along
   * the four lines through q, and refreshes their patterns, scores, totals and counts.
   * Only these 40 windows can change.
   */
  private updateLines(q: number, color: number): void {
    const cells = this.cells;
    const keys = this.keys;
    const pat = this.pat;
    const table = this.table;
    const cs = this.cellScore;
    const total = this.total;
    const cnt = this.cnt;
    const threat = this.threat;
    const combo = this.combo;
    const pcode = this.pcode;
    const psum = this.psum;
    const sums = this.patternSums;
    for (let d = 0; d < 4; d++) {
      const o = this.dirs[d];
      for (let k = 1; k <= 5; k++) {
        for (let side = 0; side < 2; side++) {
          // The cell k steps before q sees q at offset +k (slot k+4); the one after, at −k (slot 5−k).
          const r = side === 0 ? q - k * o : q + k * o;
          if (cells[r] === WALL) continue;
          const slot = side === 0 ? k + 4 : 5 - k;
          const i = r * 4 + d;
          const key = (keys[i] + color * (1 << (2 * slot))) >>> 0;
          keys[i] = key;
          const np = table[key];
          const op = pat[i];
          if (np === op) continue;
          pat[i] = np;
          const db = PATTERN_VALUE[np & 15] - PATTERN_VALUE[op & 15];
          const dw = PATTERN_VALUE[np >> 4] - PATTERN_VALUE[op >> 4];
          cs[r * 2] += db;
          cs[r * 2 + 1] += dw;
          const empty = cells[r] === EMPTY;
          if (empty) {
            total[1] += db;
            total[2] += dw;
            cnt[16 + (op & 15)]--;
            cnt[16 + (np & 15)]++;
            cnt[32 + (op >> 4)]--;
            cnt[32 + (np >> 4)]++;
          }
          // Threat codes change only when a three or four appears or goes (rare).
          const tb = THREAT_CODE[np & 15] - THREAT_CODE[op & 15];
          if (tb !== 0) {
            const t0 = threat[r * 2];
            threat[r * 2] = t0 + tb;
            if (empty) {
              combo[4 + COMBO_OF[t0]]--;
              combo[4 + COMBO_OF[t0 + tb]]++;
            }
          }
          const tw = THREAT_CODE[np >> 4] - THREAT_CODE[op >> 4];
          if (tw !== 0) {
            const t0 = threat[r * 2 + 1];
            threat[r * 2 + 1] = t0 + tw;
            if (empty) {
              combo[8 + COMBO_OF[t0]]--;
              combo[8 + COMBO_OF[t0 + tw]]++;
            }
          }
          if (sums) {
            // The cell's code moves by the changed direction's step, per colour whose pattern changed.
            const step = CODE_STEP[d];
            const cb = (np & 15) - (op & 15);
            if (cb !== 0) {
              const old = pcode[r * 2];
              const nw = old + cb * step;
              pcode[r * 2] = nw;
              if (empty) {
                psum[1] += TABLE_OWN[nw] - TABLE_OWN[old];
                psum[3] += TABLE_OPP[nw] - TABLE_OPP[old];
              }
            }
            const cw = (np >> 4) - (op >> 4);
            if (cw !== 0) {
              const old = pcode[r * 2 + 1];
              const nw = old + cw * step;
              pcode[r * 2 + 1] = nw;
              if (empty) {
                psum[2] += TABLE_OWN[nw] - TABLE_OWN[old];
                psum[4] += TABLE_OPP[nw] - TABLE_OPP[old];
              }
            }
          }
        }
      }
    }
  }

  /** Recomputes everything from the cells (for tests: must equal the incremental state). */
  recomputeCheck(): string | null {
    const fresh = new Board(this.size, this.rule);
    for (let i = 0; i < this.count; i++) {
      const q = this.stack[i];
      fresh.make(q, this.cells[q] as Color);
    }
    const same = (a: ArrayLike<number>, b: ArrayLike<number>) => {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
      return true;
    };
    // Fresh keys/patterns straight from cells, not via make.
    for (let i = 0; i < this.boardCells.length; i++) {
      const q = this.boardCells[i];
      for (let d = 0; d < 4; d++) {
        let key = 0;
        for (let off = -5; off <= 5; off++) {
          if (off === 0) continue;
          const slot = off < 0 ? off + 5 : off + 4;
          key |= this.cells[q + off * this.dirs[d]] << (2 * slot);
        }
        if (this.keys[q * 4 + d] !== key >>> 0) return `key mismatch at ${q}/${d}`;
        if (this.pat[q * 4 + d] !== this.table[key >>> 0]) return `pattern mismatch at ${q}/${d}`;
      }
    }
    let t1 = 0;
    let t2 = 0;
    const cnt = new Int32Array(48);
    for (let i = 0; i < this.boardCells.length; i++) {
      const q = this.boardCells[i];
      let s1 = 0;
      let s2 = 0;
      for (let d = 0; d < 4; d++) {
        const p = this.pat[q * 4 + d];
        s1 += PATTERN_VALUE[p & 15];
        s2 += PATTERN_VALUE[p >> 4];
        if (this.cells[q] === EMPTY) {
          cnt[16 + (p & 15)]++;
          cnt[32 + (p >> 4)]++;
        }
      }
      if (s1 !== this.cellScore[q * 2] || s2 !== this.cellScore[q * 2 + 1]) return `cellScore mismatch at ${q}`;
      if (this.cells[q] === EMPTY) {
        t1 += s1;
        t2 += s2;
      }
    }
    if (t1 !== this.total[1] || t2 !== this.total[2]) return "total mismatch";
    if (!same(cnt, this.cnt)) return "count mismatch";
    const combo = new Int32Array(12);
    for (let i = 0; i < this.boardCells.length; i++) {
      const q = this.boardCells[i];
      for (let c = 0; c < 2; c++) {
        let t = 0;
        for (let d = 0; d < 4; d++) {
          const p = this.pat[q * 4 + d];
          t += THREAT_CODE[c === 0 ? p & 15 : p >> 4];
        }
        if (t !== this.threat[q * 2 + c]) return `threat mismatch at ${q}`;
        if (this.cells[q] === EMPTY) combo[(c + 1) * 4 + COMBO_OF[t]]++;
      }
    }
    if (!same(combo, this.combo)) return "combo mismatch";
    if (this.patternSums) {
      const ps = new Int32Array(5);
      for (let i = 0; i < this.boardCells.length; i++) {
        const q = this.boardCells[i];
        for (let c = 0; c < 2; c++) {
          const id = this.codeOf(q, c);
          if (id !== this.pcode[q * 2 + c]) return `pcode mismatch at ${q}`;
          if (this.cells[q] === EMPTY) {
            ps[1 + c] += TABLE_OWN[id];
            ps[3 + c] += TABLE_OPP[id];
          }
        }
      }
      if (!same(ps, this.psum)) return "psum mismatch";
    }
    if (!same(fresh.near, this.near)) return "near mismatch";
    if (fresh.hashLo !== this.hashLo || fresh.hashHi !== this.hashHi) return "hash mismatch";
    return null;
  }
}
