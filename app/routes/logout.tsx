import { redirect } from "react-router";
import { accountPaths } from "~/features/accounts/paths";
import { signOut } from "~/features/accounts/sign-in.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it is a POST (the Log Out button); a link to /logout signs nobody out.
export function loader() {
  throw redirect(accountPaths.profile);
}

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  throw redirect("/", { headers });
}
