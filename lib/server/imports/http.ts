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
import { createImportParser, BUDGET_CODES, type ImportParser, type ImportParserOptions } from "./parse-pool";
import type { GameService } from "../games/service";
import type { Identities } from "../identity/players";
import { sessionTokenOf } from "../identity/cookie";
import { rateLimitedInfo } from "../limits/limiter";
import { HttpRefusal, json } from "../http/answers";
import type { Route, RouteContext } from "../http/router";
import type { Logger } from "../log";

/** The body: the file as a JSON string (escaping can double it) plus the small fields. */
const MAX_BODY = 2 * MAX_IMPORT_BYTES + 4096;
const TOO_LARGE = `The file is too large: at most ${MAX_IMPORT_BYTES / 1024} KB a file (a game record is a few KB).`;
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
      if (n > l.points) refuse(429, { code: "RATE_LIMITED", message: `A file may give at most ${l.points} games an hour; this one holds ${n}.` });
      await l.consume(key, n);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        const info = rateLimitedInfo("imported games", Math.ceil(e.msBeforeNext));
        refuse(429, { ...info, message: `Too many imported games (${opts.perHour} an hour): ${info.message.replace(/^Too many imported games: /, "")}` });
      }
      throw e;
    }
  }

  async function run(req: IncomingMessage, ctx: RouteContext): Promise<ImportAnswer> {
    const ip = ctx.address;
    const p = await ctx.body(ImportRequestSchema);
    if (Buffer.byteLength(p.text, "utf8") > MAX_IMPORT_BYTES) refuse(413, { code: "BAD_PAYLOAD", message: TOO_LARGE });

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
    if (missing) refuse(400, { code: "NOT_FOUND", message: `The file holds ${all.length} game${all.length === 1 ? "" : "s"}: there is no game ${missing}.` });
    if (wanted.length > MAX_GAMES_PER_FILE)
      refuse(400, { code: "LIMIT", message: `The file holds ${wanted.length} games: import at most ${MAX_GAMES_PER_FILE} at a time (pick some).` });
    const chosen = wanted.map((n) => ({ index: n, game: all[n - 1] }));
    if (chosen.some((c) => c.game.moves.length === 0 && c.game.opening.length === 0))
      refuse(422, { code: "BAD_PAYLOAD", message: `Game ${chosen.find((c) => c.game.moves.length === 0)!.index} has no moves.` });

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
      body: { maxBytes: MAX_BODY, tooLarge: TOO_LARGE, fieldInMessage: true },
      cost: IMPORT_COST,
      handle: async (req, ctx) => json(200, await run(req, ctx)),
    },
    { name: "import", path: IMPORT_API, handle: () => json(405, { ok: false, error: { code: "NOT_FOUND", message: `${IMPORT_API} takes POST only.` } }) },
  ];
  return { routes, close: () => parser.close() };
}
