// Swap2 on the server, over real sockets and the real engine: the three ways the colours get
// settled (swap, stay white, two more and the first chooses), each refusal of a forged or
// out-of-phase event with its code (changing nothing), clocks standing still in the opening, a
// restart in the middle of the opening that resumes it, takeback, and the AI's own swap2 steps.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EV, type GameState } from "../../lib/shared/protocol";
import { swap2Phase } from "../../lib/shared/swap2";
import { call, callRaw, connect, connectAs, guestSession, server, sleep, useServer, waitFor, type Client } from "./helpers";

const env = useServer();

type Game = { gameId: string; alice: Client; bob: Client; tokens: { alice: string; bob: string } };

/** Alice creates a swap2 game (she places first), Bob takes the other seat. */
async function swap2Game(c: { client(): Promise<Client> } = env, extra: { clock?: { initialMs: number; incrementMs: number } } = {}): Promise<Game> {
  const alice = await c.client();
  const created = await call(alice, EV.create, { opponent: "human", size: 15, rule: "renju", color: 1, swap2: true, ...extra });
  expect(created.ok, JSON.stringify(created.error)).toBe(true);
  await call(alice, EV.join, { gameId: created.gameId, seatToken: created.seatToken });
  const bob = await c.client();
  const joined = await call(bob, EV.join, { gameId: created.gameId, takeSeat: true });
  expect(joined.ok).toBe(true);
  expect(joined.color).toBe(2);
  return { gameId: created.gameId, alice, bob, tokens: { alice: created.seatToken, bob: joined.seatToken! } };
}

async function place(g: Game, who: "alice" | "bob", ply: number, x: number, y: number) {
  const ack = await call(g[who], EV.move, { gameId: g.gameId, seatToken: g.tokens[who], ply, x, y });
  expect(ack.ok, `${who} ply ${ply}: ${JSON.stringify(ack.error)}`).toBe(true);
}

const choose = (g: Game, who: "alice" | "bob", stones: 3 | 5, choice: "black" | "white" | "place") =>
  call(g[who], EV.swap2, { gameId: g.gameId, seatToken: g.tokens[who], stones, choice });

/** My colour as the server sees my token now. */
async function colorOf(g: Game, who: "alice" | "bob") {
  const ack = await call(g[who], EV.join, { gameId: g.gameId, seatToken: g.tokens[who] });
  return ack.color;
}

async function threeStones(g: Game) {
  await place(g, "alice", 1, 7, 7);
  await place(g, "alice", 2, 8, 7);
  await place(g, "alice", 3, 8, 8);
}

