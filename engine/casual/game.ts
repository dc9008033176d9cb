// The casual player's model as the lecture's generic Game (MAX and CHANCE nodes), so
// engine/search's plain expectimax can value the very tree casual.ts searches (the tests compare
// them). States are immutable move lists; one shared Board is synced to whichever state is asked about.
import type { Game, PlayerKind } from "../search/game";
import type { Color, Position } from "../types";
import type { Board } from "../gomoku/board";
import { boardOf } from "../gomoku/think";
import { type CasualModel, DEFAULT_MODEL, MoveSource, WIN, leafValue } from "./model";

export interface CasualState {
  /** Cells played since the root position. */
  readonly moves: readonly number[];
  readonly lastFive: boolean;
}

export class CasualGame implements Game<CasualState, number> {
  readonly board: Board;
  readonly model: CasualModel;
  private readonly src: MoveSource;
  private readonly base: number;
  private readonly first: Color;
  private readonly buf = new Int16Array(64);
  private readonly pbuf = new Float64Array(64);
  private readonly probCache = new Map<string, Map<number, number>>();

  constructor(position: Position, model: Partial<CasualModel> = {}) {
    this.board = boardOf(position);
    this.src = new MoveSource(this.board);
    this.model = { ...DEFAULT_MODEL, ...model };
    this.base = this.board.count;
    this.first = position.toMove;
  }

  private colorAt(i: number): Color {
    return (i % 2 === 0 ? this.first : 3 - this.first) as Color;
  }

  private sync(s: CasualState): void {
    const b = this.board;
    let common = 0;
    const cur = b.count - this.base;
    while (common < cur && common < s.moves.length && b.stack[this.base + common] === s.moves[common]) common++;
    while (b.count - this.base > common) b.undo();
    for (let i = common; i < s.moves.length; i++) b.make(s.moves[i], this.colorAt(i));
  }

  initialState(): CasualState {
    return { moves: [], lastFive: false };
  }
  player(s: CasualState): PlayerKind {
    return s.moves.length % 2 === 0 ? "MAX" : "CHANCE";
  }
  actions(s: CasualState): number[] {
    this.sync(s);
    const side = this.colorAt(s.moves.length);
    if (this.player(s) === "MAX") {
      const n = this.src.candidates(side, this.model.width, this.buf, 0);
      return Array.from(this.buf.subarray(0, n));
    }
    const n = this.src.chance(side, this.model, this.buf, this.pbuf, 0);
    const acts = Array.from(this.buf.subarray(0, n));
    this.probCache.set(s.moves.join(","), new Map(acts.map((a, i) => [a, this.pbuf[i]])));
    return acts;
  }
  probability(s: CasualState, a: number): number {
    const key = s.moves.join(",");
    if (!this.probCache.has(key)) this.actions(s);
    return this.probCache.get(key)!.get(a) ?? 0;
  }
  result(s: CasualState, a: number): CasualState {
    this.sync(s);
    const lastFive = this.board.isFive(a, this.colorAt(s.moves.length));
    return { moves: [...s.moves, a], lastFive };
  }
  isTerminal(s: CasualState): boolean {
    if (s.lastFive) return true;
    this.sync(s);
    return this.board.count === this.board.size * this.board.size;
  }
  utility(s: CasualState): number {
    if (!s.lastFive) return 0;
    const plies = s.moves.length;
    return this.colorAt(plies - 1) === this.first ? WIN - plies : -(WIN - plies);
  }
  evaluate(s: CasualState): number {
    this.sync(s);
    return leafValue(this.board, this.first, this.colorAt(s.moves.length));
  }
}
