import { getDatabase } from "~/lib/db/db.server";
import {
  checkRateLimit,
  consumeRateLimit,
  deleteExpiredRateLimits,
  type RateLimitRule,
} from "~/lib/rate-limit.server";

/**
 * Limits on the account actions that can be abused: guessing passwords, creating accounts in bulk, and
 * making the site send mail. Each is limited per client address, and the sign-in and mail ones also per
 * email address, so one account or mailbox cannot be targeted from many clients. The per-address limits
 * leave room for a campus network, where a whole class shares one public address on deadline day:
 * sign-in counts only failed attempts.
 */
export const accountRateLimits = {
  failedSignInByIp: { name: "sign-in-failed:ip", limit: 50, windowSeconds: 15 * 60 },
  failedSignInByEmail: { name: "sign-in-failed:email", limit: 10, windowSeconds: 15 * 60 },
  signUpByIp: { name: "sign-up:ip", limit: 50, windowSeconds: 60 * 60 },
  mailByIp: { name: "mail:ip", limit: 30, windowSeconds: 60 * 60 },
  mailByEmail: { name: "mail:email", limit: 3, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
    this.name = "RateLimitedError";
  }
}

/**
 * Counts an attempt against every given rule and throws RateLimitedError when any is exhausted. All
 * rules are counted, so trying many emails from one address and one email from many addresses both stop.
 */
type RateLimitCheck = { rule: RateLimitRule; subject: string | undefined };

export async function enforceRateLimits(checks: RateLimitCheck[]): Promise<void> {
  await applyRateLimits(checks, consumeRateLimit);
}

/** Throws RateLimitedError when any rule is already used up, without counting this attempt. */
export async function refuseWhenRateLimited(checks: RateLimitCheck[]): Promise<void> {
  await applyRateLimits(checks, checkRateLimit);
}

/** Counts a failed attempt against every rule (for limits that count only failures). */
export async function countFailedAttempt(checks: RateLimitCheck[]): Promise<void> {
  const db = getDatabase().db;
  for (const { rule, subject } of checks) {
    if (subject) await consumeRateLimit(db, rule, subject.toLowerCase());
  }
}

async function applyRateLimits(
  checks: RateLimitCheck[],
  apply: typeof consumeRateLimit,
): Promise<void> {
  const db = getDatabase().db;
  let retryAfterSeconds = 0;
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const result = await apply(db, rule, subject.toLowerCase());
    if (!result.isAllowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
  }
  // Old windows are dropped now and then rather than by a scheduler that every deployment would need.
  if (Math.random() < 0.02) await deleteExpiredRateLimits(db);
  if (retryAfterSeconds) throw new RateLimitedError(retryAfterSeconds);
}
