import { getClientAddress } from "~/lib/client-address.server";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { done, refuse } from "~/lib/outcome";
import { logAccountEvent } from "./account-log.server";
import type { AccountOutcome } from "./account-messages";
import { errorCode, passwordLengthRefusal } from "./account-refusals.server";
import type { AccountUser } from "./account-user";
import { getAuth } from "./auth.server";
import { weakPasswordRefusal } from "./common-passwords.server";
import { clearFailedSignIns, enforceSignInLimits, refundSignInLimits } from "./rate-limits.server";
import { sendAccountMailOnRequest } from "./registration.server";

/** Passwords: the reset link, setting a new one from it, and changing one while signed in. */

export function requestPasswordReset(request: Request, email: string): Promise<AccountOutcome> {
  return sendAccountMailOnRequest(request, email, () =>
    getAuth().api.requestPasswordReset({ body: { email } }),
  );
}

/** Whose reset link a token is (for the password rules' personal words and the log), if still valid. */
export async function resetLinkOwner(
  token: string,
  handle: DatabaseHandle = getDatabase(),
): Promise<{ id: string; email: string; firstName: string; lastName: string } | null> {
  if (!token) return null;
  const row = await handle.db
    .selectFrom("verification as v")
    .innerJoin("user as u", "u.id", "v.value")
    .select(["u.id", "u.email", "u.firstName", "u.lastName"])
    .where("v.identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Sets a new password from a reset link; every session of the account ends (better-auth option) and
 * the failed sign-ins at it are forgotten.
 */
export async function resetPassword(
  request: Request,
  input: { token: string; password: string },
): Promise<AccountOutcome> {
  const owner = await resetLinkOwner(input.token);
  const weak = weakPasswordRefusal(input.password, owner ?? {});
  if (weak) return weak;
  try {
    await getAuth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
    });
    const address = getClientAddress(request);
    if (owner) await clearFailedSignIns(owner.email, address);
    logAccountEvent("password-reset", { userId: owner?.id ?? null, address });
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
 * against the sign-in limits (a stolen session must not become a way to guess it). Every other session
 * ends; this one is replaced by a fresh session, whose cookie comes back as the value.
 */
export async function changePassword(
  request: Request,
  user: AccountUser,
  input: { currentPassword: string; password: string },
): Promise<AccountOutcome<Headers>> {
  const weak = weakPasswordRefusal(input.password, user);
  if (weak) return weak;
  const address = getClientAddress(request);
  const limited = await enforceSignInLimits(user.email, address);
  if (!limited.isAllowed) {
    logAccountEvent("sign-in-locked", { userId: user.id, address, scope: limited.scope });
    return { ok: false, reason: "rateLimited", retryAfterSeconds: limited.retryAfterSeconds };
  }
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
    await refundSignInLimits(user.email, address);
    logAccountEvent("password-changed", { userId: user.id, address });
    return done(headers);
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD") {
      logAccountEvent("sign-in-failed", {
        userId: user.id,
        address,
        reason: "wrong-current-password",
      });
      return refuse("wrongCurrentPassword");
    }
    await refundSignInLimits(user.email, address);
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return refuse("noPassword");
    const lengthRefusal = passwordLengthRefusal(code);
    if (lengthRefusal) return lengthRefusal;
    getLogger().error({ err: error }, "password change failed");
    return refuse("passwordChangeFailed");
  }
}

/** Whether the account can sign in by email: it has a password (a Google-only account has none). */
export async function hasPassword(
  userId: string,
  handle: DatabaseHandle = getDatabase(),
): Promise<boolean> {
  const row = await handle.db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}
