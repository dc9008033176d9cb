// The casual player's model as the lecture's generic Game (MAX and CHANCE nodes), so
// engine/lecture's plain expectimax can value the very tree casual.ts searches (the tests compare
// them). The move-list states and board syncing come from BoardGame.
import type { PlayerKind } from "../lecture/game";
import type { Position } from "../types";
import { BoardGame, type MoveListState } from "../board/board-game";
import { type CasualModel, DEFAULT_MODEL, MoveSource, WIN, leafValue } from "./model";

export type CasualState = MoveListState;

export class CasualGame extends BoardGame {
  readonly model: CasualModel;
  private readonly src: MoveSource;
  private readonly buf = new Int16Array(64);
  private readonly pbuf = new Float64Array(64);
  private readonly probCache = new Map<string, Map<number, number>>();

  constructor(position: Position, model: Partial<CasualModel> = {}) {
    super(position);
    this.src = new MoveSource(this.board);
    this.model = { ...DEFAULT_MODEL, ...model };
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
