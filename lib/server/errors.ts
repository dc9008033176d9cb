import type { ErrorCode, ErrorInfo } from "../shared/protocol";

/** A refusal with a protocol error code and a sentence for people. */
export class GameError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    /** What the page needs to word it in the reader's language (ErrorInfo's optional fields). */
    public readonly extra: Pick<ErrorInfo, "forbidden"> = {},
  ) {
    super(message);
    this.name = "GameError";
  }
  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export function fail(code: ErrorCode, message: string, extra?: Pick<ErrorInfo, "forbidden">): never {
  throw new GameError(code, message, extra);
}
