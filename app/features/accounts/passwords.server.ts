import { getClientAddress } from "~/lib/client-address.server";
import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { done, refuse } from "~/lib/outcome";
import type { AccountOutcome } from "./account-messages";
import { enforceLimits, errorCode, passwordLengthRefusal } from "./account-refusals.server";
import type { AccountUser } from "./account-user";
import { getAuth } from "./auth.server";
import { isCommonPassword } from "./common-passwords.server";
import { accountRateLimits, refundRateLimits } from "./rate-limits.server";
import { sendAccountMailOnRequest } from "./registration.server";

/** Passwords: the reset link, setting a new one from it, and changing one while signed in. */

export function requestPasswordReset(request: Request, email: string): Promise<AccountOutcome> {
  return sendAccountMailOnRequest(request, email, () =>
    getAuth().api.requestPasswordReset({ body: { email } }),
  );
}

/** Sets a new password from a reset link; every session of the account ends (better-auth option). */
export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<AccountOutcome> {
  if (isCommonPassword(input.password)) return refuse("passwordTooCommon");
  try {
    await getAuth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
    });
    return done();
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return refuse("resetInvalid");
    const lengthRefusal = passwordLengthRefusal(code);
    if (lengthRefusal) return lengthRefusal;
    getLogger().error({ err: error }, "password reset failed");
    return refuse("resetFailed");
  }
}

/**
 * Changes the password of the signed-in user. The current password is required and its guesses count
 * against the account's sign-in limit (a stolen session must not become a way to guess it). Every
 * other session ends; this one is replaced by a fresh session, whose cookie comes back as the value.
 */
export async function changePassword(
  request: Request,
  user: AccountUser,
  input: { currentPassword: string; password: string },
): Promise<AccountOutcome<Headers>> {
  if (isCommonPassword(input.password)) return refuse("passwordTooCommon");
  const limits = [
    { rule: accountRateLimits.failedSignInByIp, subject: getClientAddress(request) },
    { rule: accountRateLimits.failedSignInByEmail, subject: user.email },
  ];
  const limited = await enforceLimits(limits);
  if (limited) return limited;
  try {
    const { headers } = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    await refundRateLimits(limits);
    return done(headers);
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD") return refuse("wrongCurrentPassword");
    await refundRateLimits(limits);
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return refuse("noPassword");
    const lengthRefusal = passwordLengthRefusal(code);
    if (lengthRefusal) return lengthRefusal;
    getLogger().error({ err: error }, "password change failed");
    return refuse("passwordChangeFailed");
  }
}

/** Whether the account can sign in by email: it has a password (a Google-only account has none). */
export async function hasPassword(userId: string): Promise<boolean> {
  const row = await getDatabase()
    .db.selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}
