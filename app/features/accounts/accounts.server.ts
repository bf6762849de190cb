import { isAPIError } from "better-auth/api";
import { redirect } from "react-router";
import { getClientAddress } from "~/lib/client-address.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import type { AccountUser } from "./account-user";
import { getAuth, googleProviderId } from "./auth.server";
import { isCommonPassword } from "./common-passwords.server";
import { withPasswordHashedFirst } from "./password-hash.server";
import { passwordMessages } from "./password-rules";
import { completeProfilePath, defaultReturnPath, loginPath } from "./paths";
import {
  accountRateLimits,
  enforceRateLimits,
  RateLimitedError,
  refundRateLimits,
} from "./rate-limits.server";

/**
 * The account flows, one function per verb. Each returns what its page shows; none throws for a
 * person's mistake. Messages in quotes are SPEC's error catalogue, verbatim.
 */
export const accountMessages = {
  wrongCredentials: "Incorrect email or password.",
  unverified: "Please verify your email before logging in.",
  loginFailed: "An error occurred during login. Please try again.",
  googleCanceled: "Google Sign-In was canceled. Please try again.",
  googleFailed: "Google Sign-In failed. Please try again.",
  registerFailed: "Failed to register",
  completeProfilePrompt: "Please complete your profile.",
  profileSaveFailed: "Failed to update profile. Please try again.",
  profileReadFailed: "Error fetching user data",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
} as const;

export type Outcome = { ok: true } | { ok: false; message: string };

function failure(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

function errorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body?.code as string | undefined) : undefined;
}

async function withRateLimits(
  checks: Parameters<typeof enforceRateLimits>[0],
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  try {
    await enforceRateLimits(checks);
  } catch (error) {
    if (error instanceof RateLimitedError) return failure(error.message);
    throw error;
  }
  return run();
}

export async function registerAccount(
  request: Request,
  input: { firstName: string; lastName: string; email: string; password: string },
): Promise<Outcome> {
  if (isCommonPassword(input.password)) return failure(passwordMessages.tooCommon);
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
            },
            headers: request.headers,
          }),
        );
        return { ok: true };
      } catch (error) {
        const code = errorCode(error);
        if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
          return failure((error as Error).message);
        }
        getLogger().error({ err: error }, "registration failed");
        return failure(accountMessages.registerFailed);
      }
    },
  );
}

export type SignInOutcome =
  | { ok: true; headers: Headers; redirectTo: string }
  | { ok: false; message: string; canResendVerification?: boolean };

/**
 * Email and password sign-in. A new session is created each time; an unverified address gets no session
 * at all; an account without a profile is signed in and sent to complete it (DESIGN: that page needs the
 * session).
 */
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; redirectTo: string | null },
): Promise<SignInOutcome> {
  const limits = [
    { rule: accountRateLimits.failedSignInByIp, subject: getClientAddress(request) },
    { rule: accountRateLimits.failedSignInByEmail, subject: input.email },
  ];
  // Counted before the password is checked, atomically: of 200 parallel guesses only the limit's
  // worth reach the check. A correct password gives its attempt back below.
  try {
    await enforceRateLimits(limits);
  } catch (error) {
    if (error instanceof RateLimitedError) return { ok: false, message: error.message };
    throw error;
  }
  let signedIn: Awaited<ReturnType<typeof signIn>>;
  try {
    signedIn = await signIn(request, input);
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") {
      return { ok: false, message: accountMessages.wrongCredentials };
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      await refundRateLimits(limits);
      return { ok: false, message: accountMessages.unverified, canResendVerification: true };
    }
    getLogger().error({ err: error }, "sign-in failed");
    return { ok: false, message: accountMessages.loginFailed };
  }
  await refundRateLimits(limits);
  try {
    const user = signedIn.response.user as { profileCompleted?: boolean | null };
    return {
      ok: true,
      headers: signedIn.headers,
      redirectTo: user.profileCompleted
        ? (input.redirectTo ?? defaultReturnPath)
        : completeProfilePath({
            message: accountMessages.completeProfilePrompt,
            redirectTo: input.redirectTo ?? undefined,
          }),
    };
  } catch (error) {
    getLogger().error({ err: error }, "profile check after sign-in failed");
    return { ok: false, message: accountMessages.loginFailed };
  }
}

