// POST /api/import on the custom server (before Next): a game file (PSQ, SGF or a move string) read
// with the same parsers the page uses (lib/shared), and its games stored as finished games of kind
// "imported" (GameService.importGames). JSON in, JSON out; every refusal a code and a sentence, and a
// file's mistake its line and column. Hostile input: the body and the file are size-limited, a file
// gives at most MAX_GAMES_PER_FILE games (reading stops at the next one), POSTs from other sites are
// refused (JSON only, Origin checked), and games imported are limited per address and per identity per
// hour. The file is read in a worker thread with a time and memory budget (./parse-pool): the event
// loop only receives the games.
import type { IncomingMessage } from "node:http";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { ImportRequestSchema, IMPORT_API, MAX_GAMES_PER_FILE, MAX_IMPORT_BYTES, type ImportAnswer, type ImportErrorInfo } from "../../shared/imports";
import { ImportError, type ImportErrorCode } from "../../shared/import-errors";
import type { ErrorInfo } from "../../shared/protocol";
import { createImportParser, BUDGET_CODES, type ImportParser, type ImportParserOptions } from "./parse-pool";
import type { GameService } from "../games/service";
import type { Identities } from "../identity/identities";
import { sessionTokenOf } from "../identity/cookie";
import { HttpRefusal, json } from "../http/answers";
import type { Route, RouteContext } from "../http/router";
import type { Logger } from "../log";
import { myGamesRoutes } from "./my-games";

/** The body: the file as a JSON string (escaping can double it) plus the small fields. */
const MAX_BODY = 2 * MAX_IMPORT_BYTES + 4096;
const TOO_LARGE = new ImportError(0, 0, "IMPORT_TOO_LARGE", { kb: MAX_IMPORT_BYTES / 1024 });
/**
 * What a request costs against the address's event budget (parsing and a transaction; a move costs 1):
 * with the default 20 points a second, about 6 files a second. The games an hour are the real bound.
 */
export const IMPORT_COST = 3;

export interface ImportHttpOptions {
  games: GameService;
  identities: Identities | null;
  /** Games per address and per identity per hour (0: unlimited). */
  perHour: number;
  redis?: Redis | null;
  prefix?: string;
  log: Logger;
  /** The parse threads' budget (lib/server/config importParse: IMPORT_PARSE_MS, IMPORT_PARSE_MB, IMPORT_THREADS). */
  parse: ImportParserOptions;
}

/** The routes, and close() for the parse threads. */
export interface ImportRoutes {
  routes: Route[];
  close(): Promise<void>;
}

/** A file's limits, not its mistakes: refused as LIMIT with 400. */
const LIMIT_CODES = new Set<ImportErrorCode>(["SGF_TOO_MANY_GAMES", "SGF_TOO_DEEP", "IMPORT_TOO_SLOW", "IMPORT_TOO_MUCH_MEMORY"]);

function refusalOf(e: ImportError): { status: number; info: ImportErrorInfo } {
  const where = { line: e.line, column: e.column, reason: e.code, params: e.params };
  if (e.code === "IMPORT_BUSY") return { status: 503, info: { code: "RATE_LIMITED", message: e.message, retryMs: 3000, ...where } };
  if (LIMIT_CODES.has(e.code) || BUDGET_CODES.has(e.code)) return { status: 400, info: { code: "LIMIT", message: e.message, ...where } };
  return { status: 422, info: { code: "BAD_PAYLOAD", message: e.message, ...where } };
}

const refuse = (status: number, info: ImportErrorInfo): never => {
  throw new HttpRefusal(status, info);
};

/** A refusal of the request (not of a place in the file): its code for the page to word, its English for scripts. */
function refuseAs<C extends ImportErrorCode>(
  status: number,
  code: ErrorInfo["code"],
  error: ImportError<C>,
  extra: Partial<Omit<ErrorInfo, "reason" | "params">> = {},
): never {
  return refuse(status, { code, message: error.message, reason: error.code, params: error.params, ...extra });
}

