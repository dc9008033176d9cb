// Tournaments over the real server (HTTP API, real socket.io clients playing the games) on fake
// time: an arena of four with a berserk and a podium, a three-round Swiss of five with byes and
// tie-breaks, the refusals, and the director's lease moving between nodes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { FakeClock } from "../../lib/server/time";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { log } from "../../lib/server/log";
import { Director } from "../../lib/server/tournaments/director";
import type { TournamentDeps } from "../../lib/server/tournaments/deps";
import { recountEvent } from "../../lib/server/tournaments/scoring";
import { ensureScheduled, nextStart, SCHEDULE } from "../../lib/server/tournaments/schedule";
import { call, connectAs, guestSession, postApi, server, waitFor, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";
import { readCatalogue } from "../../i18n/messages";
import { calledOff, SWISS_START_GRACE_MS, waitingUntil } from "../../lib/shared/called-off";

const clock = new FakeClock(Date.now());
// The tests that play games make dozens of round trips each, and the first pays the server's warm-up: at load ~20-25 on
// the two cores the arena took 48 s and once over vitest's 60 s. A test that times out runs on in the background, and
// its advance of the shared clock then ended the next test's games ("GAME_OVER" in the Swiss test).
vi.setConfig({ testTimeout: 180_000 });
let srv: TestServer;
let director: Director;
const sockets: Client[] = [];

beforeAll(async () => {
  // The server's own director never ticks here: the tests step one they hold (same rows, same clock).
  // Burst limits raised: the test's players act far faster than people (each request costs the event budget);
  // the events' own caps (creates per address and day, …) stay as they are.
  srv = await server({
    clock,
    pairEveryMs: 3600_000,
    tournaments: { enabled: false },
    limits: { ...DEFAULT_LIMITS, socketEventsPerSec: 500, ipEventsPerSec: 5000 },
  });
  director = new Director(deps("test-node"), { schedule: false });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await director.close();
  await srv.close();
});

function deps(nodeId: string, c = clock): TournamentDeps {
  return {
    db: srv.db,
    games: srv.games,
    clock: c,
    log,
    nodeId,
    started: (playerId, gameId) => void srv.io.to(`player:${playerId}`).emit(EV.started, { gameId, via: "pairing" }),
  };
}

type Person = { cookie: string; me: { id: string; name: string }; socket: Client };
async function person(): Promise<Person> {
  const s = await guestSession(srv.url);
  const socket = await connectAs(srv.url, s.cookie);
  sockets.push(socket);
  return { ...s, socket };
}

const api = (path: string, cookie?: string) => fetch(`${srv.url}${path}`, { headers: cookie ? { cookie } : {} }).then((r) => r.json() as Promise<any>);
const post = async (path: string, body: unknown, cookie?: string) => (await postApi(srv.url, path, body, cookie)).body as any;
const view = async (id: string, p?: Person) => (await api(`/api/tournaments/${id}`, p?.cookie)).tournament;

async function create(p: Person, over: Record<string, unknown>): Promise<string> {
  const r = await post(
    "/api/tournaments",
    { kind: "arena", name: "Test event", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, ...over },
    p.cookie,
  );
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
  return r.id;
}

// Black wins with seven moves of its own (berserk's point needs seven); white wins in ten plies; a draw by agreement.
const BLACK_WINS: Array<[number, number]> = [
  [0, 14],
  [14, 0],
  [2, 14],
  [12, 0],
  [7, 7],
  [7, 9],
  [8, 7],
  [8, 9],
  [9, 7],
  [9, 9],
  [10, 7],
  [10, 9],
  [11, 7],
];
const WHITE_WINS: Array<[number, number]> = [
  [0, 0],
  [7, 7],
  [0, 2],
  [8, 7],
  [0, 4],
  [9, 7],
  [0, 6],
  [10, 7],
  [0, 8],
  [11, 7],
];

/** Both players sit, then `winner` wins (or they draw by agreement after two moves each). */
async function play(gameId: string, a: Person, b: Person, winner: Person | "draw", from = 0): Promise<{ black: Person; white: Person }> {
  const ja = await call(a.socket, EV.join, { gameId });
  const jb = await call(b.socket, EV.join, { gameId });
  expect(ja.ok && jb.ok).toBe(true);
  const [black, white] = ja.color === 1 ? [a, b] : [b, a];
  const how = winner === "draw" ? "draw" : winner === black ? "black" : "white";
  const moves = how === "black" ? BLACK_WINS : how === "white" ? WHITE_WINS : BLACK_WINS.slice(0, 4);
  for (let i = from; i < moves.length; i++) {
    const r = await call((i % 2 ? white : black).socket, EV.move, { gameId, ply: i + 1, x: moves[i][0], y: moves[i][1] });
    expect(r).toEqual({ ok: true });
  }
  if (how === "draw") {
    expect((await call(black.socket, EV.drawOffer, { gameId })).ok).toBe(true);
    expect((await call(white.socket, EV.drawAccept, { gameId })).ok).toBe(true);
  }
  return { black, white };
}

/** A casual game between `a` and `b` outside any event (the event's 3+2 clock). */
const outsideGame = (a: Person, b: Person) =>
  srv.games.createMatched({ size: 15, rule: "freestyle", clock: { initialMs: 180_000, incrementMs: 2_000 }, black: a.me.id, white: b.me.id, rated: false });

async function gameOf(id: string, p: Person): Promise<string> {
  const v = await view(id, p);
  expect(v.me?.gameId).toBeTruthy();
  return v.me.gameId;
}

async function expectRecountEqualsRows(id: string) {
  const t = (await srv.db.tournament.findUnique({ where: { id } }))!;
  const recount = await recountEvent(srv.db, t);
  const rows = await srv.db.tournamentPlayer.findMany({ where: { tournamentId: id } });
  for (const r of rows)
    expect(recount.get(r.playerId)).toMatchObject({ score: r.score, fire: r.fire, games: r.games, wins: r.wins, buchholz: r.buchholz, sonneborn: r.sonneborn });
}

describe("arena", () => {
  it("four join, are paired as they finish, standings move, a berserk win scores 3, the arena ends with a podium", async () => {
    const ps = [await person(), await person(), await person(), await person()];
    const id = await create(ps[0], { minutes: 20 });
    for (const p of ps) expect(await post(`/api/tournaments/${id}/join`, {}, p.cookie)).toEqual({ ok: true });
    await director.tick();
    const started = await Promise.all(ps.map((p) => waitFor(p.socket, EV.started)));
    expect(new Set(started.map((s) => s.gameId)).size).toBe(2);
    let v = await view(id);
    expect(v).toMatchObject({ status: "started", players: 4 });
    expect(v.topGame).toBeTruthy();

    // Round one: the first game's black berserks before moving and wins; the second is won by white.
    const g1 = await gameOf(id, ps[0]);
    const opp1 = ps.find((p) => p !== ps[0] && started[ps.indexOf(p)].gameId === g1)!;
    const others = ps.filter((p) => p !== ps[0] && p !== opp1);
    const g2 = await gameOf(id, others[0]);
    const j = await call(ps[0].socket, EV.join, { gameId: g1 });
    const black1 = j.color === 1 ? ps[0] : opp1;
    expect(await post(`/api/tournaments/${id}/berserk`, {}, black1.cookie)).toEqual({ ok: true, gameId: g1 });
    expect((await view(id, black1)).me).toMatchObject({ berserk: true, mayBerserk: false });
    // The game's clock: black's initial time halved (3+2 → 1:30, no increment), white's untouched.
    expect((await srv.games.getState(g1)).clock).toMatchObject({ blackMs: 90_000, whiteMs: 180_000 });
    // The game names its players (the pass read their names with its other rows).
    const st = await srv.games.getState(g1);
    const nameOf = (seat: typeof st.black) => (seat.kind === "human" ? seat.player?.name : undefined);
    expect([nameOf(st.black), nameOf(st.white)].sort()).toEqual([ps[0].me.name, opp1.me.name].sort());
    const r1 = await play(g1, ps[0], opp1, black1);
    // Berserk once the game is over: refused.
    expect(await post(`/api/tournaments/${id}/berserk`, {}, r1.white.cookie)).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
    // Berserk after moving: refused, the clock untouched.
    const j2 = await call(others[0].socket, EV.join, { gameId: g2 });
    const [black2, white2] = j2.color === 1 ? [others[0], others[1]] : [others[1], others[0]];
    expect(await call(black2.socket, EV.move, { gameId: g2, ply: 1, x: WHITE_WINS[0][0], y: WHITE_WINS[0][1] })).toEqual({ ok: true });
    expect(await post(`/api/tournaments/${id}/berserk`, {}, black2.cookie)).toMatchObject({ ok: false, error: { code: "WRONG_PHASE" } });
    expect((await srv.games.getState(g2)).clock).toMatchObject({ blackMs: 180_000 });
    const r2 = await play(g2, others[0], others[1], white2, 1);
    await director.tick();
    v = await view(id);
    const score = (p: Person) => v.standings.find((s: any) => s.playerId === p.me.id);
    expect(score(r1.black)).toMatchObject({ score: 3, games: 1, wins: 1 });
    expect(score(r2.white)).toMatchObject({ score: 2, games: 1 });
    expect(score(r1.white).score + score(r2.black).score).toBe(0);
    expect(v.standings[0].playerId).toBe(r1.black.me.id);
    // Re-paired at once, never against the last opponent.
    const next1 = await gameOf(id, r1.black);
    const next2 = await gameOf(id, r1.white);
    expect(next1).not.toBe(next2);
    await expectRecountEqualsRows(id);

    // Round two: winners meet (close scores), losers meet; the leader wins again (fire after two wins).
    const pairOf = async (p: Person) => {
      const g = await gameOf(id, p);
      const q = (await Promise.all(ps.filter((x) => x !== p).map(async (x) => ((await view(id, x)).me.gameId === g ? x : null)))).find(Boolean)!;
      return { g, q };
    };
    const a = await pairOf(r1.black);
    expect(a.q).toBe(r2.white);
    await play(a.g, r1.black, a.q, r1.black);
    const b = await pairOf(r1.white);
    await play(b.g, r1.white, b.q, "draw");
    await director.tick();
    v = await view(id);
    await expectRecountEqualsRows(id);
    const leader = v.standings[0];
    expect(leader.games).toBe(2);
    // 3 (a berserk win) + 2 (a second win: on fire only from the next game).
    expect(leader).toMatchObject({ playerId: r1.black.me.id, score: 5, fire: true });

    // The end: games still waiting for a first move are aborted by their clocks and score nothing; ranks freeze.
    await clock.advance(21 * 60_000);
    await director.tick();
    await director.tick();
    v = await view(id);
    expect(v.status).toBe("finished");
    expect(v.podium.map((p: any) => p.rank)).toEqual([1, 2, 3]);
    expect(v.podium[0].playerId).toBe(leader.playerId);
    expect(await srv.db.lease.findUnique({ where: { name: `tour:${id}` } })).toBeNull(); // a finished event has no director
    await expectRecountEqualsRows(id);
    const line = await api(`/api/tournaments/players/${encodeURIComponent(leader.name)}`);
    expect(line.line).toMatchObject({ played: 1, won: 1, podiums: 1 });
    const list = await api("/api/tournaments");
    expect(list.finished.some((t: any) => t.id === id)).toBe(true);
  });
});

describe("swiss", () => {
  it("five players, three rounds: a bye each round to a different player, no rematch, Buchholz and Sonneborn-Berger right", async () => {
    const ps = await Promise.all([person(), person(), person(), person(), person()]);
    const id = await create(ps[0], { kind: "swiss", rounds: 3, startsInMinutes: 5 });
    for (const p of ps) expect((await post(`/api/tournaments/${id}/join`, {}, p.cookie)).ok).toBe(true);
    await clock.advance(5 * 60_000); // its start: the first round pairs the five who joined
    const byId = new Map(ps.map((p) => [p.me.id, p]));
    const byes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      await director.tick();
      const t = await srv.db.tournament.findUnique({ where: { id } });
      expect(t!.round).toBe(round);
      const pairings = await srv.db.tournamentPairing.findMany({ where: { tournamentId: id, round } });
      const bye = pairings.filter((p) => p.whiteId === null);
      expect(bye).toHaveLength(1);
      byes.push(bye[0].blackId);
      const games = pairings.filter((p) => p.gameId);
      expect(games).toHaveLength(2);
      // Black wins the first board, the second is drawn: a mix of results for the tie-breaks.
      await play(games[0].gameId!, byId.get(games[0].blackId)!, byId.get(games[0].whiteId!)!, byId.get(games[0].blackId)!);
      await play(games[1].gameId!, byId.get(games[1].blackId)!, byId.get(games[1].whiteId!)!, "draw");
    }
    await director.tick();
    const v = await view(id);
    expect(v.status).toBe("finished");
    expect(new Set(byes).size).toBe(3);
    // Tie-breaks worked out here from the pairings, independently of the server's code.
    const all = await srv.db.tournamentPairing.findMany({ where: { tournamentId: id } });
    const met = all.filter((p) => p.whiteId).map((p) => [p.blackId, p.whiteId].sort().join());
    expect(new Set(met).size).toBe(met.length);
    const pts = (p: (typeof all)[number], who: string) =>
      p.whiteId === null ? 2 : p.result === "draw" ? 1 : (p.result === "black") === (p.blackId === who) ? 2 : 0;
    const score = new Map(ps.map((p) => [p.me.id, all.filter((x) => x.blackId === p.me.id || x.whiteId === p.me.id).reduce((s, x) => s + pts(x, p.me.id), 0)]));
    for (const row of v.standings) {
      const mine = all.filter((x) => x.whiteId && (x.blackId === row.playerId || x.whiteId === row.playerId));
      const opp = (x: (typeof all)[number]) => (x.blackId === row.playerId ? x.whiteId! : x.blackId);
      expect(row.score).toBe(score.get(row.playerId));
      expect(row.buchholz).toBe(mine.reduce((s, x) => s + score.get(opp(x))!, 0));
      expect(row.sonneborn).toBe(mine.reduce((s, x) => s + pts(x, row.playerId) * score.get(opp(x))!, 0));
    }
    // In order: score, then Buchholz, then Sonneborn-Berger.
    for (let i = 1; i < v.standings.length; i++) {
      const [a, b] = [v.standings[i - 1], v.standings[i]];
      const key = (r: any) => r.score * 1e6 + r.buchholz * 1e3 + r.sonneborn;
      expect(key(a)).toBeGreaterThanOrEqual(key(b));
    }
    expect(v.podium).toHaveLength(3);
    await expectRecountEqualsRows(id);
  });
});

