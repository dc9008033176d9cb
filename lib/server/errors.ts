import type { ErrorCode, ErrorInfo, RefusalReason } from "../shared/protocol";

/** What a refusal carries besides its code and sentence for the pages to word it (a renju foul; the people's refusals' reason and figures). */
type Extra = Pick<ErrorInfo, "forbidden"> & { reason?: RefusalReason; params?: Record<string, string | number> };

/** A refusal with a protocol error code and a sentence for people. */
export class GameError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    /** What the page needs to word it in the reader's language (ErrorInfo's optional fields). */
    public readonly extra: Extra = {},
  ) {
    super(message);
    this.name = "GameError";
  }
  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export function fail(code: ErrorCode, message: string, extra?: Extra): never {
  throw new GameError(code, message, extra);
}
