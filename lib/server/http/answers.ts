// What a route answers (lib/server/http/router): a status with a body, a redirect, or "pass" (to
// the pages: Next). Refusals are thrown as HttpRefusal (or GameError) and answered as
// { ok: false, error: { code, message } } with the status their code implies and Retry-After.
import type { ErrorCode, ErrorInfo } from "../../shared/protocol";

const JSON_TYPE = "application/json; charset=utf-8";

export type Answer =
  | { status: number; body: string | Uint8Array; type: string; headers?: Record<string, string> }
  /** 302 to `location` (never 301: what it points at may change). */
  | { redirect: string }
  /** Hand the request on to the pages (after a look-up that may have marked or rewritten it). */
  | { pass: true };

export const json = (status: number, value: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: JSON.stringify(value),
  type: JSON_TYPE,
  headers,
});

export const text = (status: number, body: string, type = "text/plain; charset=utf-8", headers?: Record<string, string>): Answer => ({
  status,
  body,
  type,
  headers,
});

export const PASS: Answer = { pass: true };

/** The HTTP status of a refusal by its code (400 for the rest). */
const STATUS_OF: Partial<Record<ErrorCode, number>> = {
  BAD_PAYLOAD: 400,
  NOT_FOUND: 404,
  NOT_ALLOWED: 403,
  BAD_CREDENTIALS: 401,
  NOT_SIGNED_IN: 401,
  NAME_TAKEN: 409,
  NAME_RESERVED: 409,
  ALREADY_ACCOUNT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export const statusOf = (code: ErrorCode): number => STATUS_OF[code] ?? 400;

/** A refusal: its status and what the body says (extra fields allowed: an import's line and column). */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly info: ErrorInfo,
  ) {
    super(info.message);
  }
}

/** Throws the refusal of `code` with its usual status. */
export const refuse = (code: ErrorCode, message: string): never => {
  throw new HttpRefusal(statusOf(code), { code, message });
};

/** Throws a rate-limit refusal (429) when a check says no. */
export const refuseIf = (error: ErrorInfo | null): void => {
  if (error) throw new HttpRefusal(statusOf(error.code), error);
};

/** The answer to a refusal: { ok: false, error }, Retry-After when it says when to come back. */
export function refusalAnswer(status: number, error: ErrorInfo): Answer {
  const headers: Record<string, string> = {};
  if (error.retryMs !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(error.retryMs / 1000)));
  // A refused body is not read to its end: close the connection rather than read on.
  if (status === 413) headers["connection"] = "close";
  return json(status, { ok: false, error }, headers);
}
