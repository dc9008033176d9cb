// Player pages' data on the custom server (before Next), GET only, JSON with { ok, … } or
// { ok: false, error: { code, message } }: /api/players/<name> and /api/leaderboard?pool=.
// Also the page /@/<name> itself: an unknown name is handed to Next as a path no page matches,
// so it answers with its 404 page and status (the page is a client component: it could not).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import type { Limiter } from "../limits/limiter";
import { rateLimitedInfo } from "../limits/limiter";
import { QUICK_POOLS, ratingPoolOf } from "../../shared/pools";
import type { ErrorInfo } from "../../shared/protocol";
import { leaderboardOf, playerByName, profileOf, renamedFrom } from "./profiles";

/** What a profile or leaderboard read costs against the caller's event budget (a few queries; a move costs 1). */
export const READ_COST = 5;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const POOL = /^[a-z0-9]{1,12}-\d{1,2}-[a-z]{1,12}$/;
/** A path Next has no page for: its 404 page. */
const NO_SUCH_PAGE = "/player/-/not-found";
export const DEFAULT_POOL = ratingPoolOf(QUICK_POOLS[0]);

export interface RatingsHttpOptions {
  db: Db;
  limiter: Limiter;
  log: Logger;
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

const refusal = (res: ServerResponse, status: number, error: ErrorInfo) => send(res, status, { ok: false, error });

/** The handler: true when the request was ours (answered, or handed on to `next` after a check). */
export function ratingsHttp(opts: RatingsHttpOptions) {
  const { db, limiter, log } = opts;

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const ip = limiter.addressOf(req);
    const allowed = await limiter.event(`http:${ip}`, ip, READ_COST);
    if (!allowed.ok) {
      res.setHeader("retry-after", String(Math.ceil(allowed.retryMs / 1000)));
      return refusal(res, 429, rateLimitedInfo("requests", allowed.retryMs));
    }
    if (url.pathname === "/api/leaderboard") {
      const pool = url.searchParams.get("pool") || DEFAULT_POOL;
      if (!POOL.test(pool)) return refusal(res, 400, { code: "BAD_PAYLOAD", message: "pool: a rating pool such as freestyle-15-blitz." });
      return send(res, 200, { ok: true, leaderboard: await leaderboardOf(db, pool) });
    }
    const name = decodeName(url.pathname.slice("/api/players/".length));
    if (name === null) return refusal(res, 400, { code: "BAD_PAYLOAD", message: "A player's name: letters, digits, _ and -." });
    const profile = await profileOf(db, name);
    if (!profile) return refusal(res, 404, { code: "NOT_FOUND", message: `There is no player named ${name}.` });
    return send(res, 200, { ok: true, profile });
  }

  return (req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/api/leaderboard" || url.pathname.startsWith("/api/players/")) {
      api(req, res, url).catch((err: unknown) => {
        log.error({ err, path: url.pathname }, "ratings API failed");
        refusal(res, 500, { code: "INTERNAL", message: "Something went wrong on the server." });
      });
      return true;
    }
    // The player page: a name someone had before a rename leads to their page; a name nobody has
    // or had is Next's 404.
    const page = /^\/(?:@|player)\/([^/]+)\/?$/.exec(url.pathname);
    if (!page) return false;
    const name = decodeName(page[1]);
    const known = name === null ? Promise.resolve(null) : whoseName(db, name);
    known.then(
      (k) => {
        if (k?.now) {
          // 302, not 301: the old name may be someone else's tomorrow.
          res.writeHead(302, { location: `/@/${encodeURIComponent(k.now)}`, "cache-control": "no-store" });
          res.end();
          return;
        }
        if (!k) req.url = NO_SUCH_PAGE;
        next(req, res);
      },
      (err: unknown) => {
        log.warn({ err }, "could not look a player up");
        next(req, res);
      },
    );
    return true;
  };
}

function decodeName(raw: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return NAME.test(name) ? name : null;
}

/** Whose `name` is: someone's now ({ now: null }), someone's before a rename ({ now: their name now }), nobody's (null). */
async function whoseName(db: Db, name: string): Promise<{ now: string | null } | null> {
  if (await playerByName(db, name)) return { now: null };
  const now = await renamedFrom(db, name);
  return now ? { now } : null;
}
