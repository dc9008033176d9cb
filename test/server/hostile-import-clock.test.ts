// Issue 25's row "the same against a rated 10 s game: the attacker moved, then sent the 4 KB file;
// the victim's move, sent 1 s into their clock, got GAME_OVER 19.5 s later: lost on time, rated".
// Now the file is read off the event loop (lib/server/imports) and a stall would not be charged anyway
// (lib/server/games/stalls): the victim's move stands, charged about the second it took.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { call, connectAs, guestSession, sleep, useServer, waitFor } from "./helpers";

const env = useServer({ importsPerHour: 0, limits: { ...DEFAULT_LIMITS, enabled: false } });

/** The 4 KB PSQ: blank runs that a backtracking expression took 15.6 s over. */
const HOSTILE_PSQ = `Piskvorky 15x15, 11:11, 0\n1${" ".repeat(2030)}1${" ".repeat(2030)}x\n`;

describe("a hostile import during a rated 10 s game", () => {
  it("the victim's move, sent 1 s into their clock while the attacker's files are read, stands and is charged about 1 s", async () => {
    const url = env.srv.url;
    const [attacker, victim] = [await guestSession(url), await guestSession(url)];
    const a = await connectAs(url, attacker.cookie);
    const v = await connectAs(url, victim.cookie);
    const posted = await call(a, EV.challengeCreate, {
      size: 15,
      rule: "freestyle",
      clock: { initialMs: 10_000, incrementMs: 0 },
      rated: true,
      color: "black",
    });
    expect(posted.ok, JSON.stringify(posted.error)).toBe(true);
    const { gameId } = await call(v, EV.challengeAccept, { id: posted.challenge.id });
    for (const s of [a, v]) expect(await call(s, EV.join, { gameId })).toMatchObject({ ok: true });
    expect(await call(a, EV.move, { gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    expect(await call(v, EV.move, { gameId, ply: 2, x: 8, y: 8 })).toEqual({ ok: true });
    expect(await call(a, EV.move, { gameId, ply: 3, x: 7, y: 8 })).toEqual({ ok: true });
    // The victim's clock runs; the attacker sends the file, five times over.
    const imports = Array.from({ length: 5 }, () =>
      fetch(`${url}/api/import`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: attacker.cookie },
        body: JSON.stringify({ text: HOSTILE_PSQ }),
      }),
    );
    await sleep(1_000);
    expect(await call(v, EV.move, { gameId, ply: 4, x: 8, y: 9 })).toEqual({ ok: true }); // was GAME_OVER
    const moved = await waitFor(a, EV.moved, (e: any) => e.gameId === gameId && e.move.ply === 4);
    expect(moved.status).toBe("playing");
    expect(moved.move.timeMs).toBeLessThan(2_000);
    for (const r of await Promise.all(imports)) expect(r.status).toBeLessThan(500);
    a.disconnect();
    v.disconnect();
  });
});
