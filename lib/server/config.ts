// The server's settings: every environment variable the server reads is read here, once, and
// checked (zod). A bad value stops the start with BAD_SETTING and one sentence per bad variable
// (`WORKERS=abc npm start`: "WORKERS must be a whole number from 1 to 64 (got "abc")."); an unset
// or empty variable takes its default.
//
// The composition roots (server.ts, test/reliability/node-main.ts) call serverConfigOrExit() at
// start and pass the values on; a module used on its own (by tests, bin tools) falls back to
// serverConfig(), built from process.env on first use, so a test may set process.env before it
// starts a server. loadConfig(env) reads any environment (the unit test's).
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
// ANALYSIS_CONCURRENCY          1                     analyses this node runs at once (each takes an AI_TV_THREADS thread per ply)
// ANALYSIS_AUTO                 off                   analyse every finished human-vs-human game by itself
// ANALYSIS_PLIES_PER_NETWORK    2000                  plies one network (/24, /64) may have waiting or running; more: LIMIT (its first job always passes)
// AI_PAUSE_MS                   300                   pause before each AI-vs-AI move
// AI_PONDER_MS                  30000                 search a person's position while they think (lowest priority, one node), at most this long: their move is stored scored; 0 never
// AI_GONE_MS                    20000                 an AI game's player away this long (no clock, one node): its search stops until they return; 0 never
// TV                            on                    the AI-vs-AI TV stream (the test server: off unless TV=1)
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
// LIMIT_IP_LOGINS_PER_15MIN     30                    sign-in and sign-up attempts per address per 15 minutes
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
//
// Read elsewhere, by the plain-JS launchers and the Prisma CLI (they run before the server, so a
// bad server setting cannot stop them; listed here so this is the one list):
// SKIP_BUILD                    (unset)               scripts/start.mjs: 1 = do not build Next
// FORCE_BUILD                   (unset)               scripts/start.mjs: 1 = build Next even if .next looks current
// PRISMA_PROVIDER               (from DATABASE_URL)   prisma.config.ts, scripts/prisma.mjs: sqlite or postgresql (generate makes both)
// DATABASE_URL, DATABASE_FILE                         prisma.config.ts reads them too (migrations)
// The bin/ tools read their own flags (BENCH_*: bin/bench-load.ts, bin/load/server.ts).
import path from "node:path";
import { z } from "zod";
import { isPostgresUrl } from "./db/provider";
import { parseOrigin } from "./http/origin";

export type Env = Record<string, string | undefined>;

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const SQLITE_SYNCHRONOUS = ["OFF", "NORMAL", "FULL", "EXTRA"] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

export interface ServerConfig {
  /** PORT, when set (each entry point has its own default). */
  port: number | undefined;
  /** HOST, when set. */
  host: string | undefined;
  /** NODE_ENV=production */
  production: boolean;
  workers: number;
  /** This process's slot among the workers of lib/server/cluster/primary (null: not a worker). */
  workerSlot: number | null;
  /** DATABASE_URL when it is a PostgreSQL URL. */
  databaseUrl: string | null;
  /** DATABASE_FILE (absolute), when set: else lib/server/db/sqlite-url's default. */
  databaseFile: string | undefined;
  sqliteSynchronous: SqliteSynchronous;
  moveWriter: "thread" | "prisma";
  pgPoolSize: number;
  redisUrl: string | null;
  redisPrefix: string;
  nodeId: string | undefined;
  aiThreads: number;
  // AI scheduling (lib/server/ai/scheduler)
  aiTvThreads: number;
  aiOwnerSearches: number;
  aiQueueMax: number;
  analysis: AnalysisSettings;
  /** AI_PAUSE_MS, when set (else the game service's default). */
  aiPauseMs: number | undefined;
  /** AI_GONE_MS: stop the engine's search for a player away this long (lib/server/games/ai-seat). */
  aiGoneMs: number;
  /** AI_PONDER_MS: the longest search of a person's position while they think (lib/server/games/ai-seat). */
  aiPonderMs: number;
  /** TV, when set (each entry point has its own default). */
  tv: boolean | undefined;
  socketRecoveryMs: number;
  /** CLAIM_GRACE_MS (lib/server/games/endings). */
  claimGraceMs: number;
  /** FIRST_MOVE_MS (lib/server/games/clock: firstMoveWindowMs). */
  firstMoveMs: number;
  logLevel: LogLevel;
  limits: LimitSettings;
  /** Identity abuse limits (lib/server/identity/limits). */
  identityLimits: IdentityLimitSettings;
  /** Sessions and names (lib/server/identity/players). */
  identity: IdentitySettings;
  /** Games imported per address and per identity per hour (lib/server/imports); 0 when RATE_LIMITS is off. */
  importsPerHour: number;
  /** Reading imported files off the event loop (lib/server/imports/parse-pool). */
  importParse: { timeMs: number; memoryMb: number; threads: number };
  /** ALLOWED_ORIGINS, normalised (URL.origin): other sites whose pages may open a socket. */
  allowedOrigins: string[];
  metrics: MetricsSettings;
  /** What is rated and who is listed (lib/server/ratings/eligibility). */
  fairPlay: FairPlaySettings;
  /** Caps per address and throttles (lib/server/limits). */
  fairness: FairnessSettings;
}