describe("swap2 between two people", () => {
  it("refuses every out-of-phase, wrong-seat, forged or stale event with a code, changing nothing", async () => {
    const g = await swap2Game();
    const carol = await env.client();
    await call(carol, EV.join, { gameId: g.gameId });
    // The second player cannot place the first stones; nobody chooses before three are down.
    expect(await call(g.bob, EV.move, { gameId: g.gameId, seatToken: g.tokens.bob, ply: 1, x: 7, y: 7 })).toMatchObject({
      ok: false,
      error: { code: "NOT_YOUR_TURN" },
    });
    expect(await choose(g, "bob", 3, "black")).toMatchObject({ ok: false, error: { code: "WRONG_PHASE" } });
    await threeStones(g);
    const before = await env.srv.games.getState(g.gameId);
    // The stones alternate black, white, black, whoever placed them.
    expect(before.moves.map((m) => m.color)).toEqual([1, 2, 1]);
    expect(before.swap2).toEqual({});
    const seen = g.alice.events.length;
    // A fourth stone, a choice by the first player, a spectator's choice, a stale count, an occupied point.
    expect(await call(g.alice, EV.move, { gameId: g.gameId, seatToken: g.tokens.alice, ply: 4, x: 0, y: 0 })).toMatchObject({
      error: { code: "WRONG_PHASE", message: expect.stringContaining("second player is choosing") },
    });
    expect(await call(g.bob, EV.move, { gameId: g.gameId, seatToken: g.tokens.bob, ply: 4, x: 0, y: 0 })).toMatchObject({ error: { code: "WRONG_PHASE" } });
    expect(await choose(g, "alice", 3, "black")).toMatchObject({ error: { code: "NOT_YOUR_TURN" } });
    expect(await call(carol, EV.swap2, { gameId: g.gameId, stones: 3, choice: "black" })).toMatchObject({ error: { code: "SPECTATOR" } });
    expect(await choose(g, "bob", 5, "white")).toMatchObject({ error: { code: "WRONG_PLY" } });
    expect(await call(g.bob, EV.swap2, { gameId: g.gameId, seatToken: "x".repeat(20), stones: 3, choice: "black" })).toMatchObject({
      error: { code: "NOT_YOUR_SEAT" },
    });
    // Forged payloads: a colour of one's own choosing, a count that is no swap2 count, an unknown choice.
    for (const bad of [
      { gameId: g.gameId, seatToken: g.tokens.bob, stones: 3, choice: "black", color: 1 },
      { gameId: g.gameId, seatToken: g.tokens.bob, stones: 4, choice: "black" },
      { gameId: g.gameId, seatToken: g.tokens.bob, stones: 3, choice: "red" },
      { gameId: g.gameId, seatToken: g.tokens.bob, choice: "black" },
    ])
      expect(await callRaw(g.bob, EV.swap2, bad)).toMatchObject({ ok: false, error: { code: "BAD_PAYLOAD" } });
    await sleep(100);
    expect(g.alice.events.slice(seen).filter((e) => e.event === EV.state || e.event === EV.moved)).toEqual([]);
    const after = await env.srv.games.getState(g.gameId);
    expect(after.moves).toEqual(before.moves);
    expect(after.swap2).toEqual({});
    // A choice once made cannot be made again.
    await sleep(1100); // the socket's per-event budget refills
    expect(await choose(g, "bob", 3, "white")).toMatchObject({ ok: true });
    expect(await choose(g, "bob", 3, "black")).toMatchObject({ error: { code: "WRONG_PHASE" } });
  });

  it("swap: the second player takes black; seats, names and turn follow", async () => {
    const g = await swap2Game();
    await threeStones(g);
    const stateSeen = waitFor<GameState>(g.alice, EV.state, (s) => s.id === g.gameId && !!s.swap2?.first);
    expect(await choose(g, "bob", 3, "black")).toMatchObject({ ok: true });
    const s = await stateSeen;
    expect(s.swap2).toMatchObject({ first: "black" });
    expect(swap2Phase(s.swap2!, s.moves.length)).toBe("settled");
    expect(s.toMove).toBe(2);
    expect(await colorOf(g, "bob")).toBe(1);
    expect(await colorOf(g, "alice")).toBe(2);
    // White (Alice, who placed the stones) plays the 4th; Bob (black now) may not.
    expect(await call(g.bob, EV.move, { gameId: g.gameId, seatToken: g.tokens.bob, ply: 4, x: 0, y: 0 })).toMatchObject({
      error: { code: "NOT_YOUR_TURN" },
    });
    await place(g, "alice", 4, 6, 6);
    await place(g, "bob", 5, 9, 9);
    const st = await env.srv.games.getState(g.gameId);
    expect(st.moves.map((m) => m.color)).toEqual([1, 2, 1, 2, 1]);
  });

  it("stay white: the second player plays the 4th stone; nothing changes hands", async () => {
    const g = await swap2Game();
    await threeStones(g);
    expect(await choose(g, "bob", 3, "white")).toMatchObject({ ok: true });
    expect(await colorOf(g, "bob")).toBe(2);
    expect(await colorOf(g, "alice")).toBe(1);
    expect(await call(g.alice, EV.move, { gameId: g.gameId, seatToken: g.tokens.alice, ply: 4, x: 0, y: 0 })).toMatchObject({
      error: { code: "NOT_YOUR_TURN" },
    });
    await place(g, "bob", 4, 6, 6);
    expect((await env.srv.games.getState(g.gameId)).toMove).toBe(1);
  });

  it("two more: the second places the 4th and 5th, then the first chooses (white: seats exchanged)", async () => {
    const g = await swap2Game();
    await threeStones(g);
    expect(await choose(g, "bob", 3, "place")).toMatchObject({ ok: true });
    expect(await call(g.alice, EV.move, { gameId: g.gameId, seatToken: g.tokens.alice, ply: 4, x: 0, y: 0 })).toMatchObject({
      error: { code: "NOT_YOUR_TURN" },
    });
    expect(await choose(g, "alice", 5, "white")).toMatchObject({ error: { code: "WRONG_PHASE" } });
    await place(g, "bob", 4, 6, 6);
    expect(await call(g.bob, EV.move, { gameId: g.gameId, seatToken: g.tokens.bob, ply: 5, x: 6, y: 6 })).toMatchObject({ error: { code: "OCCUPIED" } });
    await place(g, "bob", 5, 9, 6);
    expect(await choose(g, "bob", 5, "black")).toMatchObject({ error: { code: "NOT_YOUR_TURN" } });
    expect(await choose(g, "alice", 5, "place")).toMatchObject({ error: { code: "NOT_ALLOWED" } });
    expect(await choose(g, "alice", 5, "white")).toMatchObject({ ok: true });
    expect(await colorOf(g, "alice")).toBe(2);
    expect(await colorOf(g, "bob")).toBe(1);
    const s = await env.srv.games.getState(g.gameId);
    expect(s.swap2).toMatchObject({ first: "place", second: "white" });
    expect(s.moves.map((m) => m.color)).toEqual([1, 2, 1, 2, 1]);
    expect(s.toMove).toBe(2);
    await place(g, "alice", 6, 10, 10);
  });

  it("the clocks stand still in the opening and start full once each side has made its first move after it", async () => {
    const g = await swap2Game(env, { clock: { initialMs: 60_000, incrementMs: 0 } });
    await threeStones(g);
    await sleep(300);
    let s = await env.srv.games.getState(g.gameId);
    expect(s.clock).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    expect(await choose(g, "bob", 3, "black")).toMatchObject({ ok: true });
    s = await env.srv.games.getState(g.gameId);
    // Settled: each side's first move after the opening is still free.
    expect(s.clock).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    expect(Date.parse(s.clock!.at)).toBe(Date.parse(s.swap2!.at!));
    await sleep(200);
    await place(g, "alice", 4, 6, 6);
    await place(g, "bob", 5, 0, 0);
    s = await env.srv.games.getState(g.gameId);
    expect(s.clock).toMatchObject({ blackMs: 60_000, whiteMs: 60_000 });
    expect(s.clock!.paused).toBeUndefined();
    await sleep(200);
    await place(g, "alice", 6, 14, 14);
    s = await env.srv.games.getState(g.gameId);
    // Only white's time since black's first move was charged (none of the opening's, none of the first moves').
    expect(s.clock!.whiteMs).toBeLessThan(60_000 - 150);
    expect(s.clock!.whiteMs).toBeGreaterThan(60_000 - 5_000);
    expect(s.clock!.blackMs).toBe(60_000);
  });

  it("abort is allowed through the opening (the clocks stand still there), draw offers wait for its end", async () => {
    const g = await swap2Game();
    await threeStones(g);
    expect(await call(g.alice, EV.drawOffer, { gameId: g.gameId, seatToken: g.tokens.alice })).toMatchObject({ error: { code: "WRONG_PHASE" } });
    expect(await call(g.bob, EV.abort, { gameId: g.gameId, seatToken: g.tokens.bob })).toMatchObject({ ok: true });
    expect(await env.srv.games.getState(g.gameId)).toMatchObject({ status: "finished", reason: "abort", result: null });
  });
});

