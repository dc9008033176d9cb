// The device: a long-lived random id in its own HttpOnly cookie (ga_device), set on a browser's
// first visit beside the session and kept across sign-in, sign-out and new guests, so two
// identities used from one browser are known as one device (lib/server/ratings/eligibility: a
// rated game between them is played as casual). It proves nothing about a person: a script or a
// cleared cookie makes a new device. Rows keep only its SHA-256 (deviceKeyOf), never the cookie.
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import { hashToken } from "../tokens";

export const DEVICE_COOKIE = "ga_device";
/** Browsers cap a cookie's life at 400 days (then the browser is a new device). */
export const DEVICE_DAYS = 400;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** The device id a request carries, if any (a malformed one counts as none). */
export function deviceIdOf(headers: Readonly<Record<string, unknown>>): string | null {
  const raw = headers.cookie;
  if (typeof raw !== "string") return null;
  const id = parse(raw)[DEVICE_COOKIE];
  return id && DEVICE_ID.test(id) ? id : null;
}

export const newDeviceId = (): string => randomBytes(18).toString("base64url");

/** What rows hold for a device (its id is a bearer secret of sorts: kept out of the database). */
export const deviceKeyOf = (deviceId: string): string => hashToken(deviceId);

export function deviceCookie(id: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, id, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: DEVICE_DAYS * 86_400 });
}

/** The request's device id, or a new one whose cookie is sent with `res` (after any cookie already set). */
export function keepDevice(req: IncomingMessage, res: ServerResponse, secure: boolean): string {
  const known = deviceIdOf(req.headers);
  if (known) return known;
  const id = newDeviceId();
  appendSetCookie(res, deviceCookie(id, secure));
  return id;
}

/** Adds a Set-Cookie header without dropping one already set (the session's comes first). */
export function appendSetCookie(res: ServerResponse, cookie: string): void {
  const had = res.getHeader("set-cookie");
  const list = had === undefined ? [] : Array.isArray(had) ? had : [String(had)];
  res.setHeader("set-cookie", [...list, cookie]);
}