describe("a Swiss event's start", () => {
  it("is refused sooner than 5 minutes ahead (it would start, and end, before anyone joined), with a reason worded in both languages; 5 is fine", async () => {
    const p = await person();
    const swiss = (startsInMinutes: number) =>
      post("/api/tournaments", { kind: "swiss", name: "Too soon", size: 15, rule: "freestyle", clock: "3+2", rounds: 3, startsInMinutes }, p.cookie);
    for (const m of [0, 1, 4])
      expect(await swiss(m)).toMatchObject({
        ok: false,
        error: { code: "BAD_PAYLOAD", reason: "tourSwissSoon", params: { n: 5 }, message: expect.stringMatching(/5 minutes at the soonest/) },
      });
    expect(await srv.db.tournament.count({ where: { createdById: p.me.id } })).toBe(0);
    for (const locale of ["en", "zh-CN"] as const) {
      const reasons = (readCatalogue(locale) as { errors: { reasons: Record<string, string> } }).errors.reasons;
      expect(reasons.tourSwissSoon, locale).toContain("{n}");
    }
    const made = await swiss(5);
    expect(made).toMatchObject({ ok: true });
    expect(await view(made.id)).toMatchObject({ kind: "swiss", status: "created", startsAt: new Date(clock.now() + 5 * 60_000).toISOString() });
    expect(calledOff(await view(made.id))).toBe(false);
    // Only its creator joined in those 5 minutes: at its start it waits for players (lila delays it), the page says until when.
    expect(await post(`/api/tournaments/${made.id}/join`, {}, p.cookie)).toEqual({ ok: true });
    await clock.advance(5 * 60_000);
    await director.tick();
    expect(await view(made.id)).toMatchObject({ status: "created", round: 0 });
    expect(waitingUntil(await view(made.id), clock.now())).toBe(clock.now() + SWISS_START_GRACE_MS);
    // Nobody else in an hour: called off, over at round 0; the pages say "Called off" (and why).
    await clock.advance(SWISS_START_GRACE_MS);
    await director.tick();
    const over = await view(made.id);
    expect(over).toMatchObject({ status: "finished", round: 0, podium: [] });
    expect(calledOff(over)).toBe(true);
    for (const locale of ["en", "zh-CN"] as const) {
      const event = (readCatalogue(locale) as { tournaments: { event: { calledOff: string; waitingPlayers: string; status: Record<string, string> } } })
        .tournaments.event;
      expect(event.calledOff && event.status.calledOff && event.waitingPlayers.includes("{when}"), locale).toBeTruthy();
    }
    // Alone, they won nothing: no podium (above), nothing on their player page.
    expect((await api(`/api/tournaments/players/${encodeURIComponent(p.me.name)}`)).line).toEqual({ played: 0, won: 0, podiums: 0 });
    for (const locale of ["en", "zh-CN"] as const) {
      const event = (readCatalogue(locale) as { tournaments: { event: { calledOff: string; status: Record<string, string> } } }).tournaments.event;
      expect(event.calledOff && event.status.calledOff, locale).toBeTruthy();
    }
  });
});

