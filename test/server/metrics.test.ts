// /metrics (Prometheus), /healthz and /readyz on a real server: the metric names are there and
// the counters move with real play; /metrics is refused without its token, and not served at all
// on the main port by default.
import { describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { EV } from "../../lib/shared/protocol";
import { readiness } from "../../lib/server/metrics/ready";
import { call, server, useServer, waitFor, type RawAck } from "./helpers";

const TOKEN = "metrics-test-token-0123456789";
const withToken = useServer({ metrics: { port: 0, token: TOKEN } });
// readyCacheMs 0: the schema test below wants the answer of the moment, not the last second's.
const plain = useServer({ metrics: { port: null, token: null }, readyCacheMs: 0 });

const get = (url: string, token?: string) => fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** A sample's value: `name{labels} value`, labels matched as given (in prom-client's order). */
function sample(text: string, name: string, labels = ""): number | null {
  const line = text.split("\n").find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : null;
}

describe("operations endpoints", () => {
  it("counts real play: moves, acks per event, connections, rooms, DB writes, AI searches, refusals", async () => {
    const { srv } = withToken;
    const before = await (await get(`${srv.url}/metrics`, TOKEN)).text();
    const movesBefore = sample(before, "gomoku_moves_total") ?? 0;

    const a = await withToken.client();
    const b = await withToken.client();
    const created = (await call(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 })) as RawAck;
    const { gameId, seatToken } = created;
    await call(a, EV.join, { gameId, seatToken });
    const joined = (await call(b, EV.join, { gameId, takeSeat: true })) as RawAck;
    const plies: Array<[number, number]> = [
      [7, 7],
      [0, 0],
      [9, 7],
      [0, 2],
    ];
    for (const [i, [x, y]] of plies.entries()) {
      const black = i % 2 === 0;
      expect(await call(black ? a : b, EV.move, { gameId, seatToken: black ? seatToken : joined.seatToken, ply: i + 1, x, y })).toEqual({ ok: true });
    }
    // A game against the engine: one search.
    const h = await withToken.client();
    const hva = (await call(h, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, ai: { timeMs: 100, maxDepth: 2 } })) as RawAck;
    expect(hva.ok).toBe(true);
    await call(h, EV.join, { gameId: hva.gameId, seatToken: hva.seatToken });
    expect(await call(h, EV.move, { gameId: hva.gameId, seatToken: hva.seatToken, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    await waitFor(h, EV.moved, (e: any) => e.gameId === hva.gameId && e.move.ply === 2);
    // A socket over its budget: lists cost 10 of its 60 points.
    const greedy = await withToken.client();
    const lists = await Promise.all(Array.from({ length: 10 }, () => call(greedy, EV.list, {})));
    expect(lists.some((l) => !l.ok && l.error.code === "RATE_LIMITED")).toBe(true);

    // The same figures on the main port (with the token) and on the metrics port.
    const res = await get(`${srv.url}/metrics`, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    console.log(
      text
        .split("\n")
        .filter((l) =>
          /^gomoku_(moves_total|connections|rooms|rate_limited_total|db_move_rows_total|ai_search_seconds_count|ack_seconds_count\{event="game:move")/.test(l),
        )
        .join("\n"),
    );
    expect(sample(text, "gomoku_moves_total")).toBeGreaterThanOrEqual(movesBefore + 6);
    expect(sample(text, "gomoku_ack_seconds_count", 'event="game:move",outcome="ok"')).toBeGreaterThanOrEqual(5);
    expect(sample(text, "gomoku_ack_seconds_count", 'event="games:list",outcome="RATE_LIMITED"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "gomoku_rate_limited_total", 'limit="events"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "gomoku_connections")).toBeGreaterThanOrEqual(4);
    expect(sample(text, "gomoku_rooms")).toBeGreaterThanOrEqual(2);
    expect(sample(text, "gomoku_db_write_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "gomoku_db_move_rows_total")).toBeGreaterThanOrEqual(6);
    expect(sample(text, "gomoku_ai_search_seconds_count", 'lane="live"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "gomoku_ai_searches_in_flight", 'lane="live"')).toBe(0);
    expect(sample(text, "gomoku_nodejs_eventloop_lag_p90_seconds")).not.toBeNull();

    expect(srv.metricsPort).toBeGreaterThan(0);
    const onItsPort = await get(`http://127.0.0.1:${srv.metricsPort}/metrics`, TOKEN);
    expect(onItsPort.status).toBe(200);
    expect(sample(await onItsPort.text(), "gomoku_moves_total")).toBeGreaterThanOrEqual(movesBefore + 6);
  }, 60_000);

  it("refuses /metrics without the token, or with a wrong one, with a sentence", async () => {
    const { srv } = withToken;
    for (const res of [
      await get(`${srv.url}/metrics`),
      await get(`${srv.url}/metrics`, "wrong-token-wrong-token-wrong"),
      await get(`http://127.0.0.1:${srv.metricsPort}/metrics`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).toMatch(/Metrics need the token/);
    }
  });

  it("does not start when the metrics port is taken, and says why", async () => {
    await expect(server({ metrics: { port: withToken.srv.metricsPort, token: null } })).rejects.toThrow(/EADDRINUSE/);
  });

  it("by default serves no /metrics on the main port; /healthz and /readyz answer, and /readyz fails when the schema is behind", async () => {
    const { srv } = plain;
    expect(srv.metricsPort).toBeNull();
    const m = await get(`${srv.url}/metrics`);
    expect(m.status).toBe(404);
    expect(await m.text()).toMatch(/set METRICS_PORT .* or METRICS_TOKEN/);
    const health = await get(`${srv.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await get(`${srv.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      checks: [
        { name: "database", ok: true },
        { name: "migrations", ok: true },
      ],
    });
    // A migration missing (the Lease table gone): not ready, and the check says which.
    await srv.db.$executeRawUnsafe("DROP TABLE Lease");
    const behind = await get(`${srv.url}/readyz`);
    expect(behind.status).toBe(503);
    const body = await behind.json();
    expect(body.ok).toBe(false);
    expect(body.checks.find((c: any) => c.name === "migrations")).toMatchObject({ ok: false, error: expect.stringMatching(/Lease|table/i) });
    expect(body.checks.find((c: any) => c.name === "database")).toMatchObject({ ok: true });
    // Everything else still goes to the request handler.
    expect((await get(`${srv.url}/elsewhere`)).status).toBe(404);
  });

  it("checks Redis when there is one: ready with a live Redis, not with one that does not answer", async () => {
    const live = new Redis("redis://127.0.0.1:6379", { maxRetriesPerRequest: 0 });
    const dead = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    try {
      expect((await readiness(withToken.srv.db, live)).find((c) => c.name === "redis")).toEqual({ name: "redis", ok: true });
      const down = (await readiness(withToken.srv.db, dead, 500)).find((c) => c.name === "redis");
      expect(down).toMatchObject({ ok: false, error: expect.any(String) });
    } finally {
      live.disconnect();
      dead.disconnect();
    }
  });
});
