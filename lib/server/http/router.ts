// The HTTP edge of the custom server, before Next: one route table, one handler signature
// (`(req, ctx) => Answer`), one body reader with its limits (./body), and the checks every route
// shares done once, here: the address's throttle (guards), the Origin of every POST (./origin), a
// route's cost against the address's event budget. What no route takes goes to the pages (Next).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import type { ErrorInfo } from "../../shared/protocol";
import { GameError } from "../errors";
import { HttpRefusal, refusalAnswer, statusOf, type Answer } from "./answers";
import { readBody, type BodyLimit } from "./body";
import { originRefusal, type OriginPolicy } from "./origin";
import { isMalformedPath, MALFORMED_PATH_BODY } from "./url";

export interface RouteContext {
  /** The request target's path as sent (never normalised: what is matched is what Next would see). */
  path: string;
  query: URLSearchParams;
  /** The path pattern's captures (a string path: none). */
  params: string[];
  /** The client address, read while the socket is there (lib/server/http/forwarded). */
  address: string;
  /** The JSON body within the route's `body` limit, checked by `schema` (read once). */
  body<S extends z.ZodType>(schema: S): Promise<z.output<S>>;
  /** For headers the answer sets on its way (cookies); the router writes the status and the body. */
  res: ServerResponse;
}

export type RouteHandler = (req: IncomingMessage, ctx: RouteContext) => Answer | Promise<Answer>;

export interface Route {
  /** Named in logs ("ratings failed"). */
  name: string;
  /** Methods taken (default: any). */
  methods?: readonly string[];
  /** The exact path, or a pattern of the path whose captures are `ctx.params`. */
  path: string | RegExp;
  /** The body's limits; a route without it has no body to read. */
  body?: BodyLimit;
  /** Points charged to the address's event budget before the handler (reads that query, imports). */
  cost?: number;
  handle: RouteHandler;
}

/** A check before any route (the address's throttle; a mark stripped): an answer ends the request. */
export type Guard = (req: IncomingMessage, address: string) => Answer | null | Promise<Answer | null>;

export interface RouterOptions {
  routes: readonly Route[];
  guards?: readonly Guard[];
  /** The client address of a request (the rate limiter's). */
  addressOf: (req: IncomingMessage) => string;
  /** Whose pages may POST (every POST route's Origin is checked against it). */
  origin: OriginPolicy;
  /** `cost` points for an address: null, or the refusal (RATE_LIMITED). */
  charge?: (address: string, points: number) => Promise<ErrorInfo | null>;
  /** Where what no route takes goes (Next's handler; default 404). */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
  log: { error(fields: object, message: string): void };
}

const notFound = (_req: IncomingMessage, res: ServerResponse) => {
  res.statusCode = 404;
  res.end("Not found");
};

function match(route: Route, method: string, path: string): string[] | null {
  if (route.methods && !route.methods.includes(method)) return null;
  if (typeof route.path === "string") return route.path === path ? [] : null;
  const m = route.path.exec(path);
  return m ? m.slice(1) : null;
}

/** Writes `answer`; false for "pass" (the caller hands the request on). */
function write(res: ServerResponse, answer: Answer): boolean {
  if ("redirect" in answer) {
    res.writeHead(302, { location: answer.redirect, "cache-control": "no-store" });
    res.end();
    return true;
  }
  if (!("status" in answer)) return false;
  res.writeHead(answer.status, { ...answer.headers, "content-type": answer.type, "cache-control": "no-store" });
  res.end(answer.body);
  return true;
}

/** The request listener: `handle(req, res)` answers, or hands on to `fallback`. */
export function router(opts: RouterOptions) {
  const fallback = opts.fallback ?? notFound;

  async function answer(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<Answer> {
    const address = opts.addressOf(req);
    for (const guard of opts.guards ?? []) {
      const stop = await guard(req, address);
      if (stop) return stop;
    }
    const method = req.method ?? "GET";
    for (const route of opts.routes) {
      const params = match(route, method, path);
      if (!params) continue;
      try {
        return await run(route, req, { path, query, params, address, res, body: (schema) => readBody(req, route.body ?? { maxBytes: 0 }, schema) });
      } catch (err) {
        if (err instanceof HttpRefusal) return refusalAnswer(err.status, err.info);
        if (err instanceof GameError) return refusalAnswer(statusOf(err.code), err.toInfo());
        opts.log.error({ err, path }, `${route.name} failed`);
        return refusalAnswer(500, { code: "INTERNAL", message: "Something went wrong on the server." });
      }
    }
    return { pass: true };
  }

  async function run(route: Route, req: IncomingMessage, ctx: RouteContext): Promise<Answer> {
    if (req.method === "POST") {
      const problem = originRefusal(req, opts.origin);
      if (problem) throw new HttpRefusal(403, { code: "NOT_ALLOWED", message: problem });
    }
    if (route.cost && opts.charge) {
      const refused = await opts.charge(ctx.address, route.cost);
      if (refused) throw new HttpRefusal(statusOf(refused.code), refused);
    }
    return route.handle(req, ctx);
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    // Next would answer a path it cannot decode with a 500.
    if (isMalformedPath(req.url)) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end(MALFORMED_PATH_BODY);
      return;
    }
    const target = req.url ?? "/";
    const q = target.indexOf("?");
    const path = q === -1 ? target : target.slice(0, q);
    answer(req, res, path, new URLSearchParams(q === -1 ? "" : target.slice(q + 1))).then(
      (a) => {
        if (!write(res, a)) fallback(req, res);
      },
      (err: unknown) => {
        opts.log.error({ err, path }, "HTTP request failed");
        write(res, refusalAnswer(500, { code: "INTERNAL", message: "Something went wrong on the server." }));
      },
    );
  };
}
