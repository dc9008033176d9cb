// The contract's map: one entry per client event, and what the compiler refuses is what the server
// refuses (each @ts-expect-error below fails tsc if that call ever compiles).
import { describe, expect, it } from "vitest";
import { ALGOS, MAX_SIZE, MIN_SIZE } from "../../engine";
import { CONTRACT, type AckOf, type ClientEvent, type RequestArgs } from "./contract";
import { CLIENT_EV, EV } from "./protocol";

/** A request as lib/client/socket's request() types it, without a socket: the payload as sent. */
const sent = <E extends ClientEvent>(_event: E, ...[payload]: RequestArgs<E>) => payload;
const parses = (event: ClientEvent, payload: unknown) => CONTRACT[event].payload.safeParse(payload).success;
const token = "t".repeat(16);

describe("the contract", () => {
  it("has exactly one entry per client event", () => {
    expect(Object.keys(CONTRACT).sort()).toEqual(Object.values(CLIENT_EV).sort());
  });

  it("takes sizes and algorithms from the engine", () => {
    const create = (size: number, algo?: string) => ({ opponent: "ai", size, rule: "freestyle", color: 1, ai: { algo, timeMs: 500 } });
    expect(parses(EV.create, create(MIN_SIZE))).toBe(true);
    expect(parses(EV.create, create(MAX_SIZE))).toBe(true);
    expect(parses(EV.create, create(MIN_SIZE - 1))).toBe(false);
    expect(parses(EV.create, create(MAX_SIZE + 1))).toBe(false);
    for (const algo of ALGOS) expect(parses(EV.create, create(15, algo))).toBe(true);
    expect(parses(EV.create, create(15, "random"))).toBe(false);
  });

  it("list and tvWatch need no payload; the others do", () => {
    expect(parses(EV.list, sent(EV.list))).toBe(true);
    expect(parses(EV.tvWatch, sent(EV.tvWatch))).toBe(true);
    // @ts-expect-error: a leave names its game
    expect(parses(EV.leave, sent(EV.leave))).toBe(false);
  });

  it("refuses at compile time the payloads the server refuses", () => {
    // @ts-expect-error: a move without y
    expect(parses(EV.move, sent(EV.move, { gameId: "g", seatToken: token, ply: 1, x: 1 }))).toBe(false);
    // @ts-expect-error: strict payloads, no extra fields
    expect(parses(EV.leave, sent(EV.leave, { gameId: "g", extra: 1 }))).toBe(false);
    // @ts-expect-error: colours are 1 and 2
    expect(parses(EV.create, sent(EV.create, { opponent: "human", size: 15, rule: "freestyle", color: 3 }))).toBe(false);
    // @ts-expect-error: not an event of the contract
    sent("game:explode", {});
    expect(parses(EV.move, sent(EV.move, { gameId: "g", seatToken: token, ply: 1, x: 1, y: 2 }))).toBe(true);
  });

  it("takes a seat action without a token (the identity's seat; the service says SPECTATOR when it has none)", () => {
    expect(CONTRACT[EV.move].payload.safeParse({ gameId: "g", ply: 1, x: 1, y: 1 }).success).toBe(true);
    expect(CONTRACT[EV.resign].payload.safeParse({ gameId: "g" }).success).toBe(true);
    expect(CONTRACT[EV.resign].payload.safeParse({ gameId: "g", seatToken: "short" }).success).toBe(false);
  });

  it("chat, blocks and reports: refuses at compile time what the server refuses", () => {
    // @ts-expect-error: a message names its channel
    expect(parses(EV.chatSend, sent(EV.chatSend, { gameId: "g", text: "hi" }))).toBe(false);
    // @ts-expect-error: the channels are "players" and "spectators"
    expect(parses(EV.chatSend, sent(EV.chatSend, { gameId: "g", channel: "everyone", text: "hi" }))).toBe(false);
    // @ts-expect-error: no HTML flag, no extra fields
    expect(parses(EV.chatSend, sent(EV.chatSend, { gameId: "g", channel: "players", text: "hi", html: true }))).toBe(false);
    // @ts-expect-error: a report's reason is one of four
    expect(parses(EV.reportCreate, sent(EV.reportCreate, { gameId: "g", name: "x", reason: "because" }))).toBe(false);
    // @ts-expect-error: a block says whether
    expect(parses(EV.blockSet, sent(EV.blockSet, { name: "x" }))).toBe(false);
    // Run time only: the length, and a message of nothing but spaces or control characters.
    expect(parses(EV.chatSend, sent(EV.chatSend, { gameId: "g", channel: "players", text: "x".repeat(141) }))).toBe(false);
    expect(parses(EV.chatSend, sent(EV.chatSend, { gameId: "g", channel: "players", text: " \n\t " }))).toBe(false);
    expect(parses(EV.chatSend, sent(EV.chatSend, { gameId: "g", channel: "spectators", text: "gg" }))).toBe(true);
    expect(parses(EV.blockList, sent(EV.blockList))).toBe(true);
  });

  it("types each acknowledgement from the map", () => {
    const ack = { ok: true, gameId: "g", seatToken: token, color: 2 } as AckOf<typeof EV.rematch>;
    if (ack.ok) {
      const color: 1 | 2 = ack.color;
      expect(color).toBe(2);
      // @ts-expect-error: a rematch's ack has no state
      expect(ack.state).toBeUndefined();
    }
  });
});
