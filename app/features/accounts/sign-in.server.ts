import { redirect } from "react-router";
import { getClientAddress } from "~/lib/client-address.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { done, refuse } from "~/lib/outcome";
import { accountIdForEmail, logAccountEvent } from "./account-log.server";
import { type AccountOutcome, type AccountRefused, accountMessages } from "./account-messages";
import { errorCode } from "./account-refusals.server";
import type { AccountUser } from "./account-user";
import { getAuth, googleProviderId } from "./auth.server";
import { completeProfilePath, defaultReturnPath, loginPath } from "./paths";
import { enforceSignInLimits, refundSignInLimits } from "./rate-limits.server";

/** Signing in (by password or Google) and out. */

/**
 * Email and password sign-in. A new session is created each time; an unverified address gets no session
 * at all; an account without a profile is signed in and sent to complete it (that page needs the
 * session to know whose profile it is).
 */
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; redirectTo: string | null },
): Promise<AccountOutcome<{ headers: Headers; redirectTo: string }>> {
  const address = getClientAddress(request);
  // Counted before the password is checked, atomically: of 200 parallel guesses only the limit's
  // worth reach the check. A correct password gives its attempt back below.
  const limited = await enforceSignInLimits(input.email, address);
  if (!limited.isAllowed) {
    logAccountEvent("sign-in-locked", {
      userId: await accountIdForEmail(input.email),
      address,
      scope: limited.scope,
    });
    return { ok: false, reason: "rateLimited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  let signedIn: Awaited<ReturnType<typeof signIn>>;
  try {
    signedIn = await signIn(request, input);
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") {
      const userId = await accountIdForEmail(input.email);
      logAccountEvent("sign-in-failed", {
        userId,
        address,
        reason: userId ? "wrong-password" : "unknown-account",
      });
      return refuse("wrongCredentials");
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      await refundSignInLimits(input.email, address);
      logAccountEvent("sign-in-failed", {
        userId: await accountIdForEmail(input.email),
        address,
        reason: "unverified",
      });
      return refuse("unverified");
    }
    getLogger().error({ err: error }, "sign-in failed");
    return refuse("loginFailed");
  }
  await refundSignInLimits(input.email, address);
  logAccountEvent("sign-in", { userId: signedIn.response.user.id, address });
  try {
    const user = signedIn.response.user as { profileCompleted?: boolean | null };
    return done({
      headers: signedIn.headers,
      redirectTo: user.profileCompleted
        ? (input.redirectTo ?? defaultReturnPath)
        : completeProfilePath({
            message: accountMessages.completeProfilePrompt,
            redirectTo: input.redirectTo ?? undefined,
          }),
    });
  } catch (error) {
    getLogger().error({ err: error }, "profile check after sign-in failed");
    return refuse("loginFailed");
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
): Promise<Response | AccountRefused> {
  if (!isGoogleSignInEnabled()) return refuse("googleFailed");
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
    if (!response.url) return refuse("googleFailed");
    const redirectHeaders = new Headers({ Location: response.url });
    for (const cookie of headers.getSetCookie()) redirectHeaders.append("Set-Cookie", cookie);
    return new Response(null, { status: 302, headers: redirectHeaders });
  } catch (error) {
    getLogger().error({ err: error }, "could not start Google sign-in");
    return refuse("googleFailed");
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

export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    // A failed sign-out is only logged: the visitor still leaves for the home page, as if it had worked.
    getLogger().error({ err: error }, "sign-out failed");
    return new Headers();
  }
}
