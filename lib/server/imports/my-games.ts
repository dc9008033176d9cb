// "Download my games": GET /api/my-games.sgf (one SGF collection) and /api/my-games.zip (one .sgf a
// game, fflate). Mine means the identity of the session cookie (a guest's too): the games I played in
// either seat and the games I imported, finished, newest first. Nothing in the request can name
// another player: any query field is refused (a forged ?player= asks for someone else's games), and
// without a session the answer is 401. Bounded: at most MAX_DOWNLOAD_GAMES games, and each request
// costs DOWNLOAD_COST of the address's event budget (lib/server/http/router).
import type { IncomingMessage } from "node:http";
import { zipSync, strToU8 } from "fflate";
import { engineLabel } from "../../shared/labels";
import { writeSgf, writeSgfCollection, type SgfGameOut } from "../../shared/sgf-write";
import type { Entry } from "../games/entry";
import type { GameService } from "../games/service";
import type { Identities } from "../identity/identities";
import { sessionTokenOf } from "../identity/cookie";
import { HttpRefusal } from "../http/answers";
import type { Answer } from "../http/answers";
import type { Route } from "../http/router";

export const MY_GAMES_SGF = "/api/my-games.sgf";
export const MY_GAMES_ZIP = "/api/my-games.zip";
/** The most games in one download (the newest). */
export const MAX_DOWNLOAD_GAMES = 2000;
/** Points of the address's event budget a download costs (a move costs 1): a few downloads a second at most. */
export const DOWNLOAD_COST = 10;

/** A stored game as an SGF game: seat names (a player's name now, an engine's label, an imported name). */
export function sgfOfEntry(e: Entry): SgfGameOut {
  const name = (c: 1 | 2): string => {
    const s = e.seats[c];
    if (s.kind === "engine") return engineLabel(s.engine);
    return e.names[c] ?? s.name ?? (c === 1 ? "Black" : "White");
  };
  return {
    id: e.id,
    size: e.size,
    rule: e.rule,
    opening: e.opening,
    moves: e.moves.map((m) => ({ x: m.x, y: m.y, color: m.color, timeMs: m.timeMs, score: m.score ?? null })),
    black: name(1),
    white: name(2),
    result: e.result,
    reason: e.reason,
    // An imported game's date is the file's (createdAt: lib/server/games/imported); a played game's, its end.
    date: (e.kind === "imported" ? e.createdAt : (e.finishedAt ?? e.createdAt)).toISOString(),
  };
}

const refuse = (status: number, code: "NOT_SIGNED_IN" | "BAD_PAYLOAD", message: string): never => {
  throw new HttpRefusal(status, { code, message });
};

export function myGamesRoutes(opts: { games: GameService; identities: Identities | null }): Route[] {
  async function mine(req: IncomingMessage, query: URLSearchParams): Promise<Entry[]> {
    const extra = [...query.keys()].find((k) => k !== "scores");
    if (extra) refuse(400, "BAD_PAYLOAD", `Only your own games can be downloaded: "${extra.slice(0, 20)}" is not a field of this address.`);
    const me = opts.identities ? await opts.identities.ofSession(sessionTokenOf(req.headers)) : null;
    if (!me) return refuse(401, "NOT_SIGNED_IN", "Open the site once (a guest is enough) to have games to download.");
    return opts.games.finishedOf(me.id, MAX_DOWNLOAD_GAMES);
  }
  const scoresOf = (q: URLSearchParams) => q.get("scores") === "1";
  const day = () => new Date().toISOString().slice(0, 10);

  const sgf = async (req: IncomingMessage, q: URLSearchParams): Promise<Answer> => {
    const games = await mine(req, q);
    return {
      status: 200,
      body: writeSgfCollection(games.map(sgfOfEntry), { scores: scoresOf(q) }),
      type: "application/x-go-sgf; charset=utf-8",
      headers: { "content-disposition": `attachment; filename="my-games-${day()}.sgf"` },
    };
  };
  const zip = async (req: IncomingMessage, q: URLSearchParams): Promise<Answer> => {
    const games = await mine(req, q);
    const files: Record<string, Uint8Array> = {};
    for (const e of games) {
      const date = (e.finishedAt ?? e.createdAt).toISOString().slice(0, 10);
      files[`${date}-${e.id}.sgf`] = strToU8(writeSgf(sgfOfEntry(e), { scores: scoresOf(q) }));
    }
    return {
      status: 200,
      body: zipSync(files, { level: 6 }),
      type: "application/zip",
      headers: { "content-disposition": `attachment; filename="my-games-${day()}.zip"` },
    };
  };
  return [
    { name: "my games", methods: ["GET"], path: MY_GAMES_SGF, cost: DOWNLOAD_COST, handle: (req, ctx) => sgf(req, ctx.query) },
    { name: "my games", methods: ["GET"], path: MY_GAMES_ZIP, cost: DOWNLOAD_COST, handle: (req, ctx) => zip(req, ctx.query) },
  ];
}
