// Scoring a pass's finished games in one transaction (scoreFinished: the pairings closed and the rows
// written in bulk statements) on a real SQLite database: the rows equal a recount from the games
// (streaks, berserk, draws, an abort), each game is scored once even by two directors at once, and a
// game still playing is left alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { openTempDb } from "../../../test/support/temp-db";
import { closePairings } from "./bulk";
import { recountEvent, scoreFinished } from "./scoring";

let db: Db;
let temp: Awaited<ReturnType<typeof openTempDb>>;
beforeAll(async () => {
  temp = await openTempDb("scoring");
  db = temp.db;
});
afterAll(() => temp.close());

const T0 = Date.UTC(2026, 5, 1, 12);
let gameNo = 0;

/** An arena with `players`; each round's games [black, white, result, plies, berserk?] made playing, then finished in the Game rows. */
async function arena(id: string, players: string[]) {
  await db.tournament.create({
    data: {
      id,
      kind: "arena",
      name: id,
      size: 15,
      rule: "freestyle",
      initialMs: 180_000,
      incrementMs: 2_000,
      status: "started",
      startsAt: new Date(T0),
      endsAt: new Date(T0 + 3600_000),
      maxPlayers: 100,
    },
  });
  await db.tournamentPlayer.createMany({
    data: players.map((p, i) => ({ tournamentId: id, playerId: p, name: p, rating: 1500 + 10 * i, status: "playing", joinedAt: new Date(T0) })),
  });
  return (await db.tournament.findUnique({ where: { id } }))!;
}

type G = [black: string, white: string, result: "black" | "white" | "draw", plies: number, opts?: { abort?: boolean; berserk?: boolean; playing?: boolean }];

async function round(tid: string, at: number, games: G[]) {
  for (const [black, white, result, plies, o = {}] of games) {
    const gameId = `sg${gameNo++}`;
    const finished = !o.playing;
    await db.game.create({
      data: {
        id: gameId,
        size: 15,
        rule: "freestyle",
        opening: "[]",
        black: "{}",
        white: "{}",
        kind: "hvh",
        status: finished ? "finished" : "playing",
        result: finished ? result : null,
        reason: finished ? (o.abort ? "abort" : "five") : null,
        blackPlayerId: black,
        whitePlayerId: white,
        finishedAt: finished ? new Date(at + 1000) : null,
      },
    });
    await db.move.createMany({
      data: Array.from({ length: plies }, (_, i) => ({ gameId, ply: i + 1, x: i, y: 0, color: (i % 2) + 1, by: "human", timeMs: 100 })),
    });
    await db.tournamentPairing.create({
      data: {
        id: `p-${gameId}`,
        tournamentId: tid,
        round: 0,
        gameId,
        blackId: black,
        whiteId: white,
        status: "playing",
        berserkBlack: !!o.berserk,
        createdAt: new Date(at),
      },
    });
  }
}

const rowsOf = async (tid: string) => new Map((await db.tournamentPlayer.findMany({ where: { tournamentId: tid } })).map((r) => [r.playerId, r]));

async function expectRecount(tid: string) {
  const t = (await db.tournament.findUnique({ where: { id: tid } }))!;
  const recount = await recountEvent(db, t);
  const rows = await rowsOf(tid);
  for (const [id, s] of recount) expect({ id, ...s }).toEqual({ id, ...pick(rows.get(id)!, Object.keys(s) as Array<keyof typeof s>) });
}
const pick = <R extends object>(r: R, keys: Array<keyof R | string>) => Object.fromEntries(keys.map((k) => [k, r[k as keyof R]]));

