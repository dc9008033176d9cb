// The lobby over the real server: open challenges (post, list live, accept once, withdraw, gone
// with their socket) and quick pairing (paired by rating into a rated game, one pool at a time).
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { call, callRaw, connectAs, guestSession, sleep, useServer, waitFor, type Client } from "./helpers";

const env = useServer({ pairEveryMs: 50 });
const url = () => env.srv.url;
const person = async () => {
  const s = await guestSession(url());
  const socket = await connectAs(url(), s.cookie);
  return { ...s, socket };
};
const blitz = { initialMs: 180_000, incrementMs: 2_000 };

describe("open challenges", () => {
  it("a challenge is listed live, the author cannot take it, a stranger accepts with one click and both are sent to the rated game", async () => {
    const alice = await person();
    const bob = await person();
    const watch = await call(bob.socket, EV.lobbyWatch, {});
    expect(watch.ok).toBe(true);
    const before = bob.socket.events.length;
    const posted = await call(alice.socket, EV.challengeCreate, { size: 15, rule: "freestyle", clock: blitz, rated: true, color: "black" });
    expect(posted).toMatchObject({ ok: true, challenge: { author: { name: alice.me.name, rating: 1500, provisional: true }, rated: true, color: "black" } });
    const id = posted.challenge.id;
    const seen = await waitFor(bob.socket, EV.lobby, (l: any) => l.challenges.some((c: any) => c.id === id), 5000, before);
    expect(seen.challenges[0]).toMatchObject({ id, size: 15, rule: "freestyle", clock: blitz });
    expect(await call(alice.socket, EV.challengeAccept, { id })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    const accepted = await call(bob.socket, EV.challengeAccept, { id });
    expect(accepted.ok).toBe(true);
    const started = await waitFor(alice.socket, EV.started, (e: any) => e.gameId === accepted.gameId);
    expect(started.via).toBe("challenge");
    // Both play as who they are: no tokens needed; the author is black as asked.
    const aj = await call(alice.socket, EV.join, { gameId: accepted.gameId });
    const bj = await call(bob.socket, EV.join, { gameId: accepted.gameId });
    expect(aj).toMatchObject({ ok: true, color: 1 });
    expect(bj).toMatchObject({ ok: true, color: 2 });
    expect(aj.state).toMatchObject({
      status: "playing",
      rated: true,
      pool: "freestyle-15-blitz",
      black: { player: { name: alice.me.name } },
      white: { player: { name: bob.me.name } },
    });
    expect(await call(alice.socket, EV.move, { gameId: accepted.gameId, ply: 1, x: 7, y: 7 })).toEqual({ ok: true });
    // Gone from the lobby; a second accept finds nothing.
    await waitFor(bob.socket, EV.lobby, (l: any) => !l.challenges.some((c: any) => c.id === id), 5000);
    expect(await call(bob.socket, EV.challengeAccept, { id })).toMatchObject({ ok: false, error: { code: "SEAT_TAKEN" } });
    alice.socket.disconnect();
    bob.socket.disconnect();
  });

  it("two people accepting at once: one game, the other told someone was first", async () => {
    const author = await person();
    const [x, y] = [await person(), await person()];
    const { challenge } = await call(author.socket, EV.challengeCreate, { size: 15, rule: "freestyle", rated: false, color: "random" });
    const replies = await Promise.all([call(x.socket, EV.challengeAccept, { id: challenge.id }), call(y.socket, EV.challengeAccept, { id: challenge.id })]);
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)!.error.code).toBe("SEAT_TAKEN");
    const games = await env.srv.db.game.count({ where: { OR: [{ blackPlayerId: author.me.id }, { whitePlayerId: author.me.id }] } });
    expect(games).toBe(1);
    for (const p of [author, x, y]) p.socket.disconnect();
  });

  it("withdrawn by its author (only), and gone when the author's socket leaves; limits and bad input get a code and a sentence", async () => {
    const a = await person();
    const b = await person();
    const one = await call(a.socket, EV.challengeCreate, { size: 15, rule: "exact5", rated: false });
    expect(await call(b.socket, EV.challengeWithdraw, { id: one.challenge.id })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await call(a.socket, EV.challengeWithdraw, { id: one.challenge.id })).toEqual({ ok: true });
    expect(await call(b.socket, EV.challengeAccept, { id: one.challenge.id })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });

    // Rated needs a clock; three open at most.
    expect(await callRaw(a.socket, EV.challengeCreate, { size: 15, rule: "freestyle", rated: true })).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    for (let i = 0; i < 3; i++) expect((await call(a.socket, EV.challengeCreate, { size: 15, rule: "freestyle" })).ok).toBe(true);
    expect(await call(a.socket, EV.challengeCreate, { size: 15, rule: "freestyle" })).toMatchObject({ ok: false, error: { code: "LIMIT" } });
    for (const bad of [
      { size: 15 },
      { size: 99, rule: "freestyle" },
      { size: 15, rule: "freestyle", color: "green" },
      { size: 15, rule: "freestyle", extra: 1 },
      "x",
      null,
    ])
      expect((await callRaw(a.socket, EV.challengeCreate, bad)).error?.code, JSON.stringify(bad)).toBe("BAD_PAYLOAD");
    expect((await callRaw(b.socket, EV.challengeAccept, { id: "../../etc" })).error.code).toBe("BAD_PAYLOAD");

    // An anonymous socket (no session): a clear refusal, nothing written.
    const anon = await env.client();
    expect(await call(anon, EV.challengeCreate, { size: 15, rule: "freestyle" })).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });
    expect(await call(anon, EV.pairingJoin, { pool: "15-freestyle-3+2" })).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });

    // The author leaves: their open challenges go.
    expect((await call(b.socket, EV.lobbyWatch, {})).lobby.challenges.filter((c) => c.author.name === a.me.name)).toHaveLength(3);
    a.socket.disconnect();
    await waitFor(b.socket, EV.lobby, (l: any) => !l.challenges.some((c: any) => c.author.name === a.me.name), 5000);
    b.socket.disconnect();
  });
});

