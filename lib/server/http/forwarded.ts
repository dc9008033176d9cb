// Proxy headers. X-Forwarded-For lists one address per hop, each proxy appending the address it
// received the request from (nginx's $proxy_add_x_forwarded_for). Only the entries our own proxies
// appended can be believed: whatever is left of them came from the client, who can write anything.
// So with TRUST_PROXY=N (N proxies of ours in front of the server), the client is the N-th entry
// from the right: the one our outermost proxy appended. X-Forwarded-Host and -Proto are set (not
// appended) by the proxy (nginx's proxy_set_header replaces the client's), so their one value counts.

/** The first value of header `name` (X-Forwarded-Host, -Proto: set by the proxy), trimmed; undefined when absent, empty or not text. */
export function firstForwarded(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const v = headers[name];
  const text = Array.isArray(v) ? v[0] : v;
  return typeof text === "string" ? text.split(",")[0].trim() || undefined : undefined;
}

/**
 * The client's address: with `trustedHops` proxies of ours in front, the `trustedHops`-th
 * X-Forwarded-For entry from the right (Express's "trust proxy N" gives the same). A list shorter
 * than that (the request came through fewer proxies): its leftmost entry. No header, or
 * `trustedHops` 0: the connection's own address.
 */
export function clientAddress(headers: Readonly<Record<string, unknown>>, socketAddress: string, trustedHops: number): string {
  if (trustedHops < 1) return socketAddress;
  const v = headers["x-forwarded-for"];
  // Node joins repeated X-Forwarded-For headers with ", "; an array (a test's stand-in) the same way.
  const text = Array.isArray(v) ? v.join(",") : v;
  if (typeof text !== "string") return socketAddress;
  const hops = text
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (hops.length === 0) return socketAddress;
  return hops[Math.max(0, hops.length - trustedHops)];
}
