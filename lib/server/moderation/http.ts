// The operator's API behind OPERATOR_TOKEN (the page /mod calls it): the reports, closing one, and
// site-wide chat mutes. Every request needs "Authorization: Bearer <OPERATOR_TOKEN>"; without the
// setting the API is off (404). Each request costs the address OPERATOR_COST points, so guessing
// the token is as slow as the event budget allows.
import type { Db } from "../db/client";
import { z } from "zod";
import { bearerOk } from "../http/bearer";
import { HttpRefusal, json } from "../http/answers";
import type { Route, RouteHandler } from "../http/router";
import { playerByName } from "./players";
import { closeReport, listReports } from "./reports";
import { MAX_MUTE_MINUTES, mute, unmute } from "./mutes";

export const OPERATOR_COST = 2;
const BODY = { maxBytes: 2048, fieldInMessage: true };

export interface ModerationHttpOptions {
  db: Db;
  /** OPERATOR_TOKEN, or null (the API is off). */
  token: string | null;
  now: () => number;
}

const MuteSchema = z.strictObject({
  name: z.string().trim().min(1).max(40),
  minutes: z.number().int().min(1).max(MAX_MUTE_MINUTES),
  reason: z.string().trim().max(200).default(""),
});
const UnmuteSchema = z.strictObject({ name: z.string().trim().min(1).max(40) });
const CloseSchema = z.strictObject({ id: z.string().min(1).max(40) });

export function moderationRoutes(opts: ModerationHttpOptions): Route[] {
  const { db, now } = opts;
  /** The handler, once the token is checked. */
  const operator =
    (handle: RouteHandler): RouteHandler =>
    (req, ctx) => {
      if (!opts.token) throw new HttpRefusal(404, { code: "NOT_FOUND", message: "The operator's page is off on this server: set OPERATOR_TOKEN." });
      if (!bearerOk(req, opts.token))
        throw new HttpRefusal(401, { code: "NOT_ALLOWED", message: "This needs the operator's token: send Authorization: Bearer <OPERATOR_TOKEN>." });
      return handle(req, ctx);
    };
  return [
    {
      name: "mod reports",
      methods: ["GET"],
      path: "/api/mod/reports",
      cost: OPERATOR_COST,
      handle: operator(async (_req, { query }) => {
        const status = query.get("status") === "closed" ? "closed" : "open";
        return json(200, { ok: true, reports: await listReports(db, status, now()) });
      }),
    },
    {
      name: "mod close report",
      methods: ["POST"],
      path: "/api/mod/reports/close",
      body: BODY,
      cost: OPERATOR_COST,
      handle: operator(async (_req, ctx) => {
        const { id } = await ctx.body(CloseSchema);
        await closeReport(db, id, now());
        return json(200, { ok: true });
      }),
    },
    {
      name: "mod mute",
      methods: ["POST"],
      path: "/api/mod/mute",
      body: BODY,
      cost: OPERATOR_COST,
      handle: operator(async (_req, ctx) => {
        const b = await ctx.body(MuteSchema);
        const player = await playerByName(db, b.name);
        const until = await mute(db, player.id, b.minutes, b.reason, now());
        return json(200, { ok: true, name: player.name, until: until.toISOString() });
      }),
    },
    {
      name: "mod unmute",
      methods: ["POST"],
      path: "/api/mod/unmute",
      body: BODY,
      cost: OPERATOR_COST,
      handle: operator(async (_req, ctx) => {
        const b = await ctx.body(UnmuteSchema);
        const player = await playerByName(db, b.name);
        await unmute(db, player.id);
        return json(200, { ok: true, name: player.name });
      }),
    },
  ];
}
