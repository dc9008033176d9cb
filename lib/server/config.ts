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
// The variables, their defaults and meanings: ./config/env (the schema); the settings' types and
// shared defaults: ./config/settings; here, the assembly.
import path from "node:path";
import { isPostgresUrl } from "./db/provider";
import { BadSettingError, EnvSchema } from "./config/env";
import { DEFAULT_FAIR_PLAY, DEFAULT_LIMITS, type Env, type LogLevel, type ServerConfig } from "./config/settings";

export * from "./config/settings";
export { BadSettingError, type BadSetting } from "./config/env";

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
      threads: e.ANALYSIS_THREADS ?? 1,
      auto: e.ANALYSIS_AUTO ?? false,
      pliesPerNetwork: e.ANALYSIS_PLIES_PER_NETWORK ?? 2000,
      leaseMs: e.ANALYSIS_LEASE_MS ?? 15_000,
      puzzles: e.ANALYSIS_PUZZLES ?? true,
      proofMs: e.PUZZLE_PROOF_MS ?? 60_000,
      proofMb: e.PUZZLE_PROOF_MB ?? 1024,
      minedPerDay: e.PUZZLE_MINED_PER_DAY ?? 40,
    },
    tv: e.TV,
    tvMoveMs: e.TV_MOVE_MS ?? null,
    socketRecoveryMs: e.SOCKET_RECOVERY_MS ?? 30_000,
    claimGraceMs: e.CLAIM_GRACE_MS ?? 30_000,
    firstMoveMs: e.FIRST_MOVE_MS ?? 30_000,
    logLevel: e.LOG_LEVEL ?? (e.VITEST ? "silent" : "info"),
    limits: {
      ...overDefaults(DEFAULT_LIMITS, {
        enabled: e.RATE_LIMITS,
        socketEventsPerSec: e.LIMIT_SOCKET_EVENTS_PER_SEC,
        ipEventsPerSec: e.LIMIT_IP_EVENTS_PER_SEC,
        ipConnectionsPerMin: e.LIMIT_IP_CONNECTIONS_PER_MIN,
        ipGamesPerMin: e.LIMIT_IP_GAMES_PER_MIN,
        maxPayloadBytes: e.MAX_PAYLOAD_BYTES,
        trustProxy: e.TRUST_PROXY === undefined ? undefined : e.TRUST_PROXY > 0,
      }),
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
    operatorToken: e.OPERATOR_TOKEN ?? null,
    fairPlay: overDefaults(DEFAULT_FAIR_PLAY, {
      ratedSameDeviceHours: e.RATED_SAME_DEVICE_HOURS,
      ratedPairPerDay: e.RATED_PAIR_PER_DAY,
      ratedNewNeighboursPerDay: e.RATED_NEW_NEIGHBOURS_PER_DAY,
      leaderboardMinOpponents: e.LEADERBOARD_MIN_OPPONENTS,
      leaderboardActiveDays: e.LEADERBOARD_ACTIVE_DAYS,
    }),
    fairness: {
      socketsPerAddress: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.SOCKETS_PER_ADDRESS ?? 200) : 0,
      challengesPerAddress: e.LOBBY_CHALLENGES_PER_ADDRESS ?? 10,
      postsPerMin: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.LIMIT_IP_POSTS_PER_MIN ?? 120) : 0,
      readyzPerMin: (e.RATE_LIMITS ?? DEFAULT_LIMITS.enabled) ? (e.LIMIT_IP_READYZ_PER_MIN ?? 60) : 0,
    },
  };
}

/** `defaults` with each setting whose variable is set (`fromEnv`: every setting's, undefined when unset) taking its value. */
function overDefaults<T extends object>(defaults: T, fromEnv: { [K in keyof T]: T[K] | undefined }): T {
  const out = { ...defaults };
  for (const key of Object.keys(fromEnv) as Array<keyof T>) out[key] = fromEnv[key] ?? defaults[key];
  return out;
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
