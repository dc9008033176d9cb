import { afterAll, beforeAll } from "vitest";
import { io, type Socket } from "socket.io-client";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/test-server";
import type { Ack } from "../../lib/shared/protocol";

/** The real engine (engine/gomoku/think.ts), the pool's default. */
export const usingRealEngine = true;

export function server(opts: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ aiPauseMs: 0, ...opts });
}

export type Client = Socket & { events: Array<{ event: string; data: any }> };

export async function connect(url: string): Promise<Client> {
  const s = io(url, { transports: ["websocket"], forceNew: true, reconnection: false }) as Client;
  s.events = [];
  s.onAny((event, data) => s.events.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
  return s;
}

export function call<T = any>(s: Socket, event: string, payload?: unknown): Promise<Ack<T> & Record<string, any>> {
  return s.timeout(10_000).emitWithAck(event, payload) as Promise<Ack<T> & Record<string, any>>;
}

/** Resolves with the first event `event` (already received or coming) matching `pred`. */
export function waitFor<T = any>(s: Client, event: string, pred: (d: T) => boolean = () => true, ms = 10_000, from = 0): Promise<T> {
  const seen = s.events.slice(from).find((e) => e.event === event && pred(e.data));
  if (seen) return Promise.resolve(seen.data);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, on);
      reject(new Error(`timed out waiting for ${event}`));
    }, ms);
    const on = (d: T) => {
      if (!pred(d)) return;
      clearTimeout(timer);
      s.off(event, on);
      resolve(d);
    };
    s.on(event, on);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One test server for the whole file (started before its tests, closed after them) and a
 * `client()` that connects a socket and disconnects it at the end.
 */
export function useServer(opts: TestServerOptions = {}) {
  let current: TestServer | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    current = await server(opts);
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await current?.close();
  });
  return {
    get srv(): TestServer {
      if (!current) throw new Error("the test server is not started yet");
      return current;
    },
    async client(url?: string): Promise<Client> {
      const c = await connect(url ?? this.srv.url);
      clients.push(c);
      return c;
    },
  };
}
