import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { RouteErrorPage } from "~/components/route-error-page";
import { requireContentEditor } from "~/features/accounts/session.server";
import { AdminLayout } from "~/features/admin/admin-layout";
import type { Route } from "./+types/admin-layout";

// Admins and editors get the frame; its menu shows each only what they may open. Every admin page checks
// again in its own loader and action (requireAdmin, or requireContentEditor for the content pages):
// loaders run in parallel, so this one cannot guard the others; it only frames them.
export function loader({ context, url }: Route.LoaderArgs) {
  const user = requireContentEditor(context, url);
  return { isAdmin: user.isAdmin };
}

export default function AdminLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminLayout isAdmin={loaderData.isAdmin}>
      <Outlet />
    </AdminLayout>
  );
}

/**
 * A page of the area that failed (an editor opening an admin page gets 403) shows inside the frame, with
 * its menu; when the frame itself was refused, the page shows alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>("routes/admin-layout");
  if (!frame) return <RouteErrorPage error={error} />;
  return (
    <AdminLayout isAdmin={frame.isAdmin}>
      <RouteErrorPage error={error} framed />
    </AdminLayout>
  );
}
