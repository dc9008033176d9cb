import { describe, expect, it } from "vitest";
import { firstRequest, MAX_FIRST_REQUEST_BYTES, pickSlot, routeKey } from "./routing";

const GET = "GET /socket.io/?EIO=4&transport=websocket&game=abc_12-Z HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n";

describe("firstRequest", () => {
  it("waits for the whole head", () => {
    expect(firstRequest(GET.slice(0, 30))).toEqual({ state: "partial" });
    expect(firstRequest(GET.slice(0, -2))).toEqual({ state: "partial" });
    expect(firstRequest(GET)).toEqual({ state: "complete", method: "GET", url: "/socket.io/?EIO=4&transport=websocket&game=abc_12-Z" });
  });
  it("waits for a Content-Length body, and for a chunked body's last chunk", () => {
    const post = "POST /socket.io/?EIO=4&transport=polling&sid=s HTTP/1.1\r\nContent-Length: 5\r\n\r\n";
    expect(firstRequest(post + "40")).toEqual({ state: "partial" });
    expect(firstRequest(post + "40abc").state).toBe("complete");
    const chunked = "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n";
    expect(firstRequest(chunked).state).toBe("partial");
    expect(firstRequest(chunked + "0\r\n\r\n").state).toBe("complete");
    // Expect: 100-continue: the body comes after the worker's "100 Continue".
    expect(firstRequest("POST /x HTTP/1.1\r\nContent-Length: 9000\r\nExpect: 100-continue\r\n\r\n").state).toBe("complete");
  });
  it("refuses heads and bodies past the limit", () => {
    expect(firstRequest("GET / HTTP/1.1\r\nX: " + "a".repeat(MAX_FIRST_REQUEST_BYTES))).toEqual({ state: "too-large" });
    expect(firstRequest(`POST / HTTP/1.1\r\nContent-Length: ${MAX_FIRST_REQUEST_BYTES + 1}\r\n\r\n`)).toEqual({ state: "too-large" });
  });
});

describe("routeKey", () => {
  it("keys by a well-formed game id, else by the client's address", () => {
    expect(routeKey("/socket.io/?EIO=4&game=abc_12-Z&transport=websocket", "1.2.3.4")).toBe("game:abc_12-Z");
    expect(routeKey("/game/abc?game=abc", "1.2.3.4")).toBe("game:abc");
    expect(routeKey("/socket.io/?EIO=4&transport=websocket", "1.2.3.4")).toBe("addr:1.2.3.4");
    expect(routeKey("/", "::1")).toBe("addr:::1");
    for (const bad of ["", "a b", "a/b", "x".repeat(41), "%00"]) expect(routeKey(`/?game=${encodeURIComponent(bad)}`, "9.9.9.9")).toBe("addr:9.9.9.9");
  });
});

describe("pickSlot", () => {
  const keys = Array.from({ length: 4000 }, (_, i) => `game:g${i}`);
  it("is stable, and spreads keys evenly", () => {
    const up = [true, true, true, true];
    const counts = [0, 0, 0, 0];
    for (const k of keys) {
      const s = pickSlot(k, up);
      expect(pickSlot(k, up)).toBe(s);
      counts[s]++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(1000 * 0.85);
  });
  it("moves only the keys of a slot that is down, and moves them back", () => {
    const all = [true, true, true];
    const without1 = [true, false, true];
    for (const k of keys) {
      const before = pickSlot(k, all);
      const during = pickSlot(k, without1);
      if (before !== 1) expect(during).toBe(before);
      else expect(during).not.toBe(1);
      expect(pickSlot(k, all)).toBe(before);
    }
  });
  it("is -1 when no slot is up", () => {
    expect(pickSlot("game:x", [false, false])).toBe(-1);
    expect(pickSlot("game:x", [])).toBe(-1);
  });
});
