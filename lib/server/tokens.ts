// Seat tokens: random secrets handed to a human seat once; only their SHA-256 is stored.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 24 random bytes, base64url: 32 characters. */
export const newSeatToken = (): string => randomBytes(24).toString("base64url");

/** 9 random bytes, base64url: 12 URL-safe characters. */
export const newGameId = (): string => randomBytes(9).toString("base64url");

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("base64url");

/** Constant-time: does `token` hash to `hash`? */
export function tokenMatches(token: string | undefined | null, hash: string | null): boolean {
  if (!token || !hash) return false;
  const a = Buffer.from(hashToken(token));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
