// Next's proxy (Next 16's name for middleware): each page gets a Content-Security-Policy with a
// fresh nonce. Next reads the nonce from the request's CSP header and puts it on its own <script>
// tags, which is why this lives here and not in the custom server: only a render that sees the
// header can carry the nonce (app/layout.tsx renders every page per request for that reason).
// The other security headers, and a strict CSP for everything that is not a page, come from the
// custom server (lib/server/http/headers.ts); this CSP replaces that one on pages.
// It also chooses the page's language (i18n/locales.ts): `?lang=zh-CN` in any URL, else the
// NEXT_LOCALE cookie, else Accept-Language; a `?lang=` is remembered in the cookie.
import { NextResponse, type NextRequest } from "next/server";
import { pageCsp } from "./lib/server/http/csp";
import { chooseLocale, LOCALE_COOKIE, LOCALE_HEADER, toLocale } from "./i18n/locales";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp({ nonce, dev: process.env.NODE_ENV === "development", host: request.headers.get("host") });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const query = toLocale(request.nextUrl.searchParams.get("lang"));
  const locale = chooseLocale({ query, cookie: request.cookies.get(LOCALE_COOKIE)?.value, acceptLanguage: request.headers.get("accept-language") });
  requestHeaders.set(LOCALE_HEADER, locale);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  if (query && query !== request.cookies.get(LOCALE_COOKIE)?.value)
    response.cookies.set(LOCALE_COOKIE, query, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax" });
  return response;
}

export const config = {
  // Pages only: not Next's static files, the icon, or socket.io (which never reaches Next anyway).
  matcher: [{ source: "/((?!_next/static|_next/image|icon.svg|favicon.ico|socket.io).*)" }],
};
