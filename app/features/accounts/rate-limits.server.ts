import type { DatabaseHandle } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import {
  clearRateLimit,
  consumeRateLimit,
  type RateLimitRule,
  refundRateLimit,
} from "~/lib/rate-limit.server";
import { rateLimitedMessage } from "./account-messages";

/**
 * Limits on the account actions that can be abused: guessing passwords, creating accounts in bulk, and
 * making the site send mail. Each is limited per client address, and the sign-in and mail ones also per
 * email address, so one account or mailbox cannot be targeted from many clients. The per-address limits
 * leave room for a campus network, where a whole class shares one public address on deadline day:
 * sign-in gives back the attempt of a correct password, so only failures use up the quota.
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
    super(rateLimitedMessage(retryAfterSeconds));
    this.name = "RateLimitedError";
  }
}

type RateLimitCheck = { rule: RateLimitRule; subject: string | undefined };

/**
 * Counts an attempt against every given rule and throws RateLimitedError when any is exhausted. All
 * rules are counted, so trying many emails from one address and one email from many addresses both stop.
 */
export async function enforceRateLimits(
  checks: RateLimitCheck[],
  handle: DatabaseHandle = getDatabase(),
): Promise<void> {
  let retryAfterSeconds = 0;
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const result = await consumeRateLimit(handle, rule, subject);
    if (!result.isAllowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
  }
  if (retryAfterSeconds) throw new RateLimitedError(retryAfterSeconds);
}

/**
 * Gives back the attempts enforceRateLimits counted, once they turned out not to be abuse (a correct
 * password): the count happens before the password is checked, so parallel guesses cannot slip
 * through between a check and a count.
 */
export async function refundRateLimits(
  checks: RateLimitCheck[],
  handle: DatabaseHandle = getDatabase(),
): Promise<void> {
  for (const { rule, subject } of checks) if (subject) await refundRateLimit(handle, rule, subject);
}

/**
 * A reset through the mailed link proves the mailbox: the account's failed sign-ins are forgotten, so
 * a stranger guessing at an address cannot keep its owner out.
 */
export async function clearFailedSignIns(
  email: string,
  handle: DatabaseHandle = getDatabase(),
): Promise<void> {
  await clearRateLimit(handle, accountRateLimits.failedSignInByEmail, email);
}
