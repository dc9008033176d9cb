// Every environment variable the server reads, as one zod schema: each variable's text → its value,
// or one sentence that says what it must be. ../config assembles the settings from the parsed values.
//
// variable                      default               meaning
// PORT                          3000                  where to listen (test/reliability/node-main and the test server: 0, any free port)
// HOST                          all interfaces        the address to listen on (node-main: 127.0.0.1)
// NODE_ENV                      development           "production": Next's production build; WORKERS only counts there
// WORKERS                       1                     worker processes behind the port, 1–64 (lib/server/cluster)
// WORKER_SLOT                   (set by the primary)  this cluster worker's slot, 0…WORKERS-1; never set it by hand
// DATABASE_URL                  (none)                postgresql://… : PostgreSQL instead of SQLite (any other value is ignored)
// DATABASE_FILE                 data/gomoku.db        the SQLite file
// SQLITE_SYNCHRONOUS            NORMAL                SQLite's synchronous on every connection: OFF, NORMAL, FULL or EXTRA (lib/server/db/sqlite-pragmas)
// MOVE_WRITER                   thread                "prisma": write move rows through Prisma on the event loop instead of SQLite's move thread
// PG_POOL_SIZE                  10                    PostgreSQL connections per process
// REDIS_URL                     (none)                redis://… : socket.io's Redis adapter, shared rate limits, several nodes
// REDIS_PREFIX                  gomoku                prefix of every Redis key and channel
// NODE_ID                       (random)              this node's name in AI claims (node-main only)
// AI_THREADS                    1                     engine threads for searches a person waits for (more than 8 counts as 8)
// AI scheduling (lib/server/ai/scheduler; docs/OPERATIONS.md "AI scheduling"):
// AI_TV_THREADS                 1                     engine threads, on top of AI_THREADS, that AI-vs-AI (TV) and analysis searches may hold, 1–8
// AI_OWNER_SEARCHES             2                     searches of one owner (a person, else an address), waiting or running; more: AI_BUSY
// AI_QUEUE_MAX                  100                   searches waiting for a thread, all owners; more: AI_BUSY (lower levels pushed out first)
// Game analysis (lib/server/analysis; docs/OPERATIONS.md "Game analysis"):
// ANALYSIS_PLY_MS               500                   engine time per analysed ply (ms)
// ANALYSIS_DEPTH                (none)                a fixed depth per ply instead (deterministic; ANALYSIS_PLY_MS still caps the time)
// ANALYSIS_QUEUE_MAX            50                    analyses waiting or running, all together; more: QUEUE_FULL
// ANALYSIS_PER_REQUESTER        2                     analyses one identity or one address may have waiting or running; more: LIMIT
// ANALYSIS_CONCURRENCY          1                     analyses this node runs at once (each takes an AI_TV_THREADS thread per ply); 0: none
//                                                     (web nodes of a site whose analyses run on `npm run worker:analysis` processes)
// ANALYSIS_THREADS              1                     threads per analysed ply (Lazy SMP), 1–8: it holds that many AI_TV_THREADS threads (at most all)
// ANALYSIS_AUTO                 off                   analyse every finished human-vs-human game by itself
// ANALYSIS_PLIES_PER_NETWORK    2000                  plies one network (/24, /64) may have waiting or running; more: LIMIT (its first job always passes)
// ANALYSIS_LEASE_MS             15000                 a node (or worker) that has not renewed its analysis job this long is presumed dead: another takes the job
// ANALYSIS_PUZZLES              on                    prove an analysed game's missed wins and only moves as puzzles (docs/PUZZLES.md), on a thread of their own
// PUZZLE_PROOF_MS               60000                 one such proof's time cap (ms): over it, the position is dropped
// PUZZLE_PROOF_MB               1024                  the proof thread's heap cap (MB): over it, the position is dropped
// PUZZLE_MINED_PER_DAY          40                    positions one owner's analysed games may have proven a day
// AI_PAUSE_MS                   300                   pause before each AI-vs-AI move
// AI_PONDER_MS                  30000                 search a person's position while they think (lowest priority, one node), at most this long: their move is stored scored; 0 never
// AI_GONE_MS                    20000                 an AI game's player away this long (no clock, one node): its search stops until they return; 0 never
// TV                            on                    the AI-vs-AI TV stream (the test server: off unless TV=1)
// TV_MOVE_MS                    (varied)              the TV's own engines' time a move, 100–10000 (default picked from 0.3–1.5 s; the e2e server: 200)
// SOCKET_RECOVERY_MS            30000                 socket.io connection-state recovery window (0: off)
// CLAIM_GRACE_MS                30000                 a game between people: how long the player to move must be gone before the opponent may claim the win
// FIRST_MOVE_MS                 30000                 a clocked game between people: the longest wait for each side's first move before the game is aborted (fast clocks: a third of the initial time, at least 10 s)
// LOG_LEVEL                     info                  pino level: fatal, error, warn, info, debug, trace or silent (silent under vitest)
// RATE_LIMITS                   on                    off: no rate limits at all (lib/server/limits/limiter, with the five below)
// LIMIT_SOCKET_EVENTS_PER_SEC   20                    events per socket (3 s window)
// LIMIT_IP_EVENTS_PER_SEC       200                   events per client address (3 s window)
// LIMIT_IP_CONNECTIONS_PER_MIN  120                   new connections per address per minute
// LIMIT_IP_GAMES_PER_MIN        30                    games created per address per minute
// LIMIT_IP_GUESTS_PER_HOUR      200                   new guest identities per address per hour (lib/server/identity)
// LIMIT_IP_LOGINS_PER_15MIN     30                    wrong passwords (sign-in, password change) per address per 15 minutes (a right
//                                                     one gives its point back; a device known to the account is not counted);
//                                                     sign-ups and renames per address: a budget of their own, the same size
// LIMIT_NAME_LOGINS_PER_15MIN   8                     failed sign-ins per account name and address per 15 minutes (ten
//                                                     times that per name from all addresses together)
// LIMIT_PLAYER_RENAMES_PER_DAY  5                     renames per player per day (each old name leads to the player's page)
// SESSION_IDLE_DAYS             30                    a session unused this long is over (lib/server/identity; its last use is noted at most hourly)
// NAME_HOLD_DAYS                30                    a name left by a rename is kept for its old holder this long (0: free at once)
// Fair play in ratings (lib/server/ratings/eligibility; docs/OPERATIONS.md "Fair play in ratings"):
// RATED_SAME_DEVICE_HOURS       48                    two identities both used from one browser (ga_device) within this many hours
//                                                     play each other casual (0: no device check, e.g. a lab of shared computers)
// RATED_PAIR_PER_DAY            3                     rated games between the same two players in 24 h; later ones are casual
// RATED_NEW_NEIGHBOURS_PER_DAY  5                     rated games a player has in 24 h against new (provisional) players of their own
//                                                     network (/24, /64); later ones are casual (a classroom still plays rated)
// LEADERBOARD_MIN_OPPONENTS     5                     distinct opponents (rated games in the pool) before a player is listed
// LEADERBOARD_ACTIVE_DAYS       30                    a player is listed only with a rated game in the pool this recent
// LIMIT_IMPORTS_PER_HOUR        1000                  games imported (/import) per address, and per identity, per hour
// IMPORT_PARSE_MS               2000                  the longest an imported file may take to read (a worker thread; past it the thread is stopped)
// IMPORT_PARSE_MB               64                    the heap an imported file may take to read (the worker thread's resourceLimits)
// IMPORT_THREADS                1                     worker threads reading imported files, 1–8
// MAX_PAYLOAD_BYTES             16384                 largest inbound socket.io message
// Fair shares (lib/server/limits; off with RATE_LIMITS=off, except the lobby cap):
// SOCKETS_PER_ADDRESS           200                   sockets one address may hold open at once (per process); more: LIMIT
// LOBBY_CHALLENGES_PER_ADDRESS  10                    open challenges from one address at once (3 per player besides); more: LIMIT
// LIMIT_IP_POSTS_PER_MIN        120                   POST requests per address per minute (sign-in, locale, import…); more: 429
// LIMIT_IP_READYZ_PER_MIN       60                    /readyz requests per address per minute; more: 429
// TRUST_PROXY                   off                   N proxies of ours in front (on = 1): the client address is X-Forwarded-For's
//                                                     N-th entry from the right (lib/server/http/forwarded); and, for HSTS and the
//                                                     socket Origin check, X-Forwarded-Proto and X-Forwarded-Host count
// ALLOWED_ORIGINS               (none)                origins besides the site's own whose pages may open a socket (lib/server/http/origin)
// VITEST                        (set by vitest)       only changes LOG_LEVEL's default
// METRICS_PORT                  (none)                serve /metrics (Prometheus) on this port of its own (WORKERS=N: worker i on METRICS_PORT+i)
// METRICS_TOKEN                 (none)                serve /metrics on the main port too, to requests bearing this token (Authorization: Bearer …)
// OPERATOR_TOKEN                (none)                the operator's page /mod and its API /api/mod/* (reports, site-wide chat mutes): requests bearing this token; unset: off
//
// Read elsewhere, by the plain-JS launchers and the Prisma CLI (they run before the server, so a
// bad server setting cannot stop them; listed here so this is the one list):
// SKIP_BUILD                    (unset)               scripts/start.mjs: 1 = do not build Next
// FORCE_BUILD                   (unset)               scripts/start.mjs: 1 = build Next even if .next looks current
// PRISMA_PROVIDER               (from DATABASE_URL)   prisma.config.ts, scripts/prisma.mjs: sqlite or postgresql (generate makes both)
// DATABASE_URL, DATABASE_FILE                         prisma.config.ts reads them too (migrations)
// The bin/ tools read their own flags (BENCH_*: bin/bench-load.ts, bin/load/server.ts).
import { z } from "zod";
import { parseOrigin } from "../http/origin";
import { LOG_LEVELS, SQLITE_SYNCHRONOUS } from "./settings";

