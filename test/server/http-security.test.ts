// The custom server's HTTP hardening (lib/server/http, wired in lib/server/app.ts and http/router.ts),
// over real HTTP and real socket.io clients: security headers on every response, a 400 for a
// path that cannot be decoded (before the page handler sees it), and the Origin check on
// socket.io handshakes. The pages' nonce CSP is Next's (proxy.ts): e2e/security.spec.ts.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io } from "socket.io-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { DEFAULT_LIMITS } from "../../lib/server/config";

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw GET: the path is sent exactly as written (no URL normalisation), with the headers given. */
function get(url: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Connects a socket.io client with `headers`; resolves "connected" or the connect_error's message. */
function tryConnect(url: string, headers: Record<string, string>, transport: "websocket" | "polling" = "websocket"): Promise<string> {
  const s = io(url, { transports: [transport], forceNew: true, reconnection: false, extraHeaders: headers });
  return new Promise<string>((resolve) => {
    s.once("connect", () => resolve("connected"));
    s.once("connect_error", (err: Error & { context?: { responseText?: string } }) => resolve(`refused: ${err.message} ${err.context?.responseText ?? ""}`));
  }).finally(() => s.disconnect());
}

const EVIL = "https://evil.example";

function expectSecurityHeaders(r: Reply) {
  expect(r.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(r.headers["content-security-policy"]).toMatch(/default-src 'none'/);
  expect(r.headers["x-frame-options"]).toBe("DENY");
  expect(r.headers["x-content-type-options"]).toBe("nosniff");
  expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(r.headers["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
}

describe("HTTP hardening (default settings)", () => {
  let srv: TestServer;
  /** Paths the page handler was asked for: a malformed one must never get there. */
  const handled: string[] = [];
  beforeAll(async () => {
    srv = await startTestServer({
      // Next's router decodes dynamic segments and answers 500 when that throws: so does this stand-in.
      requestHandler: (req, res) => {
        handled.push(req.url ?? "");
        try {
          decodeURIComponent(req.url ?? "");
          res.statusCode = 200;
          res.end("page");
        } catch {
          res.statusCode = 500;
          res.end("Internal Server Error");
        }
      },
    });
  });
  afterAll(() => srv?.close());

  it.each(["/", "/game/x", "/replay/x", "/icon.svg", "/_next/static/chunks/app.js"])("%s carries every security header", async (path) => {
    const r = await get(srv.url, path);
    expect(r.status).toBe(200);
    expectSecurityHeaders(r);
    expect(r.headers["strict-transport-security"]).toBeUndefined();
  });

  it("Next's script files allow scripts from this origin only (a Web Worker runs under its script's CSP and loads chunks); other files none", async () => {
    const js = await get(srv.url, "/_next/static/chunks/worker.js");
    expect(js.headers["content-security-policy"]).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(js.headers["content-security-policy"]).not.toMatch(/unsafe|\*|data:|blob:/);
    for (const path of ["/icon.svg", "/_next/static/css/app.css", "/game/x.js", "/_next/static/chunks/x.js.map"]) {
      expect((await get(srv.url, path)).headers["content-security-policy"], path).not.toMatch(/script-src/);
    }
  });

  it("socket.io's long-polling answers carry them too", async () => {
    const r = await get(srv.url, "/socket.io/?EIO=4&transport=polling");
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/"sid"/);
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["x-frame-options"]).toBe("DENY");
  });

  it("no HSTS over plain HTTP, nor on an X-Forwarded-Proto nobody vouches for (TRUST_PROXY off)", async () => {
    const r = await get(srv.url, "/", { "x-forwarded-proto": "https" });
    expect(r.headers["strict-transport-security"]).toBeUndefined();
  });

  it.each(["/game/%ff", "/replay/%ff", "/game/%E0%A4%A", "/%"])("%s is a 400 with a sentence, and the server still serves", async (path) => {
    const r = await get(srv.url, path);
    expect(r.status).toBe(400);
    expect(r.body).toMatch(/not valid percent-encoding/);
    expectSecurityHeaders(r);
    expect(handled).not.toContain(path);
    expect((await get(srv.url, "/game/ok")).status).toBe(200);
    expect(await tryConnect(srv.url, {})).toBe("connected");
  });

  it("a query the page handler can decode is not refused", async () => {
    expect((await get(srv.url, "/games?q=%41")).status).toBe(200);
  });

  it("a socket from another site's page is refused, with a sentence", async () => {
    expect(await tryConnect(srv.url, { origin: EVIL })).toMatch(/^refused/);
    expect(await tryConnect(srv.url, { origin: EVIL }, "polling")).toMatch(/^refused: .*Origin https:\/\/evil.example is not allowed to connect/);
    const r = await get(srv.url, "/socket.io/?EIO=4&transport=polling", { origin: EVIL });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).message).toMatch(/^Origin https:\/\/evil.example is not allowed to connect/);
  });

  it("refuses Origin: null and a lookalike host", async () => {
    expect(await tryConnect(srv.url, { origin: "null" })).toMatch(/^refused/);
    const port = new URL(srv.url).port;
    expect(await tryConnect(srv.url, { origin: `http://127.0.0.1.evil.example:${port}` })).toMatch(/^refused/);
    expect(await tryConnect(srv.url, { origin: `http://127.0.0.1:${Number(port) + 1}` })).toMatch(/^refused/);
  });

  it("accepts the site's own pages and clients that send no Origin (not browsers)", async () => {
    expect(await tryConnect(srv.url, { origin: srv.url })).toBe("connected");
    expect(await tryConnect(srv.url, { origin: srv.url }, "polling")).toBe("connected");
    expect(await tryConnect(srv.url, {})).toBe("connected");
    // Without TRUST_PROXY the scheme is not compared (a TLS-terminating proxy hides it) but the host is.
    expect(await tryConnect(srv.url, { origin: srv.url.replace("http:", "https:") })).toBe("connected");
    // Forwarded headers count only with TRUST_PROXY.
    expect(await tryConnect(srv.url, { origin: "https://game.example", "x-forwarded-host": "game.example" })).toMatch(/^refused/);
  });
});

