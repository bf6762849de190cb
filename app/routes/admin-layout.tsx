import { Outlet } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import { AdminLayout } from "~/features/admin/admin-layout";
import type { Route } from "./+types/admin-layout";

// Every admin page checks again in its own loader and action: loaders run in parallel, so this one
// cannot guard the others; it only frames them.
export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  return null;
}

export default function AdminLayoutRoute() {
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}
