// The composition root (lila-ws's LilaWs.scala reads like this): every component of the game
// server, one line each, in the order they start; `parts` closes them in reverse. server.ts adds
// Next's request handler; tests and e2e use startTestServer (test/support/test-server.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAdapter as createIpcAdapter } from "@socket.io/cluster-adapter";
import { openDb, type Db } from "./db/client";
import { createAiPool, type AiPool } from "./ai/pool";
import { GameService } from "./games/service";
import { AiSeat } from "./games/ai-seat";
import type { EngineHost } from "./games/engines";
import { noPresence } from "./games/state";
import { attachRealtime, playerRoom, roomOf, tournamentRoom } from "./realtime/attach";
import { connectRedis, wireCluster } from "./realtime/adapter";
import { endSessionSockets, wireSessionEnds } from "./realtime/session-ends";
import { createLimiter } from "./limits/limiter";
import { AbortAllowance } from "./limits/aborts";
import { createMetrics, type Metrics } from "./metrics/registry";
import { measuredAiPool } from "./metrics/ai";
import { startMetricsServer, type OpsOptions } from "./metrics/http";
import { readiness, sharedReadiness } from "./metrics/ready";
import { wireMetrics } from "./metrics/wire";
import { TvLoop } from "./tv/loop";
import { isTvGameId } from "./tv/ids";
import { workerSlot } from "./cluster/worker";
import { Identities } from "./identity/identities";
import { KnownSources } from "./identity/known-sources";
import type { SessionsEnded } from "./identity/http";
import { Lobby } from "./lobby";
import { AnalysisService } from "./analysis/service";
import { Tournaments, engineGameOnAir } from "./tournaments";
import { EV } from "../shared/protocol";
import { Social } from "./social";
import { CorrespondenceSweeper } from "./correspondence/sweeper";
import { ChatService } from "./chat/service";
import { Moderation } from "./moderation";
import { createChatLimits } from "./limits/chat";
import { importRoutes } from "./imports/http";
import { settingsOf, type GameServerOptions, type GameServerSettings } from "./app/options";
import { lateFunction, Parts } from "./app/parts";
import { serveHttp, socketHeaders } from "./app/http-edge";
import { httpRouting } from "./app/http-routing";

export type { GameServerOptions } from "./app/options";

export interface GameServer {
  httpServer: http.Server;
  games: GameService;
  /** Open challenges and quick pairing (lib/server/lobby). */
  lobby: Lobby;
  /** Game analysis jobs (lib/server/analysis). */
  analysis: AnalysisService;
  /** Guests, accounts and sessions (lib/server/identity). */
  identities: Identities;
  /** Search, follows, challenges by name (lib/server/social). */
  social: Social;
  /** Ends overdue correspondence games (one node of a cluster at a time). */
  correspondence: CorrespondenceSweeper;
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
  const s = settingsOf(opts);
  const parts = new Parts();
  try {
    return await compose(s, opts, parts);
  } catch (err) {
    // Half started (the port or the metrics port taken, say): stop what did start, and say why.
    await parts.close();
    throw err;
  }
}

