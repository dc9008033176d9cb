// The TV loop on a real server: it always has a game on air, pushes the next game to sockets in the
// "tv" room after a finish, adopts its unfinished game after a restart, and is off in the test server
// unless asked for.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EV, type TvCurrent } from "../lib/shared/protocol";
import type { TestServer } from "./support/test-server";
import { isTvGameId } from "../lib/server/tv/ids";
import { pickTvMatch, tvOpening, type TvMatch } from "../lib/server/tv/loop";
import { call, callRaw, connect, server, waitFor, type Client } from "./server/helpers";
import { claimLease, releaseLease } from "../lib/server/db/lease";

const engine = { algo: "alphabeta" as const, timeMs: 100, maxDepth: 2 };
/** 9×9, black to move with four in a row: every game ends on its first move. */
const quick = (): TvMatch => ({
  size: 9,
  rule: "freestyle",
  opening: [
    { x: 1, y: 4, color: 1 },
    { x: 2, y: 4, color: 1 },
    { x: 3, y: 4, color: 1 },
    { x: 4, y: 4, color: 1 },
    { x: 0, y: 0, color: 2 },
    { x: 8, y: 0, color: 2 },
    { x: 0, y: 8, color: 2 },
    { x: 8, y: 8, color: 2 },
  ],
  black: engine,
  white: engine,
});
/** A long game: 15×15 from an empty board, full 200 ms searches (no depth cap), so with the
 *  servers' pause between AI moves (SLOW_PAUSE_MS) it lasts well over ten seconds. */
const slow = (): TvMatch => ({
  size: 15,
  rule: "freestyle",
  opening: [],
  black: { algo: "alphabeta", timeMs: 200 },
  white: { algo: "alphabeta", timeMs: 200 },
});
const SLOW_PAUSE_MS = 400;

const servers: TestServer[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const s of servers) await s.close();
});
async function start(opts: Parameters<typeof server>[0]) {
  const s = await server(opts);
  servers.push(s);
  return s;
}
async function client(url: string) {
  const c = await connect(url);
  clients.push(c);
  return c;
}