describe("a Swiss event waiting for players", () => {
  it("past its start with one player it waits; a second joins and the first round starts at once", async () => {
    const [p, q] = await Promise.all([person(), person()]);
    const id = await create(p, { kind: "swiss", rounds: 3, startsInMinutes: 5 });
    expect(await post(`/api/tournaments/${id}/join`, {}, p.cookie)).toEqual({ ok: true });
    await clock.advance(5 * 60_000);
    await director.tick();
    expect(await view(id)).toMatchObject({ status: "created", round: 0 });
    expect(await post(`/api/tournaments/${id}/join`, {}, q.cookie)).toEqual({ ok: true });
    await director.tick();
    expect(await view(id)).toMatchObject({ status: "started", round: 1 });
    const pairings = await srv.db.tournamentPairing.findMany({ where: { tournamentId: id, round: 1 } });
    expect(pairings).toHaveLength(1);
    expect(new Set([pairings[0].blackId, pairings[0].whiteId])).toEqual(new Set([p.me.id, q.me.id]));
  });
});

describe("refusals", () => {
  it("forged ids, create spam, a full event, pausing in a game, a game not in the event, an aborted game", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    expect(await api("/api/tournaments/nope")).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await post("/api/tournaments/nope/join", {}, a.cookie)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    // An id of the wrong shape matches no route at all.
    expect((await fetch(`${srv.url}/api/tournaments/${"x".repeat(60)}/join`, { method: "POST", headers: { cookie: a.cookie } })).status).toBe(404);
    expect(
      await post("/api/tournaments", { kind: "arena", name: "x", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 30 }, a.cookie),
    ).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    expect(
      await post("/api/tournaments", { kind: "arena", name: "No length", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0 }, a.cookie),
    ).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    expect(
      await post("/api/tournaments", { kind: "arena", name: "Anonymous", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 30 }),
    ).toMatchObject({
      ok: false,
      error: { code: "NOT_SIGNED_IN" },
    });
    const id = await create(a, { minutes: 30 });
    // One live event per creator.
    expect(
      await post("/api/tournaments", { kind: "arena", name: "Second", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 30 }, a.cookie),
    ).toMatchObject({
      ok: false,
      error: { code: "LIMIT", reason: "tourLiveMine" },
    });
    // A full event.
    await srv.db.tournament.update({ where: { id }, data: { maxPlayers: 2 } });
    for (const p of [a, b]) expect(await post(`/api/tournaments/${id}/join`, {}, p.cookie)).toEqual({ ok: true });
    expect(await post(`/api/tournaments/${id}/join`, {}, a.cookie)).toEqual({ ok: true }); // twice: still one row
    expect(await post(`/api/tournaments/${id}/join`, {}, c.cookie)).toMatchObject({
      ok: false,
      error: { code: "LIMIT", reason: "tourFull", params: { max: 2 } },
    });
    await director.tick();
    const g = await gameOf(id, a);
    expect(await post(`/api/tournaments/${id}/pause`, {}, a.cookie)).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", reason: "tourPauseInGame" } });
    // A game between the same two outside the event is not scored in it.
    const outside = await outsideGame(a, b);
    await play(outside.gameId, a, b, a);
    // The event a game belongs to (the game's page links back and follows the next pairing); a game outside any: null.
    expect(await api(`/api/tournaments/game/${g}`)).toMatchObject({ ok: true, event: { id, kind: "arena", status: "started" } });
    expect(await api(`/api/tournaments/game/${outside.gameId}`)).toEqual({ ok: true, event: null });
    // The event's game aborted (nobody moved in the first-move window): no points.
    await clock.advance(61_000);
    await director.tick();
    const rows = await srv.db.tournamentPlayer.findMany({ where: { tournamentId: id } });
    expect(rows.map((r) => r.score)).toEqual([0, 0]);
    const p = await srv.db.tournamentPairing.findFirst({ where: { gameId: g } });
    expect(p).toMatchObject({ status: "done", result: "none", blackPoints: 0, whitePoints: 0 });
    // Black did not move: paused (not paired again until they join again, as lila withdraws a no-show); white waits.
    const statusOf = async (playerId: string) => (await srv.db.tournamentPlayer.findFirst({ where: { tournamentId: id, playerId } }))!.status;
    // (The game service's "aborted" listener pauses them in the background: looked at until done, for up to 30 s on a loaded machine.)
    for (const end = Date.now() + 30_000; Date.now() < end && (await statusOf(p!.blackId)) !== "paused";) await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(p!.blackId)).toBe("paused");
    expect(await statusOf(p!.whiteId!)).toBe("waiting");
    await director.tick();
    expect(await srv.db.tournamentPairing.count({ where: { tournamentId: id, status: { in: ["starting", "playing"] } } })).toBe(0);
    // Back in the waiting room: a pause now is fine; withdraw; and a stranger's withdraw says so.
    expect(await post(`/api/tournaments/${id}/pause`, {}, b.cookie)).toEqual({ ok: true });
    expect(await post(`/api/tournaments/${id}/withdraw`, {}, c.cookie)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await post(`/api/tournaments/${id}/berserk`, {}, a.cookie)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});

describe("an arena's only two players", () => {
  it("meet again after their game (nobody else could come), as lila's onlyTwoActivePlayers", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await create(a, { minutes: 30 });
    for (const p of [a, b]) expect(await post(`/api/tournaments/${id}/join`, {}, p.cookie)).toEqual({ ok: true });
    await director.tick();
    const first = await gameOf(id, a);
    await play(first, a, b, a);
    await director.tick();
    const second = await gameOf(id, a);
    expect(second).not.toBe(first);
    expect(await gameOf(id, b)).toBe(second);
  });
});

