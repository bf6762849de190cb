import type { DatabaseHandle } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import {
  clearRateLimit,
  consumeRateLimit,
  type RateLimitResult,
  type RateLimitRule,
  refundRateLimit,
} from "~/lib/rate-limit.server";
import { rateLimitedMessage } from "./account-messages";

/**
 * Limits on the account actions that can be abused: guessing passwords, creating accounts in bulk, and
 * making the site send mail. Each is limited per client address, and the mail ones also per email
 * address, so one mailbox cannot be flooded from many clients. The per-address limits leave room for a
 * campus network, where a whole class shares one public address on deadline day: sign-in gives back the
 * attempt of a correct password, so only failures use up the quota.
 *
 * Password guesses at one account are counted per account and client together (decision 0018): ten
 * wrong guesses from one address lock that address out of the account for 15 minutes, not the owner
 * elsewhere. The account's own ceiling, far higher, slows guessing spread over many addresses: past it
 * only a client with no failure of its own on the account still gets its attempt (one guess per new
 * address), and past the hard ceiling nobody does until the owner resets the password.
 */
export const accountRateLimits = {
  failedSignInByIp: { name: "sign-in-failed:ip", limit: 50, windowSeconds: 15 * 60 },
  failedSignInByAccountAndIp: {
    name: "sign-in-failed:email+ip",
    limit: 10,
    windowSeconds: 15 * 60,
  },
  /** Counts the same attempts with room for one: refused means this client already failed here. */
  signInAttemptedByAccountAndIp: {
    name: "sign-in-attempted:email+ip",
    limit: 1,
    windowSeconds: 15 * 60,
  },
  failedSignInByEmail: { name: "sign-in-failed:email", limit: 100, windowSeconds: 15 * 60 },
  /** Past this, guessing from very many addresses at once locks everyone out until a reset. */
  signInAttemptsByEmailHard: {
    name: "sign-in-attempts:email:hard",
    limit: 1000,
    windowSeconds: 60 * 60,
  },
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

/** The counter key of one account as seen from one client. */
function accountAndClient(email: string, address: string | undefined): string {
  return `${email.trim().toLowerCase()}|${address ?? "unknown"}`;
}

/** The attempts one password check counts (sign-in, or the current password when changing it). */
export function signInChecks(email: string, address: string | undefined): RateLimitCheck[] {
  const pair = accountAndClient(email, address);
  return [
    { rule: accountRateLimits.failedSignInByIp, subject: address },
    { rule: accountRateLimits.failedSignInByAccountAndIp, subject: pair },
    { rule: accountRateLimits.signInAttemptedByAccountAndIp, subject: pair },
    { rule: accountRateLimits.failedSignInByEmail, subject: email },
    { rule: accountRateLimits.signInAttemptsByEmailHard, subject: email },
  ];
}

export type SignInLimitResult =
  | { isAllowed: true }
  | { isAllowed: false; retryAfterSeconds: number; scope: "client" | "account" };

/**
 * Counts one password attempt, before the password is checked (atomically, so parallel guesses cannot
 * slip between a check and a count). Refused when this address has used up its guesses (at the account
 * or across accounts), or when the account's ceiling is used up and this client has failed here before:
 * a client with no failure of its own gets its attempt, so the owner elsewhere is not locked out by
 * somebody else's guesses (short of the hard ceiling, which takes guessing from hundreds of addresses).
 */
export async function enforceSignInLimits(
  email: string,
  address: string | undefined,
  handle: DatabaseHandle = getDatabase(),
): Promise<SignInLimitResult> {
  const checks = signInChecks(email, address);
  const results: RateLimitResult[] = [];
  for (const check of checks) {
    if (!check?.subject) {
      results.push({ isAllowed: true });
      continue;
    }
    results.push(await consumeRateLimit(handle, check.rule, check.subject));
  }
  const [ip, pair, first, account, hard] = results;
  const wait = (result: RateLimitResult | undefined) =>
    result && !result.isAllowed ? result.retryAfterSeconds : 0;
  const clientWait = Math.max(wait(ip), wait(pair));
  if (clientWait) return { isAllowed: false, retryAfterSeconds: clientWait, scope: "client" };
  if (wait(hard)) return { isAllowed: false, retryAfterSeconds: wait(hard), scope: "account" };
  const hasFailedHere = first?.isAllowed === false;
  if (wait(account) && hasFailedHere)
    return { isAllowed: false, retryAfterSeconds: wait(account), scope: "account" };
  return { isAllowed: true };
}

/** Gives back the attempt enforceSignInLimits counted: the password was right. */
export function refundSignInLimits(
  email: string,
  address: string | undefined,
  handle: DatabaseHandle = getDatabase(),
): Promise<void> {
  return refundRateLimits(signInChecks(email, address), handle);
}

/**
 * A reset through the mailed link proves the mailbox: the account's failed sign-ins are forgotten (its
 * ceiling, and those of the client that reset it), so a stranger guessing at an address cannot keep its
 * owner out.
 */
export async function clearFailedSignIns(
  email: string,
  address?: string,
  handle: DatabaseHandle = getDatabase(),
): Promise<void> {
  await clearRateLimit(handle, accountRateLimits.failedSignInByEmail, email);
  await clearRateLimit(handle, accountRateLimits.signInAttemptsByEmailHard, email);
  if (!address) return;
  const pair = accountAndClient(email, address);
  await clearRateLimit(handle, accountRateLimits.failedSignInByAccountAndIp, pair);
  await clearRateLimit(handle, accountRateLimits.signInAttemptedByAccountAndIp, pair);
}