describe("TV", () => {
  it("is off in the test server by default", async () => {
    const srv = await start({});
    expect(srv.tv).toBeNull();
    const c = await client(srv.url);
    const ack = await call(c, EV.tvWatch, {});
    expect(ack).toEqual({ ok: true, current: { enabled: false, gameId: null, status: null, number: 0, nextAt: null } });
    expect((await callRaw(c, EV.tvWatch, { watch: "yes" })).error.code).toBe("BAD_PAYLOAD");
  });

  it("always has a game on air and moves on to a new one after a finish", async () => {
    const srv = await start({ tv: { pauseMs: 300, next: quick } });
    const c = await client(srv.url);
    const ack = await call(c, EV.tvWatch, {});
    expect(ack.ok).toBe(true);
    const first = ack.current as TvCurrent;
    expect(first.enabled).toBe(true);
    expect(first.gameId && isTvGameId(first.gameId)).toBe(true);

    // The first game ends on its first move; the room hears "finished" with a next time, then the next game.
    const over = await waitFor<TvCurrent>(c, EV.tvCurrent, (e) => e.gameId === first.gameId && e.status === "finished", 15_000);
    expect(over.nextAt).not.toBeNull();
    const next = await waitFor<TvCurrent>(c, EV.tvCurrent, (e) => e.status === "playing" && e.gameId !== first.gameId, 15_000);
    expect(isTvGameId(next.gameId!)).toBe(true);
    expect(next.number).toBeGreaterThan(first.number);

    const done = await srv.games.getState(first.gameId!);
    expect(done).toMatchObject({ status: "finished", result: "black", reason: "five", kind: "ava", tv: true });
    // The archive lists TV games as AI vs AI, marked.
    const list = await call(c, EV.list, { status: "finished", kind: "ava" });
    expect(list.games.find((g: any) => g.id === first.gameId)).toMatchObject({ tv: true, kind: "ava" });
    // A third game comes too: the loop keeps going.
    await waitFor<TvCurrent>(c, EV.tvCurrent, (e) => e.status === "playing" && e.gameId !== first.gameId && e.gameId !== next.gameId, 15_000);
    // A socket that stops following hears nothing more.
    expect((await call(c, EV.tvWatch, { watch: false })).ok).toBe(true);
  });

  it("adopts its unfinished game after a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-tv-"));
    try {
      const dbFile = path.join(dir, "tv.db");
      const a = await start({ dbFile, aiPauseMs: SLOW_PAUSE_MS, tv: { pauseMs: 300, next: slow } });
      const id = a.tv!.snapshot().gameId!;
      expect(isTvGameId(id)).toBe(true);
      const c = await client(a.url);
      await call(c, EV.join, { gameId: id });
      await waitFor(c, EV.moved, (e: any) => e.gameId === id && e.move.ply >= 2, 15_000);
      c.disconnect();
      await a.close();

      const b = await start({ dbFile, aiPauseMs: SLOW_PAUSE_MS, tv: { pauseMs: 300, next: slow } });
      expect(b.tv!.snapshot()).toMatchObject({ enabled: true, gameId: id, status: "playing" });
      const before = (await b.games.getState(id)).moves.length;
      const d = await client(b.url);
      await call(d, EV.join, { gameId: id });
      await waitFor(d, EV.moved, (e: any) => e.gameId === id && e.move.ply > before, 15_000);
      await b.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("several nodes on one database: exactly one runs the TV, the others show its game and take over when it stops", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-tv-lease-"));
    try {
      const dbFile = path.join(dir, "tv.db");
      const tv = (holder: string) => ({ pauseMs: 300, next: slow, followMs: 200, lease: { holder, ttlMs: 1500 } });
      const a = await start({ dbFile, aiPauseMs: SLOW_PAUSE_MS, tv: tv("A"), nodeId: "A" });
      const b = await start({ dbFile, aiPauseMs: SLOW_PAUSE_MS, tv: tv("B"), nodeId: "B" });
      expect(a.tv!.isLeading).toBe(true);
      expect(b.tv!.isLeading).toBe(false);
      const onAir = a.tv!.snapshot().gameId!;
      expect(isTvGameId(onAir)).toBe(true);
      // B follows A's game for its own sockets, and never starts one of its own.
      const c = await client(b.url);
      await new Promise((r) => setTimeout(r, 800));
      expect((await call(c, EV.tvWatch, {})).current).toMatchObject({ enabled: true, gameId: onAir, status: "playing" });
      const tvGames = async () => (await a.db.game.findMany({ where: { id: { startsWith: "tv-" } } })).filter((g) => isTvGameId(g.id));
      expect(await tvGames()).toHaveLength(1);
      expect(b.tv!.isLeading).toBe(false);

      // A stops (its lease is released): B takes the TV over and carries on with the same game.
      await a.close();
      const deadline = Date.now() + 10_000;
      while (!b.tv!.isLeading && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(b.tv!.isLeading).toBe(true);
      expect(b.tv!.snapshot()).toMatchObject({ gameId: onAir, status: "playing" });
      const before = (await b.games.getState(onAir)).moves.length;
      await call(c, EV.join, { gameId: onAir });
      await waitFor(c, EV.moved, (e: any) => e.gameId === onAir && e.move.ply > before, 30_000);
      expect(await tvGames()).toHaveLength(1);
      await b.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the lease: one holder at a time, renewable by its holder, taken over once it lapses", async () => {
    const srv = await start({});
    const db = srv.db;
    const got = await Promise.all(["n1", "n2", "n3", "n4"].map((h) => claimLease(db, "test", h, 300)));
    expect(got.filter(Boolean)).toHaveLength(1);
    const holder = ["n1", "n2", "n3", "n4"][got.indexOf(true)];
    const rival = holder === "n1" ? "n2" : "n1";
    expect(await claimLease(db, "test", holder, 300)).toBe(true); // renewed
    expect(await claimLease(db, "test", rival, 300)).toBe(false);
    await new Promise((r) => setTimeout(r, 350));
    expect(await claimLease(db, "test", rival, 300)).toBe(true); // lapsed: taken over
    expect(await claimLease(db, "test", holder, 300)).toBe(false);
    await releaseLease(db, "test", holder); // not the holder: nothing happens
    expect(await claimLease(db, "test", holder, 300)).toBe(false);
    await releaseLease(db, "test", rival);
    expect(await claimLease(db, "test", holder, 300)).toBe(true);
  });

  it("varies its matches within the settings", () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ms = Array.from({ length: 40 }, () => pickTvMatch(rand, { timeMs: [300, 1000] }));
    expect(new Set(ms.map((m) => m.size)).size).toBeGreaterThan(1);
    expect(new Set(ms.map((m) => JSON.stringify(m.opening))).size).toBeGreaterThan(10);
    for (const m of ms) {
      expect(m.black.timeMs).toBeGreaterThanOrEqual(300);
      expect(m.white.timeMs).toBeLessThanOrEqual(1000);
      const blacks = m.opening.filter((s) => s.color === 1).length;
      expect(blacks - (m.opening.length - blacks)).toBeGreaterThanOrEqual(0);
      expect(new Set(m.opening.map((s) => `${s.x},${s.y}`)).size).toBe(m.opening.length);
    }
    expect(tvOpening(9, () => 0.99).length).toBeGreaterThanOrEqual(2);
    // Some renju games open with swap2 (the engines place the stones): never another rule, never with stones.
    const swap2 = ms.filter((m) => m.swap2);
    expect(swap2.length).toBeGreaterThan(0);
    for (const m of swap2) expect([m.rule, m.opening]).toEqual(["renju", []]);
  });
});
