// The router on a real HTTP server: the route table, the one body reader and its limits, the
// checks done once (guards, the Origin of every POST, a route's cost), and the hand-on to the pages.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { json, PASS, refuse } from "./answers";
import { router, type Route } from "./router";

const Echo = z.strictObject({ word: z.string().max(5, "A word has at most 5 letters.") });
const charged: number[] = [];
const routes: Route[] = [
  { name: "hello", methods: ["GET"], path: "/hello", handle: (_req, { query }) => json(200, { ok: true, hi: query.get("name") }) },
  { name: "echo", methods: ["POST"], path: "/echo", body: { maxBytes: 64 }, handle: async (_req, ctx) => json(200, { ok: true, ...(await ctx.body(Echo)) }) },
  {
    name: "fields",
    methods: ["POST"],
    path: "/fields",
    body: { maxBytes: 64, tooLarge: "Too big.", fieldInMessage: true },
    handle: async (_req, ctx) => json(200, await ctx.body(Echo)),
  },
  {
    name: "item",
    methods: ["GET"],
    path: /^\/items\/([^/]+)$/,
    cost: 7,
    handle: (_req, { params: [id] }) => (id === "none" ? refuse("NOT_FOUND", "No such item.") : json(200, { id })),
  },
  { name: "page", methods: ["GET"], path: /^\/page\/(\w+)$/, handle: (req, { params: [p] }) => (p === "old" ? { redirect: "/page/new" } : PASS) },
  { name: "boom", path: "/boom", handle: () => Promise.reject(new Error("kaput")) },
];

let server: http.Server;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  server = http.createServer(
    router({
      routes,
      guards: [(req) => (req.headers["x-block"] ? json(429, { ok: false, error: { code: "RATE_LIMITED", message: "Blocked." } }) : null)],
      addressOf: () => "203.0.113.9",
      origin: { trustProxy: false, allowed: [] },
      charge: async (address, points) => {
        charged.push(points);
        return address === "203.0.113.9" && charged.length > 2 ? { code: "RATE_LIMITED", message: "Too many requests.", retryMs: 1500 } : null;
      },
      fallback: (req, res) => res.end(`pages: ${req.url}`),
      log: { error: (_f, message) => void logged.push(message) },
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("the router", () => {
  it("answers a route by method and path, and hands the rest to the pages", async () => {
    const hello = await fetch(`${base}/hello?name=ada`);
    expect(hello.headers.get("cache-control")).toBe("no-store");
    expect(await hello.json()).toEqual({ ok: true, hi: "ada" });
    expect(await (await fetch(`${base}/elsewhere`)).text()).toBe("pages: /elsewhere");
    expect(await (await post("/hello", "{}")).text()).toBe("pages: /hello"); // a method no route takes
    expect(await (await fetch(`${base}/page/any`)).text()).toBe("pages: /page/any");
    const moved = await fetch(`${base}/page/old`, { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([302, "/page/new"]);
  });

  it("reads a JSON body once within its limit, every refusal a code and a sentence", async () => {
    expect(await (await post("/echo", '{"word":"hi"}')).json()).toEqual({ ok: true, word: "hi" });
    const notJson = await post("/echo", "word=hi", { "content-type": "application/x-www-form-urlencoded" });
    expect([notJson.status, (await notJson.json()).error.code]).toEqual([400, "BAD_PAYLOAD"]);
    expect((await (await post("/echo", "{nope")).json()).error.message).toBe("The request is not valid JSON.");
    expect((await (await post("/echo", '{"word":"toolong"}')).json()).error.message).toBe("A word has at most 5 letters.");
    expect((await (await post("/fields", '{"word":"toolong"}')).json()).error.message).toBe("word: A word has at most 5 letters.");
    const big = await post("/echo", JSON.stringify({ word: "x".repeat(100) }));
    expect([big.status, big.headers.get("connection"), (await big.json()).error.message]).toEqual([413, "close", "The request is larger than 64 bytes."]);
    expect((await (await post("/fields", JSON.stringify({ word: "x".repeat(100) }))).json()).error.message).toBe("Too big.");
  });

  it("refuses a POST from another site's page before its handler runs", async () => {
    const foreign = await post("/echo", '{"word":"hi"}', { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe("NOT_ALLOWED");
  });

  it("runs the guards first, charges a route's cost, and maps refusals to statuses with Retry-After", async () => {
    const blocked = await fetch(`${base}/hello`, { headers: { "x-block": "1" } });
    expect(blocked.status).toBe(429);
    charged.length = 0;
    expect((await fetch(`${base}/items/a`)).status).toBe(200);
    expect((await fetch(`${base}/items/none`)).status).toBe(404);
    const over = await fetch(`${base}/items/b`);
    expect([over.status, over.headers.get("retry-after")]).toEqual([429, "2"]);
    expect(charged).toEqual([7, 7, 7]);
  });

  it("answers a failing handler with INTERNAL and logs it by the route's name", async () => {
    const boom = await fetch(`${base}/boom`);
    expect([boom.status, (await boom.json()).error.code]).toEqual([500, "INTERNAL"]);
    expect(logged).toContain("boom failed");
  });

  it("answers 400 to a path that is not valid percent-encoding", async () => {
    expect((await fetch(`${base}/items/%ff`)).status).toBe(400);
  });
});
