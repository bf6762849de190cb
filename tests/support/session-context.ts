import { RouterContextProvider } from "react-router";
import type { AccountUser } from "~/features/accounts/account-user";
import { type SessionState, sessionContext } from "~/features/accounts/session.server";

/** A signed-in account with a profile and no role; `roles` adds what the test needs. */
export function testAccount(roles: Partial<AccountUser> = {}): AccountUser {
  return {
    id: "someone",
    email: "someone@example.edu",
    firstName: "Some",
    lastName: "One",
    isEmailVerified: true,
    hasProfile: true,
    isAdmin: false,
    isReviewer: false,
    isEditor: false,
    ...roles,
  };
}

/** The router context a loader or action gets after the session middleware read this session. */
export function contextWithSession(state: SessionState): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(sessionContext, state);
  return context;
}

/** What a guard threw (a Response: a 403 or a redirect), or "passed" when it returned. */
export async function guardAnswer(run: () => unknown): Promise<Response | "passed"> {
  try {
    await run();
    return "passed";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
