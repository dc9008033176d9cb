// Two server processes on two ports sharing PostgreSQL (DATABASE_URL) and Redis (REDIS_URL):
// a move made through node A reaches a spectator on node B; B's cached copy follows A's moves;
// each engine turn is searched by exactly one node; then A dies (SIGKILL) in the middle of an AI
// search and the players carry on through B with nothing lost, the AI turn taken over by B.
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { EV, type GameState } from "../../lib/shared/protocol";
import { API } from "../../lib/shared/identity";
import { connectAs, guestSession, postApi } from "../server/helpers";
import { Client, PG_BASE, call, nextCell, root, sleep, startNode, until, type NodeProc } from "./helpers";
import { clusterFixture } from "./cluster-fixture";

const SIZE = 15;
let a: NodeProc;
let b: NodeProc;
const clients: Client[] = [];

const env = (id: string) => ({
  ...cl.env(id),
  AI_PAUSE_MS: "100",
  // debug: the "ai move" lines tell which node searched which ply
  LOG_LEVEL: "debug",
});

const cl = clusterFixture(async () => {
  [a, b] = await Promise.all([startNode(env("A")), startNode(env("B"))]);
});
afterAll(async () => {
  for (const c of clients) c.close();
});

const client = async (node: NodeProc, record = false) => {
  const c = new Client(node.url, { record });
  clients.push(c);
  await c.connected();
  return c;
};

/** White's name in a game's state (a person's seat), or undefined. */
const whiteName = (state: GameState) => (state.white.kind === "human" ? state.white.player?.name : undefined);

const rows = (gameId: string) => cl.reader.move.findMany({ where: { gameId }, orderBy: { ply: "asc" } });

/** (gameId, ply) of every search a node finished, from its debug log. */
function searches(node: NodeProc): Array<{ gameId: string; ply: number }> {
  return node
    .output()
    .split("\n")
    .filter((l) => l.includes('"msg":"ai move"'))
    .map((l) => JSON.parse(l) as { gameId: string; ply: number });
}

