// Rating farming (issue 25, "one address, fresh guests as alts … 25 wins in 5.3 s: 1500 → 2134,
// first on the leaderboard") against the real server: what is rated is decided when a game starts
// (lib/server/ratings/eligibility) and said to both players; a classroom behind one address still
// plays rated games. Every player here comes from 127.0.0.1: one network.
import { describe, expect, it } from "vitest";
import { EV, type GameState } from "../../lib/shared/protocol";
import { ratedEligibility } from "../../lib/server/ratings/eligibility";
import { DEFAULT_LIMITS, serverConfig } from "../../lib/server/config";
import { call, connectAs, useServer, waitFor, type Client } from "./helpers";

// Rate limits off: they slow a farm down (another defence); this file is about what is rated, at any speed.
const env = useServer({ limits: { ...DEFAULT_LIMITS, enabled: false } });
const url = () => env.srv.url;
const POOL = "freestyle-15-blitz";
const blitz = { initialMs: 180_000, incrementMs: 2_000 };
const fair = serverConfig().fairPlay;
const HOUR = 3_600_000;

type Person = { me: { id: string; name: string }; cookie: string; device: string; socket: Client };

/** A browser's first visit (GET /api/me): a guest; `device` (a "ga_device=…" cookie) says which browser, else a new one. */
async function person(device?: string): Promise<Person> {
  const res = await fetch(`${url()}/api/me`, device ? { headers: { cookie: device } } : {});
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const body = (await res.json()) as { ok: boolean; me: { id: string; name: string } };
  const cookie = cookies.find((c) => c.startsWith("ga_session="))!;
  const dev = device ?? cookies.find((c) => c.startsWith("ga_device="))!;
  expect(body.ok && cookie && dev).toBeTruthy();
  return { me: body.me, cookie, device: dev, socket: await connectAs(url(), `${cookie}; ${dev}`) };
}

/** `author` posts a rated open challenge (as black), `taker` accepts; both join. The state both see at the start. */
async function challenge(author: Person, taker: Person): Promise<GameState> {
  const posted = await call(author.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true, color: "black" });
  expect(posted.ok, JSON.stringify(posted.error)).toBe(true);
  const accepted = await call(taker.socket, EV.challengeAccept, { id: posted.challenge.id });
  expect(accepted.ok, JSON.stringify(accepted.error)).toBe(true);
  const joined = await call(taker.socket, EV.join, { gameId: accepted.gameId });
  const authorJoined = await call(author.socket, EV.join, { gameId: accepted.gameId });
  expect(authorJoined, JSON.stringify(authorJoined.error)).toMatchObject({ ok: true, color: 1 });
  return joined.state;
}

