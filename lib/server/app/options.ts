// What startGameServer (lib/server/app) takes, and the same resolved against the environment once
// (lib/server/config): every component of the composition root reads its settings from here.
import type http from "node:http";
import {
  serverConfig,
  type AnalysisSettings,
  type FairnessSettings,
  type IdentitySettings,
  type LimitSettings,
  type MetricsSettings,
  type ServerConfig,
} from "../config";
import { log as rootLog, type Logger } from "../log";
import { isClusterWorker } from "../cluster/worker";
import { allowRequestFor } from "../http/origin";
import type { TvOptions } from "../tv/loop";
import type { Clock } from "../time";

/** Each "default env X": the variable X as lib/server/config reads it. */
export interface GameServerOptions {
  /** SQLite file (default DATABASE_FILE or data/gomoku.db). It must be migrated already. */
  dbFile?: string;
  /**
   * A postgresql:// URL (default env DATABASE_URL when it is one; dbFile wins when given). It
   * must be migrated already (`npm run db:deploy` with DATABASE_URL set).
   */
  databaseUrl?: string;
  /** redis:// URL for the socket.io Redis adapter and shared rate limits (default env REDIS_URL; null: none). */
  redisUrl?: string | null;
  /**
   * A worker of lib/server/cluster/primary (default: when this process is one): without Redis, socket.io
   * reaches the other workers through the primary (@socket.io/cluster-adapter).
   */
  clusterWorker?: boolean;
  /** Rate and payload limits (default from the environment: RATE_LIMITS, LIMIT_*…). */
  limits?: LimitSettings;
  /** This node's name in AI claims (default random). */
  nodeId?: string;
  /** The tournaments' director: its tick, lease and whether it makes the site's scheduled events (lib/server/tournaments/director). */
  tournaments?: import("../tournaments/director").DirectorOptions;
  /** The time and timers of the games, the engine seats, the TV, the pairing and the analysis queue (default the wall clock; lib/server/time). */
  clock?: Clock;
  /** Port to listen on (0: any free port). Default env PORT or 3000. */
  port?: number;
  /** Default: all interfaces. */
  host?: string;
  /** An HTTP server to use (server.ts makes one so Next can hook its upgrades); else one is created. */
  httpServer?: http.Server;
  /** Handles every request that is not socket.io's (Next's handler). Default: 404. */
  requestHandler?: http.RequestListener;
  /** AI worker threads (default env AI_THREADS or 1). */
  aiThreads?: number;
  /** AI threads for TV and analysis searches, on top (default env AI_TV_THREADS or 1). */
  aiTvThreads?: number;
  /** The AI pool's worker-thread entry (default the engine; tests: STAND_IN_AI_WORKER, test/support/stand-in-engine). */
  aiWorker?: string;
  /** Pause before each AI-vs-AI move (default env AI_PAUSE_MS or 300 ms). */
  aiPauseMs?: number;
  /** Stop the engine's search for a player away this long (default AI_GONE_MS). */
  aiGoneMs?: number;
  /** The longest search of a person's position while they think (default AI_PONDER_MS; 0: none). */
  aiPonderMs?: number;
  /** After an AI move in a game with a person, search its candidates' exact scores at the lowest priority (default true). */
  aiScoreCandidates?: boolean;
  /** Resume AI turns and clocks of games in progress (default true). */
  resume?: boolean;
  /** CORS origins for socket.io's long-polling (default: allowedOrigins, if any; else same origin only). */
  corsOrigin?: string | string[];
  /** Other sites whose pages may open a socket (default env ALLOWED_ORIGINS; lib/server/http/origin). */
  allowedOrigins?: string[];
  /** A game between people: how long the player to move must be gone before the opponent may claim the win (default env CLAIM_GRACE_MS). */
  claimGraceMs?: number;
  /** The longest wait for each side's first move in a clocked game between people (default FIRST_MOVE_MS). */
  firstMoveMs?: number;
  /** How often quick pairing looks for pairs (default 250 ms; lib/server/lobby/pairing). */
  pairEveryMs?: number;
  /** How often overdue correspondence games are looked for (default 60 s; lib/server/correspondence/sweeper), on the clock. */
  corrSweepMs?: number;
  /** The TV loop (lib/server/tv): a continuous stream of AI-vs-AI games. Default on unless env TV=0. */
  tv?: boolean | TvOptions;
  log?: Logger;
  /** Game analysis settings (default env ANALYSIS_*); analysisPollMs: how often rows are polled without Redis. */
  analysis?: Partial<AnalysisSettings> & { pollMs?: number };
  /** Games imported per address and per identity per hour (default env LIMIT_IMPORTS_PER_HOUR; 0: unlimited). */
  importsPerHour?: number;
  /** Reading imported files: time and memory budget, threads (default env IMPORT_PARSE_MS, IMPORT_PARSE_MB, IMPORT_THREADS). */
  importParse?: Partial<ServerConfig["importParse"]> & { worker?: string };
  /** Where /metrics is served (default env METRICS_PORT, METRICS_TOKEN; port 0 here: any free port). */
  metrics?: MetricsSettings;
  /** The operator's token for /mod and /api/mod/* (default env OPERATOR_TOKEN; null: off). */
  operatorToken?: string | null;
  /** Sessions and names (default env SESSION_IDLE_DAYS, NAME_HOLD_DAYS); `now`: the identities' clock (tests move it). */
  identity?: Partial<IdentitySettings> & { now?: () => number };
  /** Caps per address and throttles (default env SOCKETS_PER_ADDRESS, LOBBY_CHALLENGES_PER_ADDRESS, LIMIT_IP_POSTS_PER_MIN, LIMIT_IP_READYZ_PER_MIN). */
  fairness?: Partial<FairnessSettings>;
  /** One /readyz check serves every probe this long (default 1000 ms; 0: each probe checks). */
  readyCacheMs?: number;
}

