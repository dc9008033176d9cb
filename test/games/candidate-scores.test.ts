// CandidateScores through its host interface: after an AI move with bounds among its candidates, the
// position before it is searched at the analysis priority with exact scores for the best 8, and the
// answer is stored on that move; a newer position or the game's end finishes it (kept), a takeback or
// closing stops it (nothing stored).
import { describe, expect, it, vi } from "vitest";
import { SITE_EXACT_ROOT_MOVES } from "../../engine";
import { CandidateScores, type CandidateScoresHost } from "../../lib/server/games/candidate-scores";
import { settle } from "../../lib/server/time";
import { analysis, fakeAi, game, memoryLog, move } from "./fakes";

function setup() {
  const ai = fakeAi();
  const host = { log: memoryLog(), ai, scoreEngineMove: vi.fn(async () => undefined), track: vi.fn() } satisfies CandidateScoresHost;
  return { ai, host, scores: new CandidateScores(host) };
}

/** An hva game whose last move (ply 2) is the engine's, with an exact best and a bound for the other candidate. */
function afterEngineMove(kind: "hva" | "ava" = "hva") {
  const e = game(kind, {
    moves: [
      { x: 7, y: 7 },
      { x: 8, y: 8 },
    ],
  });
  e.moves[1] = {
    ...move(2, { x: 8, y: 8 }, "engine"),
    score: { kind: "eval", value: 10 },
    rootScores: [
      { x: 8, y: 8, score: { kind: "eval", value: 10 } },
      { x: 6, y: 6, score: { kind: "eval", value: 0 }, bound: "upper" },
    ],
  };
  return e;
}

describe("CandidateScores: an AI move's candidates scored after it is played", () => {
  it("searches the position before the move at the analysis priority, exact for the best 8, and stores the answer on it", async () => {
    const { ai, host, scores } = setup();
    const e = afterEngineMove();
    scores.moved(e);
    scores.moved(e); // once per move
    expect(ai.thinks).toHaveLength(1);
    expect(ai.thinks[0].req).toMatchObject({
      position: { toMove: 2, stones: [{ x: 7, y: 7, color: 1 }] },
      priority: "analysis",
      owner: "player:p1:scores",
      limits: { timeMs: 1000, exactRootScores: SITE_EXACT_ROOT_MOVES },
    });
    ai.thinks[0].resolve(analysis({ x: 8, y: 8 }, 7));
    await settle();
    expect(host.scoreEngineMove).toHaveBeenCalledWith(e.id, 2, e.moves[1].at, expect.objectContaining({ depth: 7 }));
  });

  it("a move without a score (the casual player's values are not scores) is scored with every candidate exact", async () => {
    const { ai, host, scores } = setup();
    const e = afterEngineMove();
    e.moves[1] = move(2, { x: 8, y: 8 }, "engine");
    scores.moved(e);
    expect(ai.thinks).toHaveLength(1);
    expect(ai.thinks[0].req).toMatchObject({ algo: "alphabeta", limits: { exactRootScores: true } });
    ai.thinks[0].resolve(analysis({ x: 8, y: 8 }, 5));
    await settle();
    expect(host.scoreEngineMove).toHaveBeenCalledWith(e.id, 2, e.moves[1].at, expect.objectContaining({ depth: 5 }));
  });

  it("nothing to search: a person's move, candidates exact already, an AI-vs-AI game", () => {
    const { ai, scores } = setup();
    scores.moved(game("hva", { moves: [{ x: 7, y: 7 }] }));
    const exact = afterEngineMove();
    exact.moves[1].rootScores = [{ x: 8, y: 8, score: { kind: "eval", value: 10 } }];
    scores.moved(exact);
    scores.moved(afterEngineMove("ava"));
    expect(ai.thinks).toHaveLength(0);
  });

  it("a newer position or the game's end finishes the search: its last completed depth is stored", async () => {
    const { ai, host, scores } = setup();
    const e = afterEngineMove();
    scores.moved(e);
    e.moves.push(move(3, { x: 9, y: 9 }, "human"));
    scores.moved(e);
    expect(ai.thinks[0].req.finish?.aborted).toBe(true);
    expect(ai.thinks[0].req.signal?.aborted).toBe(false);
    ai.thinks[0].resolve(analysis({ x: 8, y: 8 }, 5));
    await settle();
    expect(host.scoreEngineMove).toHaveBeenCalledTimes(1);

    const f = afterEngineMove();
    scores.moved(f);
    scores.settle(f.id); // the game ended
    expect(ai.thinks[1].req.finish?.aborted).toBe(true);
  });

  it("a takeback or closing stops it: nothing stored", async () => {
    const { ai, host, scores } = setup();
    const e = afterEngineMove();
    scores.moved(e);
    scores.stop(e.id);
    const f = afterEngineMove();
    scores.moved(f);
    scores.close();
    scores.moved(afterEngineMove()); // closed: no new search
    await settle();
    expect(ai.thinks).toHaveLength(2);
    expect(ai.thinks.every((t) => t.req.signal?.aborted)).toBe(true);
    expect(host.scoreEngineMove).not.toHaveBeenCalled();
  });
});
