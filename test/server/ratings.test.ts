// Rated play over the real server (real sockets, real SQLite file): a rated game from an open
// challenge to a result changes both ratings once, in the same transaction as its end; abort,
// draw offers and claims; what spectators, strangers and forged input may not do; and a game two
// nodes end at once is rated once.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { QUICK_POOLS, ratingPoolOf } from "../../lib/shared/pools";
import { openDb } from "../../lib/server/db/client";
import { GameService } from "../../lib/server/games/service";
import { call, callRaw, connectAs, guestSession, sleep, useServer, waitFor, type Client } from "./helpers";

const GRACE_MS = 400;
const env = useServer({ claimGraceMs: GRACE_MS });
const url = () => env.srv.url;
const POOL = "freestyle-15-blitz";
const blitz = { initialMs: 180_000, incrementMs: 2_000 };

type Person = { me: { id: string; name: string }; cookie: string; socket: Client };
const person = async (): Promise<Person> => {
  const s = await guestSession(url());
  return { ...s, socket: await connectAs(url(), s.cookie) };
};

/** A rated game from an open challenge: `black` posts it (as black), `white` accepts; both in the room. */
async function ratedGame(black: Person, white: Person): Promise<string> {
  const posted = await call(black.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true, color: "black" });
  expect(posted.ok).toBe(true);
  const accepted = await call(white.socket, EV.challengeAccept, { id: posted.challenge.id });
  expect(accepted.ok).toBe(true);
  expect(await call(black.socket, EV.join, { gameId: accepted.gameId })).toMatchObject({ ok: true, color: 1 });
  expect(await call(white.socket, EV.join, { gameId: accepted.gameId })).toMatchObject({ ok: true, color: 2 });
  return accepted.gameId;
}

/** Plays moves alternately from ply `from` (black's at y 7, white's at y 8, x from 3 up). */
async function play(gameId: string, black: Person, white: Person, plies: number, from = 1) {
  for (let ply = from; ply < from + plies; ply++) {
    const mover = ply % 2 === 1 ? black : white;
    const x = 3 + Math.floor((ply - 1) / 2);
    const ack = await call(mover.socket, EV.move, { gameId, ply, x, y: ply % 2 === 1 ? 7 : 8 });
    expect(ack, `ply ${ply}`).toEqual({ ok: true });
  }
}

const ratingOf = (playerId: string) => env.srv.db.rating.findUnique({ where: { playerId_pool: { playerId, pool: POOL } } });
const pointsOf = (gameId: string) => env.srv.db.ratingPoint.findMany({ where: { gameId }, orderBy: { playerId: "asc" } });