describe("HTTP hardening behind a proxy (TRUST_PROXY, ALLOWED_ORIGINS)", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ limits: { ...DEFAULT_LIMITS, trustProxy: true }, allowedOrigins: ["https://friend.example"] });
  });
  afterAll(() => srv?.close());

  it("sends HSTS when the proxy says the browser came over HTTPS", async () => {
    expect((await get(srv.url, "/", { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect((await get(srv.url, "/", { "x-forwarded-proto": "http" })).headers["strict-transport-security"]).toBeUndefined();
    expect((await get(srv.url, "/")).headers["strict-transport-security"]).toBeUndefined();
  });

  it("ALLOWED_ORIGINS adds a site; others stay refused", async () => {
    expect(await tryConnect(srv.url, { origin: "https://friend.example" })).toBe("connected");
    expect(await tryConnect(srv.url, { origin: "https://friend.example" }, "polling")).toBe("connected");
    expect(await tryConnect(srv.url, { origin: EVIL })).toMatch(/^refused/);
    expect(await tryConnect(srv.url, { origin: "http://friend.example" })).toMatch(/^refused/);
  });

  it("compares with the forwarded host and scheme", async () => {
    const fwd = { "x-forwarded-host": "game.example", "x-forwarded-proto": "https" };
    expect(await tryConnect(srv.url, { ...fwd, origin: "https://game.example" })).toBe("connected");
    expect(await tryConnect(srv.url, { ...fwd, origin: "http://game.example" })).toMatch(/^refused/);
    expect(await tryConnect(srv.url, { ...fwd, origin: srv.url })).toMatch(/^refused/);
  });
});
