// Game chat, blocks, reports and the operator's API over the real server and real socket.io
// clients (issue 28): two chats per game kept apart, and every hostile input refused with a code
// and a sentence (a flood, 10 KB, HTML, a game you are not in, a forged game id, the other
// channel, a report flood, the operator's endpoints without the token).
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { CHAT_MESSAGES_PER_WINDOW } from "../../lib/server/limits/chat";
import { call, callRaw, connect, connectAs, guestSession, sleep, useServer, waitFor, type Client } from "./helpers";

const TOKEN = "operator-token-for-chat-tests";
const env = useServer({ pairEveryMs: 60_000, operatorToken: TOKEN });
const url = () => env.srv.url;
type Person = Awaited<ReturnType<typeof guestSession>> & { socket: Client };
const person = async (): Promise<Person> => {
  const s = await guestSession(url());
  return { ...s, socket: await connectAs(url(), s.cookie) };
};

/** A casual game between `a` (black) and `b`, both in its room; and a spectator in it. */
async function gameOf(a: Person, b: Person, watcher?: Person): Promise<string> {
  const { challenge } = await call(a.socket, EV.challengeCreate, { size: 15, rule: "freestyle", color: "black" });
  const { gameId } = await call(b.socket, EV.challengeAccept, { id: challenge.id });
  expect((await call(a.socket, EV.join, { gameId })).color).toBe(1);
  expect((await call(b.socket, EV.join, { gameId })).color).toBe(2);
  if (watcher) expect((await call(watcher.socket, EV.join, { gameId })).color).toBeNull();
  return gameId;
}

