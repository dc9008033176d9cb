import { describe, expect, it } from "vitest";
import { networkOf, subscriberOf } from "./network";

describe("networkOf: the /24 or /64 an address counts in", () => {
  it("IPv4: its /24, also when it reaches a dual-stack listener as ::ffff:a.b.c.d", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.250")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.114.7")).not.toBe(networkOf("203.0.113.7"));
  });

  it("IPv6: its /64, however the address is written", () => {
    const net = "2001:db8:1:2::/64";
    expect(networkOf("2001:db8:1:2::1")).toBe(net);
    expect(networkOf("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(net);
    expect(networkOf("2001:DB8:1:2:a:b:c:d")).toBe(net);
    expect(networkOf("2001:db8:1:3::1")).not.toBe(net);
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(networkOf("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
  });

  it("anything that is not an IP address is its own network", () => {
    expect(networkOf("unknown")).toBe("unknown");
    expect(networkOf("")).toBe("");
  });
});

describe("subscriberOf: the key of a per-address limit", () => {
  it("an IPv4 address is itself (mapped or not); an IPv6 address counts as its /64", () => {
    expect(subscriberOf("203.0.113.7")).toBe("203.0.113.7");
    expect(subscriberOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(subscriberOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(subscriberOf("2001:db8:1:2:dead:beef:0:7")).toBe(subscriberOf("2001:db8:1:2::1"));
    expect(subscriberOf("unknown")).toBe("unknown");
  });
});