describe("swap2 in a rated challenge between identities", () => {
  it("the seats (players, names, ratings) change colour with the choice; the game is rated by the colours as settled", async () => {
    const people = await Promise.all(
      [0, 1].map(async () => {
        const s = await guestSession(env.srv.url);
        const socket = await connectAs(env.srv.url, s.cookie);
        return { socket, name: s.me.name };
      }),
    );
    const [alice, bob] = people;
    const posted = await call(alice.socket, EV.challengeCreate, {
      size: 15,
      rule: "freestyle",
      clock: { initialMs: 180_000, incrementMs: 2_000 },
      rated: true,
      color: "black",
      swap2: true,
    });
    expect(posted.ok, JSON.stringify(posted.error)).toBe(true);
    expect(posted.challenge.swap2).toBe(true);
    const { gameId } = await call(bob.socket, EV.challengeAccept, { id: posted.challenge.id });
    for (const p of people) expect((await call(p.socket, EV.join, { gameId })).color).not.toBeNull();
    for (const [ply, x, y] of [
      [1, 7, 7],
      [2, 8, 7],
      [3, 8, 8],
    ])
      expect((await call(alice.socket, EV.move, { gameId, ply, x, y })).ok).toBe(true);
    let s = await env.srv.games.getState(gameId);
    expect(s.black).toMatchObject({ player: { name: alice.name, rating: 1500 } });
    expect(s.rated).toBe(true);
    expect((await call(bob.socket, EV.swap2, { gameId, stones: 3, choice: "black" })).ok).toBe(true);
    s = await env.srv.games.getState(gameId);
    expect(s.black).toMatchObject({ player: { name: bob.name, rating: 1500 } });
    expect(s.white).toMatchObject({ player: { name: alice.name, rating: 1500 } });
    expect((await call(bob.socket, EV.join, { gameId })).color).toBe(1);
    // Each side moves once after the opening (before that, resigning would abort).
    expect((await call(alice.socket, EV.move, { gameId, ply: 4, x: 6, y: 6 })).ok).toBe(true);
    expect((await call(bob.socket, EV.move, { gameId, ply: 5, x: 0, y: 0 })).ok).toBe(true);
    // Black (Bob) resigns: white (Alice, who placed the stones) wins, and the ratings say so.
    expect((await call(bob.socket, EV.resign, { gameId })).ok).toBe(true);
    s = await env.srv.games.getState(gameId);
    expect(s.result).toBe("white");
    expect(s.white.kind === "human" && s.white.player!.diff! > 0).toBe(true);
    expect(s.black.kind === "human" && s.black.player!.diff! < 0).toBe(true);
    for (const p of people) p.socket.disconnect();
  });
});