describe("scoreFinished", () => {
  it("scores a pass in one go: the rows equal a recount, streaks and berserk included; a game still playing waits", async () => {
    const t = await arena("a1", ["a", "b", "c", "d", "e", "f"]);
    await round("a1", T0, [
      ["a", "b", "black", 13, { berserk: true }],
      ["c", "d", "draw", 20],
      ["e", "f", "white", 10, { abort: true }],
    ]);
    expect(await scoreFinished({ db }, t, T0 + 2000)).toBe(3);
    let rows = await rowsOf("a1");
    expect([rows.get("a")!.score, rows.get("b")!.score, rows.get("c")!.score, rows.get("e")!.score]).toEqual([3, 0, 1, 0]);
    expect([...rows.values()].every((r) => r.status === "waiting")).toBe(true);
    await db.tournamentPlayer.updateMany({ where: { tournamentId: "a1" }, data: { status: "playing" } });
    await round("a1", T0 + 10_000, [
      ["b", "a", "white", 9],
      ["d", "c", "black", 11],
      ["f", "e", "black", 9, { playing: true }],
    ]);
    expect(await scoreFinished({ db }, t, T0 + 12_000)).toBe(2);
    await db.tournamentPlayer.updateMany({ where: { tournamentId: "a1", playerId: { in: ["a", "b", "c", "d"] } }, data: { status: "playing" } });
    await round("a1", T0 + 20_000, [
      ["a", "c", "black", 9],
      ["b", "d", "white", 10],
    ]);
    expect(await scoreFinished({ db }, t, T0 + 22_000)).toBe(2);
    rows = await rowsOf("a1");
    // a: berserk win (3), win (2), a third win in a row on fire (4); d: win, win.
    expect(rows.get("a")).toMatchObject({ score: 9, fire: true, games: 3, wins: 3 });
    expect(rows.get("d")).toMatchObject({ score: 1 + 2 + 2, fire: true });
    // e and f: the abort counts for nothing, their game under way is not scored, they are still playing.
    expect(rows.get("f")).toMatchObject({ score: 0, games: 0, status: "playing" });
    const points = await db.tournamentPairing.findMany({ where: { tournamentId: "a1", blackId: "a" }, orderBy: { createdAt: "asc" } });
    expect(points.map((p) => p.blackPoints)).toEqual([3, 4]);
    await expectRecount("a1");
    expect(await scoreFinished({ db }, t, T0 + 30_000)).toBe(0);
  });

  it("more ended than a pass scores: the longest ended first, the rest in the next pass (soon)", async () => {
    const t = await arena("a8", ["h", "i", "j", "k", "l", "m"]);
    // Inserted newest first, so the rows' own order is not the order they ended in.
    await round("a8", T0 + 9_000, [["l", "m", "black", 9]]);
    await round("a8", T0, [["h", "i", "black", 9]]);
    await round("a8", T0 + 5_000, [["j", "k", "white", 9]]);
    let again = 0;
    const d = { db, passSize: { scored: 2, pairs: 2 }, again: () => void again++ };
    expect(await scoreFinished(d, t, T0 + 20_000)).toBe(2);
    expect(again).toBe(1);
    const rows = await rowsOf("a8");
    expect(["h", "i", "j", "k", "l", "m"].map((p) => rows.get(p)!.status)).toEqual(["waiting", "waiting", "waiting", "waiting", "playing", "playing"]);
    expect(await scoreFinished(d, t, T0 + 21_000)).toBe(1);
    expect(again).toBe(1);
    await expectRecount("a8");
  });

  it("two directors at once: each game scored once, the rows equal a recount", async () => {
    const players = Array.from({ length: 40 }, (_, i) => `q${i}`);
    const t = await arena("a2", players);
    await round(
      "a2",
      T0,
      Array.from({ length: 20 }, (_, i): G => [players[2 * i], players[2 * i + 1], i % 3 === 0 ? "draw" : i % 2 ? "white" : "black", 9 + (i % 4)]),
    );
    const [x, y] = await Promise.all([scoreFinished({ db }, t, T0 + 2000), scoreFinished({ db }, t, T0 + 2000)]);
    expect(x + y).toBe(20);
    expect(await db.tournamentPairing.count({ where: { tournamentId: "a2", status: "done" } })).toBe(20);
    await expectRecount("a2");
    // A pairing closed already is not closed again.
    const one = (await db.tournamentPairing.findFirst({ where: { tournamentId: "a2" } }))!;
    expect(await closePairings(db, [{ id: one.id, result: "white", plies: 3 }])).toBe(0);
    expect((await db.tournamentPairing.findUnique({ where: { id: one.id } }))!.result).toBe(one.result);
  });
});
