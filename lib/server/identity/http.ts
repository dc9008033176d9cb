// The identity API on the custom server (before Next): JSON in, JSON out, every refusal a code and
// a sentence. GET /api/me makes a guest (and its session cookie) on a browser's first visit.
// POSTs are refused from other sites: they must be JSON (a cross-site form cannot send that without
// a preflight) and their Origin, when sent, must be this site's (lib/server/http/origin).
// Accounts: a correct password from a device or address the account was used from is never
// refused for others' wrong guesses (./known-sources, ./limits); sign-out, "sign out everywhere"
// and a password change end sessions, and `sessionsEnded` closes their live sockets on every node.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import { API, ChangePasswordSchema, LocaleSchema, RenameSchema, SignInSchema, SignUpSchema, type ApiAnswer, type Me } from "../../shared/identity";
import type { ErrorInfo } from "../../shared/protocol";
import { GameError } from "../errors";
import { rateLimitedInfo } from "../limits/limiter";
import { originRefusal, type OriginPolicy } from "../http/origin";
import type { Logger } from "../log";
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from "./cookie";
import { isHttps } from "../http/headers";
import type { IdentityLimiter } from "./limits";
import { refuseReserved, sessionIdOf, type Identities } from "./players";
import type { KnownSources } from "./known-sources";
import { deviceIdOf, keepDevice } from "./device";
import type { PlayerTraces } from "./traces";

const MAX_BODY = 4096;

const STATUS: Partial<Record<ErrorInfo["code"], number>> = {
  BAD_PAYLOAD: 400,
  NOT_FOUND: 404,
  NOT_ALLOWED: 403,
  BAD_CREDENTIALS: 401,
  NOT_SIGNED_IN: 401,
  NAME_TAKEN: 409,
  NAME_RESERVED: 409,
  ALREADY_ACCOUNT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

class ApiError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}
const refuse = (code: ErrorInfo["code"], message: string): never => {
  throw new ApiError({ code, message });
};

export interface IdentityHttpOptions {
  identities: Identities;
  limiter: IdentityLimiter;
  addressOf: (req: IncomingMessage) => string;
  origin: OriginPolicy;
  log: Logger;
  /** Notes each answer's player's device and network (lib/server/ratings/eligibility reads them). */
  traces?: PlayerTraces;
  /** Where accounts were used from: their owners are never locked out by others' guesses. */
  known: KnownSources;
  /** Sessions ended here (all of `playerId`'s, but `except`; or `only` that one): close their sockets, everywhere. */
  sessionsEnded?: (ended: SessionsEnded) => void;
}

/** Which sessions just ended: the one with id `only`, or every one of the player but `except`. */
export type SessionsEnded = { playerId: string; only?: string; except?: string };

