// Records out and in (issue 27): "download my games" as one SGF collection and as a ZIP, read back by
// our own importer and by Sabaki's parser; only the session's own games (a forged field is refused, no
// session is 401); an import of a game already imported points to the stored one; an SGF's DT is the
// game's date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { guestSession, server } from "./helpers";
import type { TestServer } from "../support/test-server";
import { sabaki, sabakiMainLine } from "../support/sabaki";
import { parseSgf } from "../../lib/shared/sgf";
import { DEFAULT_LIMITS } from "../../lib/server/config";

let srv: TestServer;

beforeAll(async () => {
  // A generous event budget: this file makes many sessions and downloads from one address in seconds.
  srv = await server({ importsPerHour: 0, limits: { ...DEFAULT_LIMITS, socketEventsPerSec: 500 } });
});
afterAll(async () => {
  await srv?.close();
});

async function importAs(cookie: string, text: string): Promise<Array<{ id: string; existing?: boolean }>> {
  const res = await fetch(`${srv.url}/api/import`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ text }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { stored: Array<{ id: string; existing?: boolean }> }).stored;
}

/** A finished hvh game between two identities: black h8, white i9, black resigns. */
async function playedGame(black: string, white: string): Promise<string> {
  const { gameId, seatToken } = await srv.games.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1 }, { playerId: black });
  const joined = await srv.games.join({ gameId, takeSeat: true }, { playerId: white });
  await srv.games.move({ gameId, seatToken, ply: 1, x: 7, y: 7 });
  await srv.games.move({ gameId, seatToken: joined.seatToken!, ply: 2, x: 8, y: 8 });
  await srv.games.resign({ gameId, seatToken });
  return gameId;
}

describe("download my games", () => {
  it("holds my played and imported games, as SGF (ours and Sabaki's reader) and as a ZIP; never someone else's", async () => {
    const a = await guestSession(srv.url);
    const b = await guestSession(srv.url);
    const c = await guestSession(srv.url);
    const played = await playedGame(a.me.id, b.me.id);
    const [imported] = await importAs(a.cookie, "(;GM[4]SZ[15]RU[4]PB[pbrain-one]PW[pbrain-two]DT[2019-03-04];B[hh];W[ii];B[hi])");
    const [theirs] = await importAs(c.cookie, "(;GM[4]SZ[15]PB[someone]PW[else];B[aa];W[bb])");

    const res = await fetch(`${srv.url}/api/my-games.sgf`, { headers: { cookie: a.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="my-games-\d{4}-\d{2}-\d{2}\.sgf"/);
    const text = await res.text();
    const ours = parseSgf(text);
    expect(ours).toHaveLength(2);
    const ids = sabaki.parse(text).map((r) => r.data.GN[0]);
    expect(ids.sort()).toEqual([played, imported.id].sort());
    expect(text).not.toContain(theirs.id);
    const imp = sabaki.parse(text).find((r) => r.data.GN[0] === imported.id)!;
    expect(imp.data).toMatchObject({ PB: ["pbrain-one"], PW: ["pbrain-two"], RU: ["4"], DT: ["2019-03-04"] });
    expect(sabakiMainLine(imp).slice(1).length).toBe(3);
    const game = sabaki.parse(text).find((r) => r.data.GN[0] === played)!;
    expect(game.data).toMatchObject({ PB: [a.me.name], PW: [b.me.name], RE: ["W+R"] });

    // Re-imported through our own importer: the same moves (a new importer, so new games).
    const back = await importAs(c.cookie, text);
    expect(back).toHaveLength(2);
    expect(back.every((s) => !s.existing)).toBe(true);

    const zip = await fetch(`${srv.url}/api/my-games.zip`, { headers: { cookie: a.cookie } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(2);
    for (const [name, data] of Object.entries(files)) {
      expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-[\w-]+\.sgf$/);
      expect(parseSgf(strFromU8(data))).toHaveLength(1);
      expect(sabaki.parse(strFromU8(data))).toHaveLength(1);
    }

    // B played the game, imported nothing: the game only.
    const bText = await (await fetch(`${srv.url}/api/my-games.sgf`, { headers: { cookie: b.cookie } })).text();
    expect(sabaki.parse(bText).map((r) => r.data.GN[0])).toEqual([played]);
  });

  it("refuses a field naming someone (forged), and answers 401 without a session", async () => {
    const a = await guestSession(srv.url);
    const forged = await fetch(`${srv.url}/api/my-games.sgf?player=${encodeURIComponent(a.me.id)}`, { headers: { cookie: a.cookie } });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    const none = await fetch(`${srv.url}/api/my-games.zip`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });
    const forgedCookie = await fetch(`${srv.url}/api/my-games.sgf`, { headers: { cookie: "ga_session=forged-token-of-nobody" } });
    expect(forgedCookie.status).toBe(401);
  });
});

describe("importing a file twice", () => {
  it("points to the game already stored (per importer), keeps the SGF's date, and a new importer gets their own", async () => {
    const a = await guestSession(srv.url);
    const file = "(;GM[4]SZ[15]PB[x]PW[y]DT[2020-02-29];B[hh];W[ii];B[jj])";
    const [first] = await importAs(a.cookie, file);
    expect(first.existing).toBeUndefined();
    // Times differ (as two exports of one game may): still the same game.
    const [again] = await importAs(a.cookie, "(;GM[4]SZ[15]PB[x]PW[y]DT[2020-02-29];B[hh]C[5ms];W[ii];B[jj])");
    expect(again).toMatchObject({ id: first.id, existing: true });
    expect(await srv.db.game.count({ where: { importedById: a.me.id } })).toBe(1);
    const row = await srv.db.game.findUnique({ where: { id: first.id }, select: { createdAt: true, finishedAt: true } });
    expect(row!.createdAt.toISOString()).toBe("2020-02-29T00:00:00.000Z");
    expect(row!.finishedAt!.getTime()).toBeGreaterThan(Date.parse("2025-01-01"));
    expect((await srv.games.getState(first.id)).createdAt).toBe("2020-02-29T00:00:00.000Z");

    const b = await guestSession(srv.url);
    const [theirs] = await importAs(b.cookie, file);
    expect(theirs.id).not.toBe(first.id);
    // A different game (one move more) is a new game.
    const [other] = await importAs(a.cookie, "(;GM[4]SZ[15]PB[x]PW[y]DT[2020-02-29];B[hh];W[ii];B[jj];W[kk])");
    expect(other.id).not.toBe(first.id);
  });
});
