// Aborts per player (trial F2: a stranger accepted someone's open challenges and aborted each one,
// free): the 5th abort within 24 hours starts a break from the lobby (accepting, posting, quick
// pairing: TOO_MANY_ABORTS with the wait); the victim and everyone else play on. Real server, real sockets.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { EV } from "../../lib/shared/protocol";
import { ABORTS_PER_DAY } from "../../lib/server/limits/aborts";
import { call, connectAs, guestSession, useServer, waitFor, type Client } from "./helpers";

const FIRST_MOVE_MS = 600;
const env = useServer({ limits: { ...DEFAULT_LIMITS, enabled: true, socketEventsPerSec: 200, ipEventsPerSec: 2000 }, firstMoveMs: FIRST_MOVE_MS });
const url = () => env.srv.url;
const blitz = { initialMs: 180_000, incrementMs: 2_000 };
type Person = { me: { id: string }; socket: Client };
const person = async (): Promise<Person> => {
  const s = await guestSession(url());
  return { me: s.me, socket: await connectAs(url(), s.cookie) };
};
const post = async (p: Person) => {
  const r = await call(p.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true, color: "black" });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.challenge.id;
};

describe("aborting others' games over and over", () => {
  it(`accept-and-abort ${ABORTS_PER_DAY} times: the griefer's next accept, post and quick pairing are refused with the wait; the victim plays on with someone else`, async () => {
    const victim = await person();
    const griefer = await person();
    for (let i = 0; i < ABORTS_PER_DAY; i++) {
      const accepted = await call(griefer.socket, EV.challengeAccept, { id: await post(victim) });
      expect(accepted.ok, JSON.stringify(accepted)).toBe(true);
      expect(await call(griefer.socket, EV.abort, { gameId: accepted.gameId })).toEqual({ ok: true });
    }
    const id = await post(victim);
    const refused = await call(griefer.socket, EV.challengeAccept, { id });
    expect(refused).toMatchObject({ ok: false, error: { code: "TOO_MANY_ABORTS", message: expect.stringMatching(/again in \d+ min/) } });
    expect(refused.error.retryMs).toBeGreaterThan(60_000);
    expect(await call(griefer.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: false })).toMatchObject({
      ok: false,
      error: { code: "TOO_MANY_ABORTS" },
    });
    expect(await call(griefer.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).toMatchObject({ ok: false, error: { code: "TOO_MANY_ABORTS" } });
    // The victim's challenge is still open, and someone else takes it.
    const friend = await person();
    expect(await call(friend.socket, EV.challengeAccept, { id })).toMatchObject({ ok: true });
  });

  it("letting the first-move window pass counts as an abort by the side that did not move; the other side is not counted", async () => {
    const author = await person();
    const idle = await person();
    for (let i = 0; i < ABORTS_PER_DAY; i++) {
      const accepted = await call(idle.socket, EV.challengeAccept, { id: await post(author) });
      expect(accepted.ok).toBe(true);
      // The author (black) moves; the acceptor never does: white's window passes.
      expect(await call(author.socket, EV.join, { gameId: accepted.gameId })).toMatchObject({ ok: true });
      expect(await call(author.socket, EV.move, { gameId: accepted.gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
      await waitFor(author.socket, EV.state, (s: any) => s.id === accepted.gameId && s.status === "finished", 5000);
    }
    expect(await call(idle.socket, EV.challengeAccept, { id: await post(author) })).toMatchObject({ ok: false, error: { code: "TOO_MANY_ABORTS" } });
    expect(await call(author.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).toMatchObject({ ok: true });
  });
});
