// Ponder through its host interface: the person's position is searched while they think; their move
// tells the search to finish and its answer is stored as that move's score; anything else stops it.
import { describe, expect, it, vi } from "vitest";
import { Ponder, type PonderHost } from "../../lib/server/games/ponder";
import { settle } from "../../lib/server/time";
import { analysis, fakeAi, game, memoryLog, move } from "./fakes";

function setup(opts: { cluster?: boolean; ms?: number } = {}) {
  const ai = fakeAi();
  const host = {
    cluster: opts.cluster ?? false,
    log: memoryLog(),
    ai,
    scoreHumanMove: vi.fn(async () => undefined),
    track: vi.fn(),
  } satisfies PonderHost;
  return { ai, host, ponder: new Ponder(host, opts.ms ?? 30_000) };
}

describe("Ponder: a person's move scored by a search made while they thought", () => {
  it("searches the person's position at the analysis priority; their move finishes it and stores its answer", async () => {
    const { ai, host, ponder } = setup();
    const e = game("hva");
    ponder.start(e);
    ponder.start(e); // once per turn
    expect(ai.thinks).toHaveLength(1);
    expect(ai.thinks[0].req).toMatchObject({ position: { toMove: 1 }, priority: "analysis", owner: "player:p1:ponder", limits: { timeMs: 30_000 } });
    e.moves.push(move(1, { x: 7, y: 7 }, "human"));
    ponder.end(e);
    expect(ai.thinks[0].req.finish?.aborted).toBe(true);
    expect(ai.thinks[0].req.signal?.aborted).toBe(false);
    ai.thinks[0].resolve(analysis({ x: 7, y: 7 }, 6));
    await settle();
    expect(host.scoreHumanMove).toHaveBeenCalledWith(e.id, 1, expect.objectContaining({ depth: 6 }));
  });

  it("an answer without a completed depth scores nothing", async () => {
    const { ai, host, ponder } = setup();
    const e = game("hva");
    ponder.start(e);
    e.moves.push(move(1, { x: 7, y: 7 }, "human"));
    ponder.end(e);
    ai.thinks[0].resolve(analysis({ x: 7, y: 7 }, 0));
    await settle();
    expect(host.scoreHumanMove).not.toHaveBeenCalled();
  });

  it("the game ended or its moves were rewritten: the search is stopped, nothing stored", async () => {
    const { ai, host, ponder } = setup();
    const e = game("hva");
    ponder.start(e);
    e.status = "finished";
    ponder.end(e);
    expect(ai.thinks[0].req.signal?.aborted).toBe(true);
    const f = game("hva", {
      moves: [
        { x: 7, y: 7 },
        { x: 8, y: 8 },
      ],
    });
    ponder.start(f);
    ponder.stop(f.id);
    expect(ai.thinks[1].req.signal?.aborted).toBe(true);
    await settle();
    expect(host.scoreHumanMove).not.toHaveBeenCalled();
  });

  it("never in a cluster, with ponderMs 0, for the engine's turn, AI vs AI, or after close", () => {
    for (const s of [setup({ cluster: true }), setup({ ms: 0 })]) {
      s.ponder.start(game("hva"));
      expect(s.ai.thinks).toHaveLength(0);
    }
    const s = setup();
    s.ponder.start(game("hva", { moves: [{ x: 7, y: 7 }] })); // white (the engine) to move
    s.ponder.start(game("ava"));
    s.ponder.close();
    s.ponder.start(game("hva"));
    expect(s.ai.thinks).toHaveLength(0);
  });
});
