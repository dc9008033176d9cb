// Several worker processes behind one port on one machine (WORKERS=N). The primary owns the port:
// it reads each new connection's first request, picks the worker for its game (lib/server/cluster/routing)
// and hands the socket itself over (a file descriptor through the IPC channel), so the worker
// talks to the client directly and the primary never touches that connection again. It restarts
// a worker that dies; while one is down, its games go to the others (clients reconnect by themselves).
//
// Without REDIS_URL the workers' socket.io servers talk through the primary (@socket.io/cluster-adapter),
// and their per-address rate limits count here (rate-limiter-flexible's RateLimiterCluster).
import cluster, { type Worker } from "node:cluster";
import net from "node:net";
import { setupPrimary } from "@socket.io/cluster-adapter";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import type { Logger } from "../log";
import { STATIC_SECURITY_HEADERS } from "../http/headers";
import { firstRequest, pickSlot, routeKey } from "./routing";
import { CONN, READY, type ConnMessage, type ReadyMessage } from "./messages";
import { stopReading } from "./stop-reading";

export interface PrimaryOptions {
  workers: number;
  port: number;
  host?: string;
  log: Logger;
  /** Relay socket.io's adapter messages between the workers and keep their rate limits (no Redis). Default true. */
  ipcAdapter?: boolean;
  /** Extra environment for the workers. */
  env?: Record<string, string>;
  /** How long a client may take to send its first request (default 10 s). */
  firstRequestTimeoutMs?: number;
}

export interface Primary {
  port: number;
  /** Each slot's worker: its pid and its own URL on 127.0.0.1 (null while it is down). */
  workers(): { slot: number; pid: number | null; url: string | null }[];
  close(): Promise<void>;
}

interface Slot {
  worker: Worker | null;
  url: string | null;
  /** Deaths in a row (reset once a worker has stayed up a minute): the restart delay doubles with each. */
  restarts: number;
  readyAt: number;
}

const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 15_000;
const STABLE_MS = 60_000;
/** The primary's own answers (no worker up): the same security headers as every other response. */
const SECURITY_LINES = Object.entries(STATIC_SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");
export const RESPONSE = (status: string, text: string) =>
  `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\n${SECURITY_LINES}content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`;

export async function runPrimary(opts: PrimaryOptions): Promise<Primary> {
  const { log } = opts;
  if (opts.ipcAdapter ?? true) {
    setupPrimary();
    // The workers' per-address connection and game limits count here (lib/server/limits/limiter).
    new RateLimiterClusterMaster();
  }
  const slots: Slot[] = Array.from({ length: opts.workers }, () => ({ worker: null, url: null, restarts: 0, readyAt: 0 }));
  const up = slots.map(() => false);
  let stopping = false;

  const fork = (slot: number) => {
    const worker = cluster.fork({ ...opts.env, WORKER_SLOT: String(slot) });
    slots[slot].worker = worker;
    worker.on("message", (m: ReadyMessage) => {
      if (m?.type !== READY) return;
      slots[slot].url = m.url;
      slots[slot].readyAt = Date.now();
      up[slot] = true;
      log.info({ slot, pid: worker.process.pid, url: m.url }, "worker ready");
    });
    worker.on("exit", (code, signal) => {
      up[slot] = false;
      slots[slot].url = null;
      if (slots[slot].worker === worker) slots[slot].worker = null;
      if (stopping) return;
      const s = slots[slot];
      if (s.readyAt && Date.now() - s.readyAt > STABLE_MS) s.restarts = 0;
      s.readyAt = 0;
      const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** s.restarts);
      s.restarts++;
      log.error({ slot, pid: worker.process.pid, code, signal, restartInMs: delay }, "worker died: its games go to the other workers until it is back");
      setTimeout(() => !stopping && fork(slot), delay).unref();
    });
  };
  for (let slot = 0; slot < slots.length; slot++) fork(slot);

  // Every worker up before the port opens (a worker that dies while starting is started again).
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (up.every(Boolean)) {
        clearInterval(check);
        resolve();
      } else if (slots.some((s) => s.restarts >= 3) || Date.now() - started > 120_000) {
        clearInterval(check);
        reject(new Error("the workers did not start (see their log lines above)"));
      }
    }, 50);
  });

  const server = net.createServer((conn) => route(conn));
  const route = (conn: net.Socket) => {
    let bytes = "";
    conn.setTimeout(opts.firstRequestTimeoutMs ?? 10_000, () => conn.destroy());
    conn.on("error", () => conn.destroy());
    const onData = (chunk: Buffer) => {
      bytes += chunk.toString("latin1");
      const req = firstRequest(bytes);
      if (req.state === "partial") return;
      conn.off("data", onData);
      stopReading(conn);
      conn.setTimeout(0);
      if (req.state === "too-large") {
        conn.end(RESPONSE("431 Request Header Fields Too Large", "The request is too large."));
        return;
      }
      const slot = pickSlot(routeKey(req.url, conn.remoteAddress ?? ""), up);
      const worker = slot >= 0 ? slots[slot].worker : null;
      if (!worker) {
        conn.end(RESPONSE("503 Service Unavailable", "No worker is up; try again in a moment."));
        return;
      }
      const msg: ConnMessage = { type: CONN, data: Buffer.from(bytes, "latin1").toString("base64") };
      worker.send(msg, conn, (err: Error | null) => {
        if (err) conn.destroy();
      });
    };
    conn.on("data", onData);
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    workers: () => slots.map((s, slot) => ({ slot, pid: s.worker?.process.pid ?? null, url: s.url })),
    async close() {
      stopping = true;
      server.close();
      await Promise.all(
        slots.map(
          (s) =>
            new Promise<void>((resolve) => {
              const w = s.worker;
              if (!w || w.isDead()) return resolve();
              const force = setTimeout(() => w.process.kill("SIGKILL"), 10_000);
              w.once("exit", () => {
                clearTimeout(force);
                resolve();
              });
              w.process.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}
