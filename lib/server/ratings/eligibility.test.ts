// Rated eligibility of a pairing pass's games at once (ratedEligibilityMany, a few set queries) on a
// real SQLite database: each game gets the code it gets decided alone, the codes are those of the
// rules (same device, the pair's limit, new neighbours), and the games of one batch do not count for
// each other. A batch of 300 games (600 players) goes past one query's list of ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { openTempDb } from "../../../test/support/temp-db";
import { DEFAULT_FAIR_PLAY } from "../config/settings";
import { PROVISIONAL_RD } from "../../shared/pools";
import { ratedEligibility, ratedEligibilityMany, type Eligibility } from "./eligibility";

let db: Db;
let temp: Awaited<ReturnType<typeof openTempDb>>;
beforeAll(async () => {
  temp = await openTempDb("eligibility");
  db = temp.db;
});
afterAll(() => temp.close());

const POOL = "freestyle-15-blitz";
const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const s = DEFAULT_FAIR_PLAY;
let n = 0;
const game = (black: string, white: string, extra: Record<string, unknown> = {}) => ({
  id: `g${n++}`,
  size: 15,
  rule: "freestyle",
  opening: "[]",
  black: "{}",
  white: "{}",
  kind: "hvh",
  status: "finished",
  blackPlayerId: black,
  whitePlayerId: white,
  rated: true,
  pool: POOL,
  createdAt: ago(HOUR),
  ...extra,
});
const trace = (playerId: string, kind: "device" | "net", key: string, seenAt = ago(HOUR)) => ({ playerId, kind, key, seenAt });
const established = (playerId: string, pool = POOL) => ({ playerId, pool, rating: 1500, rd: PROVISIONAL_RD - 10, vol: 0.06 });

describe("ratedEligibilityMany", () => {
  it("decides a pass's games as each is decided alone, by the rules", async () => {
    const nets: ReturnType<typeof trace>[] = [];
    const onNet = (key: string, ...ids: string[]) => ids.forEach((id) => nets.push(trace(id, "net", key)));
    // a–b: one device (48 h); also on one network, but the device decides first.
    const devices = [trace("a", "device", "d1"), trace("b", "device", "d1"), trace("c", "device", "d9", ago(49 * HOUR)), trace("d", "device", "d9")];
    onNet("n1", "a", "b", "e", "f", "g", "h", "k", "l", "x1", "x2", "x3", "x4", "x5", "y1", "y2", "y3", "y4", "y5", "z1", "z2", "z3", "z4");
    onNet("n2", "c", "d", "j");
    onNet("n1", "i");
    const games = [
      // c–d: three counted games today (both colours); an aborted one, a casual one and one of two days ago do not count.
      game("c", "d"),
      game("d", "c"),
      game("c", "d", { status: "playing" }),
      game("c", "d", { reason: "abort" }),
      game("c", "d", { rated: false }),
      game("d", "c", { createdAt: ago(49 * HOUR) }),
      // e: five rated games today against new players of its network.
      ...["x1", "x2", "x3", "x4", "x5"].map((x, i) => (i % 2 ? game("e", x) : game(x, "e"))),
      // h: five against players of its network who are established in the game's pool.
      ...["y1", "y2", "y3", "y4", "y5"].map((y) => game("h", y)),
      // i: five against new players of n1 (j, its opponent below, is on n2).
      ...["x1", "x2", "x3", "x4", "x5"].map((x) => game("i", x)),
      // k: four against new neighbours, and one against a player whose network was seen 31 days ago.
      ...["z1", "z2", "z3", "z4"].map((z) => game("k", z)),
      game("k", "w"),
    ];
    nets.push(trace("w", "net", "n1", ago(31 * 24 * HOUR)));
    await db.playerTrace.createMany({ data: [...devices, ...nets] });
    await db.rating.createMany({ data: [established("h"), ...["y1", "y2", "y3", "y4", "y5"].map((y) => established(y))] });
    await db.game.createMany({ data: games });
    const pass = [
      { black: "a", white: "b" },
      { black: "c", white: "d" },
      { black: "e", white: "f" },
      { black: "g", white: "h" },
      { black: "i", white: "j" },
      { black: "k", white: "l" },
    ];
    const expected: Eligibility[] = [
      { rated: false, code: "SAME_DEVICE" },
      { rated: false, code: "PAIR_LIMIT", limit: s.ratedPairPerDay },
      { rated: false, code: "NEW_NEIGHBOURS", limit: s.ratedNewNeighboursPerDay },
      { rated: true },
      { rated: true },
      { rated: true },
    ];
    expect(await ratedEligibilityMany(db, POOL, pass, NOW, s)).toEqual(expected);
    const alone = [];
    for (const g of pass) alone.push(await ratedEligibility(db, { pool: POOL, ...g }, NOW, s));
    expect(alone).toEqual(expected);
    // The colours swapped: the same decisions.
    expect(
      await ratedEligibilityMany(
        db,
        POOL,
        pass.map((g) => ({ black: g.white, white: g.black })),
        NOW,
        s,
      ),
    ).toEqual(expected);
    // k's fifth new neighbour: k is over the limit now; a day later, everything is rated again (the device tie too).
    await db.game.create({ data: game("z1", "k") });
    expect((await ratedEligibility(db, { pool: POOL, black: "k", white: "l" }, NOW, s)).rated).toBe(false);
    const later = new Date(NOW.getTime() + 49 * HOUR);
    expect(await ratedEligibilityMany(db, POOL, pass, later, s)).toEqual(pass.map(() => ({ rated: true })));
    // The device rule off: a–b are new neighbours of each other without a game today: rated.
    expect((await ratedEligibilityMany(db, POOL, pass, NOW, { ...s, ratedSameDeviceHours: 0 }))[0]).toEqual({ rated: true });
  });

  it("a batch of 300 games (600 players) past one query's list of ids", async () => {
    const ids = Array.from({ length: 600 }, (_, i) => `p${i}`);
    // Everyone on one network; the last pair has had its three games today, the first player five new neighbours.
    await db.playerTrace.createMany({ data: ids.map((id) => trace(id, "net", "big")) });
    await db.game.createMany({
      data: [game("p598", "p599"), game("p599", "p598"), game("p598", "p599"), ...["p2", "p4", "p6", "p8", "p10"].map((o) => game("p0", o))],
    });
    const pass = Array.from({ length: 300 }, (_, i) => ({ black: ids[2 * i], white: ids[2 * i + 1] }));
    const got = await ratedEligibilityMany(db, POOL, pass, NOW, s);
    expect(got[0]).toEqual({ rated: false, code: "NEW_NEIGHBOURS", limit: s.ratedNewNeighboursPerDay });
    expect(got[299]).toEqual({ rated: false, code: "PAIR_LIMIT", limit: s.ratedPairPerDay });
    expect(got.slice(1, 299).every((e) => e.rated)).toBe(true);
  });
});