/** Shared things shared fairly (lib/server/limits): 0 turns one off. */
export interface FairnessSettings {
  /** SOCKETS_PER_ADDRESS: sockets one address may hold at once on this process. */
  socketsPerAddress: number;
  /** LOBBY_CHALLENGES_PER_ADDRESS: open challenges from one address at once. */
  challengesPerAddress: number;
  /** LIMIT_IP_POSTS_PER_MIN: POST requests per address per minute. */
  postsPerMin: number;
  /** LIMIT_IP_READYZ_PER_MIN: /readyz requests per address per minute. */
  readyzPerMin: number;
}

/** Game analysis (lib/server/analysis). */
export interface AnalysisSettings {
  plyMs: number;
  depth: number | null;
  queueMax: number;
  perRequester: number;
  concurrency: number;
  auto: boolean;
  /** ANALYSIS_PLIES_PER_NETWORK: plies one network may have waiting or running (lib/server/analysis/fairness). */
  pliesPerNetwork: number;
}

/** Sessions and names (lib/server/identity/players). */
export interface IdentitySettings {
  /** A session unused this many days is over (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /** A name left by a rename is kept for its old holder this many days (NAME_HOLD_DAYS). */
  nameHoldDays: number;
}

export interface IdentityLimitSettings {
  enabled: boolean;
  ipGuestsPerHour: number;
  ipLoginsPer15Min: number;
  nameLoginsPer15Min: number;
  /** Renames per player per day (a name is a link: /@/<name>). */
  playerRenamesPerDay: number;
}

/** Where /metrics is served (lib/server/metrics): neither set, nowhere (it is not public by default). */
export interface MetricsSettings {
  /** METRICS_PORT: a listener of its own for /metrics. */
  port: number | null;
  /** METRICS_TOKEN: /metrics on the main port (and the metrics port) needs "Authorization: Bearer <token>". */
  token: string | null;
}

/** Rating-farming limits and leaderboard rules (lib/server/ratings/eligibility). */
export interface FairPlaySettings {
  ratedSameDeviceHours: number;
  ratedPairPerDay: number;
  ratedNewNeighboursPerDay: number;
  leaderboardMinOpponents: number;
  leaderboardActiveDays: number;
}

export const DEFAULT_FAIR_PLAY: FairPlaySettings = {
  ratedSameDeviceHours: 48,
  ratedPairPerDay: 3,
  ratedNewNeighboursPerDay: 5,
  leaderboardMinOpponents: 5,
  leaderboardActiveDays: 30,
};

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

const EnvSchema = z.object({
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
  ANALYSIS_CONCURRENCY: wholeNumber(1, 16),
  ANALYSIS_AUTO: onOff(),
  ANALYSIS_PLIES_PER_NETWORK: wholeNumber(1),
  TV: onOff(),
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
});