describe("a rated game", () => {
  it("from an open challenge to five in a row: both ratings change once and persist, points are written, the banner's state carries the change", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    const mark = bob.socket.events.length;
    await play(gameId, alice, bob, 9); // black's 9th ply makes five on row 7
    const final = await waitFor(bob.socket, EV.state, (s: any) => s.id === gameId && s.status === "finished" && s.black.player?.diff !== undefined, 5000, mark);
    expect(final).toMatchObject({ result: "black", reason: "five", rated: true, pool: POOL });
    expect(final.black.player).toMatchObject({ name: alice.me.name, rating: 1500, provisional: true });
    expect(final.black.player.diff).toBeGreaterThan(0);
    expect(final.white.player.diff).toBe(-final.black.player.diff); // equals before: mirrored

    const [a, b] = [await ratingOf(alice.me.id), await ratingOf(bob.me.id)];
    expect(a).toMatchObject({ games: 1, wins: 1, draws: 0, losses: 0 });
    expect(b).toMatchObject({ games: 1, wins: 0, draws: 0, losses: 1 });
    expect(a!.rating).toBeGreaterThan(1500);
    expect(b!.rating).toBeLessThan(1500);
    expect(a!.rd).toBeLessThan(350);
    expect(await pointsOf(gameId)).toHaveLength(2);
    const row = await env.srv.db.game.findUnique({ where: { id: gameId } });
    expect(row).toMatchObject({ blackRating: 1500, whiteRating: 1500, blackRatingDiff: final.black.player.diff, whiteRatingDiff: final.white.player.diff });

    // Persisted: a fresh read of the game (no cache) shows the same, and the lobby shows the new rating.
    env.srv.games.invalidate(gameId);
    const again = await call(bob.socket, EV.join, { gameId });
    expect((again.state.black as { player?: object }).player).toMatchObject({ rating: 1500, diff: final.black.player.diff });
    const next = await call(alice.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true });
    expect(next.challenge.author.rating).toBe(Math.round(a!.rating));
    await call(alice.socket, EV.challengeWithdraw, { id: next.challenge.id });
    // Over is over: nothing more to end or rate.
    expect(await call(alice.socket, EV.resign, { gameId })).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    expect(await call(bob.socket, EV.drawOffer, { gameId })).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    expect(await pointsOf(gameId)).toHaveLength(2);
    alice.socket.disconnect();
    bob.socket.disconnect();
  });

  it("aborted before each side has moved: no result, no rating change; not once both have moved", async () => {
    const alice = await person();
    const bob = await person();
    const early = await ratedGame(alice, bob);
    await play(early, alice, bob, 1);
    expect(await call(bob.socket, EV.abort, { gameId: early })).toEqual({ ok: true });
    const row = await env.srv.db.game.findUnique({ where: { id: early } });
    expect(row).toMatchObject({ status: "finished", result: null, reason: "abort", blackRatingDiff: null, whiteRatingDiff: null });
    expect(await pointsOf(early)).toHaveLength(0);
    expect(await ratingOf(alice.me.id)).toBeNull();
    expect(await ratingOf(bob.me.id)).toBeNull();

    const late = await ratedGame(alice, bob);
    await play(late, alice, bob, 2);
    expect(await call(alice.socket, EV.abort, { gameId: late })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect((await env.srv.db.game.findUnique({ where: { id: late } }))!.status).toBe("playing");
    alice.socket.disconnect();
    bob.socket.disconnect();
  });

  it("draw offers: one per position, decline, lapse when the opponent moves, accept → a draw that moves the ratings", async () => {
    const alice = await person();
    const bob = await person();
    // Alice stronger than Bob before: a draw moves her down and him up.
    await env.srv.db.rating.create({ data: { playerId: alice.me.id, pool: POOL, rating: 1700, rd: 80, vol: 0.06, games: 30 } });
    await env.srv.db.rating.create({ data: { playerId: bob.me.id, pool: POOL, rating: 1500, rd: 80, vol: 0.06, games: 30 } });
    const gameId = await ratedGame(alice, bob);
    await play(gameId, alice, bob, 2);

    // No offer to answer yet.
    expect(await call(bob.socket, EV.drawAccept, { gameId })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(alice.socket, EV.drawOffer, { gameId })).toEqual({ ok: true });
    await waitFor(bob.socket, EV.state, (s: any) => s.id === gameId && s.drawOffer === 1);
    expect(await call(alice.socket, EV.drawOffer, { gameId })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(alice.socket, EV.drawAccept, { gameId })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } }); // her own offer
    expect(await call(bob.socket, EV.drawDecline, { gameId })).toEqual({ ok: true });
    expect((await env.srv.db.game.findUnique({ where: { id: gameId } }))!.drawOffer).toBeNull();
    // The same position again: no second offer (a flood of offers is refused).
    expect(await call(alice.socket, EV.drawOffer, { gameId })).toMatchObject({ ok: false, error: { code: "LIMIT" } });

    // A new position: Alice offers, Bob plays on instead: the offer lapses.
    await play(gameId, alice, bob, 1, 3);
    expect(await call(alice.socket, EV.drawOffer, { gameId })).toEqual({ ok: true });
    await play(gameId, alice, bob, 1, 4);
    expect((await env.srv.db.game.findUnique({ where: { id: gameId } }))!.drawOffer).toBeNull();
    expect(await call(bob.socket, EV.drawAccept, { gameId })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });

    // Bob offers, Alice accepts.
    expect(await call(bob.socket, EV.drawOffer, { gameId })).toEqual({ ok: true });
    const mark = bob.socket.events.length;
    expect(await call(alice.socket, EV.drawAccept, { gameId })).toEqual({ ok: true });
    const final = await waitFor(bob.socket, EV.state, (s: any) => s.id === gameId && s.status === "finished", 5000, mark);
    expect(final).toMatchObject({ result: "draw", reason: "agreement", drawOffer: null });
    expect(final.black.player.diff).toBeLessThan(0);
    expect(final.white.player.diff).toBeGreaterThan(0);
    expect(await ratingOf(alice.me.id)).toMatchObject({ games: 31, draws: 1 });
    expect(await pointsOf(gameId)).toHaveLength(2);
    alice.socket.disconnect();
    bob.socket.disconnect();
  });

  it("a player gone on their turn can be claimed as a loss once the grace time has passed, not before, and not while connected", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    await play(gameId, alice, bob, 3); // both have moved; Bob (white) to move
    expect(await call(alice.socket, EV.claim, { gameId })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } }); // he is here
    expect(await call(bob.socket, EV.claim, { gameId })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } }); // his own turn
    const mark = alice.socket.events.length;
    bob.socket.disconnect();
    const gone = await waitFor(alice.socket, EV.state, (s: any) => s.id === gameId && s.white.connected === false, 5000, mark);
    expect(Date.parse(gone.claimableAt)).toBeGreaterThan(Date.now());
    const early = await call(alice.socket, EV.claim, { gameId });
    expect(early).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(early.error.message).toMatch(/claim the win in \d+ s/);
    await sleep(GRACE_MS + 100);
    expect(await call(alice.socket, EV.claim, { gameId })).toEqual({ ok: true });
    const row = await env.srv.db.game.findUnique({ where: { id: gameId } });
    expect(row).toMatchObject({ status: "finished", result: "black", reason: "abandon" });
    expect(row!.blackRatingDiff).toBeGreaterThan(0);
    expect(await pointsOf(gameId)).toHaveLength(2);
    alice.socket.disconnect();
  });

  it("spectators, strangers and forged input can abort, offer, answer or claim nothing", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    await play(gameId, alice, bob, 2); // a draw can be offered once both have moved
    expect(await call(alice.socket, EV.drawOffer, { gameId })).toEqual({ ok: true });
    const watcher = await person();
    expect(await call(watcher.socket, EV.join, { gameId })).toMatchObject({ ok: true, color: null });
    const anon = await env.client(); // no session at all
    for (const s of [watcher.socket, anon])
      for (const ev of [EV.abort, EV.drawOffer, EV.drawAccept, EV.drawDecline, EV.claim] as const)
        expect(await call(s, ev, { gameId }), ev).toMatchObject({ ok: false, error: { code: "SPECTATOR" } });
    const forged = "A".repeat(32);
    expect(await call(watcher.socket, EV.drawAccept, { gameId, seatToken: forged })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
    for (const bad of [{}, { gameId: "../x" }, { gameId, extra: 1 }, { gameId: 5 }, null])
      expect((await callRaw(bob.socket, EV.claim, bad)).error.code, JSON.stringify(bad)).toBe("BAD_PAYLOAD");
    expect(await call(anon, EV.abort, { gameId: "no-such-game" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    // Nothing changed: the game plays on, Alice's offer stands.
    const row = await env.srv.db.game.findUnique({ where: { id: gameId } });
    expect(row).toMatchObject({ status: "playing", drawOffer: 1 });
    for (const s of [alice.socket, bob.socket, watcher.socket, anon]) s.disconnect();
  });

  it("a game two nodes end at the same moment is rated once (the end is guarded in the rating's transaction)", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    await play(gameId, alice, bob, 2);
    // A second node on the same database, with the game in its own cache.
    const db2 = await openDb(env.srv.dbFile);
    const other = new GameService({ db: db2, claimGraceMs: GRACE_MS });
    try {
      await other.getState(gameId);
      const [here, there] = await Promise.allSettled([call(alice.socket, EV.resign, { gameId }), other.resign({ gameId }, { playerId: bob.me.id })]);
      expect(here.status === "fulfilled" && here.value.ok).toBe(true);
      expect(there.status).toBe("fulfilled");
      expect(await pointsOf(gameId)).toHaveLength(2);
      const [a, b] = [await ratingOf(alice.me.id), await ratingOf(bob.me.id)];
      expect(a!.games).toBe(1);
      expect(b!.games).toBe(1);
      // Whoever's resignation landed first, the row's result and the ratings agree.
      const row = await env.srv.db.game.findUnique({ where: { id: gameId } });
      const blackWon = row!.result === "black";
      expect(a!.wins + a!.losses).toBe(1);
      expect(a!.wins).toBe(blackWon ? 1 : 0);
      expect(Math.sign(row!.blackRatingDiff!)).toBe(blackWon ? 1 : -1);
    } finally {
      await other.close();
      await db2.$disconnect();
    }
    alice.socket.disconnect();
    bob.socket.disconnect();
  });
});

