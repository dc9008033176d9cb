// Game chat across two server processes sharing PostgreSQL and Redis (issue 28): a message sent
// through node A reaches the other player on node B (the adapter carries it as it carries moves),
// the spectators' chat reaches spectators on both nodes and no player, a player's message allowance
// is shared by both nodes (Redis), and a site-wide mute set through one node holds on the other.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { CHAT_MESSAGES_PER_WINDOW } from "../../lib/server/limits/chat";
import { call, connectAs, guestSession, postApi, waitFor, type Client } from "../server/helpers";
import { REDIS_TEST_URL, flushRedisPrefix, killAll, sharedNodeEnv, sleep, startNode, tempPostgres, type NodeProc } from "./helpers";

const TOKEN = "operator-token-for-scaleout";
const prefix = `gomoku_test_${randomBytes(4).toString("hex")}`;
let pgdb: Awaited<ReturnType<typeof tempPostgres>>;
let a: NodeProc;
let b: NodeProc;
const sockets: Client[] = [];

beforeAll(async () => {
  pgdb = await tempPostgres();
  const env = (id: string) => ({ ...sharedNodeEnv(pgdb.url, prefix, id), OPERATOR_TOKEN: TOKEN });
  [a, b] = await Promise.all([startNode(env("A")), startNode(env("B"))]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await killAll();
  await pgdb?.drop();
  await flushRedisPrefix(REDIS_TEST_URL, prefix);
});

/** A guest (made through node `via`) with a socket on `node`. */
async function person(node: NodeProc) {
  const s = await guestSession(node.url);
  const socket = await connectAs(node.url, s.cookie);
  sockets.push(socket);
  return { ...s, socket };
}

describe("chat across two nodes", () => {
  it("players on different nodes chat; spectators on both nodes share theirs; the allowance and a mute hold on both nodes", async () => {
    const [alice, bob, carol, dave] = [await person(a), await person(b), await person(b), await person(a)];
    const { challenge } = await call(alice.socket, EV.challengeCreate, { size: 15, rule: "freestyle", color: "black" });
    const { gameId } = await call(bob.socket, EV.challengeAccept, { id: challenge.id });
    expect((await call(alice.socket, EV.join, { gameId })).color).toBe(1);
    expect((await call(bob.socket, EV.join, { gameId })).color).toBe(2);
    for (const s of [carol, dave]) expect((await call(s.socket, EV.join, { gameId })).color).toBeNull();

    expect((await call(alice.socket, EV.chatSend, { gameId, channel: "players", text: "hello from A" })).ok).toBe(true);
    await waitFor(bob.socket, EV.chat, (l: any) => l.text === "hello from A");
    expect((await call(carol.socket, EV.chatSend, { gameId, channel: "spectators", text: "watching from B" })).ok).toBe(true);
    await waitFor(dave.socket, EV.chat, (l: any) => l.text === "watching from B");
    await sleep(300);
    const texts = (s: Client) => s.events.filter((e) => e.event === EV.chat).map((e) => e.data.text);
    expect(texts(alice.socket)).toEqual(["hello from A"]);
    expect(texts(bob.socket)).toEqual(["hello from A"]);
    expect(texts(carol.socket)).toEqual(["watching from B"]);

    // Alice's allowance is one for both nodes: a second socket of hers on B is refused past it.
    const aliceOnB = await connectAs(b.url, alice.cookie);
    sockets.push(aliceOnB);
    await call(aliceOnB, EV.join, { gameId });
    const replies = [];
    for (let i = 0; i < CHAT_MESSAGES_PER_WINDOW; i++)
      replies.push(await call(i % 2 ? aliceOnB : alice.socket, EV.chatSend, { gameId, channel: "players", text: `m${i}` }));
    expect(replies.filter((r) => r.ok)).toHaveLength(CHAT_MESSAGES_PER_WINDOW - 1);
    expect(replies.find((r) => !r.ok)?.error.code).toBe("RATE_LIMITED");

    // A mute set through A's operator API holds for Bob's messages through B.
    const muted = await fetch(`${a.url}/api/mod/mute`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ name: bob.me.name, minutes: 5 }),
    });
    expect(muted.status).toBe(200);
    expect(await call(bob.socket, EV.chatSend, { gameId, channel: "players", text: "hi" })).toMatchObject({ ok: false, error: { code: "MUTED" } });
  });

  it("a tournament's chat: a line sent through A reaches the event's page on both nodes, and not a watcher on B who blocked its author", async () => {
    const [alice, bob, carol, dave] = [await person(a), await person(b), await person(b), await person(a)];
    const made = await postApi(
      a.url,
      "/api/tournaments",
      { kind: "arena", name: "Two-node chat", size: 15, rule: "freestyle", clock: "3+2", minutes: 30, startsInMinutes: 30 },
      alice.cookie,
    );
    expect(made.body, JSON.stringify(made.body)).toMatchObject({ ok: true });
    const id = made.body.id as string;
    for (const p of [alice, bob, carol, dave]) expect((await call(p.socket, EV.tournamentWatch, { id, watch: true })).ok).toBe(true);
    expect((await call(carol.socket, EV.blockSet, { name: alice.me.name, blocked: true })).ok).toBe(true);
    expect((await call(alice.socket, EV.chatSend, { gameId: id, channel: "tournament", text: "hello the event" })).ok).toBe(true);
    await waitFor(bob.socket, EV.chat, (l: any) => l.gameId === id && l.text === "hello the event");
    await waitFor(dave.socket, EV.chat, (l: any) => l.gameId === id && l.text === "hello the event");
    expect((await call(bob.socket, EV.chatSend, { gameId: id, channel: "tournament", text: "hello from B" })).ok).toBe(true);
    await waitFor(alice.socket, EV.chat, (l: any) => l.gameId === id && l.text === "hello from B");
    await waitFor(carol.socket, EV.chat, (l: any) => l.gameId === id && l.text === "hello from B");
    await sleep(300);
    expect(carol.socket.events.filter((e) => e.event === EV.chat && e.data.gameId === id).map((e) => e.data.text)).toEqual(["hello from B"]);
  });
});
