// Only real games are rated (issue 25, part 3): the clocks start when each side has made its first
// move; a side that lets its first-move window pass aborts the game (no result, no rating change,
// not in the archive's default view); resigning or claiming before both have moved aborts too.
// Real server, real sockets, a short first-move window (FIRST_MOVE_MS) so the test waits little.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, connectAs, guestSession, useServer, waitFor, type Client } from "./helpers";

const GRACE_MS = 300;
const FIRST_MOVE_MS = 1200;
const env = useServer({ claimGraceMs: GRACE_MS, firstMoveMs: FIRST_MOVE_MS });
const url = () => env.srv.url;
const POOL = "freestyle-15-bullet";
const bullet = { initialMs: 60_000, incrementMs: 0 };

type Person = { me: { id: string; name: string }; cookie: string; socket: Client };
const person = async (): Promise<Person> => {
  const s = await guestSession(url());
  return { ...s, socket: await connectAs(url(), s.cookie) };
};

/** A rated 1+0 game from an open challenge: `black` posts it, `white` accepts; `join`: who opens the game. */
async function ratedGame(black: Person, white: Person, join: Person[] = [black, white]): Promise<string> {
  const posted = await call(black.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: bullet, rated: true, color: "black" });
  expect(posted.ok).toBe(true);
  const accepted = await call(white.socket, EV.challengeAccept, { id: posted.challenge.id });
  expect(accepted.ok).toBe(true);
  for (const p of join) expect(await call(p.socket, EV.join, { gameId: accepted.gameId })).toMatchObject({ ok: true });
  return accepted.gameId;
}

const row = (id: string) => env.srv.db.game.findUniqueOrThrow({ where: { id } });
const ratingOf = (playerId: string) => env.srv.db.rating.findUnique({ where: { playerId_pool: { playerId, pool: POOL } } });
const pointsOf = (gameId: string) => env.srv.db.ratingPoint.findMany({ where: { gameId } });

/** Aborted: no result, no rating change, no rating at all for either, not in the archive's default view. */
async function expectAborted(gameId: string, a: Person, b: Person) {
  expect(await row(gameId)).toMatchObject({ status: "finished", result: null, reason: "abort", blackRatingDiff: null, whiteRatingDiff: null });
  expect(await pointsOf(gameId)).toHaveLength(0);
  expect(await ratingOf(a.me.id)).toBeNull();
  expect(await ratingOf(b.me.id)).toBeNull();
  const archive = await call(a.socket, EV.list, { status: "finished" });
  expect(archive.games.map((g) => g.id)).not.toContain(gameId);
}

/** The player's page lists the game as aborted, not rated, and counts it in no win/draw/loss (trial F9). */
async function expectProfileAborted(p: Person, gameId: string) {
  const profile = ((await (await fetch(`${url()}/api/players/${encodeURIComponent(p.me.name)}`)).json()) as any).profile;
  expect(profile.recent.find((g: any) => g.id === gameId)).toMatchObject({ reason: "abort", result: null, rated: false, diff: null });
  expect(profile.record).toEqual({ wins: 0, draws: 0, losses: 0 });
}

describe("the first-move window", () => {
  it("a rated challenge accepted, nobody moves: no clock runs, and the game is aborted when the window closes (no rating change, not archived)", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    const { state } = await call(bob.socket, EV.join, { gameId });
    // Black's clock does not run before its first move: full, paused, with the window's end shown.
    expect(state.clock).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    expect(Date.parse(state.clock!.firstMoveBy!)).toBeGreaterThan(Date.now());
    const over = await waitFor(bob.socket, EV.state, (s: any) => s.id === gameId && s.status === "finished", 5000);
    expect(over).toMatchObject({ result: null, reason: "abort" });
    await expectAborted(gameId, alice, bob);
    await expectProfileAborted(alice, gameId);
    await expectProfileAborted(bob, gameId);
    expect(await call(alice.socket, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
  });

  it("a quick pairing nobody starts: black's clock shows 3:00, not running, until the window closes and the game is aborted", async () => {
    const alice = await person();
    const bob = await person();
    for (const p of [alice, bob]) expect(await call(p.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).toMatchObject({ ok: true });
    const { gameId } = await waitFor(alice.socket, EV.started);
    const { state } = await call(alice.socket, EV.join, { gameId });
    expect(state).toMatchObject({ rated: true, clock: { blackMs: 180_000, whiteMs: 180_000, paused: true } }); // was 2:59 and running
    await waitFor(alice.socket, EV.state, (s: any) => s.id === gameId && s.status === "finished", 5000);
    expect(await row(gameId)).toMatchObject({ result: null, reason: "abort", blackRatingDiff: null, whiteRatingDiff: null });
    expect(await pointsOf(gameId)).toHaveLength(0);
  });

  it("black moved, white never does: white's window runs from black's move and closes the game unrated", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    expect(await call(alice.socket, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    const moved = await waitFor(bob.socket, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 1);
    expect(moved.clock).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    expect(Date.parse(moved.clock.firstMoveBy) - Date.parse(moved.move.at)).toBe(FIRST_MOVE_MS);
    await waitFor(alice.socket, EV.state, (s: any) => s.id === gameId && s.status === "finished", 5000);
    await expectAborted(gameId, alice, bob);
  });

  it("once both have moved there is no window: the clocks run and nothing is aborted", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    expect(await call(alice.socket, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    expect(await call(bob.socket, EV.move, { gameId, ply: 2, x: 8, y: 8 })).toEqual({ ok: true });
    const moved = await waitFor(alice.socket, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 2);
    expect(moved.clock.firstMoveBy).toBeUndefined();
    expect(moved.clock.paused).toBeUndefined();
    await new Promise((r) => setTimeout(r, FIRST_MOVE_MS + 300));
    expect((await row(gameId)).status).toBe("playing");
    expect(await call(alice.socket, EV.resign, { gameId })).toEqual({ ok: true });
    expect(await row(gameId)).toMatchObject({ result: "white", reason: "resign" });
    expect(await pointsOf(gameId)).toHaveLength(2);
  });
});

describe("ending a game nobody played", () => {
  it("claiming the win at ply 0 against a challenge's author who never opened the game aborts it (the absent player loses nothing)", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob, [bob]); // Alice never opens it
    await new Promise((r) => setTimeout(r, GRACE_MS + 100));
    expect(await call(bob.socket, EV.claim, { gameId })).toEqual({ ok: true });
    await expectAborted(gameId, alice, bob);
  });

  it("resigning before both sides moved aborts (at ply 0 and at ply 1), and no draw is offered then: nothing rated, so a second identity cannot feed wins", async () => {
    const alice = await person();
    const alt = await person();
    const first = await ratedGame(alice, alt);
    expect(await call(alt.socket, EV.resign, { gameId: first })).toEqual({ ok: true });
    await expectAborted(first, alice, alt);
    await expectProfileAborted(alice, first);
    const second = await ratedGame(alice, alt);
    expect(await call(alice.socket, EV.move, { gameId: second, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    // Nor a draw agreed before both have moved (it would be rated).
    expect(await call(alice.socket, EV.drawOffer, { gameId: second })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(alt.socket, EV.resign, { gameId: second })).toEqual({ ok: true });
    await expectAborted(second, alice, alt);
  });
});
