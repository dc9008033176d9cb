// The operator's API refuses before touching anything: off without OPERATOR_TOKEN (404), 401 without
// the token or with a wrong one (no database is even reached: the stand-in has none).
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { HttpRefusal } from "../http/answers";
import type { RouteContext } from "../http/router";
import { moderationRoutes } from "./http";

const noDb = new Proxy(
  {},
  {
    get: () => {
      throw new Error("the database was reached");
    },
  },
) as Db;
const req = (authorization?: string) => ({ headers: authorization ? { authorization } : {} }) as IncomingMessage;
const ctx = { query: new URLSearchParams(), params: [], path: "/api/mod/reports", address: "203.0.113.9" } as unknown as RouteContext;

/** Every route's refusal of this request (each must refuse: none may answer). */
async function refusals(token: string | null, authorization?: string): Promise<HttpRefusal[]> {
  const out: HttpRefusal[] = [];
  for (const route of moderationRoutes({ db: noDb, token, now: () => 0 })) {
    const e: unknown = await Promise.resolve()
      .then(() => route.handle(req(authorization), ctx))
      .then(
        () => new Error(`${route.name} answered`),
        (err: unknown) => err,
      );
    if (!(e instanceof HttpRefusal)) throw e;
    expect(e.info.message.length).toBeGreaterThan(20);
    out.push(e);
  }
  return out;
}

describe("the operator's API", () => {
  it("is off (404 NOT_FOUND) without OPERATOR_TOKEN, whatever is sent", async () => {
    for (const e of await refusals(null, "Bearer anything-at-all-here")) {
      expect(e.status).toBe(404);
      expect(e.info).toMatchObject({ code: "NOT_FOUND", message: /OPERATOR_TOKEN/ });
    }
  });

  it("answers 401 NOT_ALLOWED without the token, with another, or with the token in another scheme", async () => {
    const token = "the-operator-token-1234";
    for (const auth of [undefined, "Bearer wrong-token-wrong-token", `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`]) {
      const all = await refusals(token, auth);
      expect(all).toHaveLength(4);
      for (const e of all) expect([e.status, e.info.code]).toEqual([401, "NOT_ALLOWED"]);
    }
  });
});
