import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { userTablePageSize } from "~/features/admin/user-table";
import { listUsersForAdmin, readUserTableQuery } from "~/features/admin/user-table.server";
import { handleUserTableAction } from "~/features/admin/user-table-actions.server";
import { UserTablePage } from "~/features/admin/user-table-page";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/user-data";

export const meta: Route.MetaFunction = () => accountMeta("User Data");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url);
  const query = readUserTableQuery(url.searchParams);
  const empty = {
    query,
    rows: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize: userTablePageSize,
    viewerId: admin.id,
  };
  try {
    const table = await listUsersForAdmin(getDatabase().db, {
      ...query,
      editionYear: getCurrentEdition().year,
      adminEmails: getEnv().adminEmails,
    });
    return {
      ...empty,
      total: table.total,
      page: table.page,
      pageCount: table.pageCount,
      error: null,
      rows: table.rows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        isApplicant: row.isApplicant,
        isPresenter: row.isPresenter,
        isAdmin: row.isAdmin,
        isConfiguredAdmin: row.isConfiguredAdmin,
        isReviewer: row.isReviewer,
        isEditor: row.isEditor,
        abstract:
          row.abstractId && row.abstractName && row.abstractUploadedAt
            ? {
                id: row.abstractId,
                name: row.abstractName,
                title: row.abstractTitle,
                uploadedAtText: formatConferenceDateTime(row.abstractUploadedAt),
              }
            : null,
      })),
    };
  } catch (error) {
    getLogger().error({ err: error }, "loading the user table failed");
    return { ...empty, error: "The user table could not be loaded. Please try again in a moment." };
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  return handleUserTableAction(
    { db: getDatabase().db, configuredAdminEmails: getEnv().adminEmails },
    { userId: admin.id, label: admin.email },
    await request.formData(),
  );
}

export default function UserData({ loaderData, actionData }: Route.ComponentProps) {
  return <UserTablePage {...loaderData} message={actionData?.message} />;
}
