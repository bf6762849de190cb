import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

export type RateLimitRule = {
  /** What is limited, for example "sign-in:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
};

export type RateLimitResult = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against a rule for a subject (an address, an email) in fixed time windows. The
 * counter lives in the database, so every server process shares it, and the increment is one atomic
 * upsert, so two requests at once cannot both take the last attempt.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const { key, windowEnd } = windowOf(rule, subject, now);

  const row = await db
    .insertInto("rate_limit")
    .values({ key, count: 1, expires_at: windowEnd.toISOString() })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((update) => ({
        count: update(update.ref("rate_limit.count"), "+", 1),
      })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();

  if (Number(row.count) <= rule.limit) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: secondsUntil(windowEnd, now) };
}

/**
 * Whether a subject has used up a rule in the current window, without counting an attempt: for limits
 * that count only failures (a correct password should not use up a shared campus address's quota).
 */
export async function checkRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const { key, windowEnd } = windowOf(rule, subject, now);
  const row = await db
    .selectFrom("rate_limit")
    .select("count")
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row || Number(row.count) < rule.limit) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: secondsUntil(windowEnd, now) };
}

function windowOf(rule: RateLimitRule, subject: string, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const windowIndex = Math.floor(now.getTime() / windowMs);
  return {
    key: `${rule.name}:${windowIndex}:${subject}`.slice(0, 255),
    windowEnd: new Date((windowIndex + 1) * windowMs),
  };
}

function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** Drops counters of windows that have ended; cheap, and safe to run from any process. */
export async function deleteExpiredRateLimits(db: Kysely<Database>, now: Date = new Date()) {
  await db.deleteFrom("rate_limit").where("expires_at", "<", now.toISOString()).execute();
}
