// The client address behind N proxies of ours: X-Forwarded-For's N-th entry from the right, never
// an entry the client wrote itself.
import { describe, expect, it } from "vitest";
import { clientAddress } from "./forwarded";

const xff = (v: string | string[]) => ({ "x-forwarded-for": v });

describe("clientAddress", () => {
  it("one proxy: the entry it appended (the rightmost), whatever the client put before it", () => {
    expect(clientAddress(xff("203.0.113.7"), "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientAddress(xff("1.2.3.4, 203.0.113.7"), "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientAddress(xff("spoof, also-spoof ,203.0.113.7 "), "10.0.0.1", 1)).toBe("203.0.113.7");
  });

  it("two proxies: the second entry from the right; repeated headers count as one list", () => {
    expect(clientAddress(xff("1.2.3.4, 203.0.113.7, 10.0.0.5"), "10.0.0.1", 2)).toBe("203.0.113.7");
    expect(clientAddress(xff(["1.2.3.4, 203.0.113.7", "10.0.0.5"]), "10.0.0.1", 2)).toBe("203.0.113.7");
    // Fewer entries than proxies: the furthest one there is.
    expect(clientAddress(xff("203.0.113.7"), "10.0.0.1", 2)).toBe("203.0.113.7");
  });

  it("no proxy trusted, no header or an empty one: the connection's own address", () => {
    expect(clientAddress(xff("1.2.3.4"), "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientAddress({}, "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress(xff(" , "), "10.0.0.1", 1)).toBe("10.0.0.1");
  });
});
