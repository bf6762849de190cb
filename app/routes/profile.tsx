import { data } from "react-router";
import {
  accountMessages,
  accountRefusalMessage,
  otherSessionsEndedMessage,
} from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import {
  listAccountSessions,
  signOutOtherDevices,
} from "~/features/accounts/account-sessions.server";
import { ProfilePage } from "~/features/accounts/profile-page";
import {
  getSessionState,
  requireProfile,
  SessionUnavailableError,
} from "~/features/accounts/session.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { readIntent } from "~/lib/forms.server";
import { getLogger } from "~/lib/logger.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => accountMeta("Profile");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  try {
    const user = requireProfile(context, url);
    const state = getSessionState(context);
    return {
      firstName: user.firstName,
      message: url.searchParams.has("updated") ? "Your profile was updated successfully." : null,
      // The session middleware has read this visitor's session: its token marks "this device".
      sessions: await readSessions(
        user.id,
        state.status === "signed-in" ? state.sessionToken : null,
      ),
    };
  } catch (error) {
    if (error instanceof SessionUnavailableError) {
      return { firstName: null, message: accountMessages.profileReadFailed, sessions: null };
    }
    throw error;
  }
}

/** The list is a help, not the page: when it cannot be read, the rest of the profile still shows. */
async function readSessions(userId: string, currentToken: string | null) {
  try {
    return await listAccountSessions(userId, currentToken);
  } catch (error) {
    getLogger().error({ err: error }, "could not list the account's sessions");
    return null;
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const intent = readIntent(await request.formData(), ["ask-sign-out-others", "sign-out-others"]);
  if (intent === "ask-sign-out-others") return { message: null, isConfirmingSignOut: true };
  if (intent !== "sign-out-others")
    return data({ message: accountMessages.signOutOthersFailed, isConfirmingSignOut: false }, 400);
  const outcome = await signOutOtherDevices(request, user);
  if (!outcome.ok)
    return data({ message: accountRefusalMessage(outcome), isConfirmingSignOut: false }, 500);
  return { message: otherSessionsEndedMessage(outcome.value), isConfirmingSignOut: false };
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePage
      firstName={loaderData.firstName}
      message={actionData?.message ?? loaderData.message}
      sessions={loaderData.sessions}
      isConfirmingSignOut={actionData?.isConfirmingSignOut ?? false}
      submissionsPath={submissionPaths.status}
    />
  );
}
