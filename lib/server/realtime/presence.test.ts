// lib/server/realtime/presence.ts in cluster mode against a stand-in socket.io server: a burst of changes
// costs one fetch, and a fetch that fails is logged and leaves the last figures.
// (Real nodes and Redis: test/reliability/presence.test.ts.)
import { describe, expect, it, vi } from "vitest";
import { createPresence } from "./presence";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fakeIo(fetch: () => Promise<Array<{ id: string; data: unknown }>>) {
  const emitted: Array<{ event: string; data: any }> = [];
  const room = { emit: (event: string, data: unknown) => (emitted.push({ event, data }), true) };
  const io = {
    local: { to: () => room },
    to: () => room,
    in: () => ({ fetchSockets: fetch }),
    sockets: { sockets: new Map<string, unknown>() },
    serverSideEmit: vi.fn(),
    on: vi.fn(),
  };
  return { io, emitted };
}
const sock = (id: string) => ({ id, join: async () => {}, leave: async () => {} });
const games = { getState: async (id: string) => ({ id }), seatsChanged: () => {} };
const logger = () => ({ warn: vi.fn(), debug: vi.fn(), info: vi.fn(), error: vi.fn() });

describe("presence, several nodes", () => {
  it("debounces a burst into one fetch and adds the other nodes' members", async () => {
    const fetch = vi.fn(async () => [
      { id: "r1", data: { joined: { g: null } } },
      { id: "r2", data: { joined: { g: 1 } } },
      { id: "r3", data: { joined: {} } }, // leaving: not counted
    ]);
    const { io, emitted } = fakeIo(fetch);
    const p = createPresence(io as any, games as any, { cluster: true, log: logger() as any, debounceMs: 20 });
    for (const id of ["l1", "l2", "l3"]) {
      io.sockets.sockets.set(id, {});
      await p.set(sock(id) as any, "g", null);
    }
    expect(p.presenceOf("g")).toEqual({ spectators: 3, connected: { 1: false, 2: false } });
    expect(io.serverSideEmit).toHaveBeenCalledTimes(3);
    await sleep(80);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(p.presenceOf("g")).toEqual({ spectators: 4, connected: { 1: true, 2: false } });
    // Black (on another node) connected: the state; the count went from 3 to 4.
    expect(emitted.slice(-2).map((e) => e.event)).toEqual(["game:state", "game:spectators"]);
    expect(emitted.at(-1)!.data).toEqual({ gameId: "g", count: 4 });
    p.close();
  });

  it("a failed fetch is logged at warn and keeps the last figures", async () => {
    let fail = false;
    const fetch = vi.fn(async () => {
      if (fail) throw new Error("timeout reached while waiting for fetchSockets response");
      return [{ id: "r1", data: { joined: { g: null } } }];
    });
    const { io } = fakeIo(fetch);
    const log = logger();
    const p = createPresence(io as any, games as any, { cluster: true, log: log as any, debounceMs: 5 });
    io.sockets.sockets.set("l1", {});
    await p.set(sock("l1") as any, "g", 2);
    await sleep(40);
    expect(p.presenceOf("g")).toEqual({ spectators: 1, connected: { 1: false, 2: true } });
    fail = true;
    const onIo = io.on.mock.calls.find((c) => c[0] === "gomoku:presence-dirty")![1] as (id: unknown, resend: unknown) => void;
    onIo("g", false); // another node changed: refetch, which fails
    await sleep(40);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(p.presenceOf("g")).toEqual({ spectators: 1, connected: { 1: false, 2: true } });
    // The last local member goes: the game is forgotten, and notices about it cost nothing.
    await p.set(sock("l1") as any, "g", undefined);
    onIo("g", false);
    await sleep(40);
    expect(fetch).toHaveBeenCalledTimes(2);
    // The seat's player is remembered as gone since then (an opponent's claim counts from it).
    expect(p.presenceOf("g")).toEqual({ spectators: 0, connected: { 1: false, 2: false }, goneSince: { 2: expect.any(Number) } });
    p.close();
  });
});