const say = (p: Person, gameId: string, text: string, channel: "players" | "spectators" = "players") => call(p.socket, EV.chatSend, { gameId, channel, text });
const linesOf = (p: Person, gameId: string) => p.socket.events.filter((e) => e.event === EV.chat && e.data.gameId === gameId).map((e) => e.data.text as string);
const operator = (path: string, init: RequestInit = {}, token: string | null = TOKEN) =>
  fetch(`${url()}${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as object) },
  });

describe("two chats per game", () => {
  it("the players' chat reaches both players and no spectator; the spectators' chat reaches spectators and no player; each kept with the game", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const gameId = await gameOf(alice, bob, carol);
    const sent = await say(alice, gameId, "good luck, have fun");
    expect(sent).toMatchObject({ ok: true, line: { channel: "players", author: alice.me.name, text: "good luck, have fun" } });
    await waitFor(bob.socket, EV.chat, (l: any) => l.text === "good luck, have fun");
    expect((await say(carol, gameId, "black is winning", "spectators")).ok).toBe(true);
    await waitFor(carol.socket, EV.chat, (l: any) => l.text === "black is winning");
    await sleep(200);
    expect(linesOf(carol, gameId)).toEqual(["black is winning"]);
    expect(linesOf(bob, gameId)).toEqual(["good luck, have fun"]);
    expect(linesOf(alice, gameId)).toEqual(["good luck, have fun"]);

    // Each to its own: a spectator cannot write or read the players' chat, a player not the spectators'.
    expect(await say(carol, gameId, "psst, play h8", "players")).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", message: /two players/ } });
    expect(await say(bob, gameId, "hello watchers", "spectators")).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", message: /spectators/ } });
    expect(await call(carol.socket, EV.chatHistory, { gameId, channel: "players" })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(alice.socket, EV.chatHistory, { gameId, channel: "spectators" })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    // Kept: the players read theirs again (the replay shows it to them), from a new socket too.
    const again = await connectAs(url(), bob.cookie);
    const kept = await call(again, EV.chatHistory, { gameId, channel: "players" });
    expect(kept.lines.map((l) => l.text)).toEqual(["good luck, have fun"]);
    again.disconnect();
    for (const p of [alice, bob, carol]) p.socket.disconnect();
  });

  it("HTML and script arrive as the same text (shown as text by the page), profanity is masked in English and Chinese, control characters become spaces", async () => {
    const [alice, bob] = [await person(), await person()];
    const gameId = await gameOf(alice, bob);
    const html = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    expect((await say(alice, gameId, html)).line.text).toBe(html);
    expect((await waitFor(bob.socket, EV.chat, (l: any) => l.text.includes("script"))).text).toBe(html);
    const rude = await say(alice, gameId, "you fucking idiot");
    expect(rude.line.text).not.toMatch(/fuck/i);
    expect((await say(alice, gameId, "他妈的 幹你娘")).line.text).toBe("*** ***");
    expect((await say(alice, gameId, "one\nline\u0007")).line.text).toBe("one line");
    for (const p of [alice, bob]) p.socket.disconnect();
  });
});

describe("hostile chat input: each refused with a code and a sentence", () => {
  it("a flood: past its allowance a player's messages are refused RATE_LIMITED, with when to try again", async () => {
    const [alice, bob] = [await person(), await person()];
    const gameId = await gameOf(alice, bob);
    const replies = [];
    for (let i = 0; i < CHAT_MESSAGES_PER_WINDOW + 5; i++) replies.push(await say(alice, gameId, `spam ${i}`));
    expect(replies.filter((r) => r.ok)).toHaveLength(CHAT_MESSAGES_PER_WINDOW);
    const refused = replies.find((r) => !r.ok)!;
    expect(refused.error).toMatchObject({ code: "RATE_LIMITED", message: /chat messages.*try again/ });
    expect(refused.error.retryMs).toBeGreaterThan(0);
    // Another socket of the same player shares the allowance.
    const second = await connectAs(url(), alice.cookie);
    await call(second, EV.join, { gameId });
    expect(await call(second, EV.chatSend, { gameId, channel: "players", text: "from my phone" })).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED" },
    });
    second.disconnect();
    expect(await env.srv.db.chatMessage.count({ where: { gameId } })).toBe(CHAT_MESSAGES_PER_WINDOW);
    for (const p of [alice, bob]) p.socket.disconnect();
  });

  it("10 KB, empty, and wrongly shaped messages: BAD_PAYLOAD; nothing stored", async () => {
    const [alice, bob] = [await person(), await person()];
    const gameId = await gameOf(alice, bob);
    for (const text of ["x".repeat(10_240), "x".repeat(141), "   ", ""]) {
      const r = await callRaw(alice.socket, EV.chatSend, { gameId, channel: "players", text });
      expect(r).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
      expect(r.error.message.length).toBeGreaterThan(10);
    }
    for (const bad of [
      { gameId, channel: "everyone", text: "hi" },
      { gameId, channel: "players" },
      { gameId, channel: "players", text: "hi", html: true },
      "hi",
      null,
    ])
      expect(await callRaw(alice.socket, EV.chatSend, bad)).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    expect(await callRaw(alice.socket, EV.chatSend, { gameId: "../../etc", channel: "players", text: "hi" })).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    expect(await env.srv.db.chatMessage.count({ where: { gameId } })).toBe(0);
    for (const p of [alice, bob]) p.socket.disconnect();
  });

  it("a game you are not in, a forged game id, and a socket without an identity", async () => {
    const [alice, bob, mallory] = [await person(), await person(), await person()];
    const gameId = await gameOf(alice, bob);
    // Not joined: refused before anything is read.
    expect(await say(mallory, gameId, "hi", "spectators")).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", message: /Open the game first/ } });
    expect(await say(mallory, gameId, "hi", "players")).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    // A game id nobody has: the join says NOT_FOUND, and chatting there stays refused.
    expect(await call(mallory.socket, EV.join, { gameId: "NoSuchGame123" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await say(mallory, "NoSuchGame123", "hi", "spectators")).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(mallory.socket, EV.chatHistory, { gameId: "NoSuchGame123", channel: "spectators" })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    // An anonymous socket may watch but not chat.
    const anon = await connect(url());
    await call(anon, EV.join, { gameId });
    expect(await call(anon, EV.chatSend, { gameId, channel: "spectators", text: "hi" })).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });
    anon.disconnect();
    expect(linesOf(alice, gameId)).toEqual([]);
    for (const p of [alice, bob, mallory]) p.socket.disconnect();
  });
});

describe("blocks", () => {
  it("a blocked player's messages do not arrive, their challenge cannot be accepted, and quick pairing never pairs the two", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const gameId = await gameOf(alice, bob);
    const blocked = await call(bob.socket, EV.blockSet, { name: alice.me.name.toUpperCase(), blocked: true });
    expect(blocked).toMatchObject({ ok: true, name: alice.me.name, blocked: [alice.me.name] });
    expect(await say(alice, gameId, "hey")).toMatchObject({ ok: false, error: { code: "BLOCKED", message: /blocked/ } });
    expect(await say(bob, gameId, "hey")).toMatchObject({ ok: false, error: { code: "BLOCKED" } });
    await sleep(200);
    expect(linesOf(bob, gameId)).toEqual([]);
    // Challenges: neither can accept the other's.
    const { challenge } = await call(alice.socket, EV.challengeCreate, { size: 15, rule: "freestyle" });
    expect(await call(bob.socket, EV.challengeAccept, { id: challenge.id })).toMatchObject({ ok: false, error: { code: "BLOCKED" } });
    expect((await call(carol.socket, EV.challengeAccept, { id: challenge.id })).ok).toBe(true);
    // Pairing: the two wait in one pool and are not paired; a third is paired with one of them.
    expect((await call(alice.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).ok).toBe(true);
    expect((await call(bob.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).ok).toBe(true);
    expect(await env.srv.lobby!.pairing.matchOnce()).toBe(0);
    const dave = await person();
    expect((await call(dave.socket, EV.pairingJoin, { pool: "15-freestyle-3+2" })).ok).toBe(true);
    expect(await env.srv.lobby!.pairing.matchOnce()).toBe(1);
    // Unblocked: the chat works again; yourself and unknown names refused.
    expect(await call(bob.socket, EV.blockSet, { name: alice.me.name, blocked: false })).toMatchObject({ ok: true, blocked: [] });
    expect((await say(alice, gameId, "sorry")).ok).toBe(true);
    expect(await call(bob.socket, EV.blockSet, { name: bob.me.name, blocked: true })).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await call(bob.socket, EV.blockSet, { name: "nobody-here-1", blocked: true })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    for (const p of [alice, bob, carol, dave]) p.socket.disconnect();
  });
});

describe("reports and the operator", () => {
  it("a report reaches the operator's API (with the reported player's messages); the operator mutes them site-wide and their messages are refused MUTED", async () => {
    const [alice, bob] = [await person(), await person()];
    const gameId = await gameOf(alice, bob);
    await say(alice, gameId, "you play like a bot");
    const filed = await call(bob.socket, EV.reportCreate, { gameId, name: alice.me.name, reason: "abuse", note: "<b>rude</b>" });
    expect(filed.ok).toBe(true);
    const listed = (await (await operator("/api/mod/reports")).json()) as { ok: boolean; reports: any[] };
    const mine = listed.reports.find((r) => r.id === filed.id);
    expect(mine).toMatchObject({ reporter: bob.me.name, target: alice.me.name, gameId, reason: "abuse", note: "<b>rude</b>", mutedUntil: null });
    expect(mine.messages.map((m: any) => m.text)).toEqual(["you play like a bot"]);

    const muted = await operator("/api/mod/mute", { method: "POST", body: JSON.stringify({ name: alice.me.name, minutes: 60, reason: "abuse" }) });
    expect(muted.status).toBe(200);
    expect(await say(alice, gameId, "still here")).toMatchObject({ ok: false, error: { code: "MUTED", message: /muted on this site until .* UTC/ } });
    expect((await say(bob, gameId, "bye")).ok).toBe(true);
    expect((await operator("/api/mod/unmute", { method: "POST", body: JSON.stringify({ name: alice.me.name }) })).status).toBe(200);
    expect((await say(alice, gameId, "back")).ok).toBe(true);
    expect((await operator("/api/mod/reports/close", { method: "POST", body: JSON.stringify({ id: filed.id }) })).status).toBe(200);
    const open = (await (await operator("/api/mod/reports")).json()) as { reports: any[] };
    expect(open.reports.some((r) => r.id === filed.id)).toBe(false);
    for (const p of [alice, bob]) p.socket.disconnect();
  });

  it("a report flood, reporting yourself, a stranger or twice: refused with a code and a sentence", async () => {
    const [alice, bob, stranger] = [await person(), await person(), await person()];
    const gameId = await gameOf(alice, bob);
    const report = (name: string) => call(bob.socket, EV.reportCreate, { gameId, name, reason: "spam" });
    expect(await report(bob.me.name)).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    expect(await report(stranger.me.name)).toMatchObject({ ok: false, error: { code: "NOT_FOUND", message: /neither played nor chatted/ } });
    expect((await report(alice.me.name)).ok).toBe(true);
    expect(await report(alice.me.name)).toMatchObject({ ok: false, error: { code: "LIMIT", message: /already/ } });
    expect(await report(alice.me.name)).toMatchObject({ ok: false, error: { code: "LIMIT" } });
    // The per-minute allowance (REPORTS_PER_MIN): every try counts, whatever its answer.
    expect(await report(alice.me.name)).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", message: /reports/ } });
    expect(await callRaw(bob.socket, EV.reportCreate, { gameId, name: alice.me.name, reason: "spam", note: "x".repeat(10_000) })).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    expect(await callRaw(bob.socket, EV.reportCreate, { gameId, name: alice.me.name, reason: "because" })).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    expect(await env.srv.db.report.count({ where: { gameId } })).toBe(1);
    for (const p of [alice, bob, stranger]) p.socket.disconnect();
  });

  it("the operator's endpoints without the token, or with a wrong one: 401 NOT_ALLOWED, nothing changed", async () => {
    const alice = await person();
    for (const token of [null, "wrong-token-wrong-token", `${TOKEN}x`]) {
      const list = await operator("/api/mod/reports", {}, token);
      expect(list.status).toBe(401);
      expect(await list.json()).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", message: /operator's token/ } });
      const mute = await operator("/api/mod/mute", { method: "POST", body: JSON.stringify({ name: alice.me.name, minutes: 60 }) }, token);
      expect(mute.status).toBe(401);
    }
    expect(await env.srv.db.chatMute.count({ where: { playerId: alice.me.id } })).toBe(0);
    // With the token, bad input is still refused with a sentence.
    const bad = await operator("/api/mod/mute", { method: "POST", body: JSON.stringify({ name: alice.me.name, minutes: 999_999 }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD", message: /minutes/ } });
    alice.socket.disconnect();
  });
});
