// "Authorization: Bearer <token>" checked in constant time: the operator's endpoints (/metrics,
// /api/mod/*) take a token from the environment.
import type { IncomingMessage } from "node:http";
import { timingSafeEqual } from "node:crypto";

export function bearerOk(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (!m) return false;
  const given = Buffer.from(m[1]);
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}
