import type { ErrorCode, ErrorInfo } from "../../shared/protocol";

/** A refusal with a protocol error code and a sentence for people. */
export class GameError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "GameError";
  }
  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message };
  }
}

export function fail(code: ErrorCode, message: string): never {
  throw new GameError(code, message);
}
