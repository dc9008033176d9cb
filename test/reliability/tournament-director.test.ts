// Issue 30: kill -9 of the director node mid-arena. Two server processes share PostgreSQL and Redis;
// four guests (a socket on each node) play an arena. Its director, whichever node holds the event's
// lease, pairs two rounds (under load a short lease may change hands meanwhile: the holder is read
// again before the kill); then the holder is SIGKILLed while the second round's games are one move from
// their end, and those games end through the other node while no director runs.
// The other node takes the lease once it lapses (1.5 s here, injected: TOURNAMENT_LEASE_MS), scores
// the two games and pairs the next round within the lease time and a couple of ticks; no point is lost
// (the standings rows equal a recount from the games; every finished game is scored).
// About 30 s: two real server processes start (most of it, as in scaleout.test.ts), the test itself ~12 s.

import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { type Db } from "../../lib/server/db/client";
import { recountEvent } from "../../lib/server/tournaments/scoring";
import { connectAs, guestSession, postApi, type Client } from "../server/helpers";
import { startNode, until, type NodeProc } from "./helpers";
import { clusterFixture } from "./cluster-fixture";

const LEASE_MS = 1500;
const TICK_MS = 200;
const nodes: Record<string, NodeProc> = {};

const env = (id: string) => ({
  ...cl.env(id),
  RATE_LIMITS: "off",
  TOURNAMENT_LEASE_MS: String(LEASE_MS),
  TOURNAMENT_TICK_MS: String(TICK_MS),
  TOURNAMENT_SCHEDULE: "0",
});

const cl = clusterFixture(async () => {
  [nodes.A, nodes.B] = await Promise.all([startNode(env("A"), 60_000), startNode(env("B"), 60_000)]);
}, 90_000);

// Black makes five along y = 7 on its 5th move (ply 9); white plays along y = 9.
// prettier-ignore
const MOVES: Array<[number, number]> = [[7, 7], [7, 9], [8, 7], [8, 9], [9, 7], [9, 9], [10, 7], [10, 9], [11, 7]];
type Person = { id: string; cookie: string; sockets: Record<string, Client> };
const ask = (s: Client, ev: string, payload: unknown) => s.timeout(10_000).emitWithAck(ev, payload) as Promise<any>;

/** The open pairings of the event (rows), once `n` are playing with their games. */
async function playing(id: string, n: number, ms: number) {
  let rows: Awaited<ReturnType<Db["tournamentPairing"]["findMany"]>> = [];
  await until(
    `${n} games playing`,
    async () => {
      rows = await cl.reader.tournamentPairing.findMany({ where: { tournamentId: id, status: "playing", gameId: { not: null } } });
      return rows.length === n;
    },
    ms,
  );
  return rows;
}

/** Both players join the game and play up to (not including) ply `upTo` (1-based); answers who is black. */
async function playUpTo(via: string, gameId: string, people: Map<string, Person>, blackId: string, whiteId: string, from: number, upTo: number) {
  const [black, white] = [people.get(blackId)!.sockets[via], people.get(whiteId)!.sockets[via]];
  if (from === 0) for (const socket of [black, white]) expect(await ask(socket, EV.join, { gameId })).toMatchObject({ ok: true });
  for (let i = from; i < upTo; i++) {
    const r = await ask(i % 2 ? white : black, EV.move, { gameId, ply: i + 1, x: MOVES[i][0], y: MOVES[i][1] });
    expect(r, JSON.stringify(r)).toEqual({ ok: true });
  }
}

