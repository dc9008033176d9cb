// What the server's settings are, typed, with the defaults other modules share (./env reads the
// variables, ../config assembles these from them).

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
  /** TV_MOVE_MS: the TV's own engines think this long a move (default: 0.3–1.5 s, varied). */
  tvMoveMs: number | null;
  socketRecoveryMs: number;
  /** CLAIM_GRACE_MS (lib/server/games/endings). */
  claimGraceMs: number;
  /** FIRST_MOVE_MS (lib/server/games/clock: firstMoveWindowMs). */
  firstMoveMs: number;
  logLevel: LogLevel;
  limits: LimitSettings;
  /** Identity abuse limits (lib/server/identity/limits). */
  identityLimits: IdentityLimitSettings;
  /** Sessions and names (lib/server/identity/identities). */
  identity: IdentitySettings;
  /** Games imported per address and per identity per hour (lib/server/imports); 0 when RATE_LIMITS is off. */
  importsPerHour: number;
  /** Reading imported files off the event loop (lib/server/imports/parse-pool). */
  importParse: { timeMs: number; memoryMb: number; threads: number };
  /** ALLOWED_ORIGINS, normalised (URL.origin): other sites whose pages may open a socket. */
  allowedOrigins: string[];
  metrics: MetricsSettings;
  /** OPERATOR_TOKEN: the operator's page /mod and its API need "Authorization: Bearer <token>"; null: off. */
  operatorToken: string | null;
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
  /** ANALYSIS_THREADS: threads per analysed ply (Lazy SMP, lib/server/ai/threads), each an AI_TV_THREADS slot. */
  threads: number;
  auto: boolean;
  /** ANALYSIS_PLIES_PER_NETWORK: plies one network may have waiting or running (lib/server/analysis/fairness). */
  pliesPerNetwork: number;
  /** ANALYSIS_LEASE_MS: a job not renewed this long (every ply renews it) is taken by another node or worker. */
  leaseMs: number;
  /** ANALYSIS_PUZZLES: prove an analysed game's missed wins and only moves as puzzles (lib/server/puzzles/mining). */
  puzzles: boolean;
  /** PUZZLE_PROOF_MS, PUZZLE_PROOF_MB: one proof's time and heap caps; PUZZLE_MINED_PER_DAY: positions per owner a day. */
  proofMs: number;
  proofMb: number;
  minedPerDay: number;
}

/** Sessions and names (lib/server/identity/identities). */
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
