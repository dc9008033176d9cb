// The session cookie: HttpOnly (scripts cannot read it), SameSite=Lax (other sites' requests do
// not carry it, but following a link here does), Secure when the page came over HTTPS.
import { parse, serialize } from "cookie";

export const SESSION_COOKIE = "ga_session";
export const SESSION_DAYS = 365;

/** The session token a request carries, if any. */
export function sessionTokenOf(headers: Readonly<Record<string, unknown>>): string | null {
  const raw = headers.cookie;
  if (typeof raw !== "string") return null;
  const token = parse(raw)[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : null;
}

export function sessionCookie(token: string, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: SESSION_DAYS * 86_400 });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
}