/** One bad variable: its name and the sentence that says what it must be. */
export interface BadSetting {
  variable: string;
  sentence: string;
}

export class BadSettingError extends Error {
  readonly code = "BAD_SETTING";
  constructor(readonly problems: BadSetting[]) {
    super(problems.map((p) => p.sentence).join(" "));
    this.name = "BadSettingError";
  }
}

/**
 * A variable's text → its value. Unset, empty or blank: undefined (the default applies). Else
 * `parse` gives the value, or undefined when the text is bad: then the variable "<must>".
 */
function setting<T>(must: string, parse: (text: string) => T | undefined) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      const text = raw?.trim();
      if (!text) return undefined;
      const value = parse(text);
      if (value === undefined) ctx.addIssue({ code: "custom", message: must });
      return value;
    });
}

const text = () => setting("must be text", (t) => t);

function wholeNumber(min: number, max?: number) {
  const must = max === undefined ? `must be a whole number, ${min} or more` : `must be a whole number from ${min} to ${max}`;
  return setting(must, (t) => {
    const n = Number(t);
    return Number.isInteger(n) && n >= min && (max === undefined || n <= max) ? n : undefined;
  });
}

const positiveNumber = () =>
  setting("must be a number above 0", (t) => {
    const n = Number(t);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  });