describe("quick pairing", () => {
  const pool = "15-freestyle-3+2";

  it("two waiting players of close rating are paired into a rated game and sent to it; nobody waits in two pools", async () => {
    const a = await person();
    const b = await person();
    const joined = await call(a.socket, EV.pairingJoin, { pool });
    expect(joined).toMatchObject({ ok: true, pool });
    expect(await call(a.socket, EV.pairingJoin, { pool: "19-freestyle-10+5" })).toMatchObject({ ok: false, error: { code: "LIMIT" } });
    expect((await call(a.socket, EV.lobbyWatch, {})).seeking).toBe(pool);
    expect((await call(b.socket, EV.pairingJoin, { pool })).ok).toBe(true);
    const [sa, sb] = await Promise.all([waitFor(a.socket, EV.started), waitFor(b.socket, EV.started)]);
    expect(sa.gameId).toBe(sb.gameId);
    expect(sa.via).toBe("pairing");
    const st = await call(a.socket, EV.join, { gameId: sa.gameId });
    expect(st.state).toMatchObject({ rated: true, pool: "freestyle-15-blitz", size: 15, clock: { settings: { initialMs: 180_000, incrementMs: 2_000 } } });
    expect([st.color, (await call(b.socket, EV.join, { gameId: sa.gameId })).color].sort()).toEqual([1, 2]);
    // Out of the pool once paired: free to wait again.
    expect((await call(a.socket, EV.lobbyWatch, {})).seeking).toBeNull();
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it("the renju swap2 pool pairs into a rated renju game that opens with swap2: black places, nobody has moved yet", async () => {
    const a = await person();
    const b = await person();
    const swap2Pool = "15-renju-swap2-5+3";
    for (const p of [a, b]) expect(await call(p.socket, EV.pairingJoin, { pool: swap2Pool })).toMatchObject({ ok: true, pool: swap2Pool });
    const [sa] = await Promise.all([waitFor(a.socket, EV.started), waitFor(b.socket, EV.started)]);
    const st = await call(a.socket, EV.join, { gameId: sa.gameId });
    expect(st.state).toMatchObject({ rated: true, pool: "renju-15-blitz", rule: "renju", size: 15, swap2: {}, moves: [] });
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it("ratings far apart are not paired; leaving and disconnecting take you out of the pool", async () => {
    const strong = await person();
    const weak = await person();
    await env.srv.db.rating.create({ data: { playerId: strong.me.id, pool: "freestyle-15-blitz", rating: 2300, rd: 60, vol: 0.06, games: 40 } });
    await call(strong.socket, EV.pairingJoin, { pool });
    await call(weak.socket, EV.pairingJoin, { pool });
    await sleep(800);
    expect(strong.socket.events.some((e) => e.event === EV.started)).toBe(false);
    expect(await env.srv.db.seek.count({ where: { playerId: { in: [strong.me.id, weak.me.id] } } })).toBe(2);
    expect(await call(strong.socket, EV.pairingLeave, {})).toEqual({ ok: true });
    weak.socket.disconnect();
    await sleep(300);
    expect(await env.srv.db.seek.count({ where: { playerId: { in: [strong.me.id, weak.me.id] } } })).toBe(0);
    expect(await call(strong.socket, EV.pairingJoin, { pool: "no-such-pool" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    strong.socket.disconnect();
  });

  it("forty players in one pool: every one paired once, nobody in two games", async () => {
    const people: Array<{ me: { id: string }; socket: Client }> = [];
    for (let i = 0; i < 40; i++) people.push(await person());
    await Promise.all(people.map((p) => call(p.socket, EV.pairingJoin, { pool: "15-exact5-5+3" })));
    const games = await Promise.all(people.map((p) => waitFor(p.socket, EV.started, () => true, 10_000).then((e: any) => e.gameId as string)));
    const perGame = new Map<string, number>();
    for (const g of games) perGame.set(g, (perGame.get(g) ?? 0) + 1);
    expect(perGame.size).toBe(20);
    expect([...perGame.values()].every((n) => n === 2)).toBe(true);
    for (const p of people) p.socket.disconnect();
  });
});
