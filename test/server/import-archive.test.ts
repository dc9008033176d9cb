// Imported games stay out of the archive's default view (issue 25: 1,000 imported games an hour from
// one address, with any names — "SPAM-n vs buy-cheap-gold.example" — filled its first page). They are
// listed under the "Imported" filter, and under their importer's name (the player page links there).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, connect, guestSession, server, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { EV } from "../../lib/shared/protocol";

let srv: TestServer;
let c: Client;

beforeAll(async () => {
  srv = await server({ importsPerHour: 0, limits: { ...DEFAULT_LIMITS, socketEventsPerSec: 500 } });
  c = await connect(srv.url);
});
afterAll(async () => {
  c?.close();
  await srv?.close();
});

async function importAs(cookie: string | null, text: string) {
  const res = await fetch(`${srv.url}/api/import`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ text }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { stored: Array<{ id: string }> }).stored.map((s) => s.id);
}

describe("imported games and the archive", () => {
  it("a flood of imported spam leaves the archive's first page to the games played here", async () => {
    // A game played here, finished before the flood.
    const { gameId: playedId, seatToken: black } = await srv.games.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1 });
    const { seatToken: white } = await srv.games.join({ gameId: playedId, takeSeat: true });
    await srv.games.move({ gameId: playedId, seatToken: black, ply: 1, x: 7, y: 7 });
    await srv.games.move({ gameId: playedId, seatToken: white!, ply: 2, x: 8, y: 8 });
    await srv.games.resign({ gameId: playedId, seatToken: black });
    expect(await srv.games.getState(playedId)).toMatchObject({ status: "finished", reason: "resign" });

    const spammer = await guestSession(srv.url);
    const sgf = Array.from({ length: 60 }, (_, i) => `(;PB[SPAM-${i}]PW[buy-cheap-gold.example];B[hh];W[ii])`).join("");
    const spam = await importAs(spammer.cookie, sgf);
    expect(spam).toHaveLength(60);

    const first = await call(c, EV.list, { status: "finished" });
    expect(first.ok).toBe(true);
    expect(first.games.map((g) => g.id)).toContain(playedId);
    expect(first.games.filter((g) => g.kind === "imported")).toEqual([]);
    expect(first.games.some((g) => /SPAM|cheap-gold/.test(`${g.black} ${g.white}`))).toBe(false);

    // Under "Imported", newest first.
    const imported = await call(c, EV.list, { status: "finished", kind: "imported" });
    expect(imported.games.length).toBeGreaterThan(0);
    expect(imported.games.every((g) => g.kind === "imported")).toBe(true);
    expect(imported.pages).toBeGreaterThanOrEqual(2);

    // Under the importer's name (any case): theirs only.
    const other = await guestSession(srv.url);
    const theirs = await importAs(other.cookie, "h8 i9 j10");
    const bySpammer = await call(c, EV.list, { status: "finished", by: spammer.me.name.toUpperCase() });
    expect(bySpammer.ok).toBe(true);
    expect(bySpammer.games.length).toBe(20); // a page
    expect(bySpammer.games.every((g) => spam.includes(g.id))).toBe(true);
    const byOther = await call(c, EV.list, { status: "finished", by: other.me.name });
    expect(byOther.games.map((g) => g.id)).toEqual(theirs);
  });

  it("a name nobody has lists nothing; a script without a session imports games no page lists", async () => {
    const nobody = await call(c, EV.list, { status: "finished", by: "no-such-player-here" });
    expect(nobody).toMatchObject({ ok: true, games: [], pages: 1 });
    const [id] = await importAs(null, "h8 i9");
    expect(await srv.db.game.findUnique({ where: { id }, select: { importedById: true } })).toEqual({ importedById: null });
  });
});
