// The game and replay pages (/game/<id>, /replay/<id>) on the custom server, before Next: the id is
// looked up, and an unknown one reaches the page marked (lib/shared/unknown-game), which answers
// Next's 404. The pages themselves are client components fed by the socket: only a look-up before
// the render can give the right status. A mark sent by the browser is removed, never trusted.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log";
import { UNKNOWN_GAME_HEADER } from "../../shared/unknown-game";

/** A game id as the server makes them (12 base64url characters, "tv-" + 12 for the TV); anything else is no game. */
const GAME_ID = /^[A-Za-z0-9_-]{1,40}$/;
const PAGE = /^\/(game|replay)\/([^/]+)\/?$/;
/** app/replay/import: a page of its own, not a game's replay. */
const NOT_A_GAME = new Set(["import"]);

export interface GamePagesOptions {
  exists: (gameId: string) => Promise<boolean>;
  log: Logger;
}

/** The handler: true when the request was ours (handed on to `next` once the id is looked up). */
export function gamePagesHttp(opts: GamePagesOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): boolean => {
    delete req.headers[UNKNOWN_GAME_HEADER];
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const page = PAGE.exec(new URL(req.url ?? "/", "http://x").pathname);
    if (!page || (page[1] === "replay" && NOT_A_GAME.has(page[2]))) return false;
    const id = decoded(page[2]);
    const known = id !== null && GAME_ID.test(id) ? opts.exists(id) : Promise.resolve(false);
    known.then(
      (yes) => {
        if (!yes) req.headers[UNKNOWN_GAME_HEADER] = "1";
        next(req, res);
      },
      // The page still loads and says what the socket says: better than no page at all.
      (err: unknown) => {
        opts.log.warn({ err, gameId: id }, "could not look a game up");
        next(req, res);
      },
    );
    return true;
  };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // lib/server/http/url refuses such paths before us: never a game
  }
}
