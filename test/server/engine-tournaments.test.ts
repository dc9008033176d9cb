// Engine tournaments (issue 30 part 3) over the real server: a round robin of three AI configurations
// played on the server's AI threads (tiny settings: 11×11, depth ≤ 2, no pause between AI moves) finishes
// with a crosstable whose points equal a recount of the games, and the TV follows its games. Its six games
// are real searches and real moves through the game service: ~10 s on a quiet machine (25 s measured
// with the load average at 20 on two cores), the reason this test is over 20 s when the machine is busy. The hostile side: no identity, forged configurations, too many games or configurations,
// a visitor's second event, someone else's event (stop, join), a wrong operator token; the operator's caps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "../../lib/server/log";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { Director } from "../../lib/server/tournaments/director";
import type { TournamentDeps } from "../../lib/server/tournaments/deps";
import { recountEvent } from "../../lib/server/tournaments/scoring";
import { engineGameOnAir, engineSchedule } from "../../lib/server/tournaments/engine";
import { TvLoop } from "../../lib/server/tv/loop";
import { isTvGameId } from "../../lib/server/tv/ids";
import { EV } from "../../lib/shared/protocol";
import { call, callRaw, connect, guestSession, postApi, server, sleep, waitFor } from "./helpers";
import type { TestServer } from "../support/test-server";

const TOKEN = "operator-token-for-the-engine-tournament-test";
let srv: TestServer;
let director: Director;

beforeAll(async () => {
  // The server's own director is off: the test runs one on a short tick (same rows, the real clock: the games are real searches).
  // Burst limits raised (the test posts far faster than a person); the events' own caps stay.
  srv = await server({ tournaments: { enabled: false }, operatorToken: TOKEN, limits: { ...DEFAULT_LIMITS, socketEventsPerSec: 500, ipEventsPerSec: 5000 } });
  director = new Director(deps(), { schedule: false, tickMs: 50 });
});
afterAll(async () => {
  await director?.close();
  await srv?.close();
});

function deps(): TournamentDeps {
  return { db: srv.db, games: srv.games, clock: srv.games.clock, log, nodeId: "engine-test", started: () => {} };
}

