// A tournament's chat over the real server and real socket.io clients (issue 30 point 5; the server:
// lib/server/chat/tournament): everyone on the event's page (its socket room) reads it live and from
// its history, with the game chat's rules (length, filter, allowance, site-wide mute, blocks, reports),
// and every hostile input refused with a code and a reason (a forged event id, an event not followed,
// a flood, 10 KB, a muted player, a full chat).
import { describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { CHAT_MESSAGES_PER_WINDOW } from "../../lib/server/limits/chat";
import { TOUR_CHAT_MAX } from "../../lib/server/chat/tournament";
import { call, callRaw, connect, connectAs, guestSession, postApi, sleep, useServer, waitFor, type Client } from "./helpers";

const TOKEN = "operator-token-for-tournament-chat";
const env = useServer({ pairEveryMs: 60_000, operatorToken: TOKEN, tournaments: { enabled: false } });
const url = () => env.srv.url;
type Person = Awaited<ReturnType<typeof guestSession>> & { socket: Client };
const person = async (): Promise<Person> => {
  const s = await guestSession(url());
  return { ...s, socket: await connectAs(url(), s.cookie) };
};
const watch = async (p: Person | { socket: Client }, id: string) => expect((await call(p.socket, EV.tournamentWatch, { id, watch: true })).ok).toBe(true);

/** An arena made by `p` (not started: the server's director is off here). */
async function arena(p: Person): Promise<string> {
  const r = (
    await postApi(
      url(),
      "/api/tournaments",
      { kind: "arena", name: "Chat arena", size: 15, rule: "freestyle", clock: "3+2", minutes: 30, startsInMinutes: 5 },
      p.cookie,
    )
  ).body;
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
  return r.id as string;
}

const say = (p: Person, id: string, text: string) => call(p.socket, EV.chatSend, { gameId: id, channel: "tournament", text });
const heard = (s: Client, id: string) => s.events.filter((e) => e.event === EV.chat && e.data.gameId === id).map((e) => e.data.text as string);
const operator = (path: string, body?: unknown) =>
  fetch(`${url()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("a tournament's chat", () => {
  it("reaches every socket on the event's page (a player, a joined player, a spectator), not one elsewhere; kept, read by anyone, as text", async () => {
    const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
    const id = await arena(alice);
    expect((await postApi(url(), `/api/tournaments/${id}/join`, {}, bob.cookie)).body).toMatchObject({ ok: true });
    for (const p of [alice, bob, carol]) await watch(p, id);
    const html = `<script>alert("x")</script>`;
    expect(await say(alice, id, "good luck all")).toMatchObject({
      ok: true,
      line: { channel: "tournament", gameId: id, author: alice.me.name, text: "good luck all" },
    });
    expect((await say(carol, id, html)).line.text).toBe(html);
    expect((await say(bob, id, "you fucking idiot")).line.text).not.toMatch(/fuck/i);
    for (const p of [alice, bob, carol]) await waitFor(p.socket, EV.chat, (l: any) => l.gameId === id && l.author === bob.me.name);
    expect(heard(bob.socket, id).slice(0, 2)).toEqual(["good luck all", html]);
    // Dave is not on the page: nothing reaches him, and he cannot write there.
    await sleep(200);
    expect(heard(dave.socket, id)).toEqual([]);
    expect(await say(dave, id, "hi")).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED", reason: "tourChatOpen" } });
    // Once on the page he can; the history (any socket, an anonymous one too) has the lines, oldest first.
    await watch(dave, id);
    expect((await say(dave, id, "late but here")).ok).toBe(true);
    const anon = await connect(url());
    const kept = await call(anon, EV.chatHistory, { gameId: id, channel: "tournament" });
    expect(kept.lines.map((l) => l.author)).toEqual([alice.me.name, carol.me.name, bob.me.name, dave.me.name]);
    // Read-only without an identity: as the game chats.
    await watch({ socket: anon }, id);
    expect(await call(anon, EV.chatSend, { gameId: id, channel: "tournament", text: "hi" })).toMatchObject({ ok: false, error: { code: "NOT_SIGNED_IN" } });
    // A watcher who moves to another event's page stops hearing this one.
    const other = await arena(carol);
    await watch(carol, other);
    const before = heard(carol.socket, id).length;
    expect((await say(alice, id, "carol left")).ok).toBe(true);
    await waitFor(bob.socket, EV.chat, (l: any) => l.text === "carol left");
    await sleep(200);
    expect(heard(carol.socket, id)).toHaveLength(before);
    for (const s of [alice.socket, bob.socket, carol.socket, dave.socket, anon]) s.disconnect();
  });

  it("hostile: a forged event id (NOT_FOUND), 10 KB or 141 characters (BAD_PAYLOAD), a flood (RATE_LIMITED): nothing stored", async () => {
    const [alice, mallory] = [await person(), await person()];
    const id = await arena(alice);
    await watch(mallory, id);
    // Watching a room of an id nobody has does not make it an event.
    await watch(mallory, "NoSuchEvent1");
    for (const forged of ["NoSuchEvent1", "AAAAAAAAAAAA"]) {
      expect(await say(mallory, forged, "hi")).toMatchObject({ ok: false, error: { code: "NOT_FOUND", reason: "tourChatNoEvent" } });
      expect(await call(mallory.socket, EV.chatHistory, { gameId: forged, channel: "tournament" })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    }
    await watch(mallory, id);
    for (const text of ["x".repeat(10_240), "x".repeat(141), "\u202e\u200b  "])
      expect(await callRaw(mallory.socket, EV.chatSend, { gameId: id, channel: "tournament", text })).toMatchObject({
        ok: false,
        error: { code: "BAD_PAYLOAD" },
      });
    expect(await callRaw(mallory.socket, EV.chatSend, { gameId: id, channel: "tournament", text: "hi", tournamentId: id })).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD" },
    });
    // The flood all at once, from a socket of its own (its event budget untouched by the refusals above): one after
    // another, on a loaded machine the sends outlasted the allowance's 10 s window and a sixth got through.
    const flooder = { ...mallory, socket: await connectAs(url(), mallory.cookie) };
    await watch(flooder, id);
    const replies = await Promise.all(Array.from({ length: CHAT_MESSAGES_PER_WINDOW + 3 }, (_, i) => say(flooder, id, `spam ${i}`)));
    expect(replies.filter((r) => r.ok)).toHaveLength(CHAT_MESSAGES_PER_WINDOW);
    for (const r of replies.filter((r) => !r.ok)) expect(r.error).toMatchObject({ code: "RATE_LIMITED", message: /chat messages.*try again/ });
    // The allowance is the player's, whatever the chat: the game chats share it.
    expect(await env.srv.db.chatMessage.count({ where: { gameId: id } })).toBe(CHAT_MESSAGES_PER_WINDOW);
    for (const p of [alice, mallory, flooder]) p.socket.disconnect();
  });

  it("a block keeps the two apart both ways (live and in the history) while the others read both; a muted player is refused; a full chat says so", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const id = await arena(carol);
    for (const p of [alice, bob, carol]) await watch(p, id);
    expect((await call(bob.socket, EV.blockSet, { name: alice.me.name, blocked: true })).ok).toBe(true);
    expect((await say(alice, id, "from alice")).ok).toBe(true);
    expect((await say(bob, id, "from bob")).ok).toBe(true);
    await waitFor(carol.socket, EV.chat, (l: any) => l.text === "from alice");
    await waitFor(carol.socket, EV.chat, (l: any) => l.text === "from bob");
    await sleep(200);
    expect(heard(bob.socket, id)).toEqual(["from bob"]);
    expect(heard(alice.socket, id)).toEqual(["from alice"]);
    const historyOf = async (p: Person) => (await call(p.socket, EV.chatHistory, { gameId: id, channel: "tournament" })).lines.map((l) => l.text);
    expect(await historyOf(bob)).toEqual(["from bob"]);
    expect(await historyOf(alice)).toEqual(["from alice"]);
    expect(await historyOf(carol)).toEqual(["from alice", "from bob"]);

    // Reported from the event's chat: the operator sees the event and the lines; muted site-wide, refused MUTED.
    const filed = await call(carol.socket, EV.reportCreate, { gameId: id, name: alice.me.name, reason: "spam", note: "" });
    expect(filed.ok).toBe(true);
    // Somebody who neither played nor wrote in the event cannot be reported from it.
    const stranger = await person();
    expect(await call(carol.socket, EV.reportCreate, { gameId: id, name: stranger.me.name, reason: "spam", note: "" })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND", reason: "reportNotInEvent" },
    });
    const listed = (await (await operator("/api/mod/reports")).json()) as { reports: any[] };
    const report = listed.reports.find((r) => r.id === filed.id);
    expect(report).toMatchObject({ gameId: id, place: "tournament", target: alice.me.name });
    expect(report.messages.map((m: any) => [m.channel, m.text])).toEqual([["tournament", "from alice"]]);
    expect((await operator("/api/mod/mute", { name: alice.me.name, minutes: 60, reason: "spam" })).status).toBe(200);
    expect(await say(alice, id, "still here")).toMatchObject({ ok: false, error: { code: "MUTED", reason: "mutedUntil" } });

    // A full chat (rows written straight to the table: TOUR_CHAT_MAX of them) refuses with its count.
    const at = Date.now();
    await env.srv.db.chatMessage.createMany({
      data: Array.from({ length: TOUR_CHAT_MAX }, (_, i) => ({
        id: `fill${i}`.padEnd(12, "x"),
        gameId: id,
        channel: "tournament",
        playerId: carol.me.id,
        name: carol.me.name,
        text: `line ${i}`,
        createdAt: new Date(at + i),
      })),
    });
    expect(await say(bob, id, "one more")).toMatchObject({ ok: false, error: { code: "LIMIT", reason: "tourChatFull", params: { n: TOUR_CHAT_MAX + 2 } } });
    for (const p of [alice, bob, carol, stranger]) p.socket.disconnect();
  });
});
