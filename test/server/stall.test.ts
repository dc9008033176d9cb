// The server never costs a player time (issue 25, part 2): a stall of the event loop is not charged.
// The server runs in this process, so a busy loop here blocks it as a hostile import did (the victim's
// move, sent 1 s into their clock, was answered 19.5 s later with GAME_OVER). Real time, but short:
// the block is 2 s, the clocks 10 s and 1.5 s.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, sleep, useServer, waitFor, type Client } from "./helpers";

const env = useServer();

/** Blocks this process (and the server in it) for `ms`, as a slow synchronous parse would. */
function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* busy */
  }
}

/** A game between two clients with a clock (the service accepts a short test clock), both first moves made: black to move at ply 3. */
async function clockedGame(initialMs: number): Promise<{ gameId: string; black: Client; white: Client; tb: string; tw: string }> {
  const black = await env.client();
  const { gameId, seatToken: tb } = await env.srv.games.createGame({
    opponent: "human",
    size: 15,
    rule: "freestyle",
    color: 1,
    clock: { initialMs, incrementMs: 0 },
  });
  await call(black, EV.join, { gameId, seatToken: tb });
  const white = await env.client();
  const { seatToken: tw } = await call(white, EV.join, { gameId, takeSeat: true });
  expect(await call(black, EV.move, { gameId, seatToken: tb, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
  expect(await call(white, EV.move, { gameId, seatToken: tw!, ply: 2, x: 8, y: 8 })).toEqual({ ok: true });
  return { gameId, black, white, tb, tw: tw! };
}

describe("a blocked event loop is never charged to a clock", () => {
  it("a move sent 1 s into a 10 s clock, read after a 2 s block: charged about the 1 s before the block", async () => {
    const g = await clockedGame(10_000);
    await sleep(1_000);
    const ack = call(g.black, EV.move, { gameId: g.gameId, seatToken: g.tb, ply: 3, x: 7, y: 8 });
    // The move is on the wire; the server cannot read it for 2 s.
    blockEventLoop(2_000);
    expect(await ack).toEqual({ ok: true });
    const moved = await waitFor(g.white, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 3);
    // Without the rule: ≈ 3 000 ms (the block charged).
    expect(moved.move.timeMs).toBeGreaterThanOrEqual(950);
    expect(moved.move.timeMs).toBeLessThan(1_600);
    expect(moved.clock.blackMs).toBe(10_000 - moved.move.timeMs);
  });

  it("a block longer than the time left: the flag does not fall during it, and the move read after it stands", async () => {
    const g = await clockedGame(1_500);
    await sleep(500);
    const ack = call(g.black, EV.move, { gameId: g.gameId, seatToken: g.tb, ply: 3, x: 7, y: 8 });
    // Black had 1 s left when the server froze: its flag timer is due during the block.
    blockEventLoop(2_000);
    expect(await ack).toEqual({ ok: true }); // without the rule: GAME_OVER (black ran out of time)
    const moved = await waitFor(g.white, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 3);
    expect(moved.status).toBe("playing");
    expect(moved.move.timeMs).toBeLessThan(1_100);
    const state = await env.srv.games.getState(g.gameId);
    expect(state.status).toBe("playing");
  });

  it("a block while the player to move thinks: the flag timer that rings late re-checks and does not flag", async () => {
    const g = await clockedGame(1_500);
    const mark = g.white.events.length;
    await sleep(300);
    blockEventLoop(2_000); // black's flag was due 1.2 s into the block
    await sleep(300);
    expect((await env.srv.games.getState(g.gameId)).status).toBe("playing");
    // Black still has about 1.5 − 0.6 s: a move now stands; doing nothing, the flag falls after it.
    expect(await call(g.black, EV.move, { gameId: g.gameId, seatToken: g.tb, ply: 3, x: 7, y: 8 })).toEqual({ ok: true });
    const over = await waitFor(g.black, EV.state, (s: any) => s.id === g.gameId && s.status === "finished", 5_000, mark);
    expect(over).toMatchObject({ result: "black", reason: "timeout" }); // white, to move, had no block to save it
  });
});
