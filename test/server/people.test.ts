// People over the real server (issue 28): player search, follows with who is online and playing,
// challenges by name (live to the receiver, accepted or declined with one click), and the hostile
// input each must refuse with a code and a sentence: challenge spam to one player (capped per sender
// and per receiver), follow spam, a challenge across a block, an accept of a challenge addressed to
// someone else, forged names.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { block, MAX_BLOCKS } from "../../lib/server/moderation/blocks";
import { PENDING_PER_RECEIVER, PENDING_PER_SENDER, RECEIVED_PER_HOUR, SENT_PER_HOUR } from "../../lib/server/social/direct-challenges";
import { call, callRaw, connectAs, guestSession, useServer, waitFor } from "./helpers";

// Rate limits off: the caps under test are the features' own, not the event budget's.
const env = useServer({ limits: { ...DEFAULT_LIMITS, enabled: false }, pairEveryMs: 3_600_000 });
const person = async () => {
  const s = await guestSession(env.srv.url);
  const socket = await connectAs(env.srv.url, s.cookie);
  return { ...s, socket };
};
const casual = { size: 15, rule: "freestyle", clock: { initialMs: 300_000, incrementMs: 3_000 }, rated: false, color: "black" } as const;

describe("player search", () => {
  it("finds names by prefix in any case, at most 10; a forged prefix is refused", async () => {
    const a = await person();
    const found = await call(a.socket, EV.playersSearch, { prefix: a.me.name.slice(0, 4).toUpperCase() });
    expect(found.ok).toBe(true);
    expect(found.players.map((p) => p.name)).toContain(a.me.name);
    expect(found.players.length).toBeLessThanOrEqual(10);
    for (const prefix of ["", "%", "a%b", "<script>", "x".repeat(21)])
      expect(await callRaw(a.socket, EV.playersSearch, { prefix })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD", message: expect.any(String) } });
    a.socket.disconnect();
  });
});

describe("follows", () => {
  it("follow → the friend shows online, then playing (a game to watch); unfollow; forged names refused", async () => {
    const [me, friend, other] = [await person(), await person(), await person()];
    expect(await call(me.socket, EV.followSet, { name: friend.me.name.toUpperCase(), follow: true })).toEqual({ ok: true, name: friend.me.name });
    expect(await call(me.socket, EV.followStatus, { name: friend.me.name })).toEqual({ ok: true, following: true });
    let list = await call(me.socket, EV.followList, {});
    expect(list.players).toEqual([{ name: friend.me.name, online: true, playing: null }]);
    // Playing: a game between the friend and someone else.
    const sent = await call(friend.socket, EV.directCreate, { ...casual, name: other.me.name });
    const { gameId } = await call(other.socket, EV.directAnswer, { id: sent.challenge.id, accept: true });
    await call(friend.socket, EV.join, { gameId: gameId! });
    list = await call(me.socket, EV.followList, {});
    expect(list.players[0]).toEqual({ name: friend.me.name, online: true, playing: gameId });
    friend.socket.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    list = await call(me.socket, EV.followList, {});
    expect(list.players[0]).toMatchObject({ online: false, playing: null });
    expect(await call(me.socket, EV.followSet, { name: friend.me.name, follow: false })).toMatchObject({ ok: true });
    expect((await call(me.socket, EV.followList, {})).players).toEqual([]);
    // Forged: yourself, nobody, not a name at all.
    expect(await call(me.socket, EV.followSet, { name: me.me.name, follow: true })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(me.socket, EV.followSet, { name: "nobody-has-this", follow: true })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await callRaw(me.socket, EV.followSet, { name: "../../admin", follow: true })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    for (const s of [me, other]) s.socket.disconnect();
  });

  it("follow spam: at most 100 follows and unfollows a day; a blocked player cannot be followed", async () => {
    const [me, target, blocker] = [await person(), await person(), await person()];
    let refused = null;
    for (let i = 0; i < 101 && !refused; i++) {
      const r = await call(me.socket, EV.followSet, { name: target.me.name, follow: i % 2 === 0 });
      if (!r.ok) refused = { i, error: r.error };
    }
    expect(refused).toMatchObject({ i: 100, error: { code: "LIMIT", message: expect.stringMatching(/today/), reason: "followDay", params: { max: 100 } } });
    // A follow made before a block is hidden from the list once blocked.
    expect(await call(target.socket, EV.followSet, { name: me.me.name, follow: true })).toMatchObject({ ok: true });
    await block(env.srv.db, me.me.id, target.me.id);
    expect((await call(target.socket, EV.followList, {})).players).toEqual([]);
    await block(env.srv.db, blocker.me.id, target.me.id);
    expect(await call(target.socket, EV.followSet, { name: blocker.me.name, follow: true })).toMatchObject({
      ok: false,
      error: { code: "BLOCKED", message: expect.any(String) },
    });
    for (const s of [me, target, blocker]) s.socket.disconnect();
  });
});

describe("the blocked list (/account)", () => {
  it("lists only my blocks by name, unblocks, refuses forged names and a block past the cap with its reason", async () => {
    const [me, x, y] = [await person(), await person(), await person()];
    expect(await call(me.socket, EV.blockList, {})).toEqual({ ok: true, blocked: [] });
    expect(await call(me.socket, EV.blockSet, { name: x.me.name.toLowerCase(), blocked: true })).toMatchObject({ ok: true, blocked: [x.me.name] });
    // Someone who blocks me is not in my list, nor am I told of it.
    await block(env.srv.db, y.me.id, me.me.id);
    expect(await call(me.socket, EV.blockList, {})).toEqual({ ok: true, blocked: [x.me.name] });
    expect(await call(x.socket, EV.blockList, {})).toEqual({ ok: true, blocked: [] });
    expect(await call(me.socket, EV.blockSet, { name: x.me.name, blocked: false })).toMatchObject({ ok: true, blocked: [] });
    // Unblocking someone not blocked changes nothing; forged names are refused.
    expect(await call(me.socket, EV.blockSet, { name: y.me.name, blocked: false })).toMatchObject({ ok: true, blocked: [] });
    expect(await call(me.socket, EV.blockSet, { name: "nobody-has-this", blocked: true })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND", reason: "noPlayer", params: { name: "nobody-has-this" } },
    });
    expect(await call(me.socket, EV.blockSet, { name: "<img src=x>", blocked: true })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    for (const name of ["", "   ", "x".repeat(41), 42])
      expect(await callRaw(me.socket, EV.blockSet, { name, blocked: true })).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    // At the cap (rows made directly: MAX_BLOCKS players would be slow to make), one more is refused.
    await env.srv.db.block.createMany({ data: Array.from({ length: MAX_BLOCKS }, (_, i) => ({ blockerId: me.me.id, blockedId: `ghost-${i}` })) });
    expect(await call(me.socket, EV.blockSet, { name: x.me.name, blocked: true })).toMatchObject({
      ok: false,
      error: { code: "LIMIT", reason: "blocksMax", params: { n: MAX_BLOCKS } },
    });
    for (const s of [me, x, y]) s.socket.disconnect();
  });
});

describe("challenges by name", () => {
  it("the receiver hears it live and declines with one click: the sender hears the decline; accepted, both go to the game", async () => {
    const [alice, bob] = [await person(), await person()];
    const from = bob.socket.events.length;
    const sent = await call(alice.socket, EV.directCreate, { ...casual, name: bob.me.name });
    expect(sent).toMatchObject({ ok: true, challenge: { from: alice.me.name, to: bob.me.name, size: 15, color: "black" } });
    const heard = await waitFor(bob.socket, EV.directIncoming, (c: any) => c.id === sent.challenge.id, 5000, from);
    expect(heard.from).toBe(alice.me.name);
    expect((await call(bob.socket, EV.directInbox, {})).incoming.map((c) => c.id)).toEqual([sent.challenge.id]);
    expect(await call(bob.socket, EV.directAnswer, { id: sent.challenge.id, accept: false })).toEqual({ ok: true, gameId: null });
    expect(await waitFor(alice.socket, EV.directAnswered, (e: any) => e.id === sent.challenge.id)).toMatchObject({ outcome: "declined", by: bob.me.name });
    // Answered once: a second answer is refused.
    expect(await call(bob.socket, EV.directAnswer, { id: sent.challenge.id, accept: true })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });

    const again = await call(alice.socket, EV.directCreate, { ...casual, name: bob.me.name });
    const accepted = await call(bob.socket, EV.directAnswer, { id: again.challenge.id, accept: true });
    expect(accepted.gameId).toEqual(expect.any(String));
    expect(await waitFor(alice.socket, EV.started, (e: any) => e.gameId === accepted.gameId)).toMatchObject({ via: "challenge" });
    expect(await call(alice.socket, EV.join, { gameId: accepted.gameId! })).toMatchObject({ ok: true, color: 1, state: { status: "playing" } });
    for (const s of [alice, bob]) s.socket.disconnect();
  });

  it("spam to one player is capped per sender and per receiver; a repeat to the same player is refused", async () => {
    const target = await person();
    const sender = await person();
    expect((await call(sender.socket, EV.directCreate, { ...casual, name: target.me.name })).ok).toBe(true);
    expect(await call(sender.socket, EV.directCreate, { ...casual, name: target.me.name })).toMatchObject({
      ok: false,
      error: { code: "LIMIT", message: expect.stringMatching(/already/), reason: "directAgain", params: { name: target.me.name } },
    });
    // Per sender: PENDING_PER_SENDER waiting at once.
    const others = [];
    for (let i = 0; i < PENDING_PER_SENDER; i++) others.push(await person());
    const results = [];
    for (const o of others) results.push(await call(sender.socket, EV.directCreate, { ...casual, name: o.me.name }));
    expect(results.filter((r) => r.ok)).toHaveLength(PENDING_PER_SENDER - 1);
    expect(results.at(-1)).toMatchObject({
      ok: false,
      error: {
        code: "LIMIT",
        message: expect.stringMatching(/waiting for an answer/),
        reason: "directPending",
        params: { n: PENDING_PER_SENDER, max: PENDING_PER_SENDER },
      },
    });
    // Per receiver: PENDING_PER_RECEIVER waiting for one player, from anyone.
    const flood = [];
    for (let i = 0; i < PENDING_PER_RECEIVER; i++) {
      const p = await person();
      flood.push(await call(p.socket, EV.directCreate, { ...casual, name: target.me.name }));
      p.socket.disconnect();
    }
    expect(flood.filter((r) => r.ok)).toHaveLength(PENDING_PER_RECEIVER - 1);
    expect(flood.at(-1)).toMatchObject({
      ok: false,
      error: { code: "LIMIT", message: expect.stringMatching(/waiting already/), reason: "receiverPending", params: { name: target.me.name } },
    });
    for (const s of [target, sender, ...others]) s.socket.disconnect();
  });

  it("per hour: a sender who cancels and sends again is capped, and so is a receiver sent to by several", async () => {
    const [sender, target, other] = [await person(), await person(), await person()];
    const sendAndCancel = async (from: typeof sender, to: string) => {
      const r = await call(from.socket, EV.directCreate, { ...casual, name: to });
      if (r.ok) expect(await call(from.socket, EV.directCancel, { id: r.challenge.id })).toEqual({ ok: true });
      return r;
    };
    for (let i = 0; i < SENT_PER_HOUR; i++) expect((await sendAndCancel(sender, target.me.name)).ok).toBe(true);
    expect(await sendAndCancel(sender, other.me.name)).toMatchObject({
      ok: false,
      error: { code: "LIMIT", message: expect.stringMatching(/within the hour/), reason: "directHour", params: { n: SENT_PER_HOUR, max: SENT_PER_HOUR } },
    });
    // The target has had SENT_PER_HOUR; others bring it to RECEIVED_PER_HOUR, then one more is refused.
    const more = await person();
    for (let i = SENT_PER_HOUR; i < RECEIVED_PER_HOUR; i++) expect((await sendAndCancel(more, target.me.name)).ok).toBe(true);
    expect(await sendAndCancel(other, target.me.name)).toMatchObject({
      ok: false,
      error: { code: "LIMIT", message: expect.stringMatching(/received .* within the hour/), reason: "receiverHour" },
    });
    for (const s of [sender, target, other, more]) s.socket.disconnect();
  });

  it("a blocked player's challenge is refused and never arrives; an accept of someone else's challenge, forged ids and names are refused", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await block(env.srv.db, b.me.id, a.me.id);
    const from = b.socket.events.length;
    expect(await call(a.socket, EV.directCreate, { ...casual, name: b.me.name })).toMatchObject({
      ok: false,
      error: { code: "BLOCKED", message: "You cannot challenge this player.", reason: "directBlocked" },
    });
    expect(b.socket.events.slice(from).filter((e) => e.event === EV.directIncoming)).toEqual([]);

    const sent = await call(a.socket, EV.directCreate, { ...casual, name: c.me.name });
    expect(await call(b.socket, EV.directAnswer, { id: sent.challenge.id, accept: true })).toMatchObject({
      ok: false,
      error: { code: "NOT_ALLOWED", message: "That challenge is not addressed to you." },
    });
    expect(await call(a.socket, EV.directAnswer, { id: sent.challenge.id, accept: true })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(b.socket, EV.directCancel, { id: sent.challenge.id })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await call(b.socket, EV.directAnswer, { id: "no-such-challenge", accept: true })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await call(a.socket, EV.directCreate, { ...casual, name: a.me.name })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(a.socket, EV.directCreate, { ...casual, name: "ghost-player" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    for (const bad of [
      { ...casual, name: "<img src=x>" },
      { ...casual, name: b.me.name, corrDays: 4, clock: null },
      { ...casual, name: b.me.name, corrDays: 3 },
      { ...casual, name: b.me.name, clock: null, rated: true },
      { ...casual, name: b.me.name, clock: null, corrDays: 3, swap2: true },
      { ...casual, name: b.me.name, size: 99 },
    ])
      expect(await callRaw(a.socket, EV.directCreate, bad)).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD", message: expect.any(String) } });
    for (const s of [a, b, c]) s.socket.disconnect();
  });

  it("without a session: refused with NOT_SIGNED_IN", async () => {
    const anon = await env.client();
    expect(await call(anon, EV.directCreate, { ...casual, name: "someone" })).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });
    expect(await call(anon, EV.followList, {})).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });
  });
});
