// The server's logger. LOG_LEVEL sets the level (default: info; silent under vitest; lib/server/config).
import { pino } from "pino";
import { logLevelFrom } from "./config";

export const log = pino({
  level: logLevelFrom(),
  base: undefined,
});

export type Logger = typeof log;