/** One move each (black h8, white h9), then `loser` resigns. */
async function oneMoveEachThenResign(gameId: string, black: Person, white: Person, loser: Person) {
  expect(await call(black.socket, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
  expect(await call(white.socket, EV.move, { gameId, ply: 2, x: 7, y: 8 })).toEqual({ ok: true });
  expect(await call(loser.socket, EV.resign, { gameId })).toEqual({ ok: true });
}

const ratingOf = (playerId: string) => env.srv.db.rating.findUnique({ where: { playerId_pool: { playerId, pool: POOL } } });
const leaderboardNames = async (): Promise<string[]> => {
  const board = (await (await fetch(`${url()}/api/leaderboard?pool=${POOL}`)).json()) as { leaderboard: { players: Array<{ name: string }> } };
  return board.leaderboard.players.map((p) => p.name);
};

describe("rating farming", () => {
  it("25 fresh guests from one address each accept a rated challenge, move once and resign: the farmer is rated against the first few only, stays far below 2134 and off the leaderboard", async () => {
    const farmer = await person();
    const states: GameState[] = [];
    for (let i = 0; i < 25; i++) {
      const alt = await person(); // a script without cookies: a new guest, a new device, the same network
      const start = await challenge(farmer, alt);
      states.push(start);
      await oneMoveEachThenResign(start.id, farmer, alt, alt);
      alt.socket.disconnect();
    }
    const rated = states.filter((s) => s.rated);
    expect(rated).toHaveLength(fair.ratedNewNeighboursPerDay);
    // The later games were casual from the start, and said why.
    for (const s of states.slice(fair.ratedNewNeighboursPerDay)) {
      expect(s.rated).toBe(false);
      expect(s.unrated).toMatchObject({ code: "NEW_NEIGHBOURS", limit: fair.ratedNewNeighboursPerDay });
      expect(s.unrated!.message).toMatch(/casual/);
    }
    const r = await ratingOf(farmer.me.id);
    expect(r).toMatchObject({ games: fair.ratedNewNeighboursPerDay, wins: fair.ratedNewNeighboursPerDay });
    expect(r!.rating).toBeLessThan(1950); // 25 rated wins made 2134
    expect(await leaderboardNames()).not.toContain(farmer.me.name);
    farmer.socket.disconnect();
  });

  it("a classroom: 10 players behind one address on their own devices each play four different classmates, all rated", async () => {
    const pupils: Person[] = [];
    for (let i = 0; i < 10; i++) pupils.push(await person());
    const games: GameState[] = [];
    for (const step of [1, 3]) {
      for (let i = 0; i < 10; i++) {
        const [black, white] = [pupils[i], pupils[(i + step) % 10]];
        const start = await challenge(black, white);
        games.push(start);
        await oneMoveEachThenResign(start.id, black, white, i % 2 ? black : white);
      }
    }
    expect(games.map((g) => g.unrated?.code ?? "rated")).toEqual(games.map(() => "rated"));
    for (const p of pupils) expect(await ratingOf(p.me.id)).toMatchObject({ games: 4 });
    for (const p of pupils) p.socket.disconnect();
  });

  it("two identities of one browser (a second guest on the same device): a rated challenge between them is played casual, said to both at the start, and rates nobody", async () => {
    const first = await person();
    const second = await person(first.device);
    expect(second.me.id).not.toBe(first.me.id);
    const start = await challenge(first, second);
    expect(start).toMatchObject({ rated: false, unrated: { code: "SAME_DEVICE" } });
    const seen = await waitFor(first.socket, EV.state, (s: GameState) => s.id === start.id);
    expect(seen.unrated?.code).toBe("SAME_DEVICE");
    await oneMoveEachThenResign(start.id, first, second, second);
    const row = await env.srv.db.game.findUnique({ where: { id: start.id } });
    expect(row).toMatchObject({ rated: false, unrated: "SAME_DEVICE", result: "black", blackRatingDiff: null });
    expect(await ratingOf(first.me.id)).toBeNull();
    // The tie lasts RATED_SAME_DEVICE_HOURS (time handed in); 0 turns the check off (a lab of shared computers).
    const pair = { pool: POOL, black: first.me.id, white: second.me.id };
    expect(await ratedEligibility(env.srv.db, pair)).toEqual({ rated: false, code: "SAME_DEVICE" });
    expect(await ratedEligibility(env.srv.db, pair, new Date(Date.now() + (fair.ratedSameDeviceHours + 1) * HOUR))).toEqual({ rated: true });
    expect(await ratedEligibility(env.srv.db, pair, new Date(), { ...fair, ratedSameDeviceHours: 0 })).toEqual({ rated: true });

    // Quick pairing decides the same way.
    for (const p of [first, second]) expect((await call(p.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).ok).toBe(true);
    const { gameId } = await waitFor<{ gameId: string }>(first.socket, EV.started, (e) => e.gameId !== start.id);
    expect(await env.srv.db.game.findUnique({ where: { id: gameId } })).toMatchObject({ rated: false, unrated: "SAME_DEVICE" });
    first.socket.disconnect();
    second.socket.disconnect();
  });

  it(`the same two players are rated ${fair.ratedPairPerDay} times in 24 hours; then casual (a rematch too), rated again a day later`, async () => {
    const alice = await person();
    const bob = await person();
    // An aborted game rated nothing: it does not count.
    const aborted = await challenge(alice, bob);
    expect(await call(alice.socket, EV.abort, { gameId: aborted.id })).toEqual({ ok: true });
    let last = "";
    for (let i = 0; i < fair.ratedPairPerDay; i++) {
      const start = await challenge(alice, bob);
      expect(start.rated).toBe(true);
      await oneMoveEachThenResign(start.id, alice, bob, bob);
      last = start.id;
    }
    const over = await challenge(alice, bob);
    expect(over).toMatchObject({ rated: false, unrated: { code: "PAIR_LIMIT", limit: fair.ratedPairPerDay } });
    await call(alice.socket, EV.resign, { gameId: over.id });
    // A rematch of a rated game is decided again.
    const rematch = await call(bob.socket, EV.rematch, { gameId: last });
    expect(rematch.ok).toBe(true);
    expect(await env.srv.db.game.findUnique({ where: { id: rematch.gameId } })).toMatchObject({ rated: false, unrated: "PAIR_LIMIT" });
    expect(await ratingOf(alice.me.id)).toMatchObject({ games: fair.ratedPairPerDay });
    // A day later (time handed in): rated again.
    const pair = { pool: POOL, black: alice.me.id, white: bob.me.id };
    expect(await ratedEligibility(env.srv.db, pair)).toEqual({ rated: false, code: "PAIR_LIMIT", limit: fair.ratedPairPerDay });
    expect(await ratedEligibility(env.srv.db, pair, new Date(Date.now() + 25 * HOUR))).toEqual({ rated: true });
    alice.socket.disconnect();
    bob.socket.disconnect();
  });
});
