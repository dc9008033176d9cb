// The operator's endpoints: /healthz (the process is up and its event loop turns), /readyz (it
// can serve: ./ready) and /metrics (Prometheus, ./registry). /metrics is not public by default:
// on the main port it answers only requests bearing METRICS_TOKEN; METRICS_PORT serves it on a
// listener of its own (keep that port off the internet; with a token set it asks for it too).
import http from "node:http";
import { timingSafeEqual } from "node:crypto";
import type { Check } from "./ready";
import type { Metrics } from "./registry";

export interface OpsOptions {
  metrics: Metrics;
  /** METRICS_TOKEN, or null. */
  token: string | null;
  ready: () => Promise<Check[]>;
}

const send = (res: http.ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8") => {
  res.statusCode = status;
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  res.end(body);
};

function bearerOk(req: http.IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (!m) return false;
  const given = Buffer.from(m[1]);
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

async function metricsReply(opts: OpsOptions, res: http.ServerResponse): Promise<void> {
  send(res, 200, await opts.metrics.registry.metrics(), opts.metrics.registry.contentType);
}

/**
 * Answers /healthz, /readyz and /metrics on the main port; false for any other path (the
 * caller's handler goes on). `metricsHere`: this listener is the metrics port.
 */
export function opsHandler(opts: OpsOptions, metricsHere = false) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const path = (req.url ?? "").split("?")[0];
    if (path === "/healthz") {
      send(res, 200, JSON.stringify({ ok: true }), "application/json");
      return true;
    }
    if (path === "/readyz") {
      void opts.ready().then(
        (checks) => send(res, checks.every((c) => c.ok) ? 200 : 503, JSON.stringify({ ok: checks.every((c) => c.ok), checks }), "application/json"),
        (err: unknown) => send(res, 503, JSON.stringify({ ok: false, error: String(err) }), "application/json"),
      );
      return true;
    }
    if (path !== "/metrics") return false;
    if (!opts.token && !metricsHere) {
      send(res, 404, "Metrics are not served on this port: set METRICS_PORT (a port of their own) or METRICS_TOKEN (bearer token).\n");
      return true;
    }
    if (opts.token && !bearerOk(req, opts.token)) {
      res.setHeader("www-authenticate", 'Bearer realm="metrics"');
      send(res, 401, "Metrics need the token: send Authorization: Bearer <METRICS_TOKEN>.\n");
      return true;
    }
    void metricsReply(opts, res).catch((err: unknown) => send(res, 500, `Could not collect the metrics: ${String(err)}\n`));
    return true;
  };
}

/** The METRICS_PORT listener: the same endpoints, /metrics included; 404 for the rest. */
export async function startMetricsServer(opts: OpsOptions, port: number, host?: string): Promise<http.Server> {
  const handle = opsHandler(opts, true);
  const server = http.createServer((req, res) => {
    if (!handle(req, res)) send(res, 404, "Not found: /metrics, /healthz or /readyz.\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