function signIn(request: Request, input: { email: string; password: string }) {
  return getAuth().api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: request.headers,
    returnHeaders: true,
  });
}

export function isGoogleSignInEnabled(): boolean {
  return getEnv().google !== undefined;
}

/** Starts Google sign-in: a redirect to the provider, with better-auth's state cookie. */
export async function startGoogleSignIn(
  request: Request,
  redirectTo: string | null,
): Promise<Response | Outcome> {
  if (!isGoogleSignInEnabled()) return failure(accountMessages.googleFailed);
  // Success and failure both come back to /login, which finishes the sign-in (or shows the error).
  const back = loginPath({ redirectTo: redirectTo ?? undefined });
  try {
    const { headers, response } = await getAuth().api.signInSocial({
      body: {
        provider: googleProviderId,
        callbackURL: back,
        newUserCallbackURL: back,
        errorCallbackURL: `${back}${back.includes("?") ? "&" : "?"}provider=google`,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!response.url) return failure(accountMessages.googleFailed);
    const redirectHeaders = new Headers({ Location: response.url });
    for (const cookie of headers.getSetCookie()) redirectHeaders.append("Set-Cookie", cookie);
    return new Response(null, { status: 302, headers: redirectHeaders });
  } catch (error) {
    getLogger().error({ err: error }, "could not start Google sign-in");
    return failure(accountMessages.googleFailed);
  }
}

/** The message for an error code that Google sign-in came back with. */
export function googleErrorMessage(code: string): string {
  if (code === "access_denied") return accountMessages.googleCanceled;
  if (code === "email_not_verified") return accountMessages.unverified;
  return accountMessages.googleFailed;
}

/**
 * Where a signed-in visitor to /login or /register goes: on to the return path (default /sculc), or
 * first to complete the profile, which carries only a return path that was asked for (else it ends
 * on `/`).
 */
export function continueSignedIn(user: AccountUser, redirectTo: string | null): never {
  if (!user.hasProfile) {
    throw redirect(
      completeProfilePath({
        message: accountMessages.completeProfilePrompt,
        redirectTo: redirectTo ?? undefined,
      }),
    );
  }
  throw redirect(redirectTo ?? defaultReturnPath);
}

/**
 * Sends an account mail on request, within the mail limits. Either way the answer does not say whether
 * the address has an account (or is already verified).
 */
async function sendAccountMailOnRequest(
  request: Request,
  email: string,
  send: () => Promise<unknown>,
): Promise<Outcome> {
  return withRateLimits(
    [
      { rule: accountRateLimits.mailByIp, subject: getClientAddress(request) },
      { rule: accountRateLimits.mailByEmail, subject: email },
    ],
    async () => {
      try {
        await send();
        return { ok: true };
      } catch (error) {
        getLogger().error({ err: error }, "could not send an account mail");
        return failure("We could not send the email. Please try again in a moment.");
      }
    },
  );
}

export function resendVerificationEmail(request: Request, email: string): Promise<Outcome> {
  return sendAccountMailOnRequest(request, email, () =>
    getAuth().api.sendVerificationEmail({ body: { email } }),
  );
}

export type VerifyEmailOutcome =
  | { ok: true }
  | { ok: false; reason: "invalid" | "expired" | "error" };

export async function verifyEmailToken(token: string): Promise<VerifyEmailOutcome> {
  if (!token) return { ok: false, reason: "invalid" };
  try {
    await getAuth().api.verifyEmail({ query: { token } });
    return { ok: true };
  } catch (error) {
    const code = errorCode(error) ?? (isAPIError(error) ? error.message : undefined);
    if (code === "TOKEN_EXPIRED" || code === "token_expired")
      return { ok: false, reason: "expired" };
    if (isAPIError(error)) return { ok: false, reason: "invalid" };
    getLogger().error({ err: error }, "email verification failed");
    return { ok: false, reason: "error" };
  }
}

export function requestPasswordReset(request: Request, email: string): Promise<Outcome> {
  return sendAccountMailOnRequest(request, email, () =>
    getAuth().api.requestPasswordReset({ body: { email } }),
  );
}

/** Sets a new password from a reset link; every session of the account ends (better-auth option). */
export async function resetPassword(input: { token: string; password: string }): Promise<Outcome> {
  if (isCommonPassword(input.password)) return failure(passwordMessages.tooCommon);
  try {
    await getAuth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
    });
    return { ok: true };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND")
      return failure(accountMessages.resetInvalid);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG")
      return failure((error as Error).message);
    getLogger().error({ err: error }, "password reset failed");
    return failure("We could not reset your password. Please try again.");
  }
}

