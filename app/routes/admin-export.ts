import { getCurrentEdition } from "~/content/editions";
import { requireAdmin } from "~/features/accounts/session.server";
import { csvDocument } from "~/features/admin/csv";
import { listUsersForAdmin } from "~/features/admin/user-table.server";
import { listSubmissionsForAdmin } from "~/features/decisions/decisions.server";
import { listReviewsForExport } from "~/features/review/committee-reviews.server";
import { describeAuthors } from "~/features/submissions/submission-details";
import { recordAdminAction } from "~/lib/audit.server";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/admin-export";

const yesNo = (value: boolean) => (value ? "yes" : "no");

// CSV exports of the user table, of the current edition's submissions and of its reviews, for admins only; each
// export is recorded in the audit log (it hands personal data out of the site).
export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url);
  const table = url.pathname.endsWith("/users.csv")
    ? "users"
    : url.pathname.endsWith("/reviews.csv")
      ? "reviews"
      : "submissions";
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
        "Reviewer",
        "Editor",
        "First abstract",
        "First abstract title",
        "Uploaded (Pacific)",
      ],
      rows.map((row) => [
        row.firstName,
        row.lastName,
        row.email,
        yesNo(row.isApplicant),
        yesNo(row.isPresenter),
        yesNo(row.isAdmin),
        yesNo(row.isReviewer),
        yesNo(row.isEditor),
        row.abstractName,
        row.abstractTitle,
        row.abstractUploadedAt ? formatConferenceDateTime(row.abstractUploadedAt) : "",
      ]),
    );
  } else if (table === "reviews") {
    // Submitted reviews only: a draft belongs to its writer until it is submitted.
    const rows = await listReviewsForExport(db, editionYear);
    csv = csvDocument(
      [
        "Abstract number",
        "Title",
        "File",
        "Reviewer",
        "Reviewer email",
        "Merit",
        "Merit label",
        "Confidence",
        "Confidence label",
        "Comments to the authors",
        "Comments to the committee",
        "Submitted (Pacific)",
      ],
      rows.map((row) => [
        row.number,
        row.title,
        row.fileName,
        row.reviewerName,
        row.reviewerEmail,
        row.merit,
        row.meritLabel,
        row.confidence,
        row.confidenceLabel,
        row.commentsToAuthors,
        row.commentsToCommittee,
        row.submittedAt ? formatConferenceDateTime(row.submittedAt) : "",
      ]),
    );
  } else {
    const rows = await listSubmissionsForAdmin(db, { editionYear, filter: "all" });
    csv = csvDocument(
      [
        "Number",
        "Title",
        "Authors",
        "Preferred format",
        "Submitted by",
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
        row.number,
        row.title,
        describeAuthors(row.authors),
        row.preferredFormat,
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
    action: `export-${table}`,
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
