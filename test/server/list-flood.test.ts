// Issue #13: 20 sockets from one address asking for the archive as fast as the limits allow used
// to starve every other player's moves (round trip from ~2 ms to p90 0.7–1.5 s): every event cost
// the same against the limits, and each list ran its own two queries. Now a list costs more than
// a move (lib/server/realtime/costs) and identical lists share one query, kept briefly
// (lib/server/games/list-cache). Real server, real sockets, a SQLite file with a few thousand
// finished games; the addresses come from X-Forwarded-For (TRUST_PROXY on).
import { describe, expect, it } from "vitest";
import { io, type Socket } from "socket.io-client";
import { EV } from "../../lib/shared/protocol";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { GameService } from "../../lib/server/games/service";
import { createListCache } from "../../lib/server/games/list-cache";
import { call, finishedGameRow, sleep, useServer, type RawAck } from "./helpers";

const env = useServer({ limits: { ...DEFAULT_LIMITS, enabled: true, trustProxy: true, ipConnectionsPerMin: 10_000, ipGamesPerMin: 10_000 } });

const FINISHED_GAMES = 3000;
const MOVES_PER_GAME = 12;
const FLOODERS = 20;
const PAIRS = 4;
const PLIES = 50;
/** Between one ply and the next in each game: each player's socket stays well inside its own event limit. */
const PLY_GAP_MS = 50;

async function connectFrom(address: string): Promise<Socket> {
  const s = io(env.srv.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { "x-forwarded-for": address } });
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
  return s;
}

async function seedArchive(): Promise<void> {
  const db = env.srv.db;
  const t0 = Date.now() - 86_400_000;
  for (let from = 0; from < FINISHED_GAMES; from += 500) {
    const ids = Array.from({ length: Math.min(500, FINISHED_GAMES - from) }, (_, i) => `seed${String(from + i).padStart(6, "0")}`);
    await db.game.createMany({
      data: ids.map((id, i) => finishedGameRow({ id, createdAt: new Date(t0 + (from + i) * 1000), finishedAt: new Date(t0 + (from + i) * 1000 + 500) })),
    });
    await db.move.createMany({
      data: ids.flatMap((gameId) =>
        Array.from({ length: MOVES_PER_GAME }, (_, p) => ({ gameId, ply: p + 1, x: p, y: p % 2, color: (p % 2) + 1, by: "human", timeMs: 100 })),
      ),
    });
  }
}

/** Cells where neither colour ever gets five in a row in any direction (runs of two at most): (x + 2y) mod 4 < 2 for black. */
function cells(color: 1 | 2): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = 0; y < 15; y++) for (let x = 0; x < 15; x++) if (((x + 2 * y) % 4 < 2 ? 1 : 2) === color) out.push([x, y]);
  return out;
}
const BLACK = cells(1);
const WHITE = cells(2);

/** PAIRS games, each between two players on their own address, PLIES plies each: every move's round trip in ms. */
async function playGames(tag: string): Promise<number[]> {
  const rtts: number[] = [];
  const sockets: Socket[] = [];
  await Promise.all(
    Array.from({ length: PAIRS }, async (_, g) => {
      const a = await connectFrom(`10.1.${g}.1`);
      const b = await connectFrom(`10.1.${g}.2`);
      sockets.push(a, b);
      const created = (await call(a, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 })) as RawAck;
      expect(created.ok, `${tag}: create`).toBe(true);
      const { gameId, seatToken: blackToken } = created;
      const joined = (await call(b, EV.join, { gameId, takeSeat: true })) as RawAck;
      expect(joined.color).toBe(2);
      const whiteToken: string = joined.seatToken;
      for (let ply = 1; ply <= PLIES; ply++) {
        const black = ply % 2 === 1;
        const [x, y] = (black ? BLACK : WHITE)[Math.floor((ply - 1) / 2)];
        const t = performance.now();
        const r = await call(black ? a : b, EV.move, { gameId, seatToken: black ? blackToken : whiteToken, ply, x, y });
        rtts.push(performance.now() - t);
        expect(r, `${tag}: game ${g} ply ${ply}`).toEqual({ ok: true });
        await sleep(PLY_GAP_MS);
      }
    }),
  );
  for (const s of sockets) s.disconnect();
  return rtts;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** How long a RATE_LIMITED answer says to wait: retryMs, else read from its message ("try again in 3 s"). */
function retryOf(r: RawAck): number {
  if (typeof r.error?.retryMs === "number") return r.error.retryMs;
  const m = /try again in (\d+) (ms|s)\b/.exec(r.error?.message ?? "");
  return m ? Number(m[1]) * (m[2] === "s" ? 1000 : 1) : 100;
}

interface Flood {
  name: string;
  rtts: number[];
  ok: number;
  refused: number;
  retryMs: number[];
  messages: Set<string>;
  seconds: number;
}

