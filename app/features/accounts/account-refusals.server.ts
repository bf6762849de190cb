import { isAPIError } from "better-auth/api";
import { refuse } from "~/lib/outcome";
import type { AccountOutcome, AccountRefused } from "./account-messages";
import { enforceRateLimits, RateLimitedError } from "./rate-limits.server";

/** How the account commands turn better-auth's errors and the rate limits into refusals. */
export function errorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body?.code as string | undefined) : undefined;
}

/** better-auth's own length check on a password (the forms check the same limits first). */
export function passwordLengthRefusal(code: string | undefined): AccountRefused | null {
  if (code === "PASSWORD_TOO_SHORT") return refuse("passwordTooShort");
  if (code === "PASSWORD_TOO_LONG") return refuse("passwordTooLong");
  return null;
}

/** Counts the attempt against the limits: a refusal when one is used up, else null. */
export async function enforceLimits(
  checks: Parameters<typeof enforceRateLimits>[0],
): Promise<AccountRefused | null> {
  try {
    await enforceRateLimits(checks);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError)
      return { ok: false, reason: "rateLimited", retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

/** Runs a command once the attempt is counted within the limits. */
export async function withRateLimits<Value>(
  checks: Parameters<typeof enforceRateLimits>[0],
  run: () => Promise<AccountOutcome<Value>>,
): Promise<AccountOutcome<Value>> {
  return (await enforceLimits(checks)) ?? run();
}
