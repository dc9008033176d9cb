// The server behind a real nginx, configured as docs/OPERATIONS.md shows (X-Forwarded-For
// $proxy_add_x_forwarded_for), with TRUST_PROXY=1: a client that sends its own X-Forwarded-For
// cannot pose as other addresses. nginx appends the address it sees; the server believes only
// that entry (the rightmost), so every per-address limit holds. Before, the leftmost entry (the
// client's own words) was believed: 40/40 sign-ins and 250/250 new guests got through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "../../lib/shared/identity";
import { DEFAULT_LIMITS, serverConfig } from "../../lib/server/config";
import { nginxBinary, startNginx, type Nginx } from "../support/nginx";
import { EV } from "../../lib/shared/protocol";
import { call, connect, server } from "./helpers";
import type { TestServer } from "../support/test-server";

const installed = nginxBinary() !== null;
if (!installed) console.warn("proxy-nginx.test.ts SKIPPED: nginx is not installed (apt-get install -y nginx; CI installs it in .ci/run)");

describe.skipIf(!installed)("behind nginx as docs/OPERATIONS.md configures it (TRUST_PROXY=1)", () => {
  let srv: TestServer;
  let proxy: Nginx;
  beforeAll(async () => {
    srv = await server({ limits: { ...DEFAULT_LIMITS, enabled: true, trustProxy: true, proxyHops: 1 } });
    proxy = (await startNginx(srv.port))!;
  });
  afterAll(async () => {
    await proxy?.close();
    await srv?.close();
  });

  const signIn = (i: number, headers: Record<string, string>) =>
    fetch(`${proxy.url}${API.signIn}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ name: `Nobody${i}x${Date.now() % 1000}`, password: "not a password" }),
    });

  it("sign-in attempts: a client naming a new address each time in X-Forwarded-For is still one address (30, then 429)", async () => {
    const budget = serverConfig().identityLimits.ipLoginsPer15Min;
    const codes: number[] = [];
    for (let i = 0; i < budget + 2; i++) codes.push((await signIn(i, { "x-forwarded-for": `198.51.100.${i + 1}` })).status);
    expect(codes.slice(0, budget)).toEqual(Array(budget).fill(401));
    expect(codes.slice(budget)).toEqual([429, 429]);
    // The same client saying nothing is the same address: refused too.
    expect((await signIn(99, {})).status).toBe(429);
  });

  it("new guests: a client naming a new address each time is still one address (200 an hour, then 429)", async () => {
    const budget = serverConfig().identityLimits.ipGuestsPerHour;
    // Two forged entries before nginx's own: still the one address nginx saw.
    const codes = new Map<number, number>();
    for (let i = 0; i < budget + 1; i++) {
      const res = await fetch(`${proxy.url}${API.me}`, { headers: { "x-forwarded-for": `203.0.113.${i % 250}, 192.0.2.${i % 250}` } });
      codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ 200: budget, 429: 1 });
    // Saying nothing, the same client is refused as well, with the wait.
    const plain = await fetch(`${proxy.url}${API.me}`);
    expect(plain.status).toBe(429);
    expect(plain.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("carries sockets too (the websocket upgrade the block passes on)", async () => {
    const s = await connect(proxy.url);
    expect(s.io.engine.transport.name).toBe("websocket");
    expect(await call(s, EV.list, { status: "live" })).toMatchObject({ ok: true });
    s.disconnect();
  });
});
