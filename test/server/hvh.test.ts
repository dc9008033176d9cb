import { describe, expect, it } from "vitest";
import { replay } from "../../engine/rules";
import { EV } from "../../lib/shared/protocol";
import { BLACK_FIVE_ON_ROW_7, call, waitFor, useServer } from "./helpers";

const env = useServer();
const client = (url?: string) => env.client(url);

describe("human vs human over sockets", () => {
  it("two players play to a win via the invite link; a spectator watches", async () => {
    const alice = await client();
    const created = await call(alice, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
    expect(created.ok).toBe(true);
    const { gameId, seatToken: aliceToken, color } = created;
    expect(color).toBe(1);
    expect(aliceToken.length).toBeGreaterThanOrEqual(24);

    const aj = await call(alice, EV.join, { gameId, seatToken: aliceToken });
    expect(aj.ok).toBe(true);
    expect(aj.color).toBe(1);
    expect(aj.state.status).toBe("waiting");

    // Moving before the opponent arrives.
    const early = await call(alice, EV.move, { gameId, seatToken: aliceToken, ply: 1, x: 7, y: 7 });
    expect(early).toMatchObject({ ok: false, error: { code: "NOT_STARTED" } });

    const bob = await client();
    const bj = await call(bob, EV.join, { gameId, takeSeat: true });
    expect(bj.ok).toBe(true);
    expect(bj.color).toBe(2);
    const bobToken: string = bj.seatToken!;
    expect(bobToken).toBeTruthy();
    expect(bj.state.status).toBe("playing");
    expect(JSON.stringify(bj.state)).not.toContain(aliceToken);
    expect(JSON.stringify(bj.state)).not.toContain(bobToken);

    // A third person with the invite link becomes a spectator.
    const carol = await client();
    const cj = await call(carol, EV.join, { gameId, takeSeat: true });
    expect(cj).toMatchObject({ ok: true, color: null, seatToken: null });
    await waitFor(alice, EV.spectators, (e: any) => e.gameId === gameId && e.count === 1);
    await waitFor(alice, EV.state, (s: any) => s.white.kind === "human" && s.white.connected === true);

    // Black makes five in a row along y = 7; white plays along y = 9.
    const plan = BLACK_FIVE_ON_ROW_7;
    for (const [i, [x, y]] of plan.entries()) {
      const ply = i + 1;
      const [who, token] = ply % 2 ? [alice, aliceToken] : [bob, bobToken];
      const r = await call(who, EV.move, { gameId, seatToken: token, ply, x, y });
      expect(r, `ply ${ply}`).toEqual({ ok: true });
      const seen = await waitFor(carol, EV.moved, (e: any) => e.move.ply === ply);
      expect(seen.move).toMatchObject({ x, y, color: ply % 2 ? 1 : 2, by: "human" });
    }
    const last = await waitFor(bob, EV.moved, (e: any) => e.move.ply === 9);
    expect(last).toMatchObject({ status: "finished", result: "black", reason: "five" });
    expect(last.winLine).toHaveLength(5);

    const after = await call(bob, EV.move, { gameId, seatToken: bobToken, ply: 10, x: 0, y: 0 });
    expect(after).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });

    // The stored moves replay to the same result.
    const rows = await env.srv.db.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
    expect(rows).toHaveLength(9);
    const game = await env.srv.db.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(game).toMatchObject({ status: "finished", result: "black", reason: "five" });
    const { outcome } = replay(
      15,
      "freestyle",
      [],
      rows.map((r) => ({ x: r.x, y: r.y })),
    );
    expect(outcome.winner).toBe(1);
    expect(JSON.parse(game.winLine!)).toEqual(outcome.line);
  });
});
