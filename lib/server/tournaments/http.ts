// The tournaments' HTTP API (routes of lib/server/http/router, before Next): JSON, { ok, … } or
// { ok: false, error: { code, message } }. Reads cost READ_COST of the address's event budget and
// every POST passes the router's Origin check and the address's POST throttle.
//   GET  /api/tournaments                      the lists
//   POST /api/tournaments                      create (CreateTournamentSchema)
//   GET  /api/tournaments/<id>                 one event, as the viewer sees it
//   POST /api/tournaments/engine               create an engine tournament (signed in, capped; or the operator's bearer token)
//   POST /api/tournaments/<id>/<action>        join | withdraw | pause | berserk | cancel (by its creator or the operator: an engine event at any time, an arena or Swiss before its start)
//   GET  /api/tournaments/players/<name>       a player page's line
//   GET  /api/tournaments/game/<gameId>        the event a game belongs to, or null (its page links back, follows the next pairing)
import type { IncomingMessage } from "node:http";
import type { Me } from "../../shared/identity";
import { CreateEngineTournamentSchema, CreateTournamentSchema } from "../../shared/tournaments";
import { bearerOk } from "../http/bearer";
import { cancelEngineEvent, createEngineEvent, type EngineCreator } from "./engine";
import { cancelPeopleEvent } from "./cancel";
import type { TournamentDeps } from "./deps";
import { json, refuse } from "../http/answers";
import type { Route } from "../http/router";
import { sessionTokenOf } from "../identity/cookie";
import type { Identities } from "../identity/identities";
import type { Entrants } from "./entrants";
import type { Db } from "../db/client";
import { playerByName } from "../ratings/profiles";
import { eventView, listEvents, playerLine, scheduleOf } from "./views";

const READ_COST = 2;
/** A create costs more than a read (it writes a row others see); the live and daily caps bound it further (./entrants). */
const CREATE_COST = 5;
const ID = "([A-Za-z0-9_-]{1,40})";

export interface TournamentHttpOptions {
  db: Db;
  entrants: Entrants;
  identities: Pick<Identities, "ofSession">;
  /** Engine events: created and stopped through the director's deps. */
  deps: TournamentDeps;
  /** OPERATOR_TOKEN (null: off): its bearer creates engine events with the operator's caps. */
  operatorToken: string | null;
}

/** An engine tournament's length in bytes: up to eight configurations. */
const ENGINE_BODY_BYTES = 4096;

export function tournamentRoutes(o: TournamentHttpOptions): Route[] {
  const me = (req: IncomingMessage): Promise<Me | null> => o.identities.ofSession(sessionTokenOf(req.headers));
  /** The operator (a bearer of OPERATOR_TOKEN) or a signed-in visitor. */
  const creator = async (req: IncomingMessage): Promise<EngineCreator> => {
    if (o.operatorToken && req.headers.authorization && bearerOk(req, o.operatorToken)) return { kind: "operator" };
    const m = await me(req);
    if (!m) refuse("NOT_SIGNED_IN", "Tournaments need an identity: open the site in a browser (it makes you a guest) and try again.");
    return { kind: "visitor", me: m! };
  };
  const actions = {
    join: (m: Me | null, id: string) => o.entrants.join(m, id).then(() => ({})),
    withdraw: (m: Me | null, id: string) => o.entrants.withdraw(m, id).then(() => ({})),
    pause: (m: Me | null, id: string) => o.entrants.pause(m, id).then(() => ({})),
    berserk: (m: Me | null, id: string) => o.entrants.berserk(m, id),
  };
  const cancel = async (req: IncomingMessage, id: string) => {
    const t = await o.db.tournament.findUnique({ where: { id } });
    if (!t) refuse("NOT_FOUND", "There is no such event.");
    if (t!.kind === "engine") await cancelEngineEvent(o.deps, await creator(req), t!);
    else await cancelPeopleEvent(o.deps, await creator(req), t!);
    return {};
  };
  return [
    {
      name: "tournament list",
      methods: ["GET", "HEAD"],
      path: "/api/tournaments",
      cost: READ_COST,
      handle: async () => json(200, { ok: true, ...(await listEvents(o.db)) }),
    },
    {
      name: "tournament create",
      methods: ["POST"],
      path: "/api/tournaments",
      body: { maxBytes: 2048, fieldInMessage: true },
      cost: CREATE_COST,
      handle: async (req, ctx) => {
        const input = await ctx.body(CreateTournamentSchema);
        return json(200, { ok: true, ...(await o.entrants.create(await me(req), ctx.address, input)) });
      },
    },
    {
      name: "engine tournament create",
      methods: ["POST"],
      path: "/api/tournaments/engine",
      body: { maxBytes: ENGINE_BODY_BYTES, fieldInMessage: true },
      cost: CREATE_COST,
      handle: async (req, ctx) => {
        const input = await ctx.body(CreateEngineTournamentSchema);
        return json(200, { ok: true, ...(await createEngineEvent(o.deps, await creator(req), ctx.address, input)) });
      },
    },
    {
      name: "tournament player line",
      methods: ["GET", "HEAD"],
      path: new RegExp(`^/api/tournaments/players/${ID}$`),
      cost: READ_COST,
      handle: async (_req, { params: [name] }) => {
        const player = await playerByName(o.db, name);
        if (!player) refuse("NOT_FOUND", "There is no player by that name.");
        return json(200, { ok: true, line: await playerLine(o.db, player!.id) });
      },
    },
    {
      name: "tournament of a game",
      methods: ["GET", "HEAD"],
      path: new RegExp(`^/api/tournaments/game/${ID}$`),
      cost: READ_COST,
      handle: async (_req, { params: [gameId] }) => {
        const pairing = await o.db.tournamentPairing.findUnique({
          where: { gameId },
          select: { tournament: { select: { id: true, name: true, kind: true, status: true, scheduleKey: true } } },
        });
        // Most games are no event's: null, not an error (every game page asks; a 404 would be a console error on each).
        if (!pairing) return json(200, { ok: true, event: null });
        const { scheduleKey, ...event } = pairing.tournament;
        return json(200, { ok: true, event: { ...event, schedule: scheduleOf(scheduleKey) } });
      },
    },
    {
      name: "tournament view",
      methods: ["GET", "HEAD"],
      path: new RegExp(`^/api/tournaments/${ID}$`),
      cost: READ_COST,
      handle: async (req, { params: [id] }) => {
        const view = await eventView(o.db, id, (await me(req))?.id ?? null);
        if (!view) refuse("NOT_FOUND", "There is no such event.");
        return json(200, { ok: true, tournament: view });
      },
    },
    {
      name: "tournament action",
      methods: ["POST"],
      path: new RegExp(`^/api/tournaments/${ID}/(join|withdraw|pause|berserk|cancel)$`),
      cost: READ_COST,
      handle: async (req, { params: [id, action] }) => {
        if (action === "cancel") return json(200, { ok: true, ...(await cancel(req, id)) });
        const out = await actions[action as keyof typeof actions](await me(req), id);
        o.deps.changed?.(id);
        return json(200, { ok: true, ...out });
      },
    },
  ];
}
