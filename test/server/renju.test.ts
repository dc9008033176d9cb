// Renju on the server, over real sockets: black's forbidden move is refused with FORBIDDEN and a
// sentence and changes nothing (no row, no broadcast, same turn); white's overline wins; the AI
// playing black in renju answers with a legal move.
import { describe, expect, it } from "vitest";
import { cellsOf, forbiddenReason } from "../../engine/rules";
import { EV } from "../../lib/shared/protocol";
import { call, sleep, useServer, waitFor, type Client } from "./helpers";

const env = useServer();

async function renjuGame() {
  const alice = await env.client();
  const created = await call(alice, EV.create, { opponent: "human", size: 15, rule: "renju", color: 1 });
  expect(created.ok).toBe(true);
  const bob = await env.client();
  const bj = await call(bob, EV.join, { gameId: created.gameId, takeSeat: true });
  expect(bj.ok).toBe(true);
  return { gameId: created.gameId, alice, bob, tokens: { 1: created.seatToken, 2: bj.seatToken! } as Record<1 | 2, string> };
}

async function playAll(g: Awaited<ReturnType<typeof renjuGame>>, moves: Array<[number, number]>, from = 1) {
  for (const [i, [x, y]] of moves.entries()) {
    const ply = from + i;
    const who: Client = ply % 2 ? g.alice : g.bob;
    const ack = await call(who, EV.move, { gameId: g.gameId, seatToken: g.tokens[ply % 2 ? 1 : 2], ply, x, y });
    expect(ack.ok, `ply ${ply} (${x},${y}): ${JSON.stringify(ack.error)}`).toBe(true);
  }
}

describe("renju on the server", () => {
  it("refuses black's double three with FORBIDDEN and a sentence, changing nothing", async () => {
    const g = await renjuGame();
    // Black builds (5,7) (6,7) and (7,5) (7,6): (7,7) is a double three. White plays far away.
    // prettier-ignore
    await playAll(g, [[5, 7], [0, 0], [6, 7], [0, 2], [7, 5], [0, 4], [7, 6], [0, 6]]);
    const before = await env.srv.games.getState(g.gameId);
    const seen = g.bob.events.length;
    const refused = await call(g.alice, EV.move, { gameId: g.gameId, seatToken: g.tokens[1], ply: 9, x: 7, y: 7 });
    expect(refused).toMatchObject({ ok: false, error: { code: "FORBIDDEN", message: "Forbidden for black: double three.", forbidden: "double-three" } });
    await sleep(100);
    expect(g.bob.events.slice(seen).filter((e) => e.event === EV.moved)).toEqual([]);
    const after = await env.srv.games.getState(g.gameId);
    expect(after.moves).toEqual(before.moves);
    expect(after.toMove).toBe(1);
    expect(after.status).toBe("playing");
    // A forged repeat and a flood change nothing either; then a legal move still goes through.
    const flood = await Promise.all(Array.from({ length: 5 }, () => call(g.alice, EV.move, { gameId: g.gameId, seatToken: g.tokens[1], ply: 9, x: 7, y: 7 })));
    for (const r of flood) expect(r.ok).toBe(false);
    expect((await env.srv.games.getState(g.gameId)).moves).toHaveLength(8);
    await sleep(3100); // the socket's per-event budget refills
    await playAll(g, [[10, 10]], 9);
    expect((await env.srv.games.getState(g.gameId)).moves).toHaveLength(9);
  });

  it("refuses black's overline; white's overline wins", async () => {
    const g = await renjuGame();
    // Black: 0..2 and 4..5 on y = 0; white: 0..2 and 4..5 on y = 14 (scattered replies first).
    // prettier-ignore
    await playAll(g, [[0, 0], [0, 14], [1, 0], [1, 14], [2, 0], [2, 14], [4, 0], [4, 14], [5, 0], [5, 14]]);
    const six = await call(g.alice, EV.move, { gameId: g.gameId, seatToken: g.tokens[1], ply: 11, x: 3, y: 0 });
    expect(six).toMatchObject({ ok: false, error: { code: "FORBIDDEN", message: "Forbidden for black: overline.", forbidden: "overline" } });
    await playAll(g, [[9, 9]], 11);
    await playAll(g, [[3, 14]], 12);
    const s = await env.srv.games.getState(g.gameId);
    expect(s).toMatchObject({ status: "finished", result: "white", reason: "five" });
    expect(s.winLine).toHaveLength(6);
  });

  it("the AI as black in renju plays legal moves only", async () => {
    const human = await env.client();
    const created = await call(human, EV.create, { opponent: "ai", size: 15, rule: "renju", color: 2, ai: { algo: "alphabeta", timeMs: 100 } });
    expect(created.ok, JSON.stringify(created.error)).toBe(true);
    const { gameId, seatToken } = created;
    await call(human, EV.join, { gameId, seatToken });
    // White answers each AI move from a fixed far-away list; every black move is checked against the rule.
    const replies: Array<[number, number]> = [
      [0, 0],
      [14, 0],
      [0, 14],
      [14, 14],
      [1, 1],
      [13, 13],
    ];
    for (const [i, [x, y]] of replies.entries()) {
      const ply = 2 * i + 2;
      await waitFor(human, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === ply - 1, 20_000);
      const st = await env.srv.games.getState(gameId);
      if (st.status !== "playing") break;
      const stones = [...st.opening, ...st.moves];
      const last = st.moves[ply - 2];
      expect(last.color).toBe(1);
      expect(forbiddenReason(15, cellsOf(15, stones.slice(0, -1)), last)).toBeNull();
      if (stones.some((m) => m.x === x && m.y === y)) break;
      const ack = await call(human, EV.move, { gameId, seatToken, ply, x, y });
      expect(ack.ok, JSON.stringify(ack.error)).toBe(true);
    }
  });
});
