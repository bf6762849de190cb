import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
} from "rate-limiter-flexible";
import type { DatabaseHandle } from "./db/database.server";

export type RateLimitRule = {
  /** What is limited, for example "sign-in:ip"; the prefix of its counters' keys. */
  name: string;
  limit: number;
  windowSeconds: number;
};

export type RateLimitResult = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** The table migration 0004 creates in the shape rate-limiter-flexible expects. */
const tableName = "rate_limit";

const limiters = new WeakMap<DatabaseHandle, Map<string, RateLimiterAbstract>>();

/**
 * rate-limiter-flexible on the site's own database: the counter lives in a table, so every server
 * process shares it, and each attempt is counted by one atomic upsert before anything is checked, so
 * simultaneous requests cannot all take the last attempt.
 */
function limiterFor(handle: DatabaseHandle, rule: RateLimitRule): RateLimiterAbstract {
  let byRule = limiters.get(handle);
  if (!byRule) {
    byRule = new Map();
    limiters.set(handle, byRule);
  }
  const cacheKey = `${rule.name}:${rule.limit}:${rule.windowSeconds}`;
  let limiter = byRule.get(cacheKey);
  if (!limiter) {
    const common = {
      tableName,
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.limit,
      duration: rule.windowSeconds,
      // Expired counters are deleted now and then (an hour after they expired), from any process.
      clearExpiredByTimeout: true,
    };
    limiter =
      handle.client.dialect === "sqlite"
        ? new RateLimiterSQLite({
            ...common,
            storeClient: handle.client.connection,
            storeType: "better-sqlite3",
          })
        : new RateLimiterPostgres({ ...common, storeClient: handle.client.pool });
    byRule.set(cacheKey, limiter);
  }
  return limiter;
}

function keyOf(subject: string): string {
  return subject.toLowerCase().slice(0, 200);
}

/** Counts one attempt against a rule for a subject (an address, an email); refused past the limit. */
export async function consumeRateLimit(
  handle: DatabaseHandle,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitResult> {
  try {
    await limiterFor(handle, rule).consume(keyOf(subject));
    return { isAllowed: true };
  } catch (error) {
    // The library rejects with its result object when the limit is used up, with an Error otherwise.
    if (error instanceof RateLimiterRes) {
      return {
        isAllowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      };
    }
    throw error;
  }
}

/** Gives back an attempt counted by consumeRateLimit (a sign-in that turned out to be right). */
export async function refundRateLimit(
  handle: DatabaseHandle,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  await limiterFor(handle, rule).reward(keyOf(subject), 1);
}

/** Clears a subject's counter (the owner proved themselves, for example by resetting the password). */
export async function clearRateLimit(
  handle: DatabaseHandle,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  await limiterFor(handle, rule).delete(keyOf(subject));
}
