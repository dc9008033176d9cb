// The game page's derived state (lib/client/game-view): whose turn, what the player may do and answer.
import { describe, expect, it } from "vitest";
import type { MoveRecord, Seat } from "../shared/protocol";
import { gameState as game } from "../../test/support/game-state";
import { playerView, reservedFor } from "./game-view";

const human = (over: Partial<Extract<Seat, { kind: "human" }>> = {}): Seat => ({ kind: "human", taken: true, connected: true, ...over });
const engine: Seat = { kind: "engine", engine: { algo: "alphabeta", timeMs: 1000 } };

/** Plies 1..n alternating from black (x = ply, y = 0). */
const movesOf = (n: number): MoveRecord[] =>
  Array.from({ length: n }, (_, i) => ({ ply: i + 1, x: i, y: 0, color: (i % 2 === 0 ? 1 : 2) as 1 | 2, by: "human" as const, timeMs: 0, at: "" }));

describe("playerView: whose turn", () => {
  it("the side to move places; the other waits; a spectator only watches", () => {
    const s = game({ moves: movesOf(2) });
    expect(playerView(s, 1)).toMatchObject({ actor: 1, myAct: true, myTurn: true, choosing: false, opponent: 2 });
    expect(playerView(s, 2)).toMatchObject({ actor: 1, myAct: false, myTurn: false });
    expect(playerView(s, null)).toMatchObject({ actor: 1, myAct: false, myTurn: false, opponent: null, notice: null, draw: null, abortable: false });
  });

  it("nobody acts in a waiting or finished game", () => {
    expect(playerView(game({ status: "waiting" }), 1).myTurn).toBe(false);
    expect(playerView(game({ status: "finished", result: "black", reason: "five" }), 1).myTurn).toBe(false);
  });

  it("the AI is to move when the acting seat is an engine's", () => {
    const s = game({ kind: "hva", white: engine, moves: movesOf(1) });
    expect(playerView(s, 1)).toMatchObject({ aiToMove: true, myTurn: false, betweenPeople: false, draw: null });
    expect(playerView({ ...s, moves: movesOf(2), toMove: 1 }, 1).aiToMove).toBe(false);
  });

  it("swap2: seat 1 places three stones whatever their colour, seat 2 chooses, then colours decide", () => {
    const placing = game({ swap2: {}, moves: movesOf(1) }); // ply 2 is white's stone, placed by seat 1
    expect(playerView(placing, 1)).toMatchObject({ phase: "place3", actor: 1, myTurn: true, choosing: false });
    expect(playerView(placing, 2).myAct).toBe(false);
    const choosing = game({ swap2: {}, moves: movesOf(3) });
    expect(playerView(choosing, 2)).toMatchObject({ phase: "choose3", actor: 2, myAct: true, choosing: true, myTurn: false });
    const settled = game({ swap2: { first: "white" }, moves: movesOf(3) });
    expect(playerView(settled, 2)).toMatchObject({ phase: "settled", actor: 2, myTurn: true });
  });
});

describe("playerView: early endings", () => {
  it("abort until each side has moved; then a draw may be offered instead", () => {
    expect(playerView(game({ moves: movesOf(1) }), 1)).toMatchObject({ abortable: true, mayOfferDraw: false, draw: "none" });
    expect(playerView(game({ moves: movesOf(2) }), 1)).toMatchObject({ abortable: false, mayOfferDraw: true });
  });

  it("swap2: abort through the opening and until each side has moved after it", () => {
    expect(playerView(game({ swap2: {}, moves: movesOf(3) }), 1).abortable).toBe(true);
    expect(playerView(game({ swap2: { first: "black" }, moves: movesOf(4) }), 1).abortable).toBe(true);
    expect(playerView(game({ swap2: { first: "black" }, moves: movesOf(5) }), 1).abortable).toBe(false);
  });

  it("a draw offer: the opponent's is mine to answer (and the notice says so), mine stands, none while it stands", () => {
    const offered = game({ moves: movesOf(4), drawOffer: 2 });
    expect(playerView(offered, 1)).toMatchObject({ draw: "toMe", mayOfferDraw: false, notice: "drawOffered" });
    expect(playerView(offered, 2)).toMatchObject({ draw: "byMe", mayOfferDraw: false, notice: null });
    expect(playerView(offered, null)).toMatchObject({ draw: null, notice: null });
  });

  it("no draw offers against the AI", () => {
    expect(playerView(game({ kind: "hva", white: engine, moves: movesOf(4) }), 1)).toMatchObject({ draw: null, mayOfferDraw: false });
  });

  it("the claim: only over the opponent gone on their turn, once each side has moved", () => {
    const at = "2026-01-01T00:00:30.000Z";
    const gone = game({ moves: movesOf(3), claimableAt: at }); // white to move, gone
    expect(playerView(gone, 1)).toMatchObject({ claimFrom: Date.parse(at), notice: "claimTitle" });
    expect(playerView(gone, 2)).toMatchObject({ claimFrom: null, notice: null }); // my own turn
    expect(playerView(game({ moves: movesOf(1), claimableAt: at }), 1).claimFrom).toBeNull(); // abort instead
    expect(playerView(game({ moves: movesOf(3) }), 1).claimFrom).toBeNull(); // the opponent is here
  });

  it("a draw offered to me comes before a claim in the notice", () => {
    const both = game({ moves: movesOf(3), drawOffer: 2, claimableAt: "2026-01-01T00:00:30.000Z" });
    expect(playerView(both, 1).notice).toBe("drawOffered");
  });
});

describe("playerView: takeback and rematch", () => {
  it("takeback against the AI with a move of mine on the board; never between people", () => {
    const hva = game({ kind: "hva", white: engine, moves: movesOf(2) });
    expect(playerView(hva, 1).mayTakeback).toBe(true);
    expect(playerView({ ...hva, moves: [] }, 1).mayTakeback).toBe(false);
    expect(playerView(game({ moves: movesOf(2) }), 1).mayTakeback).toBe(false);
    expect(playerView(hva, null).mayTakeback).toBe(false);
  });

  it("a rematch offered between people asks the players, not a spectator", () => {
    const over = game({ status: "finished", result: "black", reason: "resign", rematchId: "r" });
    expect(playerView(over, 2).notice).toBe("rematchOffered");
    expect(playerView(over, null).notice).toBeNull();
    expect(playerView({ ...over, rematchId: null }, 2).notice).toBeNull();
  });

  it("a waiting rematch names the player its other seat is kept for", () => {
    const waiting = game({ status: "waiting", white: human({ taken: false, connected: false, player: { name: "ann" } }) });
    expect(playerView(waiting, 1).awaited).toBe("ann");
    expect(reservedFor(waiting, 2)).toBeNull();
    expect(playerView({ ...waiting, white: human({ taken: false, connected: false }) }, 1).awaited).toBeNull();
  });
});
