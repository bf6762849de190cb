import { getCurrentEdition } from "~/content/editions";
import { requireAdmin } from "~/features/accounts/session.server";
import { csvDocument } from "~/features/admin/csv";
import { listSubmissionsForAdmin } from "~/features/admin/decisions.server";
import { listUsersForAdmin } from "~/features/admin/user-table.server";
import { recordAdminAction } from "~/lib/audit.server";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/admin-export";

const yesNo = (value: boolean) => (value ? "yes" : "no");

// CSV exports of the user table and of the current edition's submissions, for admins only; each
// export is recorded in the audit log (it hands personal data out of the site).
export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url);
  const table = url.pathname.endsWith("/users.csv") ? "users" : "submissions";
  const db = getDatabase().db;
  const editionYear = getCurrentEdition().year;
  let csv: string;
  if (table === "users") {
    const { rows } = await listUsersForAdmin(db, {
      q: "",
      sort: "name",
      dir: "asc",
      page: 1,
      pageSize: 1_000_000,
      editionYear,
      adminEmails: getEnv().adminEmails,
    });
    csv = csvDocument(
      [
        "First name",
        "Last name",
        "Email",
        "Applicant",
        "Presenter",
        "Admin",
        "First abstract",
        "Uploaded (Pacific)",
      ],
      rows.map((row) => [
        row.firstName,
        row.lastName,
        row.email,
        yesNo(row.isApplicant),
        yesNo(row.isPresenter),
        yesNo(row.isAdmin),
        row.abstractName,
        row.abstractUploadedAt ? formatConferenceDateTime(row.abstractUploadedAt) : "",
      ]),
    );
  } else {
    const rows = await listSubmissionsForAdmin(db, { editionYear, filter: "all" });
    csv = csvDocument(
      [
        "Author",
        "Email",
        "File",
        "Uploaded (Pacific)",
        "Words",
        "Pages",
        "Decision",
        "Released",
        "Note",
      ],
      rows.map((row) => [
        row.authorName,
        row.email,
        row.fileName,
        formatConferenceDateTime(row.uploadedAt),
        row.wordCount,
        row.pageCount,
        row.decision ?? "undecided",
        yesNo(row.releasedAt !== null),
        row.decisionNote,
      ]),
    );
  }
  await recordAdminAction(db, {
    action: table === "users" ? "export-users" : "export-submissions",
    actor: { userId: admin.id, label: admin.email },
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sculc-${editionYear}-${table}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
