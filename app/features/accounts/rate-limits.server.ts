import { getDatabase } from "~/lib/db/db.server";
import {
  consumeRateLimit,
  deleteExpiredRateLimits,
  type RateLimitRule,
} from "~/lib/rate-limit.server";

/**
 * Limits on the account actions that can be abused: guessing passwords, creating accounts in bulk, and
 * making the site send mail. Each action is limited per client address, and the mail-sending and
 * sign-in ones also per email address, so one address cannot be flooded from many clients.
 */
export const accountRateLimits = {
  signInByIp: { name: "sign-in:ip", limit: 30, windowSeconds: 15 * 60 },
  signInByEmail: { name: "sign-in:email", limit: 10, windowSeconds: 15 * 60 },
  signUpByIp: { name: "sign-up:ip", limit: 10, windowSeconds: 60 * 60 },
  mailByIp: { name: "mail:ip", limit: 10, windowSeconds: 60 * 60 },
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
export async function enforceRateLimits(
  checks: { rule: RateLimitRule; subject: string | undefined }[],
): Promise<void> {
  const db = getDatabase().db;
  let retryAfterSeconds = 0;
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const result = await consumeRateLimit(db, rule, subject.toLowerCase());
    if (!result.isAllowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
  }
  // Old windows are dropped now and then rather than by a scheduler that every deployment would need.
  if (Math.random() < 0.02) await deleteExpiredRateLimits(db);
  if (retryAfterSeconds) throw new RateLimitedError(retryAfterSeconds);
}
