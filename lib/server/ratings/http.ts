// Player pages' data on the custom server (before Next), GET only, JSON with { ok, … } or
// { ok: false, error: { code, message } }: /api/players/<name> and /api/leaderboard?pool=, routes of
// lib/server/http/router (each read costs READ_COST of the address's event budget).
// Also the page /@/<name> itself: an unknown name is handed to Next as a path no page matches,
// so it answers with its 404 page and status (the page is a client component: it could not).
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { json, PASS, refuse, type Answer } from "../http/answers";
import type { Route } from "../http/router";
import { QUICK_POOLS, ratingPoolOf } from "../../shared/pools";
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
  log: Logger;
}

const GET = ["GET", "HEAD"] as const;

/** The leaderboard, a player's data, and the player page's look-up (an old name redirects). */
export function ratingsRoutes(opts: RatingsHttpOptions): Route[] {
  const { db, log } = opts;
  return [
    {
      name: "leaderboard",
      methods: GET,
      path: "/api/leaderboard",
      cost: READ_COST,
      handle: async (_req, { query }) => {
        const pool = query.get("pool") || DEFAULT_POOL;
        if (!POOL.test(pool)) refuse("BAD_PAYLOAD", "pool: a rating pool such as freestyle-15-blitz.");
        return json(200, { ok: true, leaderboard: await leaderboardOf(db, pool) });
      },
    },
    {
      name: "player data",
      methods: GET,
      path: /^\/api\/players\/(.*)$/,
      cost: READ_COST,
      handle: async (_req, { params: [raw] }) => {
        const name = decodeName(raw);
        if (name === null) return refuse("BAD_PAYLOAD", "A player's name: letters, digits, _ and -.");
        const profile = await profileOf(db, name);
        if (!profile) refuse("NOT_FOUND", `There is no player named ${name}.`);
        return json(200, { ok: true, profile });
      },
    },
    {
      // The player page: a name someone had before a rename leads to their page; a name nobody has
      // or had is Next's 404.
      name: "player page",
      methods: GET,
      path: /^\/(?:@|player)\/([^/]+)\/?$/,
      handle: async (req, { params: [raw] }): Promise<Answer> => {
        const name = decodeName(raw);
        try {
          const known = name === null ? null : await whoseName(db, name);
          // A redirect, not moved for good: the old name may be someone else's tomorrow.
          if (known?.now) return { redirect: `/@/${encodeURIComponent(known.now)}` };
          if (!known) req.url = NO_SUCH_PAGE;
        } catch (err) {
          log.warn({ err }, "could not look a player up");
        }
        return PASS;
      },
    },
  ];
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
