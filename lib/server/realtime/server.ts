// The game server without Next: database, AI pool, game service and socket.io on one HTTP server.
// server.ts adds Next's request handler; tests and e2e use startTestServer (test/support/test-server.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openDb, type Db } from "../db/client";
import { createAiPool, type AiPool } from "../ai/pool";
import { GameService } from "../games/service";
import { AiSeat } from "../games/ai-seat";
import { NOBODY, type PresenceSource } from "../games/state";
import { log as rootLog, type Logger } from "../log";
import { attachRealtime, playerRoom, roomOf } from "./attach";
import { connectRedis, wireCluster, type RedisSetup } from "./adapter";
import { createLimiter, type LimitSettings } from "../limits/limiter";
import { serverConfig, type MetricsSettings, type ServerConfig } from "../config";
import { createMetrics, type Metrics } from "../metrics/registry";
import { measuredAiPool } from "../metrics/ai";
import { opsHandler, startMetricsServer } from "../metrics/http";
import { readiness, sharedReadiness } from "../metrics/ready";
import { httpThrottle } from "../limits/http-throttle";
import { wireMetrics } from "../metrics/wire";
import { TvLoop, type TvOptions } from "../tv/loop";
import { isTvGameId } from "../tv/ids";
import { createAdapter as createIpcAdapter } from "@socket.io/cluster-adapter";
import { isClusterWorker, workerSlot } from "../cluster/worker";
import { securityHeaders } from "../http/headers";
import { isMalformedPath, MALFORMED_PATH_BODY } from "../http/url";
import { allowRequestFor } from "../http/origin";
import { PlayerTraces } from "../identity/traces";
import { Identities } from "../identity/players";
import { KnownSources } from "../identity/known-sources";
import { endSessionSockets, wireSessionEnds } from "./session-ends";
import type { IdentitySettings } from "../config";
import { createIdentityLimiter } from "../identity/limits";
import { identityApi, type SessionsEnded } from "../identity/http";
import { Lobby } from "../lobby";
import { ratingsHttp } from "../ratings/http";
import { AnalysisService } from "../analysis/service";
import type { AnalysisSettings, FairnessSettings } from "../config";
import { importHttp } from "../imports/http";
import { gamePagesHttp } from "../games/pages";

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
  /** The AI pool's worker-thread entry (default the engine; tests: STAND_IN_AI_WORKER, test/support/stand-in-engine). */
  aiWorker?: string;
  /** Pause before each AI-vs-AI move (default env AI_PAUSE_MS or 300 ms). */
  aiPauseMs?: number;
  /** Stop the engine's search for a player away this long (default AI_GONE_MS). */
  aiGoneMs?: number;
  /** The longest search of a person's position while they think (default AI_PONDER_MS; 0: none). */
  aiPonderMs?: number;
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
  /** Sessions and names (default env SESSION_IDLE_DAYS, NAME_HOLD_DAYS); `now`: the identities' clock (tests move it). */
  identity?: Partial<IdentitySettings> & { now?: () => number };
  /** Caps per address and throttles (default env SOCKETS_PER_ADDRESS, LOBBY_CHALLENGES_PER_ADDRESS, LIMIT_IP_POSTS_PER_MIN, LIMIT_IP_READYZ_PER_MIN). */
  fairness?: Partial<FairnessSettings>;
  /** One /readyz check serves every probe this long (default 1000 ms; 0: each probe checks). */
  readyCacheMs?: number;
}

export interface GameServer {
  httpServer: http.Server;
  games: GameService;
  /** Open challenges and quick pairing (lib/server/lobby). */
  lobby: Lobby;
  /** Game analysis jobs (lib/server/analysis). */
  analysis: AnalysisService;
  /** Guests, accounts and sessions (lib/server/identity). */
  identities: Identities;
  db: Db;
  ai: AiPool;
  io: ReturnType<typeof attachRealtime>["io"];
  tv: TvLoop | null;
  port: number;
  /** http://127.0.0.1:<port> (or the host given) */
  url: string;
  /** The Prometheus metrics (lib/server/metrics). */
  metrics: Metrics;
  /** The port /metrics has to itself (METRICS_PORT), or null. */
  metricsPort: number | null;
  close(): Promise<void>;
}