function oneOf<const T extends string>(values: readonly T[], caseOf: (t: string) => string = (t) => t) {
  const list = values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : values[0];
  return setting(`must be ${list}`, (t) => values.find((v) => v === caseOf(t)));
}

const ON = /^(1|true|yes|on)$/i;
const OFF = /^(0|false|no|off)$/i;
const onOff = () => setting("must be on or off, 1 or 0, true or false, yes or no", (t) => (ON.test(t) ? true : OFF.test(t) ? false : undefined));
// TRUST_PROXY: how many proxies of ours stand in front (on/true/yes: 1, as before; off: 0).
const proxyHops = () =>
  setting("must be the number of proxies in front (0 to 10), or on (1) or off (0)", (t) =>
    /^\d+$/.test(t) && Number(t) <= 10 ? Number(t) : ON.test(t) ? 1 : OFF.test(t) ? 0 : undefined,
  );

// HTTP security (lib/server/http): ALLOWED_ORIGINS, a comma-separated list; one sentence per bad entry.
const originList = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      const entries = (raw ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const origins: string[] = [];
      for (const entry of entries) {
        const origin = parseOrigin(entry);
        if (origin) origins.push(origin);
        else
          ctx.addIssue({
            code: "custom",
            message: `must list origins such as https://play.example.com (http or https, a host, an optional port, no path), separated by commas: "${entry}" is not one`,
          });
      }
      return origins;
    });