/** The handler: true when the request was the API's (answered or being answered). */
export function identityApi(opts: IdentityHttpOptions) {
  const { identities, limiter, log, known } = opts;
  const sessionsEnded = opts.sessionsEnded ?? (() => {});

  async function body<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.output<S>> {
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) refuse("BAD_PAYLOAD", "Send JSON (Content-Type: application/json).");
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) refuse("BAD_PAYLOAD", `The request is larger than ${MAX_BODY} bytes.`);
      chunks.push(chunk);
    }
    let data: unknown;
    try {
      data = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      refuse("BAD_PAYLOAD", "The request is not valid JSON.");
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) refuse("BAD_PAYLOAD", parsed.error.issues[0]?.message ?? "Invalid request.");
    return parsed.data as z.output<S>;
  }

  const limited = (r: { ok: true } | { ok: false; retryMs: number }, what: string) => {
    if (!r.ok) throw new ApiError(rateLimitedInfo(what, r.retryMs));
  };

  async function route(req: IncomingMessage, res: ServerResponse, path: string): Promise<ApiAnswer<{ me: Me | null }>> {
    const token = sessionTokenOf(req.headers);
    const secure = isHttps(req, opts.origin.trustProxy);
    const ip = opts.addressOf(req);
    const setCookie = (t: string) => res.setHeader("set-cookie", sessionCookie(t, secure));
    const device = deviceIdOf(req.headers);
    /** How the account named `name` knows this request's source (an unknown name: "unknown", and the same time spent). */
    const knownAs = async (name: string) => {
      const account = await identities.byName(name);
      return account?.account ? known.knownAs(account.id, ip, device) : "unknown";
    };
    const current = () => identities.ofSession(token);
    /** The session's player, or a new guest (and its cookie) when there is none. */
    const currentOrGuest = async (): Promise<Me> => {
      const me = await current();
      if (me) return me;
      limited(await limiter.guest(ip), "new guests from your address");
      const guest = await identities.newGuest();
      setCookie(guest.token);
      return guest.me;
    };

    if (req.method === "GET" && path === API.me) {
      const me = await currentOrGuest();
      if (me.account) await known.note(me.id, ip, device);
      return { ok: true, me };
    }
    if (req.method !== "POST") refuse("NOT_FOUND", `No such API: ${req.method} ${path}.`);
    const originProblem = originRefusal(req, opts.origin);
    if (originProblem) refuse("NOT_ALLOWED", originProblem);

    switch (path) {
      case API.rename: {
        limited(await limiter.attempt(ip), "account changes from your address");
        const { name } = await body(req, RenameSchema);
        const me = await current();
        if (!me) refuse("NOT_SIGNED_IN", "You have no session: reload the page.");
        refuseReserved(name); // not a rename: spends none of the day's
        limited(await limiter.rename(me!.id), "renames of your name today");
        return { ok: true, me: await identities.rename(me!, name) };
      }
      case API.signUp: {
        limited(await limiter.attempt(ip), "sign-in attempts from your address");
        const { name, password } = await body(req, SignUpSchema);
        const me = await identities.signUp(await currentOrGuest(), name, password);
        log.info({ playerId: me.id }, "account created");
        await known.note(me.id, ip, device);
        // A new session for the account: a session token planted before sign-up (fixation) is worth nothing after it.
        await identities.endSession(token);
        setCookie(await identities.newSession(me));
        return { ok: true, me };
      }
      case API.signIn: {
        limited(await limiter.attempt(ip), "sign-in attempts from your address");
        const { name, password } = await body(req, SignInSchema);
        limited(await limiter.nameAllowed(name, ip, await knownAs(name)), "failed sign-ins for this name");
        const me = await identities.signIn(name, password);
        if (!me) {
          await limiter.failed(name, ip);
          refuse("BAD_CREDENTIALS", "Wrong name or password.");
        }
        await limiter.succeeded(name, ip);
        await known.note(me!.id, ip, device);
        await identities.endSession(token);
        setCookie(await identities.newSession(me!));
        return { ok: true, me: me! };
      }
      case API.locale: {
        // Not counted against sign-in attempts: it needs a session and writes only when the language changes.
        const { locale } = await body(req, LocaleSchema);
        const me = await current();
        if (!me) refuse("NOT_SIGNED_IN", "You have no session: reload the page.");
        return { ok: true, me: await identities.setLocale(me!, locale) };
      }
      case API.signOut: {
        const playerId = await identities.endSession(token);
        if (playerId && token) sessionsEnded({ playerId, only: sessionIdOf(token) });
        res.setHeader("set-cookie", clearedSessionCookie(secure));
        return { ok: true, me: null };
      }
      case API.signOutEverywhere: {
        const me = await current();
        if (!me) refuse("NOT_SIGNED_IN", "You have no session: reload the page.");
        await identities.endSessions(me!.id);
        sessionsEnded({ playerId: me!.id });
        log.info({ playerId: me!.id }, "signed out everywhere");
        res.setHeader("set-cookie", clearedSessionCookie(secure));
        return { ok: true, me: null };
      }
      case API.password: {
        limited(await limiter.attempt(ip), "account changes from your address");
        const { current: was, password } = await body(req, ChangePasswordSchema);
        const me = await current();
        if (!me?.account) refuse("NOT_SIGNED_IN", "Sign in to your account to change its password.");
        // Guessing the current password through a session left open counts as guessing a sign-in.
        limited(await limiter.nameAllowed(me!.name, ip, await known.knownAs(me!.id, ip, device)), "failed sign-ins for this name");
        if (!(await identities.changePassword(me!, was, password, token))) {
          await limiter.failed(me!.name, ip);
          refuse("BAD_CREDENTIALS", "The current password is wrong.");
        }
        sessionsEnded({ playerId: me!.id, except: sessionIdOf(token!) });
        log.info({ playerId: me!.id }, "password changed");
        return { ok: true, me: me! };
      }
    }
    return refuse("NOT_FOUND", `No such API: ${req.method} ${path}.`);
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? "").split("?")[0];
    if (!path.startsWith("/api/me") && !path.startsWith("/api/auth/")) return false;
    const [secure, address] = [isHttps(req, opts.origin.trustProxy), opts.addressOf(req)]; // read while the socket is there
    void route(req, res, path)
      .catch((err: unknown): ApiAnswer<never> => {
        if (err instanceof ApiError) return { ok: false, error: err.info };
        if (err instanceof GameError) return { ok: false, error: err.toInfo() };
        log.error({ err, path }, "identity API failed");
        return { ok: false, error: { code: "INTERNAL", message: "Something went wrong on the server." } };
      })
      .then(async (answer) => {
        // A browser without a device cookie gets one with its first answer, after the session's (./device); where the player was seen from is noted (./traces).
        const device = answer.ok ? keepDevice(req, res, secure) : null;
        if (answer.ok && answer.me && opts.traces)
          await opts.traces.seen(answer.me.id, device, address).catch((err: unknown) => log.warn({ err }, "could not note where a player was seen"));
        const status = answer.ok ? 200 : (STATUS[answer.error.code] ?? 400);
        if (!answer.ok && answer.error.retryMs) res.setHeader("retry-after", String(Math.ceil(answer.error.retryMs / 1000)));
        res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
        res.end(JSON.stringify(answer));
      });
    return true;
  };
}
