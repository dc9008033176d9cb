// The network an address belongs to, as the fairness limits count it: an IPv4 address's /24, an
// IPv6 address's /64 (one home, one office, one phone carrier's customer usually holds a whole /64,
// so counting single IPv6 addresses would count nothing). A caller that counts per network counts
// one party however many addresses of it they use.
import { isIPv4, isIPv6 } from "node:net";

/** "203.0.113.7" → "203.0.113.0/24"; "2001:db8:1:2:3::4" → "2001:db8:1:2::/64"; anything else (a socket path, "unknown") → itself. */
export function networkOf(address: string): string {
  const a = address.trim().toLowerCase();
  // An IPv4 client of a dual-stack listener arrives as "::ffff:a.b.c.d".
  const v4 = a.startsWith("::ffff:") && isIPv4(a.slice(7)) ? a.slice(7) : a;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  const v6 = a.split("%")[0]; // a zone ("fe80::1%eth0") is not part of the address
  if (isIPv6(v6)) return `${expandIPv6(v6).slice(0, 4).join(":")}::/64`;
  return a;
}

/** The eight groups of an IPv6 address, each without leading zeros ("::1" → 0,0,0,0,0,0,0,1). */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing dotted IPv4 part ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") is two groups.
  const last = text.slice(text.lastIndexOf(":") + 1);
  if (isIPv4(last)) {
    const [a, b, c, d] = last.split(".").map(Number);
    text = text.slice(0, -last.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === null ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}

/**
 * The key a per-address limit counts under: an IPv4 address itself; an IPv6 address's /64, since
 * one device can take any number of addresses of its /64 (privacy addresses), so counting them one
 * by one would let it pass any per-address cap by changing address.
 */
export function subscriberOf(address: string): string {
  const network = networkOf(address);
  return network.endsWith("/64")
    ? network
    : address
        .trim()
        .toLowerCase()
        .replace(/^::ffff:/, "");
}
