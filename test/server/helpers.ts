import { afterAll, beforeAll } from "vitest";
import { io, type Socket } from "socket.io-client";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/test-server";
import type { ErrorInfo } from "../../lib/shared/protocol";
import type { AckData, ClientEvent, RequestArgs } from "../../lib/shared/contract";

/** The real engine (engine/search/think.ts), the pool's default. */
export const usingRealEngine = true;

export function server(opts: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ aiPauseMs: 0, ...opts });
}

export type Client = Socket & { events: Array<{ event: string; data: any }> };
/** socket.io-client's options (ws's own, such as localAddress, pass through to the websocket). */
export type ConnectOptions = NonNullable<Parameters<typeof io>[1]>;

/** A socket (with `cookie`: as that session's identity, as a browser's would be; `more`: further socket options). */
export async function connect(url: string, cookie?: string, more: ConnectOptions = {}): Promise<Client> {
  const s = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, ...more, ...(cookie ? { extraHeaders: { cookie } } : {}) }) as Client;
  s.events = [];
  s.onAny((event, data) => s.events.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
  return s;
}

/**
 * An acknowledgement as a test reads it: the success data typed by the contract, and `error`
 * readable without narrowing on `ok` first (the tests assert `ok` themselves; on success it is undefined).
 */
export type TestAck<E extends ClientEvent> = AckData<E> & { ok: boolean; error: ErrorInfo };
/** An acknowledgement of anything (callRaw). */
export type RawAck = { ok: boolean; error: ErrorInfo } & Record<string, any>;

/**
 * How long a request waits for its answer. Generous: the server shares the test's process, and on a loaded machine
 * (load ~20-35, niced) one answer took over 10 s; a request that gets none says which it was.
 */
const ACK_MS = 30_000;

function ask<T>(s: Socket, event: string, payload: unknown): Promise<T> {
  return (s.timeout(ACK_MS).emitWithAck(event, payload) as Promise<T>).catch((err: unknown) => {
    throw new Error(`no answer to ${event} in ${ACK_MS / 1000} s (${err instanceof Error ? err.message : String(err)})`);
  });
}

/** A request as the browser makes it: the event's payload type-checked against the contract (lib/shared/contract). */
export function call<E extends ClientEvent>(s: Socket, event: E, ...[payload]: RequestArgs<E>): Promise<TestAck<E>> {
  return ask<TestAck<E>>(s, event, payload);
}

/** The untyped way, for the tests that send what no client should: unknown events, payloads of the wrong shape. */
export function callRaw(s: Socket, event: string, payload?: unknown): Promise<RawAck> {
  return ask<RawAck>(s, event, payload);
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

/** A 15×15 game's moves: black makes five along y = 7 at the 9th move; white plays along y = 9 and never blocks. */
// prettier-ignore
export const BLACK_FIVE_ON_ROW_7: ReadonlyArray<readonly [number, number]> = [[7, 7], [7, 9], [8, 7], [8, 9], [9, 7], [9, 9], [10, 7], [10, 9], [11, 7]];

/** A finished game's row, written straight into the database: human against human, black won by resignation; `row` adds the rest (id, players, times…). */
export function finishedGameRow<R extends { id: string }>(row: R) {
  const human = JSON.stringify({ kind: "human" });
  return { size: 15, rule: "freestyle", opening: "[]", black: human, white: human, kind: "hvh", status: "finished", result: "black", reason: "resign", ...row };
}

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

/** A browser's session: GET /api/me makes a guest and answers its cookie ("ga_session=…"), which sockets then send. */
export async function guestSession(url: string): Promise<{ cookie: string; me: { id: string; name: string; account: boolean } }> {
  const res = await fetch(`${url}/api/me`);
  const setCookie = res.headers.get("set-cookie") ?? "";
  const body = (await res.json()) as { ok: boolean; me: { id: string; name: string; account: boolean } };
  if (!body.ok || !setCookie) throw new Error(`no guest session: ${JSON.stringify(body)}`);
  return { cookie: setCookie.split(";")[0], me: body.me };
}

/** A socket that carries a session cookie (the server knows it as that identity). */
export const connectAs = (url: string, cookie: string): Promise<Client> => connect(url, cookie);

/** POSTs JSON to the identity API with a session cookie; answers the status, the body and any new cookie. */
export async function postApi(url: string, path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const setCookie = res.headers.get("set-cookie");
  return {
    status: res.status,
    body: (await res.json()) as RawAck & { me?: { id: string; name: string; account: boolean } | null },
    cookie: setCookie ? setCookie.split(";")[0] : null,
    setCookie,
  };
}
