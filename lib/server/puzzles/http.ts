// The puzzle trainer's HTTP API (routes of lib/server/http/router), JSON { ok, … } or
// { ok: false, error: { code, message } }. Every call needs the browser's session (GET /api/me makes
// a guest); each costs PUZZLE_COST of the address's event budget.
//   GET  /api/puzzles/next?mode=rated|daily|streak&theme=vcf|vct|defend&id=<puzzle>   ?mode=game&game=<game id>
//   POST /api/puzzles/move { attemptId, move: "h8" }    POST /api/puzzles/hint { attemptId }
//   GET  /api/puzzles/me   GET /api/puzzles/players/<name>
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import type { Db } from "../db/client";
import { json, refuse } from "../http/answers";
import type { Route } from "../http/router";
import { sessionTokenOf } from "../identity/cookie";
import type { Identities } from "../identity/identities";
import { playerByName } from "../ratings/profiles";
import { PUZZLE_THEMES, type PuzzleTheme } from "../../shared/puzzles/puzzle";
import { PUZZLE_API, type PuzzleMode } from "../../shared/puzzles/view";
import { gamePuzzleId } from "./from-game";
import { puzzleProfileOf } from "./profile";
import type { PuzzleService } from "./service";

/** As a game move: a person makes about one call a second. */
export const PUZZLE_COST = 1;
const BODY = { maxBytes: 512 };
const ID = /^[A-Za-z0-9_.-]{1,80}$/;
const MoveBody = z.object({ attemptId: z.string().regex(ID), move: z.string().min(2).max(3) }).strict();
const HintBody = z.object({ attemptId: z.string().regex(ID) }).strict();
const SERVED_MODES: readonly PuzzleMode[] = ["rated", "daily", "streak", "game"];

export interface PuzzleHttpOptions {
  db: Db;
  puzzles: PuzzleService;
  identities: Identities | null;
}

export function puzzleRoutes({ db, puzzles, identities }: PuzzleHttpOptions): Route[] {
  const who = async (req: IncomingMessage): Promise<string> => {
    const me = identities ? await identities.ofSession(sessionTokenOf(req.headers)) : null;
    if (!me) return refuse("NOT_SIGNED_IN", "Puzzles need this browser's session: reload the page.");
    return me.id;
  };
  return [
    {
      name: "puzzle next",
      methods: ["GET"],
      path: `${PUZZLE_API}/next`,
      cost: PUZZLE_COST,
      handle: async (req, { query }) => {
        const mode = (query.get("mode") ?? "rated") as PuzzleMode;
        if (!SERVED_MODES.includes(mode)) refuse("BAD_PAYLOAD", "mode: rated, daily, streak or game.");
        if (mode === "game") {
          const game = query.get("game") ?? "";
          if (!ID.test(game)) refuse("BAD_PAYLOAD", "game: the id of a game of yours.");
          const playerId = await who(req);
          return json(200, { ok: true, puzzle: await puzzles.next(playerId, { mode, puzzleId: await gamePuzzleId(db, playerId, game) }) });
        }
        const theme = query.get("theme") || undefined;
        if (theme && !PUZZLE_THEMES.includes(theme as PuzzleTheme)) refuse("BAD_PAYLOAD", "theme: vcf, vct, defend or renju.");
        const id = query.get("id") || undefined;
        if (id && !ID.test(id)) refuse("BAD_PAYLOAD", "id: a puzzle's id.");
        const puzzle = await puzzles.next(await who(req), { mode, theme: theme as PuzzleTheme | undefined, puzzleId: id });
        return json(200, { ok: true, puzzle });
      },
    },
    {
      name: "puzzle move",
      methods: ["POST"],
      path: `${PUZZLE_API}/move`,
      body: BODY,
      cost: PUZZLE_COST,
      handle: async (req, ctx) => {
        const playerId = await who(req);
        const b = await ctx.body(MoveBody);
        return json(200, { ok: true, result: await puzzles.move(playerId, b.attemptId, b.move) });
      },
    },
    {
      name: "puzzle hint",
      methods: ["POST"],
      path: `${PUZZLE_API}/hint`,
      body: BODY,
      cost: PUZZLE_COST,
      handle: async (req, ctx) => {
        const playerId = await who(req);
        const b = await ctx.body(HintBody);
        return json(200, { ok: true, hint: await puzzles.hint(playerId, b.attemptId) });
      },
    },
    {
      name: "puzzle profile",
      methods: ["GET"],
      path: `${PUZZLE_API}/me`,
      cost: PUZZLE_COST,
      handle: async (req) => json(200, { ok: true, profile: await puzzleProfileOf(db, await who(req)) }),
    },
    {
      name: "puzzle player",
      methods: ["GET"],
      path: /^\/api\/puzzles\/players\/([A-Za-z0-9_-]{1,40})$/,
      cost: PUZZLE_COST,
      handle: async (_req, { params: [name] }) => {
        const p = await playerByName(db, name);
        if (!p) return refuse("NOT_FOUND", `There is no player named ${name}.`);
        return json(200, { ok: true, profile: await puzzleProfileOf(db, p.id) });
      },
    },
  ];
}