describe("arena director killed (SIGKILL) mid-arena", () => {
  it("pairing continues on the other node within the lease time; no points lost", async () => {
    const url = nodes.A.url;
    // ---- the event: created through A, four guests join
    const creator = await guestSession(url);
    const made = (
      await postApi(
        url,
        "/api/tournaments",
        { kind: "arena", name: "Kill -9", size: 15, rule: "freestyle", clock: "3+2", startsInMinutes: 0, minutes: 20 },
        creator.cookie,
      )
    ).body as any;
    expect(made, JSON.stringify(made)).toMatchObject({ ok: true });
    const id = made.id as string;
    const holder = async () => (await cl.reader.lease.findUnique({ where: { name: `tour:${id}` } }))?.holder ?? "";
    await until("a node directs the event", async () => (await holder()) !== "", 10_000);
    const people = new Map<string, Person>();
    for (let i = 0; i < 4; i++) {
      const s = await guestSession(url);
      const both = { A: await connectAs(nodes.A.url, s.cookie), B: await connectAs(nodes.B.url, s.cookie) };
      cl.sockets.push(both.A, both.B);
      people.set(s.me.id, { id: s.me.id, cookie: s.cookie, sockets: both });
      expect((await postApi(url, `/api/tournaments/${id}/join`, {}, s.cookie)).body).toMatchObject({ ok: true });
    }

    // ---- round 1 on the director: two games, played to the end
    const r1 = await playing(id, 2, 10_000);
    for (const p of r1) await playUpTo("A", p.gameId!, people, p.blackId, p.whiteId!, 0, MOVES.length);
    // ---- round 2: paired once round 1 is scored
    let r2: typeof r1 = [];
    await until(
      "round 2 paired",
      async () => {
        r2 = await cl.reader.tournamentPairing.findMany({
          where: { tournamentId: id, status: "playing", gameId: { not: null }, id: { notIn: r1.map((p) => p.id) } },
        });
        return r2.length === 2;
      },
      10_000,
    );
    const director = await holder();
    const survivor = director === "A" ? "B" : "A";
    for (const p of r2) await playUpTo(survivor, p.gameId!, people, p.blackId, p.whiteId!, 0, MOVES.length - 1);

    // ---- SIGKILL the director, then the two games end through the survivor while nobody directs
    await nodes[director].kill();
    const killedAt = Date.now();
    for (const p of r2) await playUpTo(survivor, p.gameId!, people, p.blackId, p.whiteId!, MOVES.length - 1, MOVES.length);

    // The survivor takes the lease once it lapses, scores round 2 and pairs round 3.
    const done = [...r1, ...r2].map((p) => p.id);
    await until(
      "round 3 paired by the survivor",
      async () => (await cl.reader.tournamentPairing.count({ where: { tournamentId: id, status: "playing", id: { notIn: done } } })) === 2,
      15_000,
    );
    const handOverMs = Date.now() - killedAt;
    expect((await cl.reader.lease.findUnique({ where: { name: `tour:${id}` } }))?.holder).toBe(survivor);
    // Within the lease and a few (slow, on a loaded machine) passes: well under a default lease (10 s).
    expect(handOverMs).toBeLessThan(LEASE_MS + 6_500);

    // ---- no points lost: the four games scored (a win each), the rows equal a recount from the games
    const scored = await cl.reader.tournamentPairing.findMany({ where: { id: { in: done } } });
    expect(scored.map((p) => [p.status, p.result])).toEqual(done.map(() => ["done", "black"]));
    const t = (await cl.reader.tournament.findUnique({ where: { id } }))!;
    const rows = await cl.reader.tournamentPlayer.findMany({ where: { tournamentId: id } });
    const recount = await recountEvent(cl.reader, t);
    for (const r of rows) {
      expect(r.score).toBe(recount.get(r.playerId)!.score);
      expect(r.games).toBe(2);
    }
    // Four wins, 2 points each (no streak yet after one win; a second win in a row is the start of one).
    expect(rows.reduce((s, r) => s + r.score, 0)).toBe([...recount.values()].reduce((s, r) => s + r.score, 0));
    expect(rows.reduce((s, r) => s + r.wins, 0)).toBe(4);
    console.log(`director ${director} killed; ${survivor} paired round 3 ${handOverMs} ms later (lease ${LEASE_MS} ms, tick ${TICK_MS} ms)`);
  }, 90_000);
});