export const EnvSchema = z.object({
  PORT: wholeNumber(0, 65535),
  HOST: text(),
  NODE_ENV: text(),
  WORKERS: wholeNumber(1, 64),
  WORKER_SLOT: wholeNumber(0, 63),
  DATABASE_URL: text(),
  DATABASE_FILE: text(),
  SQLITE_SYNCHRONOUS: oneOf(SQLITE_SYNCHRONOUS, (t) => t.toUpperCase()),
  MOVE_WRITER: oneOf(["thread", "prisma"], (t) => t.toLowerCase()),
  PG_POOL_SIZE: wholeNumber(1),
  REDIS_URL: setting("must be a redis:// or rediss:// URL", (t) => (/^rediss?:\/\//i.test(t) ? t : undefined)),
  REDIS_PREFIX: text(),
  NODE_ID: text(),
  AI_THREADS: wholeNumber(1),
  AI_TV_THREADS: wholeNumber(1, 8),
  AI_OWNER_SEARCHES: wholeNumber(1),
  AI_QUEUE_MAX: wholeNumber(0),
  AI_PAUSE_MS: wholeNumber(0),
  AI_GONE_MS: wholeNumber(0),
  AI_PONDER_MS: wholeNumber(0),
  ANALYSIS_PLY_MS: wholeNumber(10, 600_000),
  ANALYSIS_DEPTH: wholeNumber(1, 40),
  ANALYSIS_QUEUE_MAX: wholeNumber(1),
  ANALYSIS_PER_REQUESTER: wholeNumber(1),
  ANALYSIS_CONCURRENCY: wholeNumber(0, 16),
  ANALYSIS_THREADS: wholeNumber(1, 8),
  ANALYSIS_AUTO: onOff(),
  ANALYSIS_PLIES_PER_NETWORK: wholeNumber(1),
  ANALYSIS_LEASE_MS: wholeNumber(1000, 600_000),
  ANALYSIS_PUZZLES: onOff(),
  PUZZLE_PROOF_MS: wholeNumber(1, 600_000),
  PUZZLE_PROOF_MB: wholeNumber(64, 16_384),
  PUZZLE_MINED_PER_DAY: wholeNumber(0),
  TV: onOff(),
  TV_MOVE_MS: wholeNumber(100, 10_000),
  SOCKET_RECOVERY_MS: wholeNumber(0),
  CLAIM_GRACE_MS: wholeNumber(0),
  FIRST_MOVE_MS: wholeNumber(1000),
  LOG_LEVEL: oneOf(LOG_LEVELS, (t) => t.toLowerCase()),
  VITEST: text(),
  RATE_LIMITS: onOff(),
  LIMIT_SOCKET_EVENTS_PER_SEC: positiveNumber(),
  LIMIT_IP_EVENTS_PER_SEC: positiveNumber(),
  LIMIT_IP_CONNECTIONS_PER_MIN: positiveNumber(),
  LIMIT_IP_GAMES_PER_MIN: positiveNumber(),
  LIMIT_IP_GUESTS_PER_HOUR: positiveNumber(),
  LIMIT_IP_LOGINS_PER_15MIN: positiveNumber(),
  LIMIT_NAME_LOGINS_PER_15MIN: positiveNumber(),
  LIMIT_PLAYER_RENAMES_PER_DAY: positiveNumber(),
  SESSION_IDLE_DAYS: positiveNumber(),
  NAME_HOLD_DAYS: wholeNumber(0),
  LIMIT_IMPORTS_PER_HOUR: positiveNumber(),
  RATED_SAME_DEVICE_HOURS: wholeNumber(0),
  RATED_PAIR_PER_DAY: wholeNumber(1),
  RATED_NEW_NEIGHBOURS_PER_DAY: wholeNumber(1),
  LEADERBOARD_MIN_OPPONENTS: wholeNumber(1),
  LEADERBOARD_ACTIVE_DAYS: wholeNumber(1),
  IMPORT_PARSE_MS: wholeNumber(100, 60_000),
  IMPORT_PARSE_MB: wholeNumber(16, 4096),
  IMPORT_THREADS: wholeNumber(1, 8),
  MAX_PAYLOAD_BYTES: wholeNumber(1),
  SOCKETS_PER_ADDRESS: wholeNumber(1),
  LOBBY_CHALLENGES_PER_ADDRESS: wholeNumber(1),
  LIMIT_IP_POSTS_PER_MIN: wholeNumber(1),
  LIMIT_IP_READYZ_PER_MIN: wholeNumber(1),
  TRUST_PROXY: proxyHops(),
  ALLOWED_ORIGINS: originList(),
  // Metrics (lib/server/metrics)
  METRICS_PORT: wholeNumber(1, 65535),
  METRICS_TOKEN: setting("must be at least 16 characters with no spaces", (t) => (t.length >= 16 && !/\s/.test(t) ? t : undefined)),
  // Moderation (lib/server/moderation)
  OPERATOR_TOKEN: setting("must be at least 16 characters with no spaces", (t) => (t.length >= 16 && !/\s/.test(t) ? t : undefined)),
});