/** FLOODERS sockets from `address` list finished games (page `pageOf()`) as fast as they are allowed while the games are played. */
async function floodWhilePlaying(name: string, address: string, pageOf: () => number): Promise<Flood> {
  const flooders = await Promise.all(Array.from({ length: FLOODERS }, () => connectFrom(address)));
  let stop = false;
  const f: Flood = { name, rtts: [], ok: 0, refused: 0, retryMs: [], messages: new Set(), seconds: 0 };
  const loops = flooders.map(async (s) => {
    while (!stop) {
      const r = (await call(s, EV.list, { status: "finished", page: pageOf() })) as RawAck;
      if (r.ok) f.ok++;
      else {
        expect(r.error.code).toBe("RATE_LIMITED");
        f.refused++;
        f.retryMs.push(retryOf(r));
        f.messages.add(r.error.message.replace(/(?<!\d)\d+ (ms|s)\b/, "N"));
        await sleep(retryOf(r));
      }
    }
  });
  await sleep(1000); // the flood in full swing
  const started = performance.now();
  f.rtts = await playGames(name);
  f.seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  for (const s of flooders) s.disconnect();
  return f;
}

describe("a flood of archive lists from one address", () => {
  it("keeps other players' moves fast (p90 under 50 ms), and tells the flooder when to come back", async () => {
    await seedArchive();
    // The list query is not trivially cheap: a few thousand finished games.
    const probe = await connectFrom("10.2.0.1");
    const t = performance.now();
    const page = (await call(probe, EV.list, { status: "finished" })) as RawAck;
    const listMs = performance.now() - t;
    expect(page.ok).toBe(true);
    expect(page.pages).toBeGreaterThan(10);
    probe.disconnect();

    const idle = await playGames("idle");

    // Identical lists (the flood), then every request a different page (no two share a query).
    const same = await floodWhilePlaying("same page", "10.9.9.9", () => 1);
    let next = 0;
    const every = await floodWhilePlaying("every page", "10.9.9.10", () => 1 + (next++ % page.pages));

    const row = (name: string, xs: number[]) =>
      `${name.padEnd(16)} p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms   p90 ${pct(xs, 90).toFixed(1).padStart(7)} ms   (${xs.length} moves)`;
    const tallyRow = (f: Flood) =>
      `${f.name}: ${FLOODERS} sockets from one address, ${f.ok} lists answered, ${f.refused} refused (${((f.ok + f.refused) / f.seconds).toFixed(0)} requests/s)`;
    console.log(
      [
        `move round trip, ${PAIRS} games of ${PLIES} plies; one finished-list query ${listMs.toFixed(1)} ms over ${FINISHED_GAMES} games`,
        row("idle", idle),
        row("flood, same page", same.rtts),
        row("flood, every page", every.rtts),
        tallyRow(same),
        tallyRow(every),
      ].join("\n"),
    );

    for (const f of [same, every]) {
      // Under 50 ms (issue #13); on a machine so busy that moves are slower than that with no flood
      // at all, no worse than twice the idle figure; and never less than one list query's time plus
      // the idle p90: the database answers on the event loop, so a move that arrives while a list
      // runs waits for it (on a loaded machine one query alone can pass 50 ms). Before the fix: p90
      // in the hundreds of ms, up to seconds.
      expect(pct(f.rtts, 90), f.name).toBeLessThan(Math.max(50, 2 * pct(idle, 90), listMs + pct(idle, 90)));
      // The flooder was told to wait, with the time in the error and in the message.
      expect(f.refused, f.name).toBeGreaterThan(0);
      expect(f.retryMs.every((ms) => ms >= 0 && ms <= 3000)).toBe(true);
      expect([...f.messages]).toContain("Too many requests: slow down (try again in N).");
    }
  }, 120_000);
});

describe("the list cache", () => {
  it("runs one query for identical concurrent lists, keeps the answer for its TTL, and forgets it on a status change", async () => {
    const games = new GameService({ db: env.srv.db });
    let clock = 1_000_000;
    const lists = createListCache(games, { now: () => clock });
    const same = await Promise.all(Array.from({ length: 50 }, () => lists.list({ status: "finished" })));
    expect(lists.stats).toEqual({ queries: 1, shared: 49 });
    expect(new Set(same).size).toBe(1);
    // Another page is another query; the same one within its TTL is not.
    await lists.list({ status: "finished", page: 2 });
    clock += 1500;
    await lists.list({ status: "finished" });
    expect(lists.stats.queries).toBe(2);
    // Past the TTL: asked again.
    clock += 1000;
    await lists.list({ status: "finished" });
    expect(lists.stats.queries).toBe(3);
    // A game changing status (no move given) forgets every answer; a plain move does not.
    games.emit("changed", "g1", { ply: 3 });
    await lists.list({ status: "finished" });
    expect(lists.stats.queries).toBe(3);
    games.emit("changed", "g1");
    await lists.list({ status: "finished" });
    expect(lists.stats.queries).toBe(4);
    lists.close();
  });
});
