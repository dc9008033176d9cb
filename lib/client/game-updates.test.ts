// How each server event changes the browser's view of a game (lib/client/game-updates): pure, no socket.
import { describe, expect, it } from "vitest";
import type { GameState, MoveRecord, Thinking } from "../shared/protocol";
import { gameState as game } from "../../test/support/game-state";
import {
  NO_GAME_YET,
  applyMoved,
  colorAfter,
  joined,
  scoreArrived,
  spectatorsArrived,
  stateArrived,
  thinkingArrived,
  type GameViewState,
  type MovedEvent,
} from "./game-updates";

const stone = (ply: number, x = ply, y = 0): MoveRecord => ({ ply, x, y, color: ply % 2 === 1 ? 1 : 2, by: "human", timeMs: 0, at: "" });
const movesOf = (n: number) => Array.from({ length: n }, (_, i) => stone(i + 1));

const moved = (move: MoveRecord, over: Partial<MovedEvent> = {}): MovedEvent => ({
  gameId: "g",
  move,
  status: "playing",
  result: null,
  reason: null,
  winLine: null,
  clock: null,
  ...over,
});
const thinking = (ply: number): Thinking => ({ gameId: "g", ply, depth: 3, score: { kind: "eval", value: 0 }, nodes: 10, timeMs: 5, pv: [] });
const viewOf = (state: GameState | null, over: Partial<GameViewState> = {}): GameViewState => ({ ...NO_GAME_YET, state, ...over });

describe("applyMoved", () => {
  it("appends the next ply with the game's status after it, and the other side to move", () => {
    const next = applyMoved(game({ moves: movesOf(2) }), moved(stone(3), { status: "finished", result: "black", reason: "five" }));
    expect(next).toMatchObject({ status: "finished", result: "black", reason: "five", toMove: 2 });
    expect((next as GameState).moves).toHaveLength(3);
  });

  it("a move it has is the same; a different one at a known ply or a gap is a resync", () => {
    const s = game({ moves: movesOf(2) });
    expect(applyMoved(s, moved(stone(2)))).toBe("same");
    expect(applyMoved(s, moved(stone(2, 9, 9)))).toBe("resync");
    expect(applyMoved(s, moved(stone(4)))).toBe("resync");
  });
});

describe("colorAfter", () => {
  it("keeps the colour without swap2 or for a spectator, and flips it once the seats are exchanged", () => {
    expect(colorAfter(1, game(), game())).toBe(1);
    expect(colorAfter(null, game({ swap2: {} }), game({ swap2: { first: "black" } }))).toBeNull();
    const before = game({ swap2: {}, moves: movesOf(3) });
    const flipped = colorAfter(1, before, game({ swap2: { first: "black" }, moves: movesOf(3) }));
    const kept = colorAfter(1, before, game({ swap2: { first: "white" }, moves: movesOf(3) }));
    expect([flipped, kept].sort()).toEqual([1, 2]);
    expect(colorAfter(1, before, game({ swap2: {}, moves: movesOf(3) }))).toBe(1);
  });
});

describe("the view's reducers", () => {
  it("a join takes the state, seat and token, clears the load error, and keeps only a search about the next ply", () => {
    const s = game({ moves: movesOf(2) });
    const v = joined(viewOf(null, { loadError: { code: "INTERNAL", message: "x" }, thinking: thinking(3) }), { state: s, color: 2, seatToken: "t" }, 42);
    expect(v).toMatchObject({ state: s, color: 2, seatToken: "t", loadError: null, clockAt: 42, thinking: thinking(3) });
    expect(joined(viewOf(null, { thinking: thinking(2) }), { state: s, color: null, seatToken: null }, 1).thinking).toBeNull();
  });

  it("a state keeps a search about its next ply only while the game is played", () => {
    const v = viewOf(game({ moves: movesOf(1) }), { thinking: thinking(3), color: 1 });
    expect(stateArrived(v, game({ moves: movesOf(2) }), 7)).toMatchObject({ thinking: thinking(3), clockAt: 7, color: 1 });
    expect(stateArrived(v, game({ moves: movesOf(2), status: "finished" }), 7).thinking).toBeNull();
    expect(stateArrived(v, game({ moves: movesOf(3) }), 7).thinking).toBeNull();
  });

  it("a state before the join's answer waits for it (the join gives the colour with the state)", () => {
    const before = viewOf(null);
    expect(stateArrived(before, game({ moves: movesOf(1) }), 7)).toBe(before);
  });

  it("a search report counts only for the next ply; one before the join's answer waits for it", () => {
    const v = viewOf(game({ moves: movesOf(2) }));
    expect(thinkingArrived(v, thinking(3)).thinking).toEqual(thinking(3));
    expect(thinkingArrived(v, thinking(2))).toBe(v);
    // The server sends the search under way just before the join's answer: the answer keeps it if it is about the next ply.
    const early = thinkingArrived(viewOf(null), thinking(3));
    const ack = (n: number) => ({ state: game({ moves: movesOf(n) }), color: 1 as const, seatToken: null });
    expect(joined(early, ack(2), 7).thinking).toEqual(thinking(3));
    expect(joined(early, ack(3), 7).thinking).toBeNull();
  });

  it("a score lands only on the very move it is about", () => {
    const v = viewOf(game({ moves: movesOf(2) }));
    const scored: MoveRecord = { ...stone(2), score: { kind: "eval", value: 5 } };
    expect(scoreArrived(v, scored).state?.moves[1]).toEqual(scored);
    expect(v.state?.moves[1]).toEqual(stone(2)); // the old view is left alone
    expect(scoreArrived(v, stone(2, 8, 8))).toBe(v);
    expect(scoreArrived(v, stone(5))).toBe(v);
  });

  it("the spectator count changes the state, once there is one", () => {
    expect(spectatorsArrived(viewOf(game()), 4).state?.spectators).toBe(4);
    const none = viewOf(null);
    expect(spectatorsArrived(none, 4)).toBe(none);
  });
});