describe("no rematch of a tournament game", () => {
  it("both players ask for a rematch over their sockets once the event's game is over: refused with a reason, no game made; outside the event the same two may", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await create(a, { minutes: 30 });
    for (const p of [a, b]) expect(await post(`/api/tournaments/${id}/join`, {}, p.cookie)).toEqual({ ok: true });
    await director.tick();
    const gameId = await gameOf(id, a);
    expect(await gameOf(id, b)).toBe(gameId);
    await play(gameId, a, b, a);
    expect((await srv.games.getState(gameId)).status).toBe("finished");
    const games = await srv.db.game.count();
    // The offer (the first asker) and the accept (the second) alike: the page hides the button, the server refuses the event.
    for (const p of [a, b])
      expect(await call(p.socket, EV.rematch, { gameId })).toMatchObject({
        ok: false,
        error: { code: "NOT_ALLOWED", reason: "tourRematch", message: expect.stringMatching(/tournament game has no rematch/) },
      });
    expect(await srv.db.game.count()).toBe(games);
    expect((await srv.games.getState(gameId)).rematchId ?? null).toBeNull();
    // The same two outside any event: a rematch as usual (the refusal is the event's, not the players').
    const outside = await outsideGame(a, b);
    await play(outside.gameId, a, b, b);
    expect(await call(a.socket, EV.rematch, { gameId: outside.gameId })).toMatchObject({ ok: true });
  });
});

