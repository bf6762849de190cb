import { data } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { setAdminRole } from "~/features/accounts/admin-role.server";
import { grantReviewer, revokeReviewer } from "~/features/accounts/reviewer-role.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { userTablePageSize } from "~/features/admin/user-table";
import { listUsersForAdmin, readUserTableQuery } from "~/features/admin/user-table.server";
import { UserTablePage } from "~/features/admin/user-table-page";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import type { Route } from "./+types/user-data";

export const meta: Route.MetaFunction = () => accountMeta("User Data");

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
  const form = await request.formData();
  const intent = form.get("intent");
  const actor = { userId: admin.id, label: admin.email };
  if (intent === "grant-reviewer" || intent === "revoke-reviewer") {
    const db = getDatabase().db;
    const userId = String(form.get("userId") ?? "");
    const outcome =
      intent === "grant-reviewer"
        ? await grantReviewer(db, userId, actor)
        : await revokeReviewer(db, userId, actor);
    if (!outcome.ok) return data({ message: outcome.message }, 400);
    const dropped = "droppedAssignments" in outcome ? (outcome.droppedAssignments ?? 0) : 0;
    return {
      message:
        intent === "grant-reviewer"
          ? `${outcome.email} was made a reviewer successfully.`
          : `The reviewer role was removed from ${outcome.email} successfully${
              dropped
                ? `; ${dropped} unfinished ${dropped === 1 ? "review was" : "reviews were"} unassigned`
                : ""
            }.`,
    };
  }
  if (intent !== "grant" && intent !== "revoke") return data({ message: "Unknown action." }, 400);
  const outcome = await setAdminRole(getDatabase().db, {
    email: String(form.get("email") ?? ""),
    isAdmin: intent === "grant",
    actor,
    configuredAdminEmails: getEnv().adminEmails,
  });
  if (!outcome.ok) return data({ message: outcome.message }, 400);
  return {
    message:
      intent === "grant"
        ? `${outcome.email} was made an admin successfully.`
        : `Admin rights were removed from ${outcome.email} successfully.`,
  };
}

export default function UserData({ loaderData, actionData }: Route.ComponentProps) {
  return <UserTablePage {...loaderData} message={actionData?.message} />;
}
