import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { done, refuse } from "~/lib/outcome";
import type { AccountOutcome } from "./account-messages";
import { errorCode, passwordLengthRefusal } from "./account-refusals.server";
import type { AccountUser } from "./account-user";
import { getAuth } from "./auth.server";
import { isCommonPassword } from "./common-passwords.server";
import { hasPassword } from "./passwords.server";

/**
 * Saves the names and marks the profile complete; a Google-only account also gets its first password,
 * so it can sign in by email too.
 */
export async function completeProfile(
  request: Request,
  user: AccountUser,
  input: { firstName: string; lastName: string; password?: string },
): Promise<AccountOutcome> {
  if (input.password && isCommonPassword(input.password)) return refuse("passwordTooCommon");
  try {
    if (input.password && !(await hasPassword(user.id))) {
      await getAuth().api.setPassword({
        body: { newPassword: input.password },
        headers: request.headers,
      });
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
