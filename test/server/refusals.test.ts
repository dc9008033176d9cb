// Illegal, out-of-turn and malformed requests are refused with their codes and change nothing.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, callRaw, sleep, waitFor, type Client, useServer } from "./helpers";

const env = useServer();
const client = (url?: string) => env.client(url);

async function hvhGame() {
  const a = await client();
  const b = await client();
  const { gameId, seatToken: ta } = await call(a, EV.create, { opponent: "human", size: 9, rule: "freestyle", color: 1 });
  await call(a, EV.join, { gameId, seatToken: ta });
  const { seatToken: tb } = await call(b, EV.join, { gameId, takeSeat: true });
  return { a, b, ta, tb: tb!, gameId };
}

/** Rows and state must be exactly as before a refused request. */
async function snapshot(gameId: string) {
  const moves = await env.srv.db.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
  const game = await env.srv.db.game.findUnique({ where: { id: gameId } });
  const state = await env.srv.games.getState(gameId);
  return JSON.stringify({ moves, game: { ...game, updatedAt: null }, state: { ...state, spectators: 0, black: null, white: null } });
}

describe("refusals", () => {
  it("refuses off-board, occupied, out-of-turn, wrong-ply, forged-token and spectator moves, changing nothing", async () => {
    const { a, b, ta, tb, gameId } = await hvhGame();
    expect(await call(a, EV.move, { gameId, seatToken: ta, ply: 1, x: 4, y: 4 })).toEqual({ ok: true });
    const before = await snapshot(gameId);
    const spectator = await client();
    await call(spectator, EV.join, { gameId });

    const cases: Array<[Client, unknown, string]> = [
      [b, { gameId, seatToken: tb, ply: 2, x: 9, y: 0 }, "OFF_BOARD"], // 9 is off a 9×9 board
      [b, { gameId, seatToken: tb, ply: 2, x: 4, y: 4 }, "OCCUPIED"],
      [a, { gameId, seatToken: ta, ply: 2, x: 0, y: 0 }, "NOT_YOUR_TURN"],
      [b, { gameId, seatToken: tb, ply: 1, x: 0, y: 0 }, "WRONG_PLY"],
      [b, { gameId, seatToken: tb, ply: 3, x: 0, y: 0 }, "WRONG_PLY"],
      [b, { gameId, seatToken: "A".repeat(32), ply: 2, x: 0, y: 0 }, "NOT_YOUR_SEAT"],
      [spectator, { gameId, ply: 2, x: 0, y: 0 }, "SPECTATOR"],
      [b, { gameId: "nope", seatToken: tb, ply: 2, x: 0, y: 0 }, "NOT_FOUND"],
      // bad shapes
      [b, undefined, "BAD_PAYLOAD"],
      [b, null, "BAD_PAYLOAD"],
      [b, 42, "BAD_PAYLOAD"],
      [b, "move", "BAD_PAYLOAD"],
      [b, [], "BAD_PAYLOAD"],
      [b, { gameId, seatToken: tb, ply: 2, x: 1.5, y: 0 }, "BAD_PAYLOAD"],
      [b, { gameId, seatToken: tb, ply: 2, x: -1, y: 0 }, "BAD_PAYLOAD"],
      [b, { gameId, seatToken: tb, ply: 2, x: "1", y: 0 }, "BAD_PAYLOAD"],
      [b, { gameId, seatToken: tb, ply: 2, x: 1 }, "BAD_PAYLOAD"],
      [b, { gameId, seatToken: tb, ply: 2, x: 1, y: 1, extra: true }, "BAD_PAYLOAD"],
      [b, { gameId: "../../etc", seatToken: tb, ply: 2, x: 1, y: 1 }, "BAD_PAYLOAD"],
      [b, { gameId, seatToken: "short", ply: 2, x: 1, y: 1 }, "BAD_PAYLOAD"],
      // A key "__proto__" (an own key, as JSON.parse makes it: in a literal it would set the prototype,
      // which is not sent): refused like any unknown key, and no object's prototype gains "polluted".
      [b, JSON.parse(`{"gameId":"${gameId}","seatToken":"${tb}","ply":2,"x":1,"y":1,"__proto__":{"polluted":1}}`), "BAD_PAYLOAD"],
    ];
    for (const [who, payload, code] of cases) {
      const r = await callRaw(who, EV.move, payload);
      expect(r.ok, JSON.stringify(payload)).toBe(false);
      expect(r.error.code, JSON.stringify(payload)).toBe(code);
      expect(typeof r.error.message).toBe("string");
      expect(r.error.message.length).toBeGreaterThan(5);
    }
    expect(await snapshot(gameId)).toBe(before);
    expect(b.events.filter((e) => e.event === EV.moved && e.data.move.ply === 2)).toHaveLength(0);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined(); // the server runs in this process

    // The BAD_PAYLOAD message names the offending fields.
    const bad = await callRaw(b, EV.move, { gameId, seatToken: tb, ply: 0, x: 1 });
    expect(bad.error.message).toMatch(/ply/);
    expect(bad.error.message).toMatch(/y/);

    // Events without an ack, with junk, or unknown: no crash, no change.
    b.emit(EV.move, { gameId, seatToken: tb, ply: 2, x: "junk" });
    b.emit(EV.move);
    b.emit(EV.create, null);
    expect(await callRaw(b, "game:explode", { boom: true })).toMatchObject({ ok: false, error: { code: "UNKNOWN_EVENT" } });
    for (const ev of Object.values(EV)) b.emit(ev, { x: 1 }, "not a function");
    await sleep(100);
    expect(b.connected).toBe(true);
    expect(await snapshot(gameId)).toBe(before);

    // The legal move still goes through, and only once (after the junk above has spent this socket's
    // event budget: its window is 3 s, and a refused event costs like any other).
    await sleep(3100);
    const legal = { gameId, seatToken: tb, ply: 2, x: 0, y: 0 };
    const [r1, r2] = await Promise.all([call(b, EV.move, legal), call(b, EV.move, legal)]);
    expect([r1.ok, r2.ok].sort()).toEqual([false, true]);
    expect([r1, r2].find((r) => !r.ok)!.error.code).toBe("WRONG_PLY");
    await waitFor(spectator, EV.moved, (e: any) => e.move.ply === 2);
    expect(await env.srv.db.move.count({ where: { gameId } })).toBe(2);
  });

  it("refuses bad create payloads and non-AI takebacks", async () => {
    const c = await client();
    for (const p of [
      {},
      { opponent: "ai", size: 4, rule: "freestyle", color: 1 },
      { opponent: "ai", size: 15, rule: "caro", color: 1 }, // no such rule (renju is one now)
      { opponent: "ai", size: 15, rule: "freestyle", color: 3 },
      { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 10 } },
      { opponent: "human", size: 15, rule: "freestyle", color: 1, clock: { initialMs: 1000, incrementMs: 0 } },
    ]) {
      expect(await callRaw(c, EV.create, p), JSON.stringify(p)).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    }
    const { a, ta, gameId } = await hvhGame();
    expect(await call(a, EV.takeback, { gameId, seatToken: ta })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(a, EV.rematch, { gameId, seatToken: ta })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(a, EV.join, { gameId, seatToken: "B".repeat(30) })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
    expect(await call(a, EV.join, { gameId: "missing" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});
