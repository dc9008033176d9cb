// Backups while serving (lib/server/db/backup, npm run db:backup / db:restore): 50 games are played
// on a real server process while a backup is taken; the backup is restored into a fresh database and
// a fresh server, and every move acknowledged before the backup began is there, in order.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { backupSqlite, checkBackup, restoreSqlite, BackupError } from "../../lib/server/db/backup";
import { Client, call, killAll, nextCell, startNode, tempSqlite, type NodeProc } from "./helpers";

// Rate limits off: one address plays 50 games here, which is not what this test is about.
const GAMES = 50;
let db: Awaited<ReturnType<typeof tempSqlite>>;
let node: NodeProc | null = null;
const clients: Client[] = [];

beforeAll(async () => {
  db = await tempSqlite();
  node = await startNode({ DATABASE_FILE: db.file, AI_THREADS: "1", RATE_LIMITS: "off" });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await killAll();
  db?.cleanup();
});

describe("backup while serving, restore into a fresh server", () => {
  it("keeps every move acknowledged before the backup began", async () => {
    // 50 human-vs-human games, each played by two sockets.
    const games: Array<{ id: string; seats: { 1: { c: Client; token: string }; 2: { c: Client; token: string } }; moves: Array<{ x: number; y: number }> }> =
      [];
    for (let i = 0; i < GAMES; i++) {
      const b = new Client(node!.url);
      const w = new Client(node!.url);
      clients.push(b, w);
      await Promise.all([b.connected(), w.connected()]);
      const created = await call(b.socket, EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 1 });
      expect(created.ok).toBe(true);
      await b.join(created.gameId, { token: created.seatToken });
      const joined = await w.join(created.gameId, { takeSeat: true });
      expect(joined.ok).toBe(true);
      games.push({ id: created.gameId, seats: { 1: { c: b, token: created.seatToken }, 2: { c: w, token: joined.seatToken! } }, moves: [] });
    }

    // Every game moves in turn, non-stop, recording when each move was acknowledged.
    const acked: Array<{ gameId: string; ply: number; x: number; y: number; at: number }> = [];
    let playing = true;
    const cache = new Map();
    const player = async (g: (typeof games)[number]) => {
      while (playing && g.moves.length < 60) {
        const ply = g.moves.length + 1;
        const color = (ply % 2 === 1 ? 1 : 2) as 1 | 2;
        const p = nextCell(15, g.moves, color, cache);
        if (!p) break;
        const r = await call(g.seats[color].c.socket, EV.move, { gameId: g.id, seatToken: g.seats[color].token, ply, x: p.x, y: p.y });
        expect(r.ok, JSON.stringify(r)).toBe(true);
        g.moves.push(p);
        acked.push({ gameId: g.id, ply, ...p, at: Date.now() });
      }
    };
    const all = Promise.all(games.map(player));
    while (acked.length < 500) await new Promise((r) => setTimeout(r, 20));

    const out = path.join(path.dirname(db.file), "backup.db");
    const startedAt = Date.now();
    const before = acked.filter((m) => m.at < startedAt);
    const { bytes, ms } = await backupSqlite(db.file, out);
    const during = acked.length - before.length;
    playing = false;
    await all;
    console.log(`backup: ${before.length} moves acknowledged before it, ${during} during it; ${bytes} bytes in ${ms} ms`);
    await expect(backupSqlite(db.file, out)).rejects.toBeInstanceOf(BackupError); // never overwrites

    // Restore into a fresh database; a fresh server on it has every move acknowledged before the backup.
    const fresh = path.join(path.dirname(db.file), "restored.db");
    const counts = await restoreSqlite(out, fresh);
    expect(counts.games).toBe(GAMES);
    expect(counts.moves).toBeGreaterThanOrEqual(before.length);
    const restored = await startNode({ DATABASE_FILE: fresh, AI_THREADS: "1", RATE_LIMITS: "off" });
    const reader = new Client(restored.url);
    clients.push(reader);
    await reader.connected();
    for (const g of games) {
      const j = await reader.join(g.id);
      expect(j.ok, JSON.stringify(j.error)).toBe(true);
      const stored = new Map(j.state.moves.map((m) => [m.ply, m]));
      for (const m of before.filter((b) => b.gameId === g.id)) expect(stored.get(m.ply), `${g.id} ply ${m.ply}`).toMatchObject({ x: m.x, y: m.y });
    }
    await restored.stop();
  }, 120_000);

  it("refuses to restore a file that is not one of its databases, changing nothing", async () => {
    const junk = path.join(path.dirname(db.file), "junk.db");
    fs.writeFileSync(junk, "not a database");
    const target = path.join(path.dirname(db.file), "target.db");
    fs.writeFileSync(target, "old");
    await expect(restoreSqlite(junk, target)).rejects.toMatchObject({ code: "NOT_A_BACKUP" });
    expect(fs.readFileSync(target, "utf8")).toBe("old");
    await expect(checkBackup(db.file)).resolves.toMatchObject({ games: GAMES });
  });
});
