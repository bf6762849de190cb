import pino from "pino";
import { getEnv } from "./env.server";

let current: pino.Logger | undefined;

/** One structured (JSON lines) logger for the process; level from LOG_LEVEL. */
export function getLogger(): pino.Logger {
  current ??= pino({ level: getEnv().logLevel, base: undefined });
  return current;
}
