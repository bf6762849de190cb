import { accountMessages } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { ProfilePage } from "~/features/accounts/profile-page";
import { requireProfile, SessionUnavailableError } from "~/features/accounts/session.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => accountMeta("Profile");

export function loader({ context, url }: Route.LoaderArgs) {
  try {
    const user = requireProfile(context, url);
    return {
      firstName: user.firstName,
      message: url.searchParams.has("updated") ? "Your profile was updated successfully." : null,
    };
  } catch (error) {
    if (error instanceof SessionUnavailableError) {
      return { firstName: null, message: accountMessages.profileReadFailed };
    }
    throw error;
  }
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage
      firstName={loaderData.firstName}
      message={loaderData.message}
      submissionsPath={submissionPaths.status}
    />
  );
}
