// The operator's endpoints: /healthz (the process is up and its event loop turns), /readyz (it
// can serve: ./ready) and /metrics (Prometheus, ./registry). /metrics is not public by default:
// on the main port it answers only requests bearing METRICS_TOKEN; METRICS_PORT serves it on a
// listener of its own (keep that port off the internet; with a token set it asks for it too).
import http from "node:http";
import { bearerOk } from "../http/bearer";
import type { Check } from "./ready";
import type { Metrics } from "./registry";
import type { Logger } from "../log";
import { text } from "../http/answers";
import { router, type Route } from "../http/router";

export interface OpsOptions {
  metrics: Metrics;
  /** METRICS_TOKEN, or null. */
  token: string | null;
  ready: () => Promise<Check[]>;
  log: Logger;
}

const JSON_TYPE = "application/json";

/** /healthz, /readyz and /metrics (any method). `metricsHere`: this listener is the metrics port. */
export function opsRoutes(opts: OpsOptions, metricsHere = false): Route[] {
  return [
    { name: "healthz", path: "/healthz", handle: () => text(200, JSON.stringify({ ok: true }), JSON_TYPE) },
    {
      name: "readyz",
      path: "/readyz",
      handle: () =>
        opts.ready().then(
          (checks) => text(checks.every((c) => c.ok) ? 200 : 503, JSON.stringify({ ok: checks.every((c) => c.ok), checks }), JSON_TYPE),
          (err: unknown) => text(503, JSON.stringify({ ok: false, error: String(err) }), JSON_TYPE),
        ),
    },
    {
      name: "metrics",
      path: "/metrics",
      handle: async (req) => {
        if (!opts.token && !metricsHere)
          return text(404, "Metrics are not served on this port: set METRICS_PORT (a port of their own) or METRICS_TOKEN (bearer token).\n");
        if (opts.token && !bearerOk(req, opts.token))
          return text(401, "Metrics need the token: send Authorization: Bearer <METRICS_TOKEN>.\n", undefined, {
            "www-authenticate": 'Bearer realm="metrics"',
          });
        return opts.metrics.registry.metrics().then(
          (body) => text(200, body, opts.metrics.registry.contentType),
          (err: unknown) => text(500, `Could not collect the metrics: ${String(err)}\n`),
        );
      },
    },
  ];
}

/** The METRICS_PORT listener: the same endpoints, /metrics included; 404 for the rest. */
export async function startMetricsServer(opts: OpsOptions, port: number, host?: string): Promise<http.Server> {
  const server = http.createServer(
    router({
      routes: opsRoutes(opts, true),
      addressOf: (req) => req.socket.remoteAddress ?? "",
      origin: { trustProxy: false, allowed: [] },
      fallback: (_req, res) => {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        res.end("Not found: /metrics, /healthz or /readyz.\n");
      },
      log: opts.log,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
