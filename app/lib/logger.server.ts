import pino from "pino";
import { getEnv } from "./env.server";

let current: pino.Logger | undefined;

export type LoggedError = { at: string; message: string; detail: string | undefined };

/** The last errors this process logged, newest last, for the admins' status page. */
const recent: LoggedError[] = [];
const recentLimit = 20;

function remember(args: unknown[]) {
  const [first, second] = args;
  const message =
    typeof first === "string" ? first : typeof second === "string" ? second : "(no message)";
  const object = typeof first === "object" && first ? (first as Record<string, unknown>) : {};
  const error = object.err ?? (first instanceof Error ? first : undefined);
  const detail = error instanceof Error ? error.message : undefined;
  recent.push({ at: new Date().toISOString(), message, detail: detail?.slice(0, 500) });
  if (recent.length > recentLimit) recent.shift();
}

/** Errors (and worse) this process logged since it started, newest first. */
export function recentLoggedErrors(): LoggedError[] {
  return [...recent].reverse();
}

/** One structured (JSON lines) logger for the process; level from LOG_LEVEL. */
export function getLogger(): pino.Logger {
  current ??= pino({
    level: getEnv().logLevel,
    base: undefined,
    hooks: {
      logMethod(args, method, level) {
        if (level >= 50) remember(args);
        return method.apply(this, args);
      },
    },
  });
  return current;
}