/** POST /api/import (the body and the cost checked by lib/server/http/router), and 405 for other methods. */
export function importRoutes(opts: ImportHttpOptions): ImportRoutes {
  const { games, identities, log } = opts;
  const parser: ImportParser = createImportParser(opts.parse);
  const prefix = opts.prefix ?? "gomoku:rl";
  const make = (name: string): RateLimiterAbstract | null => {
    if (opts.perHour <= 0) return null;
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points: opts.perHour, duration: 3600 });
    return opts.redis
      ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${prefix}:${name}`, points: opts.perHour, duration: 3600, insuranceLimiter: memory })
      : memory;
  };
  const perAddress = make("import-ip");
  const perIdentity = make("import-id");

  /** Takes `n` games from a budget, or refuses the whole file (nothing is stored). */
  async function take(l: RateLimiterAbstract | null, key: string, n: number): Promise<void> {
    if (!l) return;
    try {
      if (n > l.points) refuseAs(429, "RATE_LIMITED", new ImportError(0, 0, "IMPORT_FILE_OVER_HOURLY", { max: l.points, games: n }));
      await l.consume(key, n);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        const retryMs = Math.ceil(e.msBeforeNext);
        const seconds = Math.max(1, Math.ceil(retryMs / 1000));
        refuseAs(429, "RATE_LIMITED", new ImportError(0, 0, "IMPORT_HOURLY_LIMIT", { max: opts.perHour, seconds }), { retryMs });
      }
      throw e;
    }
  }

  async function run(req: IncomingMessage, ctx: RouteContext): Promise<ImportAnswer> {
    const ip = ctx.address;
    const p = await ctx.body(ImportRequestSchema);
    if (Buffer.byteLength(p.text, "utf8") > MAX_IMPORT_BYTES) refuseAs(413, "BAD_PAYLOAD", TOO_LARGE);

    let all;
    try {
      all = await parser.parse({ text: p.text, size: p.size, rule: p.rule, maxGames: MAX_GAMES_PER_FILE });
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      const { status, info } = refusalOf(e);
      if (BUDGET_CODES.has(e.code)) log.warn({ file: p.fileName.slice(0, 80), ip, bytes: p.text.length, reason: e.code }, "import over budget");
      return refuse(status, info);
    }
    const wanted = p.games === "all" ? all.map((_, i) => i + 1) : [...new Set(p.games)];
    const missing = wanted.find((n) => n > all.length);
    if (missing) refuseAs(400, "NOT_FOUND", new ImportError(0, 0, "IMPORT_NO_SUCH_GAME", { games: all.length, game: missing }));
    if (wanted.length > MAX_GAMES_PER_FILE)
      refuseAs(400, "LIMIT", new ImportError(0, 0, "IMPORT_TOO_MANY_PICKED", { games: wanted.length, max: MAX_GAMES_PER_FILE }));
    const chosen = wanted.map((n) => ({ index: n, game: all[n - 1] }));
    const empty = chosen.find((c) => c.game.moves.length === 0 && c.game.opening.length === 0);
    if (empty) refuseAs(422, "BAD_PAYLOAD", new ImportError(0, 0, "IMPORT_GAME_NO_MOVES", { game: empty.index }));

    await take(perAddress, ip, chosen.length);
    const me = identities ? await identities.ofSession(sessionTokenOf(req.headers)) : null;
    if (me) await take(perIdentity, me.id, chosen.length);

    const stored = (
      await games.importGames(
        chosen.map((c) => c.game),
        me?.id ?? null,
      )
    ).map((s, i) => ({ index: chosen[i].index, ...s }));
    log.info({ file: p.fileName.slice(0, 80), games: stored.length, playerId: me?.id ?? null }, "imported");
    return { ok: true, stored };
  }

  const routes: Route[] = [
    {
      name: "import",
      methods: ["POST"],
      path: IMPORT_API,
      body: { maxBytes: MAX_BODY, tooLarge: TOO_LARGE.message, fieldInMessage: true },
      cost: IMPORT_COST,
      handle: async (req, ctx) => json(200, await run(req, ctx)),
    },
    { name: "import", path: IMPORT_API, handle: () => json(405, { ok: false, error: { code: "NOT_FOUND", message: `${IMPORT_API} takes POST only.` } }) },
    // "Download my games" (./my-games): the records out, beside the records in.
    ...myGamesRoutes({ games, identities }),
  ];
  return { routes, close: () => parser.close() };
}
