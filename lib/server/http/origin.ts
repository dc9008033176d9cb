// Which browser pages may open a socket.io connection (socket.io's allowRequest, wired in
// lib/server/app.ts). A browser always sends Origin on WebSocket upgrades and on
// cross-origin requests, so a page on another site shows itself; once sessions live in cookies,
// accepting it would be cross-site WebSocket hijacking. Allowed:
//   - no Origin header: not a browser (tests, bin/ tools, engine scripts); nothing to hijack;
//   - the same host the request came to (the Host header; with TRUST_PROXY, X-Forwarded-Host and
//     X-Forwarded-Proto when the proxy sends them). Without TRUST_PROXY the scheme is not compared:
//     behind a TLS-terminating proxy the server cannot tell https from http, and a page at the
//     same host is ours whatever its scheme;
//   - an origin listed in ALLOWED_ORIGINS (lib/server/config).
import type { IncomingMessage } from "node:http";
import { firstForwarded } from "./forwarded";

export interface OriginPolicy {
  trustProxy: boolean;
  /** Normalised origins (URL.origin) allowed besides the same host. */
  allowed: readonly string[];
}

/** host[:port] as URL.host writes it (lower case, default port dropped), or null. */
function normaliseHost(host: string, scheme: string): string | null {
  try {
    return new URL(`${scheme}://${host}`).host;
  } catch {
    return null;
  }
}

/** null when `req` may connect, else the sentence that says why not. */
export function originRefusal(req: IncomingMessage, policy: OriginPolicy): string | null {
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Origin ${JSON.stringify(origin)} is not allowed to connect.`;
  }
  if (policy.allowed.includes(url.origin)) return null;
  const scheme = url.protocol.slice(0, -1);
  const forwardedHost = policy.trustProxy ? firstForwarded(req.headers, "x-forwarded-host") : undefined;
  const forwardedProto = policy.trustProxy ? firstForwarded(req.headers, "x-forwarded-proto")?.toLowerCase() : undefined;
  const host = forwardedHost ?? req.headers.host;
  const sameScheme = forwardedProto === undefined || forwardedProto === scheme;
  if (host && sameScheme && (scheme === "http" || scheme === "https") && normaliseHost(host, scheme) === url.host) return null;
  return `Origin ${url.origin} is not allowed to connect: only pages of this site (or ALLOWED_ORIGINS) may.`;
}

/** socket.io's allowRequest option: refused connections get a 403 carrying the sentence. */
export function allowRequestFor(policy: OriginPolicy) {
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const refusal = originRefusal(req, policy);
    callback(refusal, refusal === null);
  };
}

/** A setting's entry → its origin (scheme://host[:port]), or null when it is not one. */
export function parseOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    // Nothing after the host: "https://a.example/" is accepted (URL writes the slash), a path is not.
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return null;
    if (!/^https?:\/\/[^/]+\/?$/i.test(text)) return null;
    return url.origin;
  } catch {
    return null;
  }
}
