import { isAPIError } from "better-auth/api";
import { getClientAddress } from "~/lib/client-address.server";
import { getLogger } from "~/lib/logger.server";
import { done, type Outcome, refuse } from "~/lib/outcome";
import type { AccountOutcome } from "./account-messages";
import { errorCode, passwordLengthRefusal, withRateLimits } from "./account-refusals.server";
import { getAuth } from "./auth.server";
import { weakPasswordRefusal } from "./common-passwords.server";
import { withPasswordHashedFirst } from "./password-hash.server";
import { accountRateLimits } from "./rate-limits.server";

/**
 * Registration and the mailed link that verifies the address. Each command returns what its page shows
 * (lib/outcome.ts, with the words in account-messages.ts); none throws for a person's mistake.
 */
export async function registerAccount(
  request: Request,
  input: { firstName: string; lastName: string; email: string; password: string },
  /** Where the verified visitor goes after logging in (a checked site path), if they came from a page. */
  returnPath: string | null = null,
): Promise<AccountOutcome> {
  const weak = weakPasswordRefusal(input.password, input);
  if (weak) return weak;
  return withRateLimits(
    [
      { rule: accountRateLimits.signUpByIp, subject: getClientAddress(request) },
      { rule: accountRateLimits.mailByEmail, subject: input.email },
    ],
    async () => {
      try {
        // An address that already has an account gets the same answer here; its owner gets a note.
        // Hashed before better-auth's transaction, which on SQLite holds the write lock.
        await withPasswordHashedFirst(input.password, () =>
          getAuth().api.signUpEmail({
            body: {
              email: input.email,
              password: input.password,
              name: `${input.firstName} ${input.lastName}`,
              firstName: input.firstName,
              lastName: input.lastName,
              ...(returnPath ? { callbackURL: returnPath } : {}),
            },
            headers: request.headers,
          }),
        );
        return done();
      } catch (error) {
        const lengthRefusal = passwordLengthRefusal(errorCode(error));
        if (lengthRefusal) return lengthRefusal;
        getLogger().error({ err: error }, "registration failed");
        return refuse("registerFailed");
      }
    },
  );
}

/**
 * Sends an account mail on request, within the mail limits. Either way the answer does not say whether
 * the address has an account (or is already verified).
 */
export function sendAccountMailOnRequest(
  request: Request,
  email: string,
  send: () => Promise<unknown>,
): Promise<AccountOutcome> {
  return withRateLimits(
    [
      { rule: accountRateLimits.mailByIp, subject: getClientAddress(request) },
      { rule: accountRateLimits.mailByEmail, subject: email },
    ],
    async () => {
      try {
        await send();
        return done();
      } catch (error) {
        getLogger().error({ err: error }, "could not send an account mail");
        return refuse("mailFailed");
      }
    },
  );
}

export function resendVerificationEmail(request: Request, email: string): Promise<AccountOutcome> {
  return sendAccountMailOnRequest(request, email, () =>
    getAuth().api.sendVerificationEmail({ body: { email } }),
  );
}

/** Why a verification link did not verify; the page words each case itself. */
export type VerifyEmailRefusal = "invalid" | "expired" | "error";

export async function verifyEmailToken(
  token: string,
): Promise<Outcome<undefined, VerifyEmailRefusal>> {
  if (!token) return refuse("invalid");
  try {
    await getAuth().api.verifyEmail({ query: { token } });
    return done();
  } catch (error) {
    const code = errorCode(error) ?? (isAPIError(error) ? error.message : undefined);
    if (code === "TOKEN_EXPIRED" || code === "token_expired") return refuse("expired");
    if (isAPIError(error)) return refuse("invalid");
    getLogger().error({ err: error }, "email verification failed");
    return refuse("error");
  }
}
