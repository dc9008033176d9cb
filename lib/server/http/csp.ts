// The Content-Security-Policy of the app's pages (built per request by proxy.ts with a fresh nonce)
// and of every other response (set by the custom server, lib/server/http/headers.ts).
// Pure: Next bundles it into the proxy, the custom server imports it too.

/** A Host header we are willing to echo into the policy (no spaces, quotes or semicolons). */
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

export interface PageCspOptions {
  /** The request's nonce (base64): Next puts it on its own <script> tags. */
  nonce: string;
  /** Development: React refresh and Next's dev overlay evaluate code ('unsafe-eval'). */
  dev: boolean;
  /** The Host the page was asked for: socket.io connects back to it over ws:/wss:. */
  host?: string | null;
}

/**
 * Scripts: only those carrying this request's nonce, and what they load ('strict-dynamic';
 * 'self' is the fallback for browsers without it). Styles keep 'unsafe-inline': React writes
 * style="" attributes (board colours, bars) and a nonce cannot cover attributes; styles cannot run code.
 */
export function pageCsp({ nonce, dev, host }: PageCspOptions): string {
  const sockets = host && SAFE_HOST.test(host) ? ` ws://${host} wss://${host}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Every response that is not a page (static files, socket.io's long-polling, 400/404 answers):
 * nothing may run or load from it, and nobody may frame it. proxy.ts replaces it on pages.
 */
export const FALLBACK_CSP = "default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Next's own script files (/_next/static/…js). A Web Worker runs under the CSP of its script's
 * response, not the page's: the analysis board's engine worker loads its chunks with
 * importScripts, so these responses allow scripts from this origin and nothing else.
 */
export const SCRIPT_FILE_CSP = "default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** True for the responses SCRIPT_FILE_CSP is for. */
export const isScriptFile = (url: string | undefined): boolean => !!url && /^\/_next\/static\/[^?#]*\.js(\?|$)/.test(url);
