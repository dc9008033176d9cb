// The Gomocup protocol (https://plastovicka.github.io/protocl2en.htm) as a pure state machine:
// feed it one line, get back the lines to print. The engine is injected, so tests can use a fake.
import type { Analysis, Color, Limits, Point, Position, Rule, Stone } from "../../engine/types";
import { MAX_SIZE, MIN_SIZE } from "../../engine/types";
import { type TimeControl, DEFAULT_TIME_CONTROL, moveBudgetMs, moveHardLimitMs } from "./timing";
import { swap2Decide, swap2Opening } from "../../engine/swap2";
import { BRAIN_EXACT_ROOT } from "../../engine/search/think";

/** Anything that thinks like engine/index.ts's think(). */
export type Brain = (position: Position, limits: Limits) => Analysis;

export interface SessionOptions {
  brain: Brain;
  /** Extra limits passed to every think() call (e.g. maxDepth, maxNodes). */
  limits?: Pick<Limits, "maxDepth" | "maxNodes" | "exactRootScores">;
  /** Multiplies the per-move time the manager grants (0.25 thinks a quarter as long). */
  timeScale?: number;
  /** Print a MESSAGE line with depth, score and nodes after each search. */
  messages?: boolean;
  /** Whether the brain's values are scores (lib/shared/scores searchIsScore: not the casual player's expectimax values). */
  scores?: boolean;
  about?: { name: string; version: string; author: string; country: string };
  /** The search threads in use (Lazy SMP; INFO thread_num), shown in the MESSAGE line when above 1. */
  threads?: () => number;
  now?: () => number;
}

const EMPTY = 0;
const OWN = 1;
const OPP = 2;

const DEFAULT_ABOUT = { name: "Gomoku Arena", version: "0.1.0", author: "Gomoku Arena team", country: "Internet" };

