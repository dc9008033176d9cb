// WORKERS=2 without Redis: the per-address connection limit counts across both workers (the
// primary keeps the counter), not once per worker. Connections that name different games land on
// both workers; from one address only the limit's worth get in, the rest are refused with a code.
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { killAll, startNode, tempSqlite, workerSlotFor, type NodeProc } from "./helpers";

const LIMIT = 10;
let db: Awaited<ReturnType<typeof tempSqlite>>;
let node: NodeProc;
const sockets: Socket[] = [];

beforeAll(async () => {
  db = await tempSqlite();
  node = await startNode({ DATABASE_FILE: db.file, WORKERS: "2", AI_THREADS: "1", LIMIT_IP_CONNECTIONS_PER_MIN: String(LIMIT) }, 60_000);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await killAll();
  db?.cleanup();
});

it("counts one address's connections over both workers", async () => {
  // Games on each worker, so the connections below reach both.
  const games = Array.from({ length: 16 }, (_, i) => `limit${i}`);
  const slots = await Promise.all(games.map((game) => workerSlotFor(node.url, `game=${game}`)));
  expect(new Set(slots)).toEqual(new Set(["0", "1"]));
  const outcomes: string[] = [];
  for (const game of games) {
    const s = io(node.url, { transports: ["websocket"], forceNew: true, reconnection: false, timeout: 5000, query: { game } });
    sockets.push(s);
    outcomes.push(
      await new Promise<string>((resolve) => {
        s.once("connect", () => resolve("connected"));
        s.once("connect_error", (e: Error & { data?: { code?: string } }) => resolve(e.data?.code ?? e.message));
      }),
    );
  }
  expect(outcomes.filter((o) => o === "connected")).toHaveLength(LIMIT);
  expect(outcomes.slice(LIMIT)).toEqual(Array(16 - LIMIT).fill("RATE_LIMITED"));
}, 60_000);