describe("the site's schedule", () => {
  it("makes the next hourly arena once, however many nodes ask", async () => {
    const at = Date.UTC(2030, 0, 1, 13, 30);
    expect(nextStart(SCHEDULE[0], at)).toBe(Date.UTC(2030, 0, 1, 14));
    const made = await Promise.all([ensureScheduled(srv.db, at), ensureScheduled(srv.db, at)]);
    expect(made[0] + made[1]).toBe(1); // only the hourly one starts within the hour
    expect(await ensureScheduled(srv.db, at)).toBe(0);
    const row = await srv.db.tournament.findFirst({ where: { scheduleKey: { startsWith: "hourly-freestyle-3+2:2030-01-01T14" } } });
    expect(row).toMatchObject({ kind: "arena", status: "created", createdById: null, minutes: 45 });
    // Its view names its schedule entry: the pages word the name in the reader's language (every entry has one in each).
    expect(await view(row!.id)).toMatchObject({ scheduled: true, schedule: "hourly-freestyle-3+2" });
    for (const locale of ["en", "zh-CN"] as const) {
      const words = (readCatalogue(locale) as { tournaments: { schedule: Record<string, string> } }).tournaments.schedule;
      for (const s of SCHEDULE) expect(words[s.key], `${locale} ${s.key}`).toBeTruthy();
      if (locale === "en") for (const s of SCHEDULE) expect(words[s.key]).toBe(s.name);
    }
  });
});

describe("one director per event", () => {
  it("only the lease holder directs; when it stops, or dies, another node takes over", async () => {
    const p = await person();
    const id = await create(p, { minutes: 30, startsInMinutes: 0 });
    const own = new FakeClock(clock.now());
    const one = new Director(deps("node-one", own), { schedule: false, leaseMs: 10_000 });
    const two = new Director(deps("node-two", own), { schedule: false, leaseMs: 10_000 });
    await director.close(); // the suite's own director stops (its leases released)
    await one.tick();
    await two.tick();
    expect(one.holding()).toContain(id);
    expect(two.holding()).not.toContain(id);
    await one.close();
    await two.tick();
    expect(two.holding()).toContain(id);
    // node-two dies (no release): a third node waits for the lease to lapse.
    const three = new Director(deps("node-three", own), { schedule: false, leaseMs: 10_000 });
    await three.tick();
    expect(three.holding()).not.toContain(id);
    await own.advance(11_000);
    await three.tick();
    expect(three.holding()).toContain(id);
    await three.close();
  });
});