/** The options with every default filled in. */
export function settingsOf(opts: GameServerOptions) {
  const config = serverConfig();
  const limits = opts.limits ?? config.limits;
  // Fair shares (lib/server/limits): with the rate limits off, only the lobby's cap stays.
  const fairness: FairnessSettings = { ...config.fairness, ...opts.fairness };
  if (!limits.enabled) Object.assign(fairness, { socketsPerAddress: 0, postsPerMin: 0, readyzPerMin: 0 });
  const allowedOrigins = opts.allowedOrigins ?? config.allowedOrigins;
  const origin = { trustProxy: limits.trustProxy, allowed: allowedOrigins };
  return {
    config,
    log: opts.log ?? rootLog,
    database: opts.dbFile ?? opts.databaseUrl,
    redisUrl: opts.redisUrl === undefined ? config.redisUrl : opts.redisUrl,
    clusterWorker: opts.clusterWorker ?? isClusterWorker(),
    limits,
    fairness,
    allowedOrigins,
    origin,
    ai: { threads: opts.aiThreads ?? config.aiThreads, tvThreads: opts.aiTvThreads ?? config.aiTvThreads, worker: opts.aiWorker },
    aiSeat: {
      pauseMs: opts.aiPauseMs ?? config.aiPauseMs,
      goneMs: opts.aiGoneMs ?? config.aiGoneMs,
      ponderMs: opts.aiPonderMs ?? config.aiPonderMs,
      scoreCandidates: opts.aiScoreCandidates ?? true,
    },
    games: { claimGraceMs: opts.claimGraceMs ?? config.claimGraceMs, firstMoveMs: opts.firstMoveMs ?? config.firstMoveMs, clock: opts.clock },
    lobby: { challengesPerAddress: fairness.challengesPerAddress },
    sockets: {
      corsOrigin: opts.corsOrigin ?? (allowedOrigins.length ? allowedOrigins : undefined),
      recoveryMs: config.socketRecoveryMs,
      allowRequest: allowRequestFor(origin),
      socketsPerAddress: fairness.socketsPerAddress,
    },
    identity: { ...config.identity, ...opts.identity },
    /** The identities' clock (tests move it). */
    identityNow: opts.identity?.now,
    identityLimits: limits.enabled ? config.identityLimits : { ...config.identityLimits, enabled: false },
    importsPerHour: opts.importsPerHour ?? (limits.enabled ? config.importsPerHour : 0),
    importParse: { ...config.importParse, ...opts.importParse },
    analysis: { ...config.analysis, ...opts.analysis },
    metrics: opts.metrics ?? config.metrics,
    operatorToken: opts.operatorToken !== undefined ? opts.operatorToken : config.operatorToken,
    readyCacheMs: opts.readyCacheMs ?? 1000,
    tv: opts.tv ?? config.tv ?? true,
    tvMoveMs: config.tvMoveMs,
    resume: opts.resume ?? true,
    port: opts.port ?? config.port ?? 3000,
  };
}

export type GameServerSettings = ReturnType<typeof settingsOf>;
