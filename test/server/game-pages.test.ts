// The game and replay pages' look-up on the custom server (lib/server/games/pages): an id with no
// game reaches the page marked, so Next answers its 404; a real game (a waiting invite, an imported
// game, one only in the rows) is handed on unmarked. A stand-in for Next records what it was given.
// (The real pages' status codes: e2e/play-ai.spec.ts.)
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";
import { UNKNOWN_GAME_HEADER } from "../../lib/shared/unknown-game";

/** What the page handler saw of one request: its path and whether it came marked unknown. */
interface Seen {
  url: string;
  unknown: boolean;
}

describe("game and replay pages of unknown games", () => {
  let srv: TestServer;
  const seen: Seen[] = [];
  beforeAll(async () => {
    srv = await startTestServer({
      requestHandler: (req, res) => {
        seen.push({ url: req.url ?? "", unknown: req.headers[UNKNOWN_GAME_HEADER] !== undefined });
        res.end("page");
      },
    });
  });
  afterAll(() => srv?.close());

  /** GETs `path` (with `headers`) and returns what the page handler saw of it. */
  async function page(path: string, headers: Record<string, string> = {}): Promise<Seen> {
    const { hostname, port } = new URL(srv.url);
    await new Promise<void>((resolve, reject) => {
      const req = http.request({ host: hostname, port, path, headers, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      });
      req.on("error", reject);
      req.end();
    });
    const last = seen[seen.length - 1];
    expect(last.url).toBe(path);
    return last;
  }

  it("marks an id with no game, on both pages, whatever its shape", async () => {
    for (const path of ["/game/nope", "/replay/nope", "/game/doesnotexist123/", "/replay/AAAAAAAAAAAA?ply=3", "/game/a.b", "/game/%E2%9C%93"])
      expect(await page(path), path).toMatchObject({ unknown: true });
  });

  it("hands a real game on unmarked: a waiting invite, from the cache and from the rows", async () => {
    const { gameId } = await srv.games.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1 });
    expect(await page(`/game/${gameId}`)).toMatchObject({ unknown: false });
    expect(await page(`/replay/${gameId}?ply=0`)).toMatchObject({ unknown: false });
    srv.games.invalidate(gameId); // not cached any more: the look-up reads the rows
    expect(await page(`/game/${gameId}?watch=1`)).toMatchObject({ unknown: false });
  });

  it("hands an imported game on unmarked", async () => {
    const [imported] = await srv.games.importGames([
      {
        size: 15,
        rule: "freestyle",
        opening: [],
        names: ["A", "B"],
        moves: [
          { x: 7, y: 7, timeMs: 0 },
          { x: 8, y: 8, timeMs: 0 },
        ],
      },
    ]);
    expect(await page(`/replay/${imported.id}`)).toMatchObject({ unknown: false });
    expect(await page(`/game/${imported.id}`)).toMatchObject({ unknown: false });
  });

  it("never trusts a mark sent by the browser, and leaves other pages alone", async () => {
    const { gameId } = await srv.games.createGame({ opponent: "human", size: 15, rule: "freestyle", color: 1 });
    expect(await page(`/game/${gameId}`, { [UNKNOWN_GAME_HEADER]: "1" })).toMatchObject({ unknown: false });
    for (const path of ["/replay/import?moves=h8", "/games", "/", "/game/x/y"])
      expect(await page(path, { [UNKNOWN_GAME_HEADER]: "1" }), path).toMatchObject({ unknown: false });
  });
});