/** "x,y" → point, or null when it does not read as two integers. */
export function parseXY(text: string): Point | null {
  const m = /^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*$/.exec(text);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** The MESSAGE line's nodes are the main thread's: helper threads are named after them. */
const threadsText = (n: number): string => (n > 1 ? ` (main thread of ${n})` : "");

const scoreText = (a: Analysis): string => (a.score.kind === "eval" ? String(a.score.value) : `${a.score.kind} in ${a.score.plies}`);

export class PbrainSession {
  /** True after END: the caller should exit. */
  ended = false;
  size = 0;
  cells = new Uint8Array(0);
  rule: Rule = "freestyle";
  /** The raw INFO rule bits (1 exact five, 2 continuous, 4 renju, 8 caro). */
  ruleBits = 0;
  time: TimeControl = { ...DEFAULT_TIME_CONTROL };
  info: Record<string, string> = {};
  /** Measured protocol overhead (ms beyond the budget), subtracted from later budgets. */
  overheadMs = 0;
  /** The last search, for logging and tests. */
  lastAnalysis: Analysis | null = null;
  lastBudgetMs = 0;

  private board: { entries: string[] } | null = null;
  /** Lines of a SWAP2BOARD block, until DONE. */
  private swap2: string[] | null = null;
  private readonly opts: Required<Omit<SessionOptions, "limits">> & { limits: SessionOptions["limits"] };

  constructor(options: SessionOptions) {
    this.opts = {
      brain: options.brain,
      limits: options.limits,
      timeScale: options.timeScale ?? 1,
      messages: options.messages ?? true,
      scores: options.scores ?? true,
      threads: options.threads ?? (() => 1),
      about: options.about ?? DEFAULT_ABOUT,
      now: options.now ?? (() => performance.now()),
    };
  }

  /** One input line (without its ending) → the lines to print, in order. */
  feed(rawLine: string): string[] {
    const line = rawLine.trim();
    if (this.ended) return [];
    if (this.board) return this.boardLine(line);
    if (this.swap2) return this.swap2Line(line);
    if (line === "") return [];
    const sp = line.search(/\s/);
    const cmd = (sp < 0 ? line : line.slice(0, sp)).toUpperCase();
    const arg = sp < 0 ? "" : line.slice(sp + 1).trim();
    switch (cmd) {
      case "START":
        return this.start(arg, arg);
      case "RECTSTART": {
        const p = parseXY(arg);
        if (!p) return [`ERROR RECTSTART needs width,height, got "${arg}"`];
        if (p.x !== p.y) return [`ERROR only square boards are supported (got ${p.x}x${p.y})`];
        return this.start(String(p.x), arg);
      }
      case "RESTART":
        if (!this.size) return ["ERROR RESTART before START"];
        this.cells.fill(EMPTY);
        return ["OK"];
      case "BEGIN":
        if (!this.size) return ["ERROR BEGIN before START"];
        if (this.cells.some((c) => c !== EMPTY)) return ["ERROR BEGIN on a board that is not empty"];
        return this.move();
      case "TURN": {
        if (!this.size) return ["ERROR TURN before START"];
        const bad = this.pointError(arg, "TURN");
        if (bad) return [bad];
        const p = parseXY(arg)!;
        this.cells[p.y * this.size + p.x] = OPP;
        return this.move();
      }
      case "BOARD":
        this.board = { entries: [] };
        if (arg) this.board.entries.push(arg); // junk after BOARD: reported as an ERROR at DONE
        return [];
      case "SWAP2BOARD":
        if (!this.size) return ["ERROR SWAP2BOARD before START"];
        this.swap2 = [];
        return [];
      case "TAKEBACK": {
        if (!this.size) return ["ERROR TAKEBACK before START"];
        const p = parseXY(arg);
        if (!p) return [`ERROR TAKEBACK needs x,y, got "${arg}"`];
        if (!this.onBoard(p)) return [`ERROR TAKEBACK ${p.x},${p.y} is off the ${this.size}x${this.size} board`];
        if (this.cells[p.y * this.size + p.x] === EMPTY) return [`ERROR TAKEBACK ${p.x},${p.y}: no stone there`];
        this.cells[p.y * this.size + p.x] = EMPTY;
        return ["OK"];
      }
      case "INFO":
        this.infoLine(arg);
        return [];
      case "END":
        this.ended = true;
        return [];
      case "ABOUT": {
        const a = this.opts.about;
        return [`name="${a.name}", version="${a.version}", author="${a.author}", country="${a.country}"`];
      }
      default:
        return [`UNKNOWN ${cmd}`];
    }
  }

  private start(sizeText: string, shown: string): string[] {
    const n = Number(sizeText);
    if (!/^\d{1,4}$/.test(sizeText.trim()) || !Number.isInteger(n)) return [`ERROR START needs a board size, got "${shown}"`];
    if (n < MIN_SIZE || n > MAX_SIZE) return [`ERROR unsupported board size ${n} (supported: ${MIN_SIZE}..${MAX_SIZE})`];
    this.size = n;
    this.cells = new Uint8Array(n * n);
    this.board = null;
    return ["OK"];
  }

  private onBoard(p: Point): boolean {
    return p.x >= 0 && p.y >= 0 && p.x < this.size && p.y < this.size;
  }

  /** An ERROR line for a bad "x,y" argument, or null when it names an empty point on the board. */
  private pointError(arg: string, what: string): string | null {
    const p = parseXY(arg);
    if (!p) return `ERROR ${what} needs x,y, got "${arg}"`;
    if (!this.onBoard(p)) return `ERROR ${what} ${p.x},${p.y} is off the ${this.size}x${this.size} board`;
    if (this.cells[p.y * this.size + p.x] !== EMPTY) return `ERROR ${what} ${p.x},${p.y} is occupied`;
    return null;
  }

  private boardLine(line: string): string[] {
    const board = this.board!;
    const upper = line.toUpperCase();
    if (upper === "END") {
      this.board = null;
      this.ended = true;
      return [];
    }
    if (upper !== "DONE") {
      if (line !== "") board.entries.push(line);
      return [];
    }
    this.board = null;
    if (!this.size) return ["ERROR BOARD before START"];
    const cells = new Uint8Array(this.size * this.size);
    for (const entry of board.entries) {
      const m = /^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*$/.exec(entry);
      if (!m) return [`ERROR BOARD line "${entry}" is not x,y,field`];
      const [x, y, f] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!this.onBoard({ x, y })) return [`ERROR BOARD ${x},${y} is off the ${this.size}x${this.size} board`];
      if (f < 1 || f > 3) return [`ERROR BOARD ${x},${y}: field must be 1, 2 or 3, got ${f}`];
      if (cells[y * this.size + x] !== EMPTY) return [`ERROR BOARD ${x},${y} is given twice`];
      cells[y * this.size + x] = f;
    }
    this.cells = cells;
    return this.move();
  }

  /**
   * Swap2 (Gomocup's SWAP2BOARD): with no stones, our three opening stones; with 3, SWAP, our 4th
   * move, or our 4th and 5th; with 5, SWAP or our 6th. Stones alternate black, white, black, …
   */
  private swap2Line(line: string): string[] {
    const upper = line.toUpperCase();
    if (upper === "END") {
      this.swap2 = null;
      this.ended = true;
      return [];
    }
    if (upper !== "DONE") {
      if (line !== "") this.swap2!.push(line);
      return [];
    }
    const entries = this.swap2!;
    this.swap2 = null;
    const stones: Stone[] = [];
    for (const [i, entry] of entries.entries()) {
      const p = parseXY(entry);
      if (!p || !this.onBoard(p)) return [`ERROR SWAP2BOARD line "${entry}" is not x,y on the board`];
      if (stones.some((s) => s.x === p.x && s.y === p.y)) return [`ERROR SWAP2BOARD ${p.x},${p.y} is given twice`];
      stones.push({ ...p, color: i % 2 === 0 ? 1 : 2 });
    }
    if (stones.length !== 0 && stones.length !== 3 && stones.length !== 5) return [`ERROR SWAP2BOARD needs 0, 3 or 5 stones, got ${stones.length}`];
    const budget = moveBudgetMs(this.time, this.size * this.size - stones.length, this.overheadMs, this.opts.timeScale);
    const limits: Limits = { timeMs: budget, ...this.opts.limits, exactRootScores: BRAIN_EXACT_ROOT };
    const xy = (p: Point) => `${p.x},${p.y}`;
    try {
      if (stones.length === 0) return [swap2Opening(this.size, this.rule, limits, this.opts.brain).map(xy).join(" ")];
      const d = swap2Decide(this.size, this.rule, stones, limits, this.opts.brain);
      return [d.kind === "swap" ? "SWAP" : d.kind === "play" ? xy(d.move) : d.moves.map(xy).join(" ")];
    } catch (e) {
      return [`ERROR swap2: ${(e as Error).message}`];
    }
  }

  private infoLine(arg: string): void {
    const sp = arg.search(/\s/);
    const key = (sp < 0 ? arg : arg.slice(0, sp)).toLowerCase();
    const value = sp < 0 ? "" : arg.slice(sp + 1).trim();
    if (!key) return;
    this.info[key] = value;
    const n = Number(value);
    const isNum = value !== "" && Number.isFinite(n);
    switch (key) {
      case "timeout_turn":
        if (isNum && n >= 0) this.time.timeoutTurn = n;
        break;
      case "timeout_match":
        if (isNum && n >= 0) this.time.timeoutMatch = n;
        break;
      case "time_left":
        if (isNum) this.time.timeLeft = n;
        break;
      case "rule":
        if (isNum && Number.isInteger(n)) {
          this.ruleBits = n;
          // Gomocup's bits: 1 exact five, 2 continuous game, 4 renju (renju already means exact five for black).
          this.rule = n & 4 ? "renju" : n & 1 ? "exact5" : "freestyle";
        }
        break;
      // max_memory, game_type, folder, evaluate: noted in `info`, nothing to do.
    }
  }

  /** Thinks for the side to move (us) on the current cells, plays the move, returns the lines to print. */
  private move(): string[] {
    const t0 = this.opts.now();
    const size = this.size;
    let own = 0;
    let opp = 0;
    let empty = 0;
    for (const c of this.cells) {
      if (c === OWN) own++;
      else if (c === OPP) opp++;
      else if (c === EMPTY) empty++;
    }
    if (empty === 0) return ["ERROR the board is full"];
    // Black moved first: with as many stones as the opponent we are black, with one fewer white.
    const us: Color = own < opp ? 2 : 1;
    const them: Color = us === 1 ? 2 : 1;
    const stones: Stone[] = [];
    for (let i = 0; i < this.cells.length; i++) {
      const c = this.cells[i];
      if (c === OWN || c === OPP) stones.push({ x: i % size, y: Math.floor(i / size), color: c === OWN ? us : them });
    }
    // Time management: aim at the budget (soft), never past the hard limit (equal without a match clock).
    const soft = moveBudgetMs(this.time, empty, this.overheadMs, this.opts.timeScale);
    const budget = moveHardLimitMs(this.time, empty, this.overheadMs, this.opts.timeScale);
    this.lastBudgetMs = budget;
    const position: Position = { size, rule: this.rule, stones, toMove: us };
    let analysis: Analysis | null = null;
    let failure = "";
    try {
      // A tournament wants the best move, not every candidate's exact score: bounds for the others
      // buy about three plies (ours vs ours at 200 ms: +40 =0 -8 for this setting, docs/engine-log.md).
      const tm = soft < budget ? { softTimeMs: soft } : {};
      analysis = this.opts.brain(position, { timeMs: budget, ...tm, exactRootScores: BRAIN_EXACT_ROOT, ...this.opts.limits });
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
    this.lastAnalysis = analysis;
    const p = this.pickLegal(analysis);
    this.cells[p.y * size + p.x] = OWN;
    const out: string[] = [];
    if (failure) out.push(`MESSAGE engine failed (${failure.replace(/[\r\n]+/g, " ")}); playing a fallback move`);
    else if (this.opts.messages && analysis)
      out.push(
        `MESSAGE depth ${analysis.depth} score ${this.opts.scores ? scoreText(analysis) : "none (casual player: its values are not scores)"} nodes ${analysis.nodes}${threadsText(this.opts.threads())} time ${Math.round(analysis.timeMs)}ms budget ${budget}ms`,
      );
    out.push(`${p.x},${p.y}`);
    // Learn the overhead beyond the budget (slow start-up, a late deadline check), decaying slowly.
    const spent = this.opts.now() - t0;
    const over = Math.min(Math.max(0, spent - budget), 1000);
    this.overheadMs = Math.max(over, this.overheadMs * 0.8);
    return out;
  }

  private free(p: Point | null | undefined): p is Point {
    return !!p && Number.isInteger(p.x) && Number.isInteger(p.y) && this.onBoard(p) && this.cells[p.y * this.size + p.x] === EMPTY;
  }

  /** The engine's move when it is legal here; else its best legal root move; else the empty point nearest the stones/centre. */
  private pickLegal(a: Analysis | null): Point {
    if (this.free(a?.move)) return { x: a!.move!.x, y: a!.move!.y };
    for (const r of a?.rootScores ?? []) if (this.free(r.move)) return { x: r.move.x, y: r.move.y };
    const c = (this.size - 1) / 2;
    let best: Point | null = null;
    let bestD = Infinity;
    for (let y = 0; y < this.size; y++)
      for (let x = 0; x < this.size; x++) {
        if (this.cells[y * this.size + x] !== EMPTY) continue;
        let near = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const v = this.onBoard({ x: x + dx, y: y + dy }) ? this.cells[(y + dy) * this.size + x + dx] : 0;
            if (v === OWN || v === OPP) near++;
          }
        const d = Math.abs(x - c) + Math.abs(y - c) - near * 100;
        if (d < bestD) [best, bestD] = [{ x, y }, d];
      }
    return best!;
  }
}
