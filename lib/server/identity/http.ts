// The identity API on the custom server (before Next): JSON in, JSON out, every refusal a code and
// a sentence. GET /api/me makes a guest (and its session cookie) on a browser's first visit.
// Routes of lib/server/http/router: POSTs are refused from other sites there (JSON only, Origin
// checked) and their bodies read within BODY.
// Accounts: a correct password from a device or address the account was used from is never
// refused for others' wrong guesses (./known-sources, ./limits); the address's budget of password
// checks counts wrong passwords only and never refuses a device known to the named account (a script
// or a classroom on the owner's address cannot lock the owner out); sign-out, "sign out everywhere"
// and a password change end sessions, and `sessionsEnded` closes their live sockets on every node.
import type { IncomingMessage } from "node:http";
import { API, ChangePasswordSchema, LocaleSchema, RenameSchema, SignInSchema, SignUpSchema, type ApiAnswer, type Me } from "../../shared/identity";
import { rateLimitedInfo } from "../limits/limiter";
import { HttpRefusal, json, refuse } from "../http/answers";
import type { Route, RouteContext } from "../http/router";
import type { Logger } from "../log";
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from "./cookie";
import { isHttps } from "../http/headers";
import type { IdentityLimiter } from "./limits";
import { refuseReserved, sessionIdOf, type Identities } from "./identities";
import type { KnownSources } from "./known-sources";
import { deviceIdOf, keepDevice } from "./device";
import type { PlayerTraces } from "./traces";

/** Every body here is a few small fields. */
const BODY = { maxBytes: 4096 };

