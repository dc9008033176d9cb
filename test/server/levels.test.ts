// The AI's levels on the site (engine/levels): a game against a level is played by that level's
// search through the AI pool; a forged level is refused; the player page says the best level beaten.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { profileOf } from "../../lib/server/ratings/profiles";
import { call, callRaw, finishedGameRow, useServer, waitFor } from "./helpers";

const env = useServer();
let serial = 0;

const engineSeat = (engine: object) => JSON.stringify({ kind: "engine", engine: { algo: "alphabeta", timeMs: 1000, ...engine } });
const human = JSON.stringify({ kind: "human" });

async function player(): Promise<{ id: string; name: string }> {
  const n = ++serial;
  const id = `lv-player-${n}`;
  const name = `Leveller${n}`;
  await env.srv.db.player.create({ data: { id, name, nameKey: name.toLowerCase() } });
  return { id, name };
}

/** A finished game of `id` against an engine seat: won or lost, as black or white. */
async function gameAgainst(id: string, engine: object, o: { won: boolean; as: 1 | 2 }): Promise<void> {
  const mine = o.as === 1 ? { blackPlayerId: id, black: human, white: engineSeat(engine) } : { whitePlayerId: id, white: human, black: engineSeat(engine) };
  const result = (o.as === 1) === o.won ? "black" : "white";
  await env.srv.db.game.create({ data: finishedGameRow({ id: `lv-game-${++serial}`, kind: "hva", result, reason: "five", finishedAt: new Date(), ...mine }) });
}

describe("AI levels", () => {
  it("a game against level 1 is created with its level, and the level's AI answers", async () => {
    const me = await env.client();
    const { gameId, seatToken } = await call(me, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 2, ai: { timeMs: 1000, level: 1 } });
    const j = await call(me, EV.join, { gameId, seatToken });
    const first = j.state.moves[0] ?? (await waitFor(me, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 1, 10_000)).move;
    expect(first).toMatchObject({ color: 1, by: "engine" });
    const state = await env.srv.games.getState(gameId);
    expect(state.black).toMatchObject({ kind: "engine", engine: { level: 1 } });
  });

  it("refuses a level out of 1–10 with a code and a sentence, and creates nothing", async () => {
    const me = await env.client();
    const before = await env.srv.db.game.count();
    for (const level of [0, 11, 2.5, "3"]) {
      const r = await callRaw(me, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 1000, level } });
      expect(r).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
      expect(r.error.message.length).toBeGreaterThan(5);
    }
    expect(await env.srv.db.game.count()).toBe(before);
  });

  it("the player page says the best level beaten: a level, full strength as 10, not casual or a loss", async () => {
    const a = await player();
    await gameAgainst(a.id, { level: 3 }, { won: true, as: 1 });
    await gameAgainst(a.id, { level: 6 }, { won: true, as: 2 });
    await gameAgainst(a.id, { level: 8 }, { won: false, as: 1 });
    await gameAgainst(a.id, { algo: "casual" }, { won: true, as: 1 });
    expect((await profileOf(env.srv.db, a.name))!.bestLevelBeaten).toBe(6);

    const b = await player();
    await gameAgainst(b.id, {}, { won: true, as: 2 });
    expect((await profileOf(env.srv.db, b.name))!.bestLevelBeaten).toBe(10);

    const c = await player();
    await gameAgainst(c.id, { algo: "alphabeta", timeMs: 200 }, { won: true, as: 1 });
    await gameAgainst(c.id, { level: 9 }, { won: false, as: 2 });
    expect((await profileOf(env.srv.db, c.name))!.bestLevelBeaten).toBeNull();
  });
});
