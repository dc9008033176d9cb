// Fair shares over a real server (issue 25, part 6), counted not timed:
// - "sockets held open by one address: 120 → 240 → 360 over two minutes": SOCKETS_PER_ADDRESS caps
//   what one address holds at once, with a code and a sentence, and frees a place when one closes;
// - "/readyz unthrottled; locale POSTs unthrottled (300 writes in 2.4 s)": every POST and /readyz
//   are counted per address (LIMIT_IP_POSTS_PER_MIN, LIMIT_IP_READYZ_PER_MIN): over it, 429 with a
//   code and a sentence, while another address is served.
// Each test uses addresses of its own (127.a.b.c is all loopback: ./from-address).
import { describe, expect, it } from "vitest";
import { API } from "../../lib/shared/identity";
import { sleep, useServer } from "./helpers";
import { connectFrom, httpFrom, refusedFrom } from "./from-address";

const env = useServer({ fairness: { socketsPerAddress: 3, postsPerMin: 5, readyzPerMin: 4 } });

describe("sockets held at once per address", () => {
  it("the fourth socket of an address is refused with LIMIT and a sentence, another address is not; a closed one frees its place", async () => {
    const url = env.srv.url;
    const held = [await connectFrom(url, "127.0.2.1"), await connectFrom(url, "127.0.2.1"), await connectFrom(url, "127.0.2.1")];
    // Refused however often it tries, and the refusals hold no place.
    for (let i = 0; i < 4; i++) {
      const refused = await refusedFrom(url, "127.0.2.1");
      expect(refused?.data).toEqual({ code: "LIMIT", message: expect.stringMatching(/has 3 connections to this server open already/) });
    }
    const neighbour = await connectFrom(url, "127.0.2.2");
    expect(neighbour.connected).toBe(true);
    held.pop()!.disconnect();
    // The server hears of the close when it hears of it: try until the place is free (no clock in the assertion).
    let again: Awaited<ReturnType<typeof connectFrom>> | null = null;
    for (let i = 0; i < 100 && !again; i++) again = await connectFrom(url, "127.0.2.1").catch(() => sleep(20).then(() => null));
    expect(again?.connected).toBe(true);
    expect(await refusedFrom(url, "127.0.2.1")).not.toBeNull();
    for (const s of [...held, neighbour, again!]) s.disconnect();
  });
});

describe("POSTs and /readyz per address", () => {
  it("every POST of an address counts (locale, sign-out, import, unknown paths): the sixth gets 429 RATE_LIMITED with a sentence", async () => {
    const url = env.srv.url;
    const from = "127.0.3.1";
    const me = await httpFrom(url, from, { path: API.me });
    const cookie = String(me.headers["set-cookie"]).split(";")[0];
    const post = (path: string, body: unknown) =>
      httpFrom(url, from, { method: "POST", path, headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    const statuses = [];
    for (const locale of ["zh-CN", "en", "zh-CN", "en", "zh-CN"]) statuses.push((await post(API.locale, { locale })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    for (const [path, body] of [
      [API.locale, { locale: "en" }],
      [API.signOut, {}],
      ["/api/import", { text: "h8 i9" }],
      ["/no-such-post", {}],
    ] as const) {
      const refused = await post(path, body);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toEqual({
        ok: false,
        error: {
          code: "RATE_LIMITED",
          message: expect.stringMatching(/^Too many requests that change something from your address/),
          retryMs: expect.any(Number),
        },
      });
    }
    // Another address is served.
    const other = await httpFrom(url, "127.0.3.2", { method: "POST", path: API.signOut, headers: { "content-type": "application/json" }, body: "{}" });
    expect(other.status).toBe(200);
  });

  it("/readyz: four an address a minute, then 429 RATE_LIMITED with a sentence; another address still gets its answer", async () => {
    const url = env.srv.url;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await httpFrom(url, "127.0.4.1", { path: "/readyz" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await httpFrom(url, "127.0.4.1", { path: "/readyz?x=1" });
    expect(JSON.parse(refused.body).error).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/readiness checks from your address/) });
    const other = await httpFrom(url, "127.0.4.2", { path: "/readyz" });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body)).toMatchObject({ ok: true });
    // GETs of pages and /healthz are not counted.
    for (let i = 0; i < 6; i++) expect((await httpFrom(url, "127.0.4.1", { path: "/healthz" })).status).toBe(200);
  });
});
