import { getClientAddress } from "~/lib/client-address.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { done, refuse } from "~/lib/outcome";
import { passwordAddedEmail } from "./account-emails.server";
import { logAccountEvent } from "./account-log.server";
import type { AccountOutcome } from "./account-messages";
import { errorCode, passwordLengthRefusal } from "./account-refusals.server";
import { endOtherSessions, readCurrentSession } from "./account-sessions.server";
import type { AccountUser } from "./account-user";
import { getAuth } from "./auth.server";
import { weakPasswordRefusal } from "./common-passwords.server";
import { hasPassword } from "./passwords.server";
import { accountPaths } from "./paths";

/**
 * Adding a password to a Google-only account needs a sign-in this recent (ASVS 3.7.1): a session left
 * open on a shared computer must not become a permanent way into the account.
 */
export const freshSignInMs = 10 * 60 * 1000;

export function isFreshSignIn(signedInAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - signedInAt.getTime() < freshSignInMs;
}

/** Whether this request's session is too old to add a password with (it must sign in again first). */
export async function needsFreshSignIn(request: Request, now: Date = new Date()) {
  const current = await readCurrentSession(request);
  return !current || !isFreshSignIn(current.createdAt, now);
}

/**
 * Saves the names and marks the profile complete; a Google-only account also gets its first password,
 * so it can sign in by email too. That needs a fresh sign-in, ends the account's other sessions, and
 * tells the owner by mail, since whoever holds a session could otherwise keep a way in for good.
 */
export async function completeProfile(
  request: Request,
  user: AccountUser,
  input: { firstName: string; lastName: string; password?: string },
): Promise<AccountOutcome> {
  try {
    if (input.password && !(await hasPassword(user.id))) {
      const weak = weakPasswordRefusal(input.password, { ...input, email: user.email });
      if (weak) return weak;
      const current = await readCurrentSession(request);
      if (!current || !isFreshSignIn(current.createdAt)) return refuse("freshSignInNeeded");
      await getAuth().api.setPassword({
        body: { newPassword: input.password },
        headers: request.headers,
      });
      const address = getClientAddress(request);
      logAccountEvent("password-added", { userId: user.id, address });
      const ended = await endOtherSessions(user.id, current.token);
      logAccountEvent("sessions-revoked", {
        userId: user.id,
        address,
        count: ended,
        reason: "password-added",
      });
      await mailPasswordAdded(user.email);
    }
    await saveNames(user.id, input, { completeProfile: true });
    return done();
  } catch (error) {
    const lengthRefusal = passwordLengthRefusal(errorCode(error));
    if (lengthRefusal) return lengthRefusal;
    getLogger().error({ err: error }, "completing the profile failed");
    return refuse("profileSaveFailed");
  }
}

/** The owner hears of the new password; a failed mail is logged, the password stands. */
async function mailPasswordAdded(email: string) {
  try {
    const baseUrl = getEnv().baseUrl;
    await getMailer().send(
      passwordAddedEmail({
        to: email,
        forgotPasswordUrl: `${baseUrl}${accountPaths.forgotPassword}`,
      }),
      "A password was added to a Google account",
    );
  } catch (error) {
    getLogger().error({ err: error }, "could not mail the owner about an added password");
  }
}

export async function updateProfileNames(
  user: AccountUser,
  input: { firstName: string; lastName: string; affiliation?: string },
): Promise<AccountOutcome> {
  try {
    await saveNames(user.id, input, { completeProfile: false });
    return done();
  } catch (error) {
    getLogger().error({ err: error }, "profile update failed");
    return refuse("profileSaveFailed");
  }
}

async function saveNames(
  userId: string,
  input: { firstName: string; lastName: string; affiliation?: string },
  options: { completeProfile: boolean },
) {
  const database = getDatabase();
  const now = new Date();
  await database.db
    .updateTable("user")
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      ...(input.affiliation === undefined ? {} : { affiliation: input.affiliation }),
      updatedAt: database.dialect === "postgres" ? now : now.toISOString(),
      ...(options.completeProfile
        ? { profileCompleted: database.dialect === "postgres" ? true : 1 }
        : {}),
    })
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}
