// The lobby shared fairly (issue 25: "17 guests from one address post 51 challenges in 1.6 s: the
// 50-line lobby hides everyone else's challenge"), over a real server with real sockets from
// addresses of their own (./from-address): open challenges are capped per address besides per
// player, and the list takes one network's challenge after another's, so a challenge posted
// before a flood from another network stays on it.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, guestSession, useServer, type Client } from "./helpers";
import { connectFrom } from "./from-address";

const env = useServer({ fairness: { challengesPerAddress: 10 } });
const casual = { size: 15, rule: "freestyle", rated: false } as const;

/** `n` guests, each with a socket from `address(i)`. */
async function guests(n: number, address: (i: number) => string): Promise<Client[]> {
  const out: Client[] = [];
  for (let i = 0; i < n; i++) out.push(await connectFrom(env.srv.url, address(i), (await guestSession(env.srv.url)).cookie));
  return out;
}

describe("lobby fairness", () => {
  it("17 guests of one address: 10 open challenges at most from it, the rest refused with LIMIT and a sentence", async () => {
    const flood = await guests(17, () => "127.0.7.1");
    const answers = [];
    for (const s of flood) for (let k = 0; k < 3; k++) answers.push(await call(s, EV.challengeCreate, casual));
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(41);
    for (const r of refused)
      expect(r.error).toEqual({
        code: "LIMIT",
        message: expect.stringMatching(/^Your address has 10 open challenges already \(at most 10\)/),
        // The reason and its figures: the page words it in the reader's language (lib/client/error-text).
        reason: "addressChallenges",
        params: { n: 10, max: 10 },
      });
    // Withdrawing one frees a place for the address.
    const mine = answers.find((a) => a.ok)!;
    const author = flood[(answers.indexOf(mine) / 3) >> 0];
    expect(await call(author, EV.challengeWithdraw, { id: mine.challenge.id })).toEqual({ ok: true });
    expect((await call(flood[16], EV.challengeCreate, casual)).ok).toBe(true);
    for (const s of flood) s.disconnect();
  });

  it("51 challenges from one /24 after someone else's: the list still shows the earlier one", async () => {
    const [honest] = await guests(1, () => "127.0.6.1");
    const theirs = await call(honest, EV.challengeCreate, casual);
    expect(theirs.ok).toBe(true);
    // 17 guests on six addresses of 127.0.5.0/24: 51 challenges, within every cap (3 a guest, 9 an address).
    const flood = await guests(17, (i) => `127.0.5.${(i % 6) + 1}`);
    for (const s of flood) for (let k = 0; k < 3; k++) expect((await call(s, EV.challengeCreate, casual)).ok).toBe(true);
    const watcher = await connectFrom(env.srv.url, "127.0.8.1", (await guestSession(env.srv.url)).cookie);
    const { lobby } = await call(watcher, EV.lobbyWatch, { watch: true });
    expect(lobby.challenges).toHaveLength(50);
    expect(lobby.challenges.map((c) => c.id)).toContain(theirs.challenge.id);
    // Interleaved: the flood's newest first, then the honest one (the other network's turn), then the flood again.
    expect(lobby.challenges.findIndex((c) => c.id === theirs.challenge.id)).toBe(1);
    for (const s of [honest, ...flood, watcher]) s.disconnect();
  });
});