describe("swap2 across a restart", () => {
  it("a server restarted in the middle of the opening resumes it from the stored stones and choice", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gomoku-swap2-"));
    const dbFile = path.join(dir, "s.db");
    const clients: Client[] = [];
    const on = (url: string) => ({
      async client() {
        const c = await connect(url);
        clients.push(c);
        return c;
      },
    });
    let s1 = await server({ dbFile });
    try {
      const g = await swap2Game(on(s1.url));
      await threeStones(g);
      expect(await choose(g, "bob", 3, "place")).toMatchObject({ ok: true });
      await place(g, "bob", 4, 6, 6);
      for (const c of clients) c.disconnect();
      await s1.close();
      s1 = await server({ dbFile });
      const alice = await on(s1.url).client();
      const bob = await on(s1.url).client();
      const h: Game = { ...g, alice, bob };
      const s = await s1.games.getState(g.gameId);
      expect(swap2Phase(s.swap2!, s.moves.length)).toBe("place2");
      expect(await call(alice, EV.move, { gameId: g.gameId, seatToken: g.tokens.alice, ply: 5, x: 9, y: 6 })).toMatchObject({
        error: { code: "NOT_YOUR_TURN" },
      });
      await place(h, "bob", 5, 9, 6);
      expect(await choose(h, "alice", 5, "white")).toMatchObject({ ok: true });
      expect(await colorOf(h, "alice")).toBe(2);
      // The exchange of seats is in the rows: a second restart reads Alice as white, Bob as black.
      for (const c of clients) c.disconnect();
      await s1.close();
      s1 = await server({ dbFile });
      const k: Game = { ...g, alice: await on(s1.url).client(), bob: await on(s1.url).client() };
      expect(await colorOf(k, "alice")).toBe(2);
      expect(await colorOf(k, "bob")).toBe(1);
      expect((await s1.games.getState(g.gameId)).swap2).toMatchObject({ first: "place", second: "white" });
      await place(k, "alice", 6, 10, 10);
    } finally {
      for (const c of clients) c.disconnect();
      await s1.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("swap2 against the AI (the real engine)", () => {
  const ai = { algo: "alphabeta" as const, timeMs: 200 };

  it("I place three: the AI chooses from its own search; takeback never reaches the opening", async () => {
    const me = await env.client();
    const created = await call(me, EV.create, { opponent: "ai", size: 15, rule: "freestyle", color: 1, swap2: true, ai });
    expect(created.ok, JSON.stringify(created.error)).toBe(true);
    const g = { gameId: created.gameId, seatToken: created.seatToken };
    await call(me, EV.join, g);
    for (const [ply, x, y] of [
      [1, 7, 7],
      [2, 8, 7],
      [3, 8, 8],
    ])
      expect((await call(me, EV.move, { ...g, ply, x, y })).ok).toBe(true);
    expect(await call(me, EV.takeback, g)).toMatchObject({ error: { code: "NOT_ALLOWED", message: "No takeback during the swap2 opening." } });
    const decided = await waitFor<GameState>(me, EV.state, (s) => s.id === g.gameId && !!s.swap2?.first, 30_000);
    const first = decided.swap2!.first!;
    expect(["black", "white", "place"]).toContain(first);
    if (first === "place") {
      // The AI placed the 4th (white) and 5th (black) stones; now I choose.
      await waitFor(me, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 5, 30_000);
      const s = await env.srv.games.getState(g.gameId);
      expect(s.moves.map((m) => [m.color, m.by])).toEqual([
        [1, "human"],
        [2, "human"],
        [1, "human"],
        [2, "engine"],
        [1, "engine"],
      ]);
      expect(swap2Phase(s.swap2!, 5)).toBe("choose5");
      expect((await call(me, EV.swap2, { ...g, stones: 5, choice: "black" })).ok).toBe(true);
      await waitFor(me, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 6, 30_000);
    } else {
      // The AI took a colour; white (me when it swapped, the AI when it stayed) plays the 4th.
      const mine = (await call(me, EV.join, g)).color;
      expect(mine).toBe(first === "black" ? 2 : 1);
      if (first === "white") await waitFor(me, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 4 && e.move.by === "engine", 30_000);
      else expect((await call(me, EV.move, { ...g, ply: 4, x: 0, y: 0 })).ok).toBe(true);
    }
    const s = await env.srv.games.getState(g.gameId);
    const opening = s.swap2!.first === "place" ? 5 : 3;
    expect(s.moves.length).toBeGreaterThan(opening);
    const myColor = (await call(me, EV.join, g)).color!;
    const mineAfter = s.moves.filter((m) => m.ply > opening && m.color === myColor);
    // Takeback: refused while I have no move after the opening; allowed (and stops at it) once I do.
    const tb = await call(me, EV.takeback, g);
    if (mineAfter.length === 0) expect(tb).toMatchObject({ ok: false, error: { code: "NOT_ALLOWED" } });
    else expect(tb.ok).toBe(true);
    await env.srv.games.idle();
    expect((await env.srv.games.getState(g.gameId)).moves.length).toBeGreaterThanOrEqual(opening);
  });

  it("the AI places first: its three stones, my 'two more', then its colour choice", async () => {
    const me = await env.client();
    const created = await call(me, EV.create, { opponent: "ai", size: 15, rule: "renju", color: 2, swap2: true, ai });
    expect(created.ok, JSON.stringify(created.error)).toBe(true);
    const g = { gameId: created.gameId, seatToken: created.seatToken };
    await call(me, EV.join, g);
    await waitFor(me, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 3, 30_000);
    let s = await env.srv.games.getState(g.gameId);
    expect(s.moves.map((m) => [m.color, m.by])).toEqual([
      [1, "engine"],
      [2, "engine"],
      [1, "engine"],
    ]);
    // engine/swap2's table: shapes around the centre.
    for (const m of s.moves) expect(Math.max(Math.abs(m.x - 7), Math.abs(m.y - 7))).toBeLessThanOrEqual(3);
    expect(swap2Phase(s.swap2!, 3)).toBe("choose3");
    expect((await call(me, EV.swap2, { ...g, stones: 3, choice: "place" })).ok).toBe(true);
    expect((await call(me, EV.move, { ...g, ply: 4, x: 2, y: 2 })).ok).toBe(true);
    expect((await call(me, EV.move, { ...g, ply: 5, x: 12, y: 12 })).ok).toBe(true);
    const decided = await waitFor<GameState>(me, EV.state, (st) => st.id === g.gameId && !!st.swap2?.second, 30_000);
    const second = decided.swap2!.second!;
    const mine = (await call(me, EV.join, g)).color;
    // The AI (first player) took `second`; I hold the other colour.
    expect(mine).toBe(second === "black" ? 2 : 1);
    if (second === "white") await waitFor(me, EV.moved, (e: any) => e.gameId === g.gameId && e.move.ply === 6, 30_000);
    else expect((await call(me, EV.move, { ...g, ply: 6, x: 0, y: 0 })).ok).toBe(true);
    s = await env.srv.games.getState(g.gameId);
    expect(s.moves).toHaveLength(6);
    expect(s.moves[5].color).toBe(2);
  });
});

describe("swap2 between two engines (AI vs AI, as the /tv form and the TV start it)", () => {
  const fast = { algo: "alphabeta" as const, timeMs: 150, maxDepth: 4 };

  it("black's engine places three, white's chooses, and the game goes on past the opening", async () => {
    const watcher = await env.client();
    const created = await call(watcher, EV.createAiMatch, { size: 15, rule: "renju", swap2: true, black: fast, white: { ...fast, timeMs: 100 } });
    expect(created.ok, JSON.stringify(created.error)).toBe(true);
    await call(watcher, EV.join, { gameId: created.gameId });
    const decided = await waitFor<GameState>(watcher, EV.state, (s) => s.id === created.gameId && !!s.swap2?.first, 30_000);
    const opening = decided.swap2!.first === "place" ? 5 : 3;
    if (decided.swap2!.first === "place") await waitFor<GameState>(watcher, EV.state, (s) => s.id === created.gameId && !!s.swap2?.second, 30_000);
    // Two moves of the game proper after the opening, both the engines'.
    await waitFor(watcher, EV.moved, (e: any) => e.gameId === created.gameId && e.move.ply === opening + 2, 30_000);
    const s = await env.srv.games.getState(created.gameId);
    expect(s.opening).toEqual([]);
    expect(s.moves.every((m) => m.by === "engine")).toBe(true);
    expect(s.moves.map((m) => m.color).slice(0, opening + 2)).toEqual(Array.from({ length: opening + 2 }, (_, i) => (i % 2 === 0 ? 1 : 2)));
    expect(swap2Phase(s.swap2!, s.moves.length)).toBe("settled");
  });

  it("refuses swap2 with the lab opening, with a code, creating nothing", async () => {
    const c = await env.client();
    const before = (await env.srv.games.list({ status: "live" })).games.length;
    const refused = await call(c, EV.createAiMatch, { size: 15, rule: "freestyle", swap2: true, labOpening: true, black: fast, white: fast });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "BAD_PAYLOAD", message: expect.stringContaining("Swap2 and the lab opening cannot go together") },
    });
    expect((await env.srv.games.list({ status: "live" })).games.length).toBe(before);
  });
});