async function compose(s: GameServerSettings, opts: GameServerOptions, parts: Parts): Promise<GameServer> {
  const { config, log } = s;
  const db = parts.add("database", await openDb(s.database), (d) => d.$disconnect());
  const redis = parts.add("redis", s.redisUrl ? await connectRedis(s.redisUrl, { log, prefix: config.redisPrefix }) : null, (r) => r?.close());
  const shared = { redis: redis?.redis, prefix: redis ? `${redis.prefix}:rl` : undefined };
  // Several nodes share rooms (Redis, or the workers of one primary): claim engine turns, follow the others' games.
  const adapter = redis?.adapter ?? (s.clusterWorker ? createIpcAdapter() : undefined);
  const cluster = !!adapter;
  const metrics = createMetrics();
  const ai = parts.add("AI pool", measuredAiPool(createAiPool(s.ai), metrics), (p) => p.close());
  // Who is in each game's room: the socket layer knows, once attached (below).
  const rooms = lateFunction((_gameId: string) => noPresence());
  const engines = (host: EngineHost) => new AiSeat(host, { ai, ...s.aiSeat });
  const games = new GameService({ db, log, engines, presence: { presenceOf: rooms.call }, isTvGame: isTvGameId, cluster, nodeId: opts.nodeId, ...s.games });
  const limiter = createLimiter(s.limits, { ...shared, clusterWorker: s.clusterWorker });
  // A new name shows in the cached games at once, this node's and (wireCluster) the other nodes'.
  const identities = new Identities(db, (id, name) => games.renamed(id, name), { settings: s.identity, now: s.identityNow });
  const known = new KnownSources(db, s.identityNow);
  // Ended sessions close their sockets (every node: realtime/session-ends), once the sockets exist.
  const sessionsEnded = lateFunction((_e: SessionsEnded) => {});
  const imports = parts.add("import parsers", importRoutes({ games, identities, perHour: s.importsPerHour, ...shared, log, parse: s.importParse }), (i) =>
    i.close(),
  );
  // One readiness check a second serves every probe (metrics/ready).
  const ops = { metrics, token: s.metrics.token, ready: sharedReadiness(() => readiness(db, redis?.redis ?? null), s.readyCacheMs), log };
  const lobby = new Lobby(db, games, { nodeId: games.nodeId, cluster, log, pairEveryMs: opts.pairEveryMs, ...s.lobby });
  // Arenas and Swiss events (lib/server/tournaments): each event directed by one node at a time (its lease).
  const tourStarted = lateFunction((_playerId: string, _gameId: string) => {});
  const tourChanged = lateFunction((_id: string) => {});
  const tourDeps = { db, games, clock: games.clock, log, nodeId: games.nodeId, started: tourStarted.call, changed: tourChanged.call };
  const tournaments = new Tournaments(tourDeps, identities, {
    ...opts.tournaments,
    operatorToken: s.operatorToken,
  });
  // Several nodes: only the node holding the TV lease runs the TV; the others follow it. It shows the engine tournaments' games when there are some.
  const tv = s.tv
    ? new TvLoop(games, {
        log,
        lease: cluster ? { holder: games.nodeId } : null,
        follow: () => engineGameOnAir(db),
        ...(s.tvMoveMs ? { timeMs: [s.tvMoveMs, s.tvMoveMs] as [number, number] } : {}),
        ...(typeof s.tv === "object" ? s.tv : {}),
      })
    : null;
  const analysisRedis = redis && s.redisUrl ? { url: s.redisUrl, prefix: redis.prefix } : null;
  const analysis = new AnalysisService({ db, games, ai, log, nodeId: games.nodeId, settings: s.analysis, redis: analysisRedis, pollMs: opts.analysis?.pollMs });
  const httpServer = opts.httpServer ?? http.createServer();
  const identity = { identities, known, sessionsEnded: sessionsEnded.call };
  serveHttp(
    httpServer,
    s.limits.trustProxy,
    httpRouting(s, { db, games, limiter, metrics, ops, identity, imports, shared, tournaments: tournaments.routes, pages: opts.requestHandler }),
  );
  // Aborts per player (limits/aborts): with the rate limits off (benchmarks), none.
  const aborts = s.limits.enabled ? new AbortAllowance(shared) : null;
  if (aborts) games.on("aborted", (e) => void aborts.aborted(e.playerId).catch((err: unknown) => log.warn({ err }, "could not count an abort")));
  // Game chat, blocks and reports (issue 28): their own limits per player, shared through Redis.
  const chatLimits = createChatLimits(s.limits.enabled, shared);
  const now = () => games.clock.now();
  const [chat, moderation] = [new ChatService({ db, limits: chatLimits, now }), new Moderation({ db, limits: chatLimits, now })];
  // People (issue 28): search, follows (their daily cap shared through Redis), challenges by name.
  const social = new Social(db, games, shared);
  const services = { games, log, tv, identities, lobby, analysis, aborts, chat, moderation, social };
  const realtime = parts.add("sockets and the HTTP server", attachRealtime(httpServer, services, { ...s.sockets, limiter, adapter, metrics }), (r) =>
    r.close(),
  );
  rooms.bind((gameId) => realtime.presenceOf(gameId));
  tourStarted.bind((playerId, gameId) => void realtime.io.to(playerRoom(playerId)).emit(EV.started, { gameId, via: "pairing" }));
  tourChanged.bind((id) => void realtime.io.to(tournamentRoom(id)).emit(EV.tournamentChanged, { id }));
  if (adapter) wireCluster(realtime.io, games, log, identities);
  // A game that ends here wakes the director of its event on whichever node holds its lease.
  if (adapter) tournaments.wireCluster(realtime.io);
  if (adapter) wireSessionEnds(realtime.io, identities);
  sessionsEnded.bind((e) => endSessionSockets(realtime.io, e, playerRoom, cluster, log));
  socketHeaders(realtime.io, s.limits.trustProxy);
  // Closed before the sockets: a game's last writes and timers go while its room still hears.
  parts.add("games", games, (g) => g.close());
  parts.add("metrics wiring", wireMetrics(metrics, games, realtime.io, roomOf("")), (unwire) => unwire());
  // A restart's downtime is credited to the clocks before anyone can move (games/heartbeat).
  if (s.resume) await games.creditRestart();
  const { port, metricsPort } = await listen(s, opts, parts, httpServer, ops);
  // Expired sessions go at start and every 6 hours (a year-long cookie: few, but they add up).
  const purge = () => void Promise.all([identities.purgeExpired(), known.purge()]).catch((err) => log.warn({ err }, "could not purge expired sessions"));
  purge();
  parts.add("session purge", setInterval(purge, 6 * 3600_000).unref(), (t) => clearInterval(t));
  if (s.resume) await games.resumeAll();
  if (tv) await tv.start().catch((err) => log.error({ err }, "TV: could not start"));
  if (tv) parts.add("TV", tv, (t) => t.stop());
  await parts.add("lobby", lobby, (l) => l.close()).start();
  parts.add("tournaments", tournaments, (t) => t.close()).start();
  await parts.add("analysis", analysis, (a) => a.close()).start();
  // Overdue correspondence games end on one node at a time (the lease), from the deadlines in the rows.
  const correspondence = parts
    .add("correspondence sweeper", new CorrespondenceSweeper(db, games, { nodeId: games.nodeId, log, everyMs: opts.corrSweepMs }), (c) => c.close())
    .start();
  const url = `http://${opts.host && opts.host !== "0.0.0.0" && opts.host !== "::" ? opts.host : "127.0.0.1"}:${port}`;
  return {
    httpServer,
    games,
    lobby,
    analysis,
    identities,
    social,
    correspondence,
    db,
    ai,
    io: realtime.io,
    tv,
    port,
    url,
    metrics,
    metricsPort,
    close: () => parts.close(),
  };
}

/** The main port, then /metrics on its own port (METRICS_PORT; WORKERS=N: worker i on METRICS_PORT + i). */
async function listen(s: GameServerSettings, opts: GameServerOptions, parts: Parts, httpServer: http.Server, ops: OpsOptions) {
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    // exclusive: a cluster worker binds its own port (else node:cluster shares the primary's, round robin).
    httpServer.listen({ port: s.port, host: opts.host, exclusive: true }, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const wanted = s.metrics.port;
  if (wanted === null) return { port, metricsPort: null };
  const metricsServer = await startMetricsServer(ops, wanted && wanted + (workerSlot() ?? 0), opts.host);
  parts.add("metrics port", metricsServer, (m) => new Promise((r) => m.close(r)));
  return { port, metricsPort: (metricsServer.address() as AddressInfo).port };
}