describe("two nodes, PostgreSQL and Redis", () => {
  it("a rename on node A shows at once in the games node B holds (its watchers are told) and in B's sessions of that player", async () => {
    const guest = await guestSession(a.url);
    const player = await connectAs(a.url, guest.cookie);
    const created = await call(player, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 2 });
    expect(created.ok).toBe(true);
    const gameId = (created as any).gameId as string;
    // B holds the game (a spectator joined through it) and the player's session (GET /api/me).
    const watchB = await client(b, true);
    const joined = await watchB.join(gameId);
    expect(joined.ok && whiteName(joined.state)).toBe(guest.me.name);
    const meOnB = async () => ((await (await fetch(`${b.url}/api/me`, { headers: { cookie: guest.cookie } })).json()) as { me: { name: string } }).me.name;
    expect(await meOnB()).toBe(guest.me.name);

    const name = `Renamed${randomBytes(3).toString("hex")}`;
    const r = await postApi(a.url, API.rename, { name }, guest.cookie);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ ok: true });
    await until(
      "the watcher on B is told the new name",
      () => watchB.events.some((e) => e.event === EV.state && e.data.id === gameId && whiteName(e.data) === name),
      5_000,
    );
    const late = await client(b);
    const lateJoin = await late.join(gameId);
    expect(lateJoin.ok && whiteName(lateJoin.state)).toBe(name);
    expect(await meOnB()).toBe(name);
    player.disconnect();
  });

  it("sign out everywhere on node A closes the account's sockets on node B, and B stops taking its cached session at once", async () => {
    const guest = await guestSession(a.url);
    const name = `Out${randomBytes(3).toString("hex")}`;
    const up = await postApi(a.url, API.signUp, { name, password: "right password" }, guest.cookie);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // A second device signs in through B; B holds its socket and its session in cache.
    const phone = await postApi(b.url, API.signIn, { name, password: "right password" });
    expect(phone.status).toBe(200);
    const socketB = await connectAs(b.url, phone.cookie!);
    const meOnB = async () => ((await (await fetch(`${b.url}/api/me`, { headers: { cookie: phone.cookie! } })).json()) as { me: { id: string } }).me.id;
    expect(await meOnB()).toBe(guest.me.id);
    const closed = new Promise<string>((resolve) => socketB.once("disconnect", (reason) => resolve(reason)));

    expect((await postApi(a.url, API.signOutEverywhere, {}, up.cookie!)).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    // Well inside B's 30 s session cache: the notice made B read the session again.
    await until("B no longer knows the phone's session as the account", async () => (await meOnB()) !== guest.me.id, 3_000);
  });

  it("share rooms and games; each engine turn is searched once; after node A dies the players go on through B", async () => {
    // ---- a human game: white on A, black and a spectator on B
    const whiteA = await client(a);
    const blackB = await client(b);
    const watchB = await client(b, true);
    const c = await call(whiteA.socket, EV.create, { opponent: "human", size: SIZE, rule: "freestyle", color: 2 });
    expect(c.ok).toBe(true);
    const gameId = (c as any).gameId as string;
    await whiteA.join(gameId, { token: (c as any).seatToken });
    await watchB.join(gameId);
    const j = await blackB.join(gameId, { takeSeat: true });
    expect(j).toMatchObject({ ok: true, color: 1 });
    const tokens = { 1: (j as any).seatToken as string, 2: (c as any).seatToken as string };
    const moves: Array<{ x: number; y: number }> = [];
    const play = async (who: Client, color: 1 | 2) => {
      const p = nextCell(SIZE, moves, color)!;
      const ack = await call(who.socket, EV.move, { gameId, seatToken: tokens[color], ply: moves.length + 1, ...p });
      expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
      moves.push(p);
    };
    await play(blackB, 1); // through B
    await play(whiteA, 2); // through A
    // The move made through A reaches the spectator on B (and the player on B).
    await until("the spectator on B sees A's move", () => watchB.events.some((e) => e.event === EV.moved && e.data.gameId === gameId && e.data.move.ply === 2));
    await until("black on B sees A's move", () => blackB.state(gameId)?.moves.length === 2);
    // B's cached copy follows: a newcomer joining through B gets both moves.
    const late = await client(b);
    const lateJoin = await late.join(gameId);
    expect(lateJoin.ok && lateJoin.state.moves.length).toBe(2);
    await play(blackB, 1);
    await play(whiteA, 2);

    // ---- AI-vs-AI watched on both nodes: each engine turn is searched by exactly one node.
    const watchA = await client(a);
    const m = await call(watchA.socket, EV.createAiMatch, { size: SIZE, rule: "freestyle", black: { timeMs: 200 }, white: { timeMs: 200 } });
    expect(m.ok).toBe(true);
    const ava = (m as any).gameId as string;
    await watchA.join(ava);
    await watchB.join(ava); // B now tries to schedule its turns too (cluster joins resume games)
    await until(
      "eight AI-vs-AI plies",
      async () => (await rows(ava)).length >= 8 || (await cl.reader.game.findUnique({ where: { id: ava } }))!.status === "finished",
      40_000,
    );
    const done = new Set((await rows(ava)).map((r) => r.ply));
    const byPly = new Map<number, string[]>();
    for (const [name, node] of [
      ["A", a],
      ["B", b],
    ] as const)
      for (const s of searches(node)) if (s.gameId === ava && done.has(s.ply)) byPly.set(s.ply, [...(byPly.get(s.ply) ?? []), name]);
    for (const ply of done) expect(byPly.get(ply), `searches of ply ${ply}`).toHaveLength(1);

    // An AI-vs-AI game nobody on B watches: after A dies, B's sweep finds it.
    const m2 = await call(watchA.socket, EV.createAiMatch, { size: SIZE, rule: "freestyle", black: { timeMs: 300 }, white: { timeMs: 300 } });
    expect(m2.ok).toBe(true);
    const lonely = (m2 as any).gameId as string;
    await until("A plays the lonely AI game", async () => (await rows(lonely)).length >= 2, 20_000);

    // ---- a human-vs-AI game whose AI turn node A is searching when A dies
    const humanA = await client(a);
    const h = await call(humanA.socket, EV.create, { opponent: "ai", size: SIZE, rule: "freestyle", color: 1, ai: { timeMs: 2500 } });
    expect(h.ok).toBe(true);
    const hva = (h as any).gameId as string;
    const htoken = (h as any).seatToken as string;
    await humanA.join(hva, { token: htoken });
    expect(await call(humanA.socket, EV.move, { gameId: hva, seatToken: htoken, ply: 1, x: 7, y: 7 })).toMatchObject({ ok: true });
    await until("A claims the AI turn", async () => (await cl.reader.game.findUnique({ where: { id: hva } }))!.aiClaimBy === "A", 10_000);
    await sleep(300); // A is searching

    // ---- SIGKILL node A
    await a.kill();
    const lonelyAtKill = (await rows(lonely)).length;
    expect((await rows(hva)).length).toBe(1); // the AI had not answered

    // The players come back through B (a load balancer would send them there) with their tokens.
    const white2 = await client(b, true);
    const back = await white2.join(gameId, { token: tokens[2] });
    expect(back).toMatchObject({ ok: true, color: 2 });
    expect((back as any).state.moves.map((mv: any) => ({ x: mv.x, y: mv.y }))).toEqual(moves);
    await play(blackB, 1);
    await play(white2, 2);
    await play(blackB, 1);
    await until("white (now on B) sees black's moves", () => white2.state(gameId)?.moves.length === moves.length);
    expect((await rows(gameId)).map((r) => ({ x: r.x, y: r.y }))).toEqual(moves);

    // The AI game: B takes over A's lapsed claim and answers; the human (now on B) sees it.
    const human2 = await client(b);
    const hb = await human2.join(hva, { token: htoken });
    expect(hb).toMatchObject({ ok: true, color: 1 });
    await until("B answers the AI turn A was searching", async () => (await rows(hva)).length >= 2, 30_000);
    const hrows = await rows(hva);
    expect(hrows[1]).toMatchObject({ ply: 2, by: "engine", color: 2 });
    expect((await cl.reader.game.findUnique({ where: { id: hva } }))!.aiClaimBy).toBe("B");
    await until("the human on B sees the AI's move", () => (human2.state(hva)?.moves.length ?? 0) >= 2, 10_000);
    const p3 = nextCell(SIZE, hrows, 1)!;
    expect(await call(human2.socket, EV.move, { gameId: hva, seatToken: htoken, ply: 3, ...p3 })).toMatchObject({ ok: true });
    await until("the AI answers again, on B", async () => (await rows(hva)).length >= 4, 30_000);
    // B's sweep (every 5 s) took over the AI-vs-AI game nobody rejoined.
    await until(
      "B's sweep resumes the lonely AI game",
      async () => {
        const g = await cl.reader.game.findUnique({ where: { id: lonely } });
        return g!.status === "finished" || (await rows(lonely)).length >= lonelyAtKill + 2;
      },
      30_000,
    );
    expect((await cl.reader.game.findUnique({ where: { id: lonely } }))!.aiClaimBy).toBe("B");
    expect(b.proc.exitCode).toBeNull();
  }, 120_000);
});

describe("PostgreSQL migrations", () => {
  it("`prisma migrate deploy` applies prisma/migrations/postgresql through the adapter (catalog types worked around)", async () => {
    const name = `gomoku_test_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    try {
      const url = `${PG_BASE}/${name}`;
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [path.join(root, "scripts", "prisma.mjs"), ...args], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: url },
          encoding: "utf8",
          timeout: 90_000,
        });
      const deploy = run("migrate", "deploy");
      expect(deploy.status, deploy.stdout + deploy.stderr).toBe(0);
      const status = run("migrate", "status");
      expect(status.stdout + status.stderr).toMatch(/Database schema is up to date/);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const t = await c.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
        // Every model of prisma/models has its table (a model whose migration was forgotten fails here), and nothing else.
        const models = readdirSync(path.join(root, "prisma", "models"))
          .filter((f) => f.endsWith(".prisma"))
          .flatMap((f) => [...readFileSync(path.join(root, "prisma", "models", f), "utf8").matchAll(/^model (\w+) \{/gm)].map((m) => m[1]));
        expect(models.length).toBeGreaterThan(15);
        expect(t.rows.map((r) => r.table_name)).toEqual([...models, "_prisma_migrations"].sort());
      } finally {
        await c.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
