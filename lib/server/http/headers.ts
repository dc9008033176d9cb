// Security headers on every HTTP response of the custom server (lib/server/app/http-edge.ts),
// Next's pages and files and socket.io's long-polling alike. They are set here, before Next's
// handler runs, rather than in next.config.js: the custom server also answers what Next never
// sees (socket.io, malformed URLs) and the HSTS decision needs TRUST_PROXY from lib/server/config.
// The one header that differs per page, the nonce CSP, is proxy.ts's: only Next can hand the
// nonce to its own <script> tags (it overwrites the fallback CSP set here).
import type { IncomingMessage } from "node:http";
import { FALLBACK_CSP, SCRIPT_FILE_CSP, isScriptFile } from "./csp";
import { firstForwarded } from "./forwarded";

/** Headers that never vary. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": FALLBACK_CSP,
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), interest-cohort=()",
  "cross-origin-opener-policy": "same-origin",
};

/** 180 days; no includeSubDomains: other hosts under the domain are not ours to decide for. */
export const HSTS = "max-age=15552000";

/**
 * HSTS only when the browser reached us over HTTPS: a TLS-terminating proxy says so in
 * X-Forwarded-Proto, believed only with TRUST_PROXY (else anyone could claim it).
 */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy) return false;
  return firstForwarded(req.headers, "x-forwarded-proto")?.toLowerCase() === "https";
}

/** The headers for one response. */
export function securityHeaders(req: IncomingMessage, trustProxy: boolean): Record<string, string> {
  const headers: Record<string, string> = { ...STATIC_SECURITY_HEADERS };
  if (isScriptFile(req.url)) headers["content-security-policy"] = SCRIPT_FILE_CSP;
  if (isHttps(req, trustProxy)) headers["strict-transport-security"] = HSTS;
  return headers;
}
