import { Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { RouteErrorPage } from "~/components/route-error-page";
import { requireContentEditor } from "~/features/accounts/session.server";
import { AdminLayout } from "~/features/admin/admin-layout";
import { readMailAlert } from "~/features/mail-log/mail-log.server";
import { MailAlertNotice } from "~/features/mail-log/mail-notices";
import { readOperationsAlerts } from "~/features/site-status/site-status.server";
import { OperationsAlertsNotice } from "~/features/site-status/site-status-page";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/admin-layout";

// Admins and editors get the frame; its menu shows each only what they may open. Every admin page checks
// again in its own loader and action (requireAdmin, or requireContentEditor for the content pages):
// loaders run in parallel, so this one cannot guard the others; it only frames them. Admins also learn
// here, on every page, that mail has been failing (one indexed query), and that backups are late or the
// disk nearly full (read at most once a minute per process); editors are not asked.
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireContentEditor(context, url);
  if (!user.isAdmin) return { isAdmin: false };
  const db = getDatabase().db;
  const [mailAlert, operationsAlerts] = await Promise.all([
    readMailAlert(db),
    readOperationsAlerts({ db, env: getEnv() }),
  ]);
  return { isAdmin: true, operationsAlerts, ...(mailAlert ? { mailAlert } : {}) };
}

export default function AdminLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminLayout isAdmin={loaderData.isAdmin} notice={<FrameNotice frame={loaderData} />}>
      <Outlet />
    </AdminLayout>
  );
}

function FrameNotice({ frame }: { frame: Awaited<ReturnType<typeof loader>> }) {
  return (
    <>
      {"mailAlert" in frame && frame.mailAlert ? <MailAlertNotice alert={frame.mailAlert} /> : null}
      {"operationsAlerts" in frame && frame.operationsAlerts ? (
        <OperationsAlertsNotice alerts={frame.operationsAlerts} />
      ) : null}
    </>
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
    <AdminLayout isAdmin={frame.isAdmin} notice={<FrameNotice frame={frame} />}>
      <RouteErrorPage error={error} framed />
    </AdminLayout>
  );
}
