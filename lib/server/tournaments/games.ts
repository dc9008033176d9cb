// Pairs become games: the players are claimed (waiting → playing) with their pairing rows in one
// transaction ("starting"), the games are made by the game service as any pairing's (reserved seats,
// rated unless ratings/eligibility says not, the event's clock), then the rows get their game ids.
// A node that dies between the two leaves "starting" rows: the next director puts them back (unstick).
import { ratingPoolOf } from "../../shared/pools";
import { ratedEligibilityMany } from "../ratings/eligibility";
import { ratingsIn, seatRatings } from "../ratings/read";
import { newGameId } from "../tokens";
import { linkGames } from "./bulk";
import { timed, type TournamentDeps, type TournamentRow } from "./deps";

/** A "starting" pairing older than this was left by a node that died: undone. */
export const STARTING_STALE_MS = 30_000;

class Taken extends Error {}

type Claim = { id: string; black: string; white: string };

/** Every player of `pairs` from waiting to playing and their "starting" rows, all or nothing. */
function claim(d: TournamentDeps, t: TournamentRow, pairs: Claim[], round: number, now: number): Promise<boolean> {
  return d.db
    .$transaction(async (tx) => {
      const players = pairs.flatMap((c) => [c.black, c.white]);
      const { count } = await tx.tournamentPlayer.updateMany({
        where: { tournamentId: t.id, playerId: { in: players }, status: "waiting" },
        data: { status: "playing" },
      });
      if (count !== players.length) throw new Taken();
      await tx.tournamentPairing.createMany({
        data: pairs.map((c) => ({ id: c.id, tournamentId: t.id, round, blackId: c.black, whiteId: c.white, status: "starting", createdAt: new Date(now) })),
      });
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof Taken) return false;
      throw err;
    });
}

async function claimEach(d: TournamentDeps, t: TournamentRow, pairs: Claim[], round: number, now: number): Promise<Claim[]> {
  const out: Claim[] = [];
  for (const c of pairs) if (await claim(d, t, [c], round, now)) out.push(c);
  return out;
}

/** Makes the games of `pairs` ([black, white]); returns how many started. */
export async function startGames(d: TournamentDeps, t: TournamentRow, pairs: Array<[string, string]>, round: number): Promise<number> {
  const now = d.clock.now();
  const all = pairs.map(([black, white]) => ({ id: newGameId(), black, white }));
  const clock = { initialMs: t.initialMs, incrementMs: t.incrementMs };
  const pool = ratingPoolOf({ rule: t.rule as "freestyle", size: t.size, clock });
  // The claim (the whole pass at once, the usual case: nobody left meanwhile; else pair by pair), the
  // players' ratings, whether each game is rated and the names, all at once: the last three read rows the
  // claim does not write, so a pass waits for the slowest of them rather than their sum.
  const ids = all.flatMap((c) => [c.black, c.white]);
  const [claimed, r, eligible, names] = await Promise.all([
    timed(d, "claim", async () => ((await claim(d, t, all, round, now)) ? all : await claimEach(d, t, all, round, now))),
    timed(d, "ratings", () => ratingsIn(d.db, pool, ids)),
    t.rated ? timed(d, "eligibility", () => ratedEligibilityMany(d.db, pool, all, new Date(now))) : null,
    timed(
      d,
      "names",
      async () => new Map((await d.db.player.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((p) => [p.id, p.name])),
    ),
  ]);
  if (!claimed.length) return 0;
  // Claimed players are "playing" until their games exist or unstick frees them: the games are made
  // even if the lease has just been lost (the next holder sees them "starting", then "playing").
  if (d.holds) await d.holds();
  const index = new Map(all.map((c, i) => [c.id, i]));
  const inputs = claimed.map((c) => {
    const e = eligible?.[index.get(c.id)!];
    return {
      size: t.size,
      rule: t.rule as "freestyle",
      clock,
      swap2: false,
      black: c.black,
      white: c.white,
      rated: e?.rated ?? false,
      pool,
      names: { black: names.get(c.black) ?? null, white: names.get(c.white) ?? null },
      ...(e?.rated ? seatRatings(r, c.black, c.white) : e ? { unrated: e.code } : {}),
    };
  });
  const gameIds = await timed(d, "create", () => d.games.createMatchedMany(inputs));
  // The pass's rows in one statement (not one per pairing).
  await timed(d, "link", () =>
    linkGames(
      d.db,
      claimed.map((c, i) => ({ id: c.id, gameId: gameIds[i] })),
    ),
  );
  claimed.forEach((c, i) => {
    d.started(c.black, gameIds[i]);
    d.started(c.white, gameIds[i]);
  });
  d.changed?.(t.id);
  return claimed.length;
}

/** "starting" rows a dead node left: removed, their players back to waiting. */
export async function unstick(d: TournamentDeps, t: TournamentRow): Promise<void> {
  const stale = await d.db.tournamentPairing.findMany({
    where: { tournamentId: t.id, status: "starting", createdAt: { lt: new Date(d.clock.now() - STARTING_STALE_MS) } },
  });
  for (const p of stale)
    await d.db.$transaction(async (tx) => {
      const { count } = await tx.tournamentPairing.deleteMany({ where: { id: p.id, status: "starting" } });
      if (count)
        await tx.tournamentPlayer.updateMany({
          where: { tournamentId: t.id, playerId: { in: [p.blackId, p.whiteId ?? ""] }, status: "playing" },
          data: { status: "waiting" },
        });
    });
}