const FAST = { algo: "alphabeta", timeMs: 100 } as const;
const event = (over: Record<string, unknown> = {}) => ({
  name: "Engines",
  format: "roundrobin",
  size: 11,
  rule: "freestyle",
  cycles: 1,
  configs: [{ engine: { ...FAST, maxDepth: 1 } }, { label: "Deeper", engine: { ...FAST, maxDepth: 2 } }, { engine: { ...FAST, level: 1 } }],
  ...over,
});
const post = async (path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  (await postApi(srv.url, path, body, cookie, headers)).body as any;
const view = async (id: string, cookie?: string) =>
  ((await (await fetch(`${srv.url}/api/tournaments/${id}`, { headers: cookie ? { cookie } : {} })).json()) as any).tournament;

describe("engine tournaments", () => {
  it("the schedule: a round robin of n gives each pairing both colours, a gauntlet pits the first against each", () => {
    const rr = engineSchedule("roundrobin", 3, 1);
    expect(rr).toHaveLength(6);
    const key = (g: { black: number; white: number }) => `${g.black}-${g.white}`;
    expect(new Set(rr.map(key))).toEqual(new Set(["1-2", "2-1", "1-3", "3-1", "2-3", "3-2"]));
    // The first configuration (the Elo anchor) plays the first game, odd or even.
    for (const n of [3, 4, 5, 6]) expect(engineSchedule("roundrobin", n, 1)[0]).toMatchObject({ black: 1 });
    expect(engineSchedule("roundrobin", 6, 1)).toHaveLength(30);
    expect(engineSchedule("roundrobin", 6, 1).filter((g) => g.black === 4).length).toBe(5);
    expect(engineSchedule("gauntlet", 4, 2).every((g) => g.black === 1 || g.white === 1)).toBe(true);
    expect(engineSchedule("gauntlet", 4, 2)).toHaveLength(12);
  });

  it("a round robin of three configurations plays every game on the server's AI threads and ends with a crosstable", async () => {
    const a = await guestSession(srv.url);
    const made = await post("/api/tournaments/engine", event(), a.cookie);
    expect(made, JSON.stringify(made)).toMatchObject({ ok: true });
    const id = made.id as string;
    // Before a game: the three configurations, nothing played, the creator may stop it (another viewer may not).
    const v0 = await view(id, a.cookie);
    expect(v0).toMatchObject({ kind: "engine", status: "started", engine: { format: "roundrobin", games: 6, played: 0, mayCancel: true } });
    expect(v0.engine.entries.map((e: any) => e.name).sort()).toEqual(["1. AI 0.1 s · depth ≤ 1", "2. Deeper", "3. AI level 1"]);
    expect((await view(id)).engine.mayCancel).toBe(false);

    // The TV follows it: the game on air is the event's (a TV game by its id), played by engines.
    const tv = new TvLoop(srv.games, { follow: () => engineGameOnAir(srv.db), pauseMs: 50, next: () => fail("the TV made a game of its own") });
    const seen = new Set<string>();
    tv.on("current", (c) => c.gameId && seen.add(c.gameId));
    director.start();
    const t0 = Date.now();
    try {
      await tv.start();
      let last: any;
      // Real searches on the niced background threads: ~10 s on a quiet machine, over 90 s twice in ten runs at load 20-35.
      while (Date.now() - t0 < 240_000) {
        last = await view(id);
        if (last.status === "finished") break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(last.status).toBe("finished");
      const e = last.engine;
      expect(e.played).toBe(6);
      // Each configuration played four games; the points add to six; the crosstable is antisymmetric.
      expect(e.entries.map((x: any) => x.games)).toEqual([4, 4, 4]);
      expect(e.entries.reduce((s: number, x: any) => s + x.points, 0)).toBe(6);
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) {
          if (i === j) expect(e.cells[i][j]).toBeNull();
          else expect(e.cells[i][j]).toEqual({ wins: e.cells[j][i].losses, draws: e.cells[j][i].draws, losses: e.cells[j][i].wins });
        }
      // Elo estimates for all three, the first configuration the anchor (its level's Elo if it were a level; 1500 here).
      const first = e.entries.find((x: any) => x.playerId === "engine-1");
      expect(first).toMatchObject({ elo: 1500, margin: 0 });
      for (const x of e.entries) expect(typeof x.elo).toBe("number");
      // Standings rows (half points) equal the crosstable's points and a recount from the games themselves.
      const t = (await srv.db.tournament.findUnique({ where: { id } }))!;
      const recount = await recountEvent(srv.db, t);
      for (const s of last.standings) {
        expect(s.score).toBe(recount.get(s.playerId)!.score);
        expect(s.score).toBe(2 * e.entries.find((x: any) => x.playerId === s.playerId).points);
      }
      // Every game was an AI match with the TV's id, and the TV showed the event's games (none of its own).
      const pairings = await srv.db.tournamentPairing.findMany({ where: { tournamentId: id } });
      expect(pairings).toHaveLength(6);
      for (const p of pairings) expect(isTvGameId(p.gameId!)).toBe(true);
      const games = await srv.db.game.findMany({ where: { id: { in: pairings.map((p) => p.gameId!) } } });
      expect(games.every((g) => g.kind === "ava" && g.status === "finished")).toBe(true);
      // At least one of them: how many the TV catches depends on the machine's speed (on a quiet one the six depth-capped
      // games took 1.7 s in all and the TV, looking between its games, saw one; a fresh-clone CI run failed on "> 1").
      expect(seen.size).toBeGreaterThanOrEqual(1);
      for (const g of seen) expect(pairings.some((p) => p.gameId === g)).toBe(true);
    } finally {
      await tv.stop();
      await director.close();
    }
  }, 270_000);

  it("refuses: no identity, forged configurations, too many games or configurations, a second event, someone else's event, a wrong token", async () => {
    const a = await guestSession(srv.url);
    const b = await guestSession(srv.url);
    const code = (r: any) => r.error?.code;
    expect(code(await post("/api/tournaments/engine", event()))).toBe("NOT_SIGNED_IN");
    // Forged configurations: a search longer than the schema's, an unknown field, a level for MCTS, an unknown algorithm.
    expect(code(await post("/api/tournaments/engine", event({ configs: [{ engine: { ...FAST, timeMs: 999_999 } }, { engine: FAST }] }), a.cookie))).toBe(
      "BAD_PAYLOAD",
    );
    expect(code(await post("/api/tournaments/engine", event({ configs: [{ engine: { ...FAST, threads: 64 } }, { engine: FAST }] }), a.cookie))).toBe(
      "BAD_PAYLOAD",
    );
    expect(
      code(await post("/api/tournaments/engine", event({ configs: [{ engine: { algo: "mcts", timeMs: 100, level: 3 } }, { engine: FAST }] }), a.cookie)),
    ).toBe("BAD_PAYLOAD");
    expect(code(await post("/api/tournaments/engine", event({ configs: [{ engine: { algo: "stockfish", timeMs: 100 } }, { engine: FAST }] }), a.cookie))).toBe(
      "BAD_PAYLOAD",
    );
    expect(code(await post("/api/tournaments/engine", event({ configs: [{ engine: FAST }] }), a.cookie))).toBe("BAD_PAYLOAD");
    // A visitor's caps: 2 s a move, 6 configurations, 30 games.
    expect(code(await post("/api/tournaments/engine", event({ configs: [{ engine: { ...FAST, timeMs: 5000 } }, { engine: FAST }] }), a.cookie))).toBe("LIMIT");
    const seven = Array.from({ length: 7 }, () => ({ engine: FAST }));
    expect(code(await post("/api/tournaments/engine", event({ configs: seven }), a.cookie))).toBe("LIMIT");
    expect(code(await post("/api/tournaments/engine", event({ configs: seven.slice(0, 6), cycles: 2 }), a.cookie))).toBe("LIMIT");
    expect(code(await post("/api/tournaments/engine", event({ cycles: 6 }), a.cookie))).toBe("LIMIT");
    // One under way per visitor.
    const mine = await post("/api/tournaments/engine", event({ size: 19, configs: [{ engine: FAST }, { engine: { ...FAST, maxDepth: 2 } }] }), a.cookie);
    expect(mine, JSON.stringify(mine)).toMatchObject({ ok: true });
    expect(code(await post("/api/tournaments/engine", event(), a.cookie))).toBe("LIMIT");
    // Someone else's event: not theirs to stop, and nobody joins an engine event.
    expect(code(await post(`/api/tournaments/${mine.id}/cancel`, {}, b.cookie))).toBe("NOT_ALLOWED");
    expect(code(await post(`/api/tournaments/${mine.id}/join`, {}, b.cookie))).toBe("NOT_ALLOWED");
    expect(code(await post(`/api/tournaments/${mine.id}/withdraw`, {}, b.cookie))).toBe("NOT_ALLOWED");
    expect(code(await post(`/api/tournaments/nosuchevent/cancel`, {}, b.cookie))).toBe("NOT_FOUND");
    expect((await view(mine.id)).status).toBe("started");
    // A wrong token is no operator (and without a session, nobody).
    const eight = Array.from({ length: 8 }, () => ({ engine: FAST }));
    expect(code(await post("/api/tournaments/engine", event({ configs: eight }), undefined, { authorization: "Bearer wrong" }))).toBe("NOT_SIGNED_IN");
    // The operator: eight configurations (56 games) and 10 s a move, beyond a visitor's caps; may stop any event.
    const op = await post("/api/tournaments/engine", event({ configs: [...eight.slice(1), { engine: { ...FAST, timeMs: 10_000 } }] }), undefined, {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(op, JSON.stringify(op)).toMatchObject({ ok: true });
    expect((await view(op.id)).engine.games).toBe(56);
    expect(await post(`/api/tournaments/${op.id}/cancel`, {}, undefined, { authorization: `Bearer ${TOKEN}` })).toMatchObject({ ok: true });
    // The creator stops their own.
    expect(await post(`/api/tournaments/${mine.id}/cancel`, {}, a.cookie)).toMatchObject({ ok: true });
    expect((await view(mine.id)).status).toBe("finished");
  });
});

describe("a tournament's socket room (the page's live updates)", () => {
  it("a watcher hears tournament:changed when its event changes, only for the one event it watches; a forged id is refused", async () => {
    const a = await guestSession(srv.url);
    const b = await guestSession(srv.url);
    const x = await post("/api/tournaments/engine", event({ name: "Room X" }), a.cookie);
    const y = await post("/api/tournaments/engine", event({ name: "Room Y" }), b.cookie);
    expect(x.ok && y.ok).toBe(true);
    const w = await connect(srv.url);
    try {
      expect(await callRaw(w, EV.tournamentWatch, { id: "../../etc" })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
      // Watching X, then Y: one room at a time, so X's changes are no longer heard.
      expect(await call(w, EV.tournamentWatch, { id: x.id })).toMatchObject({ ok: true });
      expect(await call(w, EV.tournamentWatch, { id: y.id })).toMatchObject({ ok: true });
      expect(await post(`/api/tournaments/${x.id}/cancel`, {}, a.cookie)).toMatchObject({ ok: true });
      expect(await post(`/api/tournaments/${y.id}/cancel`, {}, b.cookie)).toMatchObject({ ok: true });
      expect(await waitFor(w, EV.tournamentChanged, (e: any) => e.id === y.id, 5_000)).toEqual({ id: y.id });
      await sleep(500); // X's notice (coalesced: 300 ms) would have come by now
      expect(w.events.filter((e) => e.event === EV.tournamentChanged).map((e) => e.data.id)).toEqual([y.id]);
    } finally {
      w.disconnect();
    }
  });
});

function fail(why: string): never {
  throw new Error(why);
}
