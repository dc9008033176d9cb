// lib/server/config: good values parse (empty means unset), and every bad value stops the start
// with BAD_SETTING and a sentence that names the variable and the value.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BadSettingError, DEFAULT_FAIR_PLAY, loadConfig, logLevelFrom, type Env } from "./config";

/** The BadSettingError `env` gives (fails the test when it gives none). */
function badSettings(env: Env): BadSettingError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof BadSettingError) return err;
    throw err;
  }
  throw new Error(`no bad setting in ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("gives the defaults for an empty environment", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: undefined,
      host: undefined,
      production: false,
      workers: 1,
      workerSlot: null,
      databaseUrl: null,
      databaseFile: undefined,
      sqliteSynchronous: "NORMAL",
      moveWriter: "thread",
      pgPoolSize: 10,
      redisUrl: null,
      redisPrefix: "gomoku",
      nodeId: undefined,
      aiThreads: 1,
      aiTvThreads: 1,
      aiOwnerSearches: 2,
      aiQueueMax: 100,
      aiPauseMs: undefined,
      aiGoneMs: 20_000,
      aiPonderMs: 30_000,
      tv: undefined,
      socketRecoveryMs: 30_000,
      claimGraceMs: 30_000,
      logLevel: "info",
      limits: {
        enabled: true,
        socketEventsPerSec: 20,
        ipEventsPerSec: 200,
        ipConnectionsPerMin: 120,
        ipGamesPerMin: 30,
        maxPayloadBytes: 16384,
        trustProxy: false,
      },
      metrics: { port: null, token: null },
      allowedOrigins: [],
    });
  });

  it("reads the metrics settings (lib/server/metrics)", () => {
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: "s3cret-s3cret-s3cret" }).metrics).toEqual({ port: 9464, token: "s3cret-s3cret-s3cret" });
  });

  it("reads ALLOWED_ORIGINS as normalised origins", () => {
    expect(loadConfig({ ALLOWED_ORIGINS: " https://Play.Example.com , http://localhost:8080/ ,," }).allowedOrigins).toEqual([
      "https://play.example.com",
      "http://localhost:8080",
    ]);
  });

  it("gives one sentence per bad ALLOWED_ORIGINS entry", () => {
    const err = badSettings({ ALLOWED_ORIGINS: "https://ok.example,play.example.com,https://a.example/path" });
    expect(err.problems.map((p) => p.variable)).toEqual(["ALLOWED_ORIGINS", "ALLOWED_ORIGINS"]);
    expect(err.problems[0].sentence).toMatch(/^ALLOWED_ORIGINS must list origins such as https:\/\/play.example.com .*"play.example.com" is not one/);
    expect(err.problems[1].sentence).toMatch(/"https:\/\/a.example\/path" is not one/);
  });

  it("treats empty and blank values as unset", () => {
    expect(loadConfig({ WORKERS: "", PORT: " ", REDIS_URL: "", HOST: "", AI_THREADS: "" })).toMatchObject({
      workers: 1,
      port: undefined,
      redisUrl: null,
      host: undefined,
      aiThreads: 1,
    });
  });

  it("parses good values", () => {
    const c = loadConfig({
      PORT: "3001",
      HOST: "0.0.0.0",
      NODE_ENV: "production",
      WORKERS: "4",
      WORKER_SLOT: "2",
      DATABASE_URL: "postgresql://u@h:5432/db",
      DATABASE_FILE: "some/where.db",
      SQLITE_SYNCHRONOUS: "full",
      MOVE_WRITER: "prisma",
      PG_POOL_SIZE: "20",
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_PREFIX: "test",
      NODE_ID: "A",
      AI_THREADS: "3",
      AI_TV_THREADS: "2",
      AI_OWNER_SEARCHES: "1",
      AI_QUEUE_MAX: "0",
      AI_PAUSE_MS: "0",
      ANALYSIS_PLY_MS: "250",
      ANALYSIS_DEPTH: "6",
      ANALYSIS_QUEUE_MAX: "7",
      ANALYSIS_PER_REQUESTER: "3",
      ANALYSIS_CONCURRENCY: "2",
      ANALYSIS_AUTO: "on",
      TV: "0",
      SOCKET_RECOVERY_MS: "0",
      CLAIM_GRACE_MS: "250",
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
      LIMIT_SOCKET_EVENTS_PER_SEC: "1000000",
      LIMIT_IP_EVENTS_PER_SEC: "2.5",
      LIMIT_IP_CONNECTIONS_PER_MIN: "25",
      LIMIT_IP_GAMES_PER_MIN: "100000",
      LIMIT_IP_GUESTS_PER_HOUR: "7",
      LIMIT_IP_LOGINS_PER_15MIN: "8",
      LIMIT_NAME_LOGINS_PER_15MIN: "9",
      LIMIT_PLAYER_RENAMES_PER_DAY: "4",
      MAX_PAYLOAD_BYTES: "4096",
      TRUST_PROXY: "1",
      ALLOWED_ORIGINS: "https://play.example.com",
      TV_MOVE_MS: "200",
    });
    expect(c).toEqual({
      port: 3001,
      host: "0.0.0.0",
      production: true,
      workers: 4,
      workerSlot: 2,
      databaseUrl: "postgresql://u@h:5432/db",
      databaseFile: path.resolve("some/where.db"),
      sqliteSynchronous: "FULL",
      moveWriter: "prisma",
      pgPoolSize: 20,
      redisUrl: "redis://127.0.0.1:6379",
      redisPrefix: "test",
      nodeId: "A",
      aiThreads: 3,
      aiTvThreads: 2,
      aiOwnerSearches: 1,
      aiQueueMax: 0,
      aiPauseMs: 0,
      aiGoneMs: 20_000,
      aiPonderMs: 30_000,
      analysis: {
        plyMs: 250,
        depth: 6,
        queueMax: 7,
        perRequester: 3,
        concurrency: 2,
        threads: 1,
        auto: true,
        pliesPerNetwork: 2000,
        leaseMs: 15_000,
        puzzles: true,
        proofMs: 60_000,
        proofMb: 1024,
        minedPerDay: 40,
      },
      tv: false,
      tvMoveMs: 200,
      socketRecoveryMs: 0,
      claimGraceMs: 250,
      firstMoveMs: 30_000,
      logLevel: "warn",
      limits: {
        enabled: false,
        socketEventsPerSec: 1_000_000,
        ipEventsPerSec: 2.5,
        ipConnectionsPerMin: 25,
        ipGamesPerMin: 100_000,
        maxPayloadBytes: 4096,
        trustProxy: true,
        proxyHops: 1,
      },
      identityLimits: { enabled: false, ipGuestsPerHour: 7, ipLoginsPer15Min: 8, nameLoginsPer15Min: 9, playerRenamesPerDay: 4 },
      identity: { sessionIdleDays: 30, nameHoldDays: 30 },
      importsPerHour: 0, // RATE_LIMITS off
      importParse: { timeMs: 2000, memoryMb: 64, threads: 1 },
      metrics: { port: null, token: null },
      operatorToken: null,
      allowedOrigins: ["https://play.example.com"],
      fairness: { socketsPerAddress: 0, challengesPerAddress: 10, postsPerMin: 0, readyzPerMin: 0 }, // RATE_LIMITS off: the lobby cap stays
      fairPlay: DEFAULT_FAIR_PLAY,
    });
  });

  it("fair play in ratings: 48 h same-device tie, 3 rated games a pair a day, 5 against new neighbours; listed with 5 opponents, active in 30 days; bad values refused", () => {
    expect(loadConfig({}).fairPlay).toEqual({
      ratedSameDeviceHours: 48,
      ratedPairPerDay: 3,
      ratedNewNeighboursPerDay: 5,
      leaderboardMinOpponents: 5,
      leaderboardActiveDays: 30,
    });
    const set = {
      RATED_SAME_DEVICE_HOURS: "0",
      RATED_PAIR_PER_DAY: "2",
      RATED_NEW_NEIGHBOURS_PER_DAY: "8",
      LEADERBOARD_MIN_OPPONENTS: "3",
      LEADERBOARD_ACTIVE_DAYS: "7",
    };
    expect(loadConfig(set).fairPlay).toEqual({
      ratedSameDeviceHours: 0,
      ratedPairPerDay: 2,
      ratedNewNeighboursPerDay: 8,
      leaderboardMinOpponents: 3,
      leaderboardActiveDays: 7,
    });
    for (const variable of ["RATED_PAIR_PER_DAY", "RATED_NEW_NEIGHBOURS_PER_DAY", "LEADERBOARD_MIN_OPPONENTS", "LEADERBOARD_ACTIVE_DAYS"])
      expect(() => loadConfig({ [variable]: "0" }), variable).toThrow(BadSettingError);
    expect(() => loadConfig({ RATED_SAME_DEVICE_HOURS: "-1" })).toThrow(BadSettingError);
  });

  it("reads on/off settings in their usual spellings", () => {
    for (const on of ["1", "true", "yes", "on", "ON"])
      expect(loadConfig({ TV: on, RATE_LIMITS: on, TRUST_PROXY: on })).toMatchObject({ tv: true, limits: { enabled: true, trustProxy: true } });
    for (const off of ["0", "false", "no", "off", "Off"])
      expect(loadConfig({ TV: off, RATE_LIMITS: off, TRUST_PROXY: off })).toMatchObject({ tv: false, limits: { enabled: false, trustProxy: false } });
  });

  it("reads TRUST_PROXY as the number of proxies in front: on is one, off none", () => {
    for (const on of ["1", "true", "on"]) expect(loadConfig({ TRUST_PROXY: on }).limits).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).limits).toMatchObject({ trustProxy: true, proxyHops: 2 });
    expect(loadConfig({ TRUST_PROXY: "0" }).limits.trustProxy).toBe(false);
    expect(loadConfig({}).limits.trustProxy).toBe(false);
  });

  it("analysis defaults: 0.5 s a ply, no fixed depth, 50 queued, 2 per requester, one at a time, not automatic; bad values refused", () => {
    expect(loadConfig({}).analysis).toEqual({
      plyMs: 500,
      depth: null,
      queueMax: 50,
      perRequester: 2,
      concurrency: 1,
      threads: 1,
      auto: false,
      pliesPerNetwork: 2000,
      leaseMs: 15_000,
      puzzles: true,
      proofMs: 60_000,
      proofMb: 1024,
      minedPerDay: 40,
    });
    expect(loadConfig({ ANALYSIS_PUZZLES: "off", PUZZLE_PROOF_MS: "5000", PUZZLE_PROOF_MB: "256", PUZZLE_MINED_PER_DAY: "3" }).analysis).toMatchObject({
      puzzles: false,
      proofMs: 5000,
      proofMb: 256,
      minedPerDay: 3,
    });
    expect(() => loadConfig({ PUZZLE_PROOF_MB: "10" })).toThrow(/PUZZLE_PROOF_MB/);
    expect(() => loadConfig({ ANALYSIS_PLY_MS: "5" })).toThrow(/ANALYSIS_PLY_MS/);
    expect(() => loadConfig({ ANALYSIS_QUEUE_MAX: "0" })).toThrow(/ANALYSIS_QUEUE_MAX/);
    expect(loadConfig({ ANALYSIS_THREADS: "2" }).analysis.threads).toBe(2);
    expect(() => loadConfig({ ANALYSIS_THREADS: "0" })).toThrow(/ANALYSIS_THREADS/);
    expect(() => loadConfig({ ANALYSIS_THREADS: "9" })).toThrow(/ANALYSIS_THREADS/);
  });

  it("fair shares: 200 sockets and 10 open challenges an address, 120 POSTs and 60 /readyz a minute; bad values refused", () => {
    expect(loadConfig({}).fairness).toEqual({ socketsPerAddress: 200, challengesPerAddress: 10, postsPerMin: 120, readyzPerMin: 60 });
    expect(
      loadConfig({ SOCKETS_PER_ADDRESS: "5", LOBBY_CHALLENGES_PER_ADDRESS: "4", LIMIT_IP_POSTS_PER_MIN: "3", LIMIT_IP_READYZ_PER_MIN: "2" }).fairness,
    ).toEqual({ socketsPerAddress: 5, challengesPerAddress: 4, postsPerMin: 3, readyzPerMin: 2 });
    expect(loadConfig({ ANALYSIS_PLIES_PER_NETWORK: "500" }).analysis.pliesPerNetwork).toBe(500);
    expect(loadConfig({ ANALYSIS_LEASE_MS: "4000" }).analysis.leaseMs).toBe(4000);
    expect(() => loadConfig({ ANALYSIS_LEASE_MS: "10" })).toThrow(/ANALYSIS_LEASE_MS/);
    for (const variable of [
      "SOCKETS_PER_ADDRESS",
      "LOBBY_CHALLENGES_PER_ADDRESS",
      "LIMIT_IP_POSTS_PER_MIN",
      "LIMIT_IP_READYZ_PER_MIN",
      "ANALYSIS_PLIES_PER_NETWORK",
    ])
      expect(() => loadConfig({ [variable]: "0" })).toThrow(new RegExp(variable));
  });

  it("caps AI_THREADS at 8, ignores a DATABASE_URL that is not PostgreSQL, and is silent under vitest", () => {
    expect(loadConfig({ AI_THREADS: "32" }).aiThreads).toBe(8);
    expect(loadConfig({}).importsPerHour).toBe(1000);
    expect(loadConfig({ LIMIT_IMPORTS_PER_HOUR: "50" }).importsPerHour).toBe(50);
    expect(loadConfig({ IMPORT_PARSE_MS: "500", IMPORT_PARSE_MB: "32", IMPORT_THREADS: "2" }).importParse).toEqual({ timeMs: 500, memoryMb: 32, threads: 2 });
    expect(loadConfig({ DATABASE_URL: "file:./dev.db" }).databaseUrl).toBeNull();
    expect(loadConfig({ VITEST: "true" }).logLevel).toBe("silent");
    expect(loadConfig({ VITEST: "true", LOG_LEVEL: "debug" }).logLevel).toBe("debug");
  });

  it("keeps WORKERS' rule: 1–64, refusing anything else with a sentence", () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: "" }).workers).toBe(1);
    expect(loadConfig({ WORKERS: "2" }).workers).toBe(2);
    for (const bad of ["0", "-1", "1.5", "abc", "65"]) expect(() => loadConfig({ WORKERS: bad })).toThrow(/WORKERS must be a whole number from 1 to 64/);
  });

  it.each([
    ["PORT", "abc", /^PORT must be a whole number from 0 to 65535 \(got "abc"\)\.$/],
    ["PORT", "70000", /PORT must be a whole number from 0 to 65535/],
    ["WORKERS", "abc", /^WORKERS must be a whole number from 1 to 64 \(got "abc"\)\.$/],
    ["WORKER_SLOT", "x", /WORKER_SLOT must be a whole number/],
    ["SQLITE_SYNCHRONOUS", "1; DROP TABLE Game", /^SQLITE_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA \(got "1; DROP TABLE Game"\)\.$/],
    ["MOVE_WRITER", "fast", /^MOVE_WRITER must be thread or prisma/],
    ["PG_POOL_SIZE", "0", /^PG_POOL_SIZE must be a whole number, 1 or more \(got "0"\)\.$/],
    ["REDIS_URL", "127.0.0.1:6379", /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    ["AI_THREADS", "0", /^AI_THREADS must be a whole number, 1 or more/],
    ["AI_THREADS", "two", /AI_THREADS/],
    ["AI_TV_THREADS", "0", /^AI_TV_THREADS must be a whole number from 1 to 8 \(got "0"\)\.$/],
    ["AI_TV_THREADS", "9", /^AI_TV_THREADS must be a whole number from 1 to 8/],
    ["AI_OWNER_SEARCHES", "0", /^AI_OWNER_SEARCHES must be a whole number, 1 or more/],
    ["AI_QUEUE_MAX", "-1", /^AI_QUEUE_MAX must be a whole number, 0 or more/],
    ["AI_PAUSE_MS", "-5", /^AI_PAUSE_MS must be a whole number, 0 or more/],
    ["TV", "maybe", /^TV must be on or off/],
    ["SOCKET_RECOVERY_MS", "30s", /^SOCKET_RECOVERY_MS must be a whole number, 0 or more/],
    ["CLAIM_GRACE_MS", "soon", /^CLAIM_GRACE_MS must be a whole number, 0 or more/],
    ["LOG_LEVEL", "loud", /^LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent/],
    ["RATE_LIMITS", "sometimes", /^RATE_LIMITS must be on or off/],
    ["LIMIT_SOCKET_EVENTS_PER_SEC", "0", /^LIMIT_SOCKET_EVENTS_PER_SEC must be a number above 0/],
    ["LIMIT_IP_EVENTS_PER_SEC", "lots", /^LIMIT_IP_EVENTS_PER_SEC must be a number above 0/],
    ["LIMIT_IP_CONNECTIONS_PER_MIN", "-1", /^LIMIT_IP_CONNECTIONS_PER_MIN must be a number above 0/],
    ["LIMIT_IP_GAMES_PER_MIN", "NaN", /^LIMIT_IP_GAMES_PER_MIN must be a number above 0/],
    ["MAX_PAYLOAD_BYTES", "16k", /^MAX_PAYLOAD_BYTES must be a whole number, 1 or more/],
    ["TRUST_PROXY", "many", /^TRUST_PROXY must be the number of proxies in front/],
    ["TRUST_PROXY", "11", /^TRUST_PROXY must be the number of proxies in front/],
    ["SESSION_IDLE_DAYS", "0", /^SESSION_IDLE_DAYS must be a number above 0/],
    ["METRICS_PORT", "0", /^METRICS_PORT must be a whole number from 1 to 65535 \(got "0"\)\.$/],
    ["METRICS_TOKEN", "short", /^METRICS_TOKEN must be at least 16 characters with no spaces/],
  ])("%s=%s is a BAD_SETTING with a sentence naming it", (variable, value, sentence) => {
    const err = badSettings({ [variable]: value });
    expect(err.code).toBe("BAD_SETTING");
    expect(err.problems).toHaveLength(1);
    expect(err.problems[0].variable).toBe(variable);
    expect(err.problems[0].sentence).toMatch(sentence);
  });

  it("names every bad variable at once", () => {
    const err = badSettings({ WORKERS: "abc", PORT: "x", AI_THREADS: "1" });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(["PORT", "WORKERS"]);
    expect(err.message).toMatch(/WORKERS must be .* PORT must be|PORT must be .* WORKERS must be/);
  });
});

describe("logLevelFrom", () => {
  it("gives the logger a level even when LOG_LEVEL is bad (the config then stops on it)", () => {
    expect(logLevelFrom({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(logLevelFrom({ VITEST: "true" })).toBe("silent");
    expect(logLevelFrom({})).toBe("info");
    expect(logLevelFrom({ LOG_LEVEL: "loud" })).toBe("info");
  });
});