export const passwordChangeMessages = {
  done: "Your password was changed successfully. You were signed out everywhere else.",
  wrongCurrent: "Your current password is incorrect.",
  noPassword: "Your account has no password yet. Use Forgot your password? to set one.",
  failed: "We could not change your password. Please try again.",
} as const;

export type ChangePasswordOutcome = { ok: true; headers: Headers } | { ok: false; message: string };

/**
 * Changes the password of the signed-in user. The current password is required and its guesses count
 * against the account's sign-in limit (a stolen session must not become a way to guess it). Every
 * other session ends; this one is replaced by a fresh session, whose cookie comes back in `headers`.
 */
export async function changePassword(
  request: Request,
  user: AccountUser,
  input: { currentPassword: string; password: string },
): Promise<ChangePasswordOutcome> {
  if (isCommonPassword(input.password)) return failure(passwordMessages.tooCommon);
  const limits = [
    { rule: accountRateLimits.failedSignInByIp, subject: getClientAddress(request) },
    { rule: accountRateLimits.failedSignInByEmail, subject: user.email },
  ];
  try {
    await enforceRateLimits(limits);
  } catch (error) {
    if (error instanceof RateLimitedError) return failure(error.message);
    throw error;
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
    await refundRateLimits(limits);
    return { ok: true, headers };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD") return failure(passwordChangeMessages.wrongCurrent);
    await refundRateLimits(limits);
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return failure(passwordChangeMessages.noPassword);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG")
      return failure((error as Error).message);
    getLogger().error({ err: error }, "password change failed");
    return failure(passwordChangeMessages.failed);
  }
}

export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    // SPEC: a failed sign-out is only logged; the visitor still leaves for the home page.
    getLogger().error({ err: error }, "sign-out failed");
    return new Headers();
  }
}

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

/**
 * Saves the names and marks the profile complete; a Google-only account also gets its first password,
 * so it can sign in by email too.
 */
export async function completeProfile(
  request: Request,
  user: AccountUser,
  input: { firstName: string; lastName: string; password?: string },
): Promise<Outcome> {
  if (input.password && isCommonPassword(input.password))
    return failure(passwordMessages.tooCommon);
  try {
    if (input.password && !(await hasPassword(user.id))) {
      await getAuth().api.setPassword({
        body: { newPassword: input.password },
        headers: request.headers,
      });
    }
    await saveNames(user.id, input, { completeProfile: true });
    return { ok: true };
  } catch (error) {
    const code = errorCode(error);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG")
      return failure((error as Error).message);
    getLogger().error({ err: error }, "completing the profile failed");
    return failure(accountMessages.profileSaveFailed);
  }
}

export async function updateProfileNames(
  user: AccountUser,
  input: { firstName: string; lastName: string; affiliation?: string },
): Promise<Outcome> {
  try {
    await saveNames(user.id, input, { completeProfile: false });
    return { ok: true };
  } catch (error) {
    getLogger().error({ err: error }, "profile update failed");
    return failure(accountMessages.profileSaveFailed);
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