/** The rate and payload limits (lib/server/limits/limiter reads them). */
export interface LimitSettings {
  enabled: boolean;
  socketEventsPerSec: number;
  ipEventsPerSec: number;
  ipConnectionsPerMin: number;
  ipGamesPerMin: number;
  maxPayloadBytes: number;
  trustProxy: boolean;
  /** With trustProxy: how many proxies of ours are in front (TRUST_PROXY=N; default 1): the client is X-Forwarded-For's N-th entry from the right. */
  proxyHops?: number;
}

/** Limits when no variable says otherwise (lib/server/limits/limiter). */
export const DEFAULT_LIMITS: LimitSettings = {
  enabled: true,
  socketEventsPerSec: 20,
  ipEventsPerSec: 200,
  ipConnectionsPerMin: 120,
  ipGamesPerMin: 30,
  maxPayloadBytes: 16 * 1024,
  trustProxy: false,
};

/** Reads and checks `env`; throws BadSettingError naming every bad variable. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0]);
      return { variable, sentence: `${variable} ${issue.message} (got "${env[variable]}").` };
    });
    throw new BadSettingError(problems);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    production: e.NODE_ENV === "production",
    workers: e.WORKERS ?? 1,
    workerSlot: e.WORKER_SLOT ?? null,
    databaseUrl: isPostgresUrl(e.DATABASE_URL) ? e.DATABASE_URL! : null,
    databaseFile: e.DATABASE_FILE === undefined ? undefined : path.resolve(e.DATABASE_FILE),
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS ?? "NORMAL",
    moveWriter: e.MOVE_WRITER ?? "thread",
    pgPoolSize: e.PG_POOL_SIZE ?? 10,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX ?? "gomoku",
    nodeId: e.NODE_ID,
    aiThreads: Math.min(e.AI_THREADS ?? 1, 8),
    aiTvThreads: e.AI_TV_THREADS ?? 1,
    aiOwnerSearches: e.AI_OWNER_SEARCHES ?? 2,
    aiQueueMax: e.AI_QUEUE_MAX ?? 100,
    aiPauseMs: e.AI_PAUSE_MS,
    aiGoneMs: e.AI_GONE_MS ?? 20_000,
    aiPonderMs: e.AI_PONDER_MS ?? 30_000,
    analysis: {
      plyMs: e.ANALYSIS_PLY_MS ?? 500,
      depth: e.ANALYSIS_DEPTH ?? null,
      queueMax: e.ANALYSIS_QUEUE_MAX ?? 50,
      perRequester: e.ANALYSIS_PER_REQUESTER ?? 2,
      concurrency: e.ANALYSIS_CONCURRENCY ?? 1,
      auto: e.ANALYSIS_AUTO ?? false,
      pliesPerNetwork: e.ANALYSIS_PLIES_PER_NETWORK ?? 2000,
    },
    tv: e.TV,
    socketRecoveryMs: e.SOCKET_RECOVERY_MS ?? 30_000,
    claimGraceMs: e.CLAIM_GRACE_MS ?? 30_000,
    firstMoveMs: e.FIRST_MOVE_MS ?? 30_000,
    logLevel: e.LOG_LEVEL ?? (e.VITEST ? "silent" : "info"),
    limits: {
      enabled: e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled,
      socketEventsPerSec: e.LIMIT_SOCKET_EVENTS_PER_SEC ?? DEFAULT_LIMITS.socketEventsPerSec,
      ipEventsPerSec: e.LIMIT_IP_EVENTS_PER_SEC ?? DEFAULT_LIMITS.ipEventsPerSec,
      ipConnectionsPerMin: e.LIMIT_IP_CONNECTIONS_PER_MIN ?? DEFAULT_LIMITS.ipConnectionsPerMin,
      ipGamesPerMin: e.LIMIT_IP_GAMES_PER_MIN ?? DEFAULT_LIMITS.ipGamesPerMin,
      maxPayloadBytes: e.MAX_PAYLOAD_BYTES ?? DEFAULT_LIMITS.maxPayloadBytes,
      trustProxy: e.TRUST_PROXY === undefined ? DEFAULT_LIMITS.trustProxy : e.TRUST_PROXY > 0,
      ...(e.TRUST_PROXY ? { proxyHops: e.TRUST_PROXY } : {}),
    },
    identityLimits: {
      enabled: e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled,
      ipGuestsPerHour: e.LIMIT_IP_GUESTS_PER_HOUR ?? 200,
      ipLoginsPer15Min: e.LIMIT_IP_LOGINS_PER_15MIN ?? 30,
      nameLoginsPer15Min: e.LIMIT_NAME_LOGINS_PER_15MIN ?? 8,
      playerRenamesPerDay: e.LIMIT_PLAYER_RENAMES_PER_DAY ?? 5,
    },
    identity: { sessionIdleDays: e.SESSION_IDLE_DAYS ?? 30, nameHoldDays: e.NAME_HOLD_DAYS ?? 30 },
    importsPerHour: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.LIMIT_IMPORTS_PER_HOUR ?? 1000) : 0,
    importParse: { timeMs: e.IMPORT_PARSE_MS ?? 2000, memoryMb: e.IMPORT_PARSE_MB ?? 64, threads: e.IMPORT_THREADS ?? 1 },
    allowedOrigins: e.ALLOWED_ORIGINS,
    metrics: { port: e.METRICS_PORT ?? null, token: e.METRICS_TOKEN ?? null },
    fairPlay: {
      ratedSameDeviceHours: e.RATED_SAME_DEVICE_HOURS ?? DEFAULT_FAIR_PLAY.ratedSameDeviceHours,
      ratedPairPerDay: e.RATED_PAIR_PER_DAY ?? DEFAULT_FAIR_PLAY.ratedPairPerDay,
      ratedNewNeighboursPerDay: e.RATED_NEW_NEIGHBOURS_PER_DAY ?? DEFAULT_FAIR_PLAY.ratedNewNeighboursPerDay,
      leaderboardMinOpponents: e.LEADERBOARD_MIN_OPPONENTS ?? DEFAULT_FAIR_PLAY.leaderboardMinOpponents,
      leaderboardActiveDays: e.LEADERBOARD_ACTIVE_DAYS ?? DEFAULT_FAIR_PLAY.leaderboardActiveDays,
    },
    fairness: {
      socketsPerAddress: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.SOCKETS_PER_ADDRESS ?? 200) : 0,
      challengesPerAddress: e.LOBBY_CHALLENGES_PER_ADDRESS ?? 10,
      postsPerMin: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.LIMIT_IP_POSTS_PER_MIN ?? 120) : 0,
      readyzPerMin: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.LIMIT_IP_READYZ_PER_MIN ?? 60) : 0,
    },
  };
}

let current: ServerConfig | null = null;

/** The process's settings, read from process.env on first use (throws BadSettingError). */
export function serverConfig(): ServerConfig {
  current ??= loadConfig(process.env);
  return current;
}

/** serverConfig() for an entry point: a bad setting is logged (BAD_SETTING, one line a variable) and the process exits. */
export function serverConfigOrExit(log: { fatal(fields: object, message: string): void }): ServerConfig {
  try {
    return serverConfig();
  } catch (err) {
    if (!(err instanceof BadSettingError)) throw err;
    for (const p of err.problems) log.fatal({ code: err.code, variable: p.variable }, p.sentence);
    process.exit(1);
  }
}

/**
 * The logger's level, read before the rest (the logger reports bad settings, so it must exist
 * first): a bad LOG_LEVEL gives "info" here, and serverConfigOrExit() then stops on it.
 */
export function logLevelFrom(env: Env = process.env): LogLevel {
  const parsed = EnvSchema.pick({ LOG_LEVEL: true, VITEST: true }).safeParse(env);
  if (!parsed.success) return "info";
  return parsed.data.LOG_LEVEL ?? (parsed.data.VITEST ? "silent" : "info");
}