export async function startGameServer(opts: GameServerOptions = {}): Promise<GameServer> {
  const log = opts.log ?? rootLog;
  const config = serverConfig();
  const db = await openDb(opts.dbFile ?? opts.databaseUrl);
  const redisUrl = opts.redisUrl === undefined ? config.redisUrl : opts.redisUrl;
  let redis: RedisSetup | null = null;
  try {
    redis = redisUrl ? await connectRedis(redisUrl, { log, prefix: config.redisPrefix }) : null;
  } catch (err) {
    await db.$disconnect();
    throw err;
  }
  const clusterWorker = opts.clusterWorker ?? isClusterWorker();
  const adapter = redis?.adapter ?? (clusterWorker ? createIpcAdapter() : undefined);
  const metrics = createMetrics();
  const ai = measuredAiPool(createAiPool({ threads: opts.aiThreads ?? config.aiThreads, worker: opts.aiWorker }), metrics);
  // Who is in each game's room: the realtime layer knows, once attached (below).
  let rooms: PresenceSource = NOBODY;
  const games = new GameService({
    db,
    log,
    engines: (host) =>
      new AiSeat(host, {
        ai,
        pauseMs: opts.aiPauseMs ?? config.aiPauseMs,
        goneMs: opts.aiGoneMs ?? config.aiGoneMs,
        ponderMs: opts.aiPonderMs ?? config.aiPonderMs,
      }),
    presence: { presenceOf: (gameId) => rooms.presenceOf(gameId) },
    isTvGame: isTvGameId,
    // Several nodes share rooms (Redis, or the workers of one primary): claim engine turns, and
    // follow the games other nodes changed.
    cluster: !!adapter,
    nodeId: opts.nodeId,
    claimGraceMs: opts.claimGraceMs ?? config.claimGraceMs,
    firstMoveMs: opts.firstMoveMs ?? config.firstMoveMs,
  });
  const limiter = createLimiter(opts.limits ?? config.limits, { redis: redis?.redis, prefix: redis ? `${redis.prefix}:rl` : undefined, clusterWorker });
  const fallback: http.RequestListener = (_req, res) => {
    res.statusCode = 404;
    res.end("Not found");
  };
  const handler = opts.requestHandler ?? fallback;
  // /healthz, /readyz and /metrics (lib/server/metrics/http: /metrics needs METRICS_TOKEN here).
  const metricsSettings = opts.metrics ?? config.metrics;
  // One readiness check a second serves every probe (lib/server/metrics/ready).
  const opsOptions = { metrics, token: metricsSettings.token, ready: sharedReadiness(() => readiness(db, redis?.redis ?? null), opts.readyCacheMs ?? 1000) };
  const ops = opsHandler(opsOptions);
  const httpServer = opts.httpServer ?? http.createServer();
  const limits = opts.limits ?? config.limits;
  const allowedOrigins = opts.allowedOrigins ?? config.allowedOrigins;
  // Fair shares (lib/server/limits): with the rate limits off, only the lobby's cap stays.
  const fairness: FairnessSettings = { ...config.fairness, ...opts.fairness };
  if (!limits.enabled) Object.assign(fairness, { socketsPerAddress: 0, postsPerMin: 0, readyzPerMin: 0 });
  // Every POST and /readyz, per address, before any handler (lib/server/limits/http-throttle).
  const throttle = httpThrottle({
    postsPerMin: fairness.postsPerMin,
    readyzPerMin: fairness.readyzPerMin,
    addressOf: (req) => limiter.addressOf(req),
    redis: redis?.redis,
    prefix: redis ? `${redis.prefix}:rl` : undefined,
    onRefused: (limit) => metrics.rateLimited.inc({ limit }),
  });
  // Who people are: /api/me and /api/auth/* (lib/server/identity), and each socket's session.
  // A new name shows in the cached games at once, this node's and (wireCluster) the other nodes'.
  const identityNow = opts.identity?.now;
  const identities = new Identities(db, (id, name) => games.renamed(id, name), {
    settings: { ...config.identity, ...opts.identity },
    now: identityNow,
  });
  // Ended sessions close their sockets (every node: ./session-ends); the sockets exist once attached below.
  let endSockets: ((e: SessionsEnded) => void) | null = null;
  const known = new KnownSources(db, identityNow);
  const api = identityApi({
    identities,
    limiter: createIdentityLimiter(limits.enabled ? config.identityLimits : { ...config.identityLimits, enabled: false }, {
      redis: redis?.redis,
      prefix: redis ? `${redis.prefix}:rl` : undefined,
    }),
    addressOf: (req) => limiter.addressOf(req),
    origin: { trustProxy: limits.trustProxy, allowed: allowedOrigins },
    log,
    traces: new PlayerTraces(db),
    known,
    sessionsEnded: (e) => endSockets?.(e),
  });
  // Player pages' data and leaderboards (lib/server/ratings/http).
  const ratings = ratingsHttp({ db, limiter, log });
  // Imported games (lib/server/imports): POST /api/import.
  const imports = importHttp({
    games,
    identities,
    limiter,
    perHour: opts.importsPerHour ?? (limits.enabled ? config.importsPerHour : 0),
    origin: { trustProxy: limits.trustProxy, allowed: allowedOrigins },
    redis: redis?.redis,
    prefix: redis ? `${redis.prefix}:rl` : undefined,
    log,
    parse: { ...config.importParse, ...opts.importParse },
  });
  // Game and replay pages: an unknown id is Next's 404 (lib/server/games/pages).
  const gamePages = gamePagesHttp({ exists: (id) => games.exists(id), log });
  // Which worker answered (several workers behind one port): for operators and the cluster test.
  const slot = workerSlot();
  httpServer.on("request", (req, res) => {
    // Security headers on everything, pages included (lib/server/http/headers says why here).
    for (const [name, value] of Object.entries(securityHeaders(req, limits.trustProxy))) res.setHeader(name, value);
    if (slot !== null) {
      res.setHeader("x-gomoku-worker", String(slot));
      // One request per connection: the primary routes connections, so a kept-alive connection
      // would carry the next request (another game's long-polling, say) to this worker regardless.
      res.setHeader("connection", "close");
    }
    // socket.io answers its own path (engine.io hooks "request" first and handles /socket.io/).
    if (req.url?.startsWith("/socket.io/")) return;
    // Next would answer a path it cannot decode with a 500.
    if (isMalformedPath(req.url)) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end(MALFORMED_PATH_BODY);
      return;
    }
    throttle(req, res, () => {
      if (ops(req, res)) return;
      if (api(req, res)) return;
      if (imports(req, res)) return;
      if (gamePages(req, res, handler)) return;
      if (ratings(req, res, handler)) return;
      handler(req, res);
    });
  });
  const lobby = new Lobby(db, games, {
    nodeId: games.nodeId,
    cluster: !!adapter,
    log,
    pairEveryMs: opts.pairEveryMs,
    challengesPerAddress: fairness.challengesPerAddress,
  });
  const tvOpts = opts.tv ?? config.tv ?? true;
  // Several nodes: only the node holding the TV lease runs the TV; the others follow it.
  const tv = tvOpts ? new TvLoop(games, { log, lease: adapter ? { holder: games.nodeId } : null, ...(typeof tvOpts === "object" ? tvOpts : {}) }) : null;
  const analysis = new AnalysisService({
    db,
    games,
    ai,
    log,
    nodeId: games.nodeId,
    settings: { ...config.analysis, ...opts.analysis },
    redis: redis && redisUrl ? { url: redisUrl, prefix: redis.prefix } : null,
    pollMs: opts.analysis?.pollMs,
  });
  const realtime = attachRealtime(
    httpServer,
    { games, log, tv, identities, lobby, analysis },
    {
      corsOrigin: opts.corsOrigin ?? (allowedOrigins.length ? allowedOrigins : undefined),
      limiter,
      adapter,
      recoveryMs: config.socketRecoveryMs,
      metrics,
      allowRequest: allowRequestFor({ trustProxy: limits.trustProxy, allowed: allowedOrigins }),
      socketsPerAddress: fairness.socketsPerAddress,
    },
  );
  rooms = realtime;
  const unwireMetrics = wireMetrics(metrics, games, realtime.io, roomOf(""));
  if (adapter) wireCluster(realtime.io, games, log, identities);
  if (adapter) wireSessionEnds(realtime.io, identities);
  endSockets = (e) => endSessionSockets(realtime.io, e, playerRoom, !!adapter, log);
  // socket.io's own responses (long-polling, the websocket handshake): the same headers.
  realtime.io.engine.on("headers", (headers: Record<string, string>, req: http.IncomingMessage) => {
    if (!req.headers.upgrade) Object.assign(headers, securityHeaders(req, limits.trustProxy));
    if (slot === null) return;
    headers["x-gomoku-worker"] = String(slot);
    if (!req.headers.upgrade) headers["connection"] = "close"; // long-polling: as above
  });
  // A restart's downtime is credited to the clocks before anyone can move (lib/server/games/heartbeat).
  if (opts.resume ?? true) await games.creditRestart();
  const port = opts.port ?? config.port ?? 3000;
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    // exclusive: a cluster worker binds its own port (else node:cluster shares the primary's, round robin).
    httpServer.listen({ port, host: opts.host, exclusive: true }, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const actual = (httpServer.address() as AddressInfo).port;
  // WORKERS=N: worker i serves its metrics on METRICS_PORT + i (each worker counts its own).
  let metricsServer: http.Server | null = null;
  try {
    if (metricsSettings.port !== null)
      metricsServer = await startMetricsServer(opsOptions, metricsSettings.port && metricsSettings.port + (slot ?? 0), opts.host);
  } catch (err) {
    // The metrics port is taken: stop what started, and say so (the error names the port).
    await analysis.close();
    await games.close();
    await realtime.close();
    await ai.close();
    await imports.close();
    await redis?.close();
    await db.$disconnect();
    throw err;
  }
  // Expired sessions go at start and every 6 hours (a year-long cookie: few, but they add up).
  const purge = () => void Promise.all([identities.purgeExpired(), known.purge()]).catch((err) => log.warn({ err }, "could not purge expired sessions"));
  purge();
  const purgeTimer = setInterval(purge, 6 * 3600_000);
  purgeTimer.unref();
  if (opts.resume ?? true) await games.resumeAll();
  if (tv) await tv.start().catch((err) => log.error({ err }, "TV: could not start"));
  await lobby.start();
  await analysis.start();
  let closing: Promise<void> | null = null;
  return {
    httpServer,
    games,
    lobby,
    analysis,
    identities,
    db,
    ai,
    io: realtime.io,
    tv,
    port: actual,
    metrics,
    metricsPort: metricsServer ? (metricsServer.address() as AddressInfo).port : null,
    url: `http://${opts.host && opts.host !== "0.0.0.0" && opts.host !== "::" ? opts.host : "127.0.0.1"}:${actual}`,
    close() {
      closing ??= (async () => {
        await tv?.stop();
        await lobby.close();
        await analysis.close();
        clearInterval(purgeTimer);
        unwireMetrics();
        await new Promise((r) => (metricsServer ? metricsServer.close(r) : r(undefined)));
        await games.close();
        await realtime.close(); // also closes the HTTP server
        await ai.close();
        await imports.close();
        await redis?.close();
        await db.$disconnect();
      })();
      return closing;
    },
  };
}
