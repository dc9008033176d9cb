// The game and replay pages (/game/<id>, /replay/<id>) on the custom server, before Next: the id is
// looked up, and an unknown one reaches the page marked (lib/shared/unknown-game), which answers
// Next's 404. The pages themselves are client components fed by the socket: only a look-up before
// the render can give the right status. A mark sent by the browser is removed, never trusted.
import type { Logger } from "../log";
import { UNKNOWN_GAME_HEADER } from "../../shared/unknown-game";
import { PASS } from "../http/answers";
import type { Guard, Route } from "../http/router";

/** A game id as the server makes them (12 base64url characters, "tv-" + 12 for the TV); anything else is no game. */
const GAME_ID = /^[A-Za-z0-9_-]{1,40}$/;
const PAGE = /^\/(game|replay)\/([^/]+)\/?$/;
/** app/replay/import: a page of its own, not a game's replay. */
const NOT_A_GAME = new Set(["import"]);

export interface GamePagesOptions {
  exists: (gameId: string) => Promise<boolean>;
  log: Logger;
}

/** Every request: a mark sent by the browser is removed before any route or page sees it. */
export const stripUnknownGameMark: Guard = (req) => {
  delete req.headers[UNKNOWN_GAME_HEADER];
  return null;
};

/** /game/<id> and /replay/<id>: the id looked up, then on to the page (marked when unknown). */
export function gamePageRoutes(opts: GamePagesOptions): Route[] {
  return [
    {
      name: "game pages",
      methods: ["GET", "HEAD"],
      path: PAGE,
      handle: async (req, { params: [kind, segment] }) => {
        if (kind === "replay" && NOT_A_GAME.has(segment)) return PASS;
        const id = decoded(segment);
        try {
          if (id === null || !GAME_ID.test(id) || !(await opts.exists(id))) req.headers[UNKNOWN_GAME_HEADER] = "1";
        } catch (err) {
          // The page still loads and says what the socket says: better than no page at all.
          opts.log.warn({ err, gameId: id }, "could not look a game up");
        }
        return PASS;
      },
    },
  ];
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // lib/server/http/url refuses such paths before us: never a game
  }
}
