// Who the leaderboard lists (lib/server/ratings/eligibility): established ratings only, with rated
// games against enough distinct opponents, the last one recent. Rows are written straight into the
// real server's database (ratings and finished games as a rated game leaves them); time is handed in.
import { describe, expect, it } from "vitest";
import { leaderboardOf } from "../../lib/server/ratings/profiles";
import { serverConfig } from "../../lib/server/config";
import { finishedGameRow, useServer } from "./helpers";

const env = useServer();
const POOL = "freestyle-15-blitz";
const DAY = 86_400_000;
const rules = { minOpponents: serverConfig().fairPlay.leaderboardMinOpponents, activeDays: serverConfig().fairPlay.leaderboardActiveDays };
let serial = 0;

/** A player with a rating row in POOL. */
async function player(tag: string, rating: number, rd: number, pool = POOL): Promise<{ id: string; name: string }> {
  const id = `lb-${tag}-${++serial}`;
  const name = `Lb${tag}${serial}`;
  await env.srv.db.player.create({ data: { id, name, nameKey: name.toLowerCase() } });
  await env.srv.db.rating.create({ data: { playerId: id, pool, rating, rd, vol: 0.06, games: 20 } });
  return { id, name };
}

/** `who` has played a finished game in POOL against each of `opponents` (rated: its rating change written). */
async function played(who: string, opponents: number, rated = true, pool = POOL): Promise<void> {
  for (let i = 0; i < opponents; i++) {
    const opp = `lb-opp-${++serial}`;
    await env.srv.db.game.create({
      data: finishedGameRow({
        id: `lb-game-${serial}`,
        blackPlayerId: who,
        whitePlayerId: opp,
        rated,
        pool,
        ...(rated ? { blackRatingDiff: 6, whiteRatingDiff: -6 } : {}),
        finishedAt: new Date(),
      }),
    });
  }
}

describe("the leaderboard", () => {
  it(`lists established ratings with ${rules.minOpponents} distinct opponents and a recent rated game, highest first; hides provisional, too few opponents, casual games, the inactive`, async () => {
    const star = await player("Star", 1900, 60);
    await played(star.id, rules.minOpponents);
    const second = await player("Second", 1800, 90);
    await played(second.id, rules.minOpponents + 2);
    const few = await player("Few", 2000, 60); // one opponent short
    await played(few.id, rules.minOpponents - 1);
    const provisional = await player("Prov", 2100, 200); // many opponents, rating not established
    await played(provisional.id, rules.minOpponents + 3);
    const casual = await player("Casual", 2050, 60); // its games were casual: no opponent counts
    await played(casual.id, rules.minOpponents + 1, false);

    const now = await leaderboardOf(env.srv.db, POOL);
    expect(now.players.map((p) => p.name)).toEqual([star.name, second.name]);
    expect(now.players.every((p) => !p.provisional)).toBe(true);
    expect(now.rules).toEqual(rules);

    // The HTTP answer is the same, and states the rules for the page.
    const http = (await (await fetch(`${env.srv.url}/api/leaderboard?pool=${POOL}`)).json()) as { leaderboard: typeof now };
    expect(http.leaderboard.players.map((p) => p.name)).toEqual([star.name, second.name]);
    expect(http.leaderboard.rules).toEqual(rules);

    // Time handed in: still listed just inside the window, gone past it.
    const inside = await leaderboardOf(env.srv.db, POOL, { now: new Date(Date.now() + (rules.activeDays - 1) * DAY) });
    expect(inside.players.map((p) => p.name)).toEqual([star.name, second.name]);
    const after = await leaderboardOf(env.srv.db, POOL, { now: new Date(Date.now() + (rules.activeDays + 1) * DAY) });
    expect(after.players).toEqual([]);
  });

  it("fills its size from further down when the top ratings are not listable", async () => {
    const pool = "exact5-15-blitz";
    for (let i = 0; i < 3; i++) await player(`Top${i}`, 2500 - i, 60, pool); // no games: not listable
    const listed = await player("Listed", 1000, 60, pool);
    await played(listed.id, rules.minOpponents, true, pool);
    const board = await leaderboardOf(env.srv.db, pool, { size: 1 });
    expect(board.players.map((p) => p.name)).toEqual([listed.name]);
  });
});