describe("player pages' API", () => {
  it("a profile holds the ratings, the chart's points, the record and the recent games; the leaderboard leaves provisional players out", async () => {
    const alice = await person();
    const bob = await person();
    const gameId = await ratedGame(alice, bob);
    await play(gameId, alice, bob, 9);
    await waitFor(alice.socket, EV.state, (s: any) => s.id === gameId && s.black.player?.diff !== undefined, 5000);

    const res = await fetch(`${url()}/api/players/${encodeURIComponent(alice.me.name.toUpperCase())}`); // names are case-blind
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as any;
    expect(profile).toMatchObject({ name: alice.me.name, account: false, record: { wins: 1, draws: 0, losses: 0 } });
    expect(profile.ratings).toEqual([expect.objectContaining({ pool: POOL, games: 1, wins: 1, provisional: true })]);
    expect(profile.history[POOL]).toEqual([expect.objectContaining({ gameId, rating: profile.ratings[0].rating })]);
    expect(profile.recent[0]).toMatchObject({ id: gameId, color: 1, opponent: bob.me.name, result: "black", reason: "five", rated: true });
    expect(profile.recent[0].diff).toBeGreaterThan(0);

    // Provisional players are not listed; the answer states who is (test/server/leaderboard.test.ts has the rules).
    const board = (await (await fetch(`${url()}/api/leaderboard?pool=${POOL}`)).json()) as any;
    expect(board.leaderboard.pools).toContain(POOL);
    // Every quick-pairing pool is offered, rated players or not (the renju pool has none here).
    for (const q of QUICK_POOLS) expect(board.leaderboard.pools).toContain(ratingPoolOf(q));
    const names = board.leaderboard.players.map((p: any) => p.name);
    expect(names).not.toContain(alice.me.name);
    expect(names).not.toContain(bob.me.name);
    expect(board.leaderboard.rules).toEqual({ minOpponents: expect.any(Number), activeDays: expect.any(Number) });

    // Unknown, malformed: a code and a sentence, no stack, nothing read.
    const unknown = await fetch(`${url()}/api/players/nobody-here-at-all`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect((await fetch(`${url()}/api/players/%E0%A4%A`)).status).toBe(400); // undecodable: refused before us (lib/server/http/url)
    for (const bad of ["..%2F..%2Fetc", "a%20b", "x".repeat(60)]) {
      const r = await fetch(`${url()}/api/players/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as any).error.code).toBe("BAD_PAYLOAD");
    }
    const badPool = await fetch(`${url()}/api/leaderboard?pool=${encodeURIComponent("x'; DROP TABLE")}`);
    expect(badPool.status).toBe(400);
    for (const p of [alice, bob]) p.socket.disconnect();
  });

  it("a flood of profile reads from one address is rate-limited with a Retry-After", async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 40; i++) {
      const r = await fetch(`${url()}/api/leaderboard`);
      statuses.push(r.status);
      if (r.status === 429) retryAfter ??= r.headers.get("retry-after");
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(statuses[0]).toBe(200);
    await sleep(3100); // the window passes: reads again
    expect((await fetch(`${url()}/api/leaderboard`)).status).toBe(200);
  });
});
