import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import type { Route } from "./+types/user-data";

export const meta: Route.MetaFunction = () => accountMeta("User Data");

// Admins only: everyone else signed in gets 403, visitors the login page. The table itself is the
// admin area's work (issue 6).
export function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url);
  return { firstName: admin.firstName };
}

export default function UserData() {
  return (
    <section className="section">
      <div className="container stack">
        <h1>User Data</h1>
        <p className="lead">The table of all users and their submissions will appear here.</p>
      </div>
    </section>
  );
}
