// A server's refusal in the reader's language, pure (no React): app/_components/i18n/words' useErrorText
// binds it to the catalogue's namespace "errors". A people's refusal with a known reason
// (lib/shared/protocol REFUSAL_REASONS) says its own sentence with its figures ("errors.reasons.<reason>");
// otherwise the code's sentence, and the server's English only for a code the catalogue lacks.
import { REFUSAL_REASONS, type ErrorInfo } from "../shared/protocol";

/** The catalogue's translator for namespace "errors" (next-intl's t, or the tests' over the same files). */
export interface ErrorWords {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

const KNOWN = new Set<string>(REFUSAL_REASONS);

/** `when` writes an ISO time (a mute's end) in the reader's language and zone. */
export function errorTextOf(t: ErrorWords, e: ErrorInfo | string, when: (iso: string) => string): string {
  if (typeof e === "string") return e;
  if (e.reason && KNOWN.has(e.reason) && t.has(`reasons.${e.reason}`)) {
    const params: Record<string, string | number> = { ...e.params };
    if (typeof params.until === "string") params.until = when(params.until);
    return t(`reasons.${e.reason}`, params);
  }
  if (e.code === "RATE_LIMITED" && e.retryMs !== undefined) return t("RATE_LIMITED_WAIT", { seconds: Math.max(1, Math.ceil(e.retryMs / 1000)) });
  if (e.code === "TOO_MANY_ABORTS" && e.retryMs !== undefined) return t("TOO_MANY_ABORTS_WAIT", { minutes: Math.max(1, Math.ceil(e.retryMs / 60_000)) });
  if (e.code === "FORBIDDEN" && e.forbidden) return t("FORBIDDEN_BECAUSE", { reason: e.forbidden.replace("-", "") });
  return t.has(e.code) ? t(e.code) : e.message;
}
