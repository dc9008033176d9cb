// Imported games stored on the server (POST /api/import → finished games of kind "imported"), over
// a real server and SQLite file: PSQ on 20×20, SGF with several games, and what a hostile stranger
// sends (oversized, malformed, a flood, markup in names, a forged request from another site).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server, connect, call, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";
import { EV } from "../../lib/shared/protocol";
import { MAX_IMPORT_BYTES } from "../../lib/shared/imports";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { PSQ20 } from "../support/gomocup-files";

const SGF2 = [
  "(;GM[4]FF[4]SZ[15]RU[0]PB[<script>alert(1)</script>]PW[pbrain-two];B[hh]C[780ms];W[ig]C[12ms];B[ii])",
  "(;GM[4]FF[4]SZ[15]RU[1]PB[pbrain-two]PW[pbrain-one];B[hh];W[hi])",
].join("\n");

let srv: TestServer;
let origin: string;

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${srv.url}/api/import`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  // Requests a second well above these tests' pace: the games-an-hour budget is what is tested here.
  srv = await server({ importsPerHour: 12, limits: { ...DEFAULT_LIMITS, socketEventsPerSec: 200 } });
  origin = srv.url;
});
afterAll(() => srv?.close());

describe("POST /api/import", () => {
  it("stores a 20×20 Piskvorky PSQ as a finished imported game with the file's names and result", async () => {
    const r = await post({ fileName: "game1.psq", text: PSQ20 });
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
    expect(r.body.stored).toHaveLength(1);
    const g = r.body.stored[0];
    expect(g).toMatchObject({ index: 1, black: "pbrain-embryo21_s.exe", white: "pbrain-rapfi21.exe", plies: 9, size: 20, result: "black" });

    const c: Client = await connect(srv.url);
    try {
      const j = await call(c, EV.join, { gameId: g.id });
      expect(j.ok).toBe(true);
      expect(j.color).toBeNull();
      expect(j.state).toMatchObject({ kind: "imported", size: 20, status: "finished", result: "black", reason: "five" });
      expect(j.state.black).toMatchObject({ kind: "human", name: "pbrain-embryo21_s.exe" });
      expect(j.state.moves.map((m) => [m.x, m.y, m.timeMs])[0]).toEqual([15, 9, 900]);
      expect(j.state.winLine).toHaveLength(5);
      // Nobody can play in it.
      const m = await call(c, EV.move, { gameId: g.id, ply: 10, x: 0, y: 19 });
      expect(m.ok).toBe(false);
      // The archive lists it as imported.
      const list = await call(c, EV.list, { status: "finished", kind: "imported" });
      expect(list.games.find((x) => x.id === g.id)).toMatchObject({ kind: "imported", black: "pbrain-embryo21_s.exe", size: 20, plies: 9 });
    } finally {
      c.close();
    }
  });

  it("a PSQ of a swap2 game (as our replay exports it) comes back with its opening choices", async () => {
    const text = [
      "Piskvorky 15x15, 11:11, 0",
      "8,8,0",
      "9,8,0",
      "8,9,0",
      "10,10,0",
      "7,7,0",
      "3,3,500",
      "Ann",
      "Bo",
      "-1",
      "GomokuArena rule=freestyle opening=0 swap2=place/white",
      "",
    ].join("\n");
    const r = await post({ fileName: "swap2.psq", text });
    expect(r.status).toBe(200);
    const c: Client = await connect(srv.url);
    try {
      const j = await call(c, EV.join, { gameId: r.body.stored[0].id });
      expect(j.state.swap2).toMatchObject({ first: "place", second: "white" });
      expect(j.state.moves).toHaveLength(6);
    } finally {
      c.close();
    }
  });

  it("an SGF file with two games: all of them, or the ones picked; names with markup stay text", async () => {
    const all = await post({ fileName: "match.sgf", text: SGF2 });
    expect(all.body.stored.map((s: any) => [s.index, s.black, s.white, s.plies, s.result])).toEqual([
      [1, "<script>alert(1)</script>", "pbrain-two", 3, null],
      [2, "pbrain-two", "pbrain-one", 2, null],
    ]);
    const st = await srv.games.getState(all.body.stored[1].id);
    expect(st.rule).toBe("exact5");
    const picked = await post({ text: SGF2, games: [2] });
    expect(picked.body.stored.map((s: any) => s.index)).toEqual([2]);
    const none = await post({ text: SGF2, games: [3] });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "NOT_FOUND", message: "the file holds 2 games: there is no game 3", reason: "IMPORT_NO_SUCH_GAME" });
  });

  it("a malformed file is refused with its line and column, and nothing is stored", async () => {
    const before = await srv.db.game.count();
    const bad = await post({ text: "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,12\n" });
    expect(bad.status).toBe(422);
    // The parser's code and values ride along, so the page words it in the reader's language.
    expect(bad.body.error).toMatchObject({ code: "BAD_PAYLOAD", line: 3, column: 3, reason: "PSQ_UNEXPECTED_CHAR", params: { char: "x", move: "9,x,12" } });
    expect(bad.body.error.message).toMatch(/^line 3, column 3: unexpected "x"/);
    const sgf = await post({ text: "(;SZ[15];B[hh];W[])" });
    expect(sgf.body.error).toMatchObject({ line: 1, column: 17, reason: "SGF_PASS", params: { stone: "move", n: 2, color: "white" } });
    expect(sgf.body.error.message).toMatch(/pass/);
    const big = await post({ text: "Piskvorky 21x21, 11:11, 0\n1,1,0\n" });
    expect(big.body.error.message).toMatch(/21×21 board is not supported/);
    expect(await srv.db.game.count()).toBe(before);
  });

  it("refuses oversized files, bodies that are not JSON, forged fields and other sites", async () => {
    const before = await srv.db.game.count();
    const huge = await post({ text: "h8 ".repeat(MAX_IMPORT_BYTES / 3 + 10) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toMatch(/too large: at most 256 KB/);
    const raw = await fetch(`${srv.url}/api/import`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(MAX_IMPORT_BYTES * 3),
    });
    expect(raw.status).toBe(413);
    const form = await fetch(`${srv.url}/api/import`, { method: "POST", headers: { "content-type": "text/plain" }, body: "h8" });
    expect(form.status).toBe(400);
    expect((await post({ text: "h8", kind: "hva" })).body.error.code).toBe("BAD_PAYLOAD");
    expect((await post({ text: "h8", size: 21 })).body.error.code).toBe("BAD_PAYLOAD");
    expect((await post({ text: "" })).body.error.code).toBe("BAD_PAYLOAD");
    expect((await post("{not json")).body.error.message).toBe("The request is not valid JSON.");
    const evil = await post({ text: "h8" }, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect((await fetch(`${srv.url}/api/import`)).status).toBe(405);
    expect(await srv.db.game.count()).toBe(before);
    void origin;
  });

  it("a flood of imports is limited per address (games an hour), with a clear refusal that stores nothing", async () => {
    // 12 an hour in this server; the tests above stored 1 + 2 + 1 = 4.
    const ok = await post({ text: "h8 i9 j10" });
    expect(ok.status).toBe(200);
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await post({ text: "h8 i9" }));
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body.error.code).toBe("RATE_LIMITED");
    expect(refused[0].body.error.message).toMatch(/too many imported games \(12 an hour\)/);
    const before = await srv.db.game.count();
    expect((await post({ text: "h8" })).status).toBe(429);
    expect(await srv.db.game.count()).toBe(before);
  });
});
