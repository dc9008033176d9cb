// Whom you follow, pushed (lib/server/realtime/follow-notices): a page that asked EV.followWatch is told
// EV.followChanged when a player it follows comes, goes or sits down to play — only those who follow
// them, once per burst (a flood of tabs is one notice per window), and never across a block.
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { block } from "../../lib/server/moderation/blocks";
import { FOLLOW_NOTICE_MS } from "../../lib/server/realtime/follow-notices";
import { call, callRaw, connect, connectAs, guestSession, sleep, useServer, waitFor, type Client } from "./helpers";

const env = useServer({ limits: { ...DEFAULT_LIMITS, enabled: false }, pairEveryMs: 3_600_000 });
const person = async () => {
  const s = await guestSession(env.srv.url);
  return { ...s, socket: await connectAs(env.srv.url, s.cookie) };
};
const notices = (c: Client) => c.events.filter((e) => e.event === EV.followChanged).length;
const casual = { size: 15, rule: "freestyle", clock: { initialMs: 300_000, incrementMs: 3_000 }, rated: false, color: "black" } as const;

describe("following, pushed", () => {
  it("a follower's page hears its friend come, sit down to play and go; a stranger hears nothing; a burst is one notice a window", async () => {
    const [me, friend, other, stranger] = [await person(), await person(), await person(), await person()];
    await call(me.socket, EV.followSet, { name: friend.me.name, follow: true });
    expect(await call(me.socket, EV.followWatch, {})).toEqual({ ok: true, count: 1 });
    expect(await call(stranger.socket, EV.followWatch, {})).toEqual({ ok: true, count: 0 });

    // Comes: another tab of the friend's.
    let from = me.socket.events.length;
    const tab = await connectAs(env.srv.url, friend.cookie);
    await waitFor(me.socket, EV.followChanged, () => true, 5000, from);

    // Sits down to play: a challenge accepted, then the friend's page joins its seat.
    from = me.socket.events.length;
    const sent = await call(friend.socket, EV.directCreate, { ...casual, name: other.me.name });
    const { gameId } = await call(other.socket, EV.directAnswer, { id: sent.challenge.id, accept: true });
    await call(friend.socket, EV.join, { gameId: gameId! });
    await waitFor(me.socket, EV.followChanged, () => true, 5000, from);
    await sleep(FOLLOW_NOTICE_MS + 100); // the last seat's notice, if it was a window of its own
    expect((await call(me.socket, EV.followList, {})).players[0]).toEqual({ name: friend.me.name, online: true, playing: gameId });

    // A burst of 15 tabs: at most one notice a window of FOLLOW_NOTICE_MS while they open, and one after.
    await sleep(FOLLOW_NOTICE_MS + 100);
    const before = notices(me.socket);
    const t0 = Date.now();
    const tabs = await Promise.all(Array.from({ length: 15 }, () => connectAs(env.srv.url, friend.cookie)));
    await sleep(FOLLOW_NOTICE_MS + 200);
    const windows = Math.ceil((Date.now() - t0) / FOLLOW_NOTICE_MS);
    expect(notices(me.socket) - before).toBeGreaterThanOrEqual(1);
    expect(notices(me.socket) - before).toBeLessThanOrEqual(windows);

    // Goes.
    from = me.socket.events.length;
    for (const s of [tab, ...tabs, friend.socket]) s.disconnect();
    await waitFor(me.socket, EV.followChanged, () => true, 5000, from);
    expect(notices(stranger.socket)).toBe(0);
    for (const s of [me, other, stranger]) s.socket.disconnect();
  });

  it("a block since the follow stops the notices (asked again); a socket without a session is refused with a code", async () => {
    const [me, friend] = [await person(), await person()];
    await call(me.socket, EV.followSet, { name: friend.me.name, follow: true });
    expect(await call(me.socket, EV.followWatch, {})).toEqual({ ok: true, count: 1 });
    await block(env.srv.db, friend.me.id, me.me.id);
    expect(await call(me.socket, EV.followWatch, {})).toEqual({ ok: true, count: 0 });
    const from = me.socket.events.length;
    const tab = await connectAs(env.srv.url, friend.cookie);
    await sleep(FOLLOW_NOTICE_MS * 3);
    expect(me.socket.events.slice(from).filter((e) => e.event === EV.followChanged)).toEqual([]);
    const anonymous = await connect(env.srv.url);
    expect(await callRaw(anonymous, EV.followWatch, {})).toMatchObject({ ok: false, error: { code: expect.any(String), message: expect.any(String) } });
    for (const s of [me.socket, friend.socket, tab, anonymous]) s.disconnect();
  });
});