export interface IdentityHttpOptions {
  identities: Identities;
  limiter: IdentityLimiter;
  /** Behind a proxy: whether the request came over HTTPS is the proxy's word (Secure cookies). */
  trustProxy: boolean;
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

/** What every route of the API knows of its request: who asks, from where, and their cookies. */
function sessionOf(opts: IdentityHttpOptions, req: IncomingMessage, ctx: RouteContext) {
  const { identities, limiter, known } = opts;
  const token = sessionTokenOf(req.headers);
  const secure = isHttps(req, opts.trustProxy);
  const ip = ctx.address;
  const device = deviceIdOf(req.headers);
  const current = () => identities.ofSession(token);
  const setCookie = (t: string) => ctx.res.setHeader("set-cookie", sessionCookie(t, secure));
  return {
    token,
    secure,
    ip,
    device,
    current,
    setCookie,
    clearCookie: () => ctx.res.setHeader("set-cookie", clearedSessionCookie(secure)),
    /** The session's player, or NOT_SIGNED_IN. */
    signedIn: async (): Promise<Me> => (await current()) ?? refuse("NOT_SIGNED_IN", "You have no session: reload the page."),
    /** How the account named `name` knows this request's source (an unknown name: "unknown", and the same time spent). */
    knownAs: async (name: string) => {
      const account = await identities.byName(name);
      return account?.account ? known.knownAs(account.id, ip, device) : "unknown";
    },
    /** The session's player, or a new guest (and its cookie) when there is none. */
    currentOrGuest: async (): Promise<Me> => {
      const me = await current();
      if (me) return me;
      limited(await limiter.guest(ip), "new guests from your address");
      const guest = await identities.newGuest();
      setCookie(guest.token);
      return guest.me;
    },
  };
}
type Session = ReturnType<typeof sessionOf>;
type Run = (s: Session, ctx: RouteContext) => Promise<ApiAnswer<{ me: Me | null }>>;

function limited(r: { ok: true } | { ok: false; retryMs: number }, what: string): void {
  if (!r.ok) throw new HttpRefusal(429, rateLimitedInfo(what, r.retryMs));
}

/** /api/me and /api/auth/*: one route each; any other method or path under them is NOT_FOUND. */
export function identityRoutes(opts: IdentityHttpOptions): Route[] {
  const { identities, limiter, log, known } = opts;
  const sessionsEnded = opts.sessionsEnded ?? (() => {});

  /** A route of the API: its answer, then (a browser's first) the device cookie, and where the player was seen. */
  const route = (method: "GET" | "POST", path: string, run: Run): Route => ({
    name: "identity API",
    methods: [method],
    path,
    body: BODY,
    handle: async (req, ctx) => {
      const s = sessionOf(opts, req, ctx);
      const answer = await run(s, ctx);
      // After the session's cookie (./device); where the player was seen is noted (./traces).
      const device = keepDevice(req, ctx.res, s.secure);
      if (answer.ok && answer.me && opts.traces)
        await opts.traces.seen(answer.me.id, device, s.ip).catch((err: unknown) => log.warn({ err }, "could not note where a player was seen"));
      return json(200, answer);
    },
  });

  return [
    route("GET", API.me, async (s) => {
      const me = await s.currentOrGuest();
      if (me.account) await known.note(me.id, s.ip, s.device);
      return { ok: true, me };
    }),
    route("POST", API.rename, async (s, ctx) => {
      limited(await limiter.accountChange(s.ip), "account changes from your address");
      const { name } = await ctx.body(RenameSchema);
      const me = await s.signedIn();
      refuseReserved(name); // not a rename: spends none of the day's
      limited(await limiter.rename(me.id), "renames of your name today");
      return { ok: true, me: await identities.rename(me, name) };
    }),
    route("POST", API.signUp, async (s, ctx) => {
      limited(await limiter.accountChange(s.ip), "account changes from your address");
      const { name, password } = await ctx.body(SignUpSchema);
      const me = await identities.signUp(await s.currentOrGuest(), name, password);
      log.info({ playerId: me.id }, "account created");
      await known.note(me.id, s.ip, s.device);
      // A new session for the account: a session token planted before sign-up (fixation) is worth nothing after it.
      await identities.endSession(s.token);
      s.setCookie(await identities.newSession(me));
      return { ok: true, me };
    }),
    route("POST", API.signIn, async (s, ctx) => {
      const { name, password } = await ctx.body(SignInSchema);
      // Before the address's budget: the owner's own browser is never refused for what others on
      // the address did (a script, or a classroom signing in at once).
      const knownAs = await s.knownAs(name);
      const counted = knownAs !== "device";
      if (counted) limited(await limiter.attempt(s.ip), "sign-in attempts from your address");
      limited(await limiter.nameAllowed(name, s.ip, knownAs), "failed sign-ins for this name");
      const me = await identities.signIn(name, password);
      if (!me) {
        await limiter.failed(name, s.ip);
        return refuse("BAD_CREDENTIALS", "Wrong name or password.");
      }
      if (counted) await limiter.attemptSucceeded(s.ip); // only wrong passwords use the address's budget
      await known.note(me.id, s.ip, s.device);
      await identities.endSession(s.token);
      s.setCookie(await identities.newSession(me));
      return { ok: true, me };
    }),
    route("POST", API.locale, async (s, ctx) => {
      // Not counted against sign-in attempts: it needs a session and writes only when the language changes.
      const { locale } = await ctx.body(LocaleSchema);
      const me = await s.signedIn();
      return { ok: true, me: await identities.setLocale(me, locale) };
    }),
    route("POST", API.signOut, async (s) => {
      const playerId = await identities.endSession(s.token);
      if (playerId && s.token) sessionsEnded({ playerId, only: sessionIdOf(s.token) });
      s.clearCookie();
      return { ok: true, me: null };
    }),
    route("POST", API.signOutEverywhere, async (s) => {
      const me = await s.signedIn();
      await identities.endSessions(me.id);
      sessionsEnded({ playerId: me.id });
      log.info({ playerId: me.id }, "signed out everywhere");
      s.clearCookie();
      return { ok: true, me: null };
    }),
    route("POST", API.password, async (s, ctx) => {
      const { current: was, password } = await ctx.body(ChangePasswordSchema);
      const me = await s.current();
      if (!me?.account) return refuse("NOT_SIGNED_IN", "Sign in to your account to change its password.");
      // Guessing the current password through a session left open counts as guessing a sign-in.
      const knownAs = await known.knownAs(me.id, s.ip, s.device);
      const counted = knownAs !== "device";
      if (counted) limited(await limiter.attempt(s.ip), "account changes from your address");
      limited(await limiter.nameAllowed(me.name, s.ip, knownAs), "failed sign-ins for this name");
      if (!(await identities.changePassword(me, was, password, s.token))) {
        await limiter.failed(me.name, s.ip);
        refuse("BAD_CREDENTIALS", "The current password is wrong.");
      }
      if (counted) await limiter.attemptSucceeded(s.ip);
      sessionsEnded({ playerId: me.id, except: sessionIdOf(s.token!) });
      log.info({ playerId: me.id }, "password changed");
      return { ok: true, me };
    }),
    { name: "identity API", path: /^\/api\/(?:me|auth\/)/, handle: (req, { path }) => refuse("NOT_FOUND", `No such API: ${req.method} ${path}.`) },
  ];
}
