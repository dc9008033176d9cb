// The server's logger. LOG_LEVEL sets the level (default: info; silent under vitest).
import { pino } from "pino";

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  base: undefined,
});

export type Logger = typeof log;
