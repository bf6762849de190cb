import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { formatText } from "~/features/decisions/decision-mail.server";
import { decisionMailLinks } from "~/features/decisions/decision-mail-links.server";
import { handlePromoteAction } from "~/features/decisions/promotion-actions.server";
import {
  type AdminPresenterAbstract,
  listPresentersForAdmin,
} from "~/features/presenters/attendance-admin.server";
import { getPresenterDates, isBefore } from "~/features/presenters/presenter-dates.server";
import {
  handlePresentersAdminAction,
  type PresenterDateField,
} from "~/features/presenters/presenters-admin-actions.server";
import {
  type PresenterRowView,
  PresentersAdminPage,
} from "~/features/presenters/presenters-admin-page";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { formatConferenceDateTime, isoToConferenceLocalTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { readIntent } from "~/lib/forms.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-presenters";

type FieldErrors = Partial<Record<PresenterDateField, string>>;

export const meta: Route.MetaFunction = () => accountMeta("Presenters");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

async function loadEdition() {
  const edition = getCurrentEdition();
  const db = getDatabase().db;
  const dates = await getPresenterDates(db, edition);
  // An edition without a call for abstracts has no presenters to manage.
  if (!dates || !edition.abstracts) throw new Response("Not Found", { status: 404 });
  return { edition, db, dates, talk: edition.abstracts.talk };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const { edition, db, dates, talk } = await loadEdition();
  const { accepted, alternates } = await listPresentersForAdmin(db, {
    editionYear: edition.year,
    dates,
  });
  const when = (iso: string | null) => (iso ? formatConferenceDateTime(iso) : null);
  const toRow = (row: AdminPresenterAbstract): PresenterRowView => ({
    id: row.id,
    number: row.number,
    label: titleOrFileName(row),
    fileName: row.fileName,
    formatText: formatText(row.acceptedAs, talk),
    authors: row.authors,
    submitterName: row.submitterName,
    submitterEmail: row.submitterEmail,
    attendance: row.attendance,
    attendanceAtText: when(row.attendanceAt),
    remindedAtText: when(row.remindedAt),
    promotedAtText: when(row.promotedAt),
    isReopened: row.window === "reopened",
  });
  return {
    editionName: editionName(edition.year),
    dates: {
      confirmByText: dates.confirmByText,
      materialsDueText: dates.materialsDueText,
      confirmByLocal: isoToConferenceLocalTime(dates.confirmBy),
      materialsDueLocal: isoToConferenceLocalTime(dates.materialsDue),
      confirmByIsDefault: dates.confirmByIsDefault,
      materialsDueIsDefault: dates.materialsDueIsDefault,
      isConfirmOpen: isBefore(dates.confirmBy),
    },
    accepted: accepted.map(toRow),
    alternates: alternates.map(toRow),
    waitingToRemind: accepted.filter((row) => !row.attendance && !row.remindedAt).length,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const actor = { userId: admin.id, label: admin.email };
  const { edition, db, dates } = await loadEdition();
  const form = await request.formData();
  const deps = { db, mailer: getMailer(), logger: getLogger() };
  // Promotion is a decision (it accepts an alternate); the page's other buttons are the presenters'.
  if (readIntent(form, ["promote"]))
    return handlePromoteAction(
      deps,
      { editionYear: edition.year, dates, actor, mailLinks: () => decisionMailLinks(db, edition) },
      form,
    );
  return handlePresentersAdminAction(
    deps,
    {
      actor,
      edition,
      dates,
      congratulationsUrl: async () => (await decisionMailLinks(db, edition)).congratulationsUrl,
    },
    form,
  );
}

export default function AdminPresenters({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PresentersAdminPage
      {...loaderData}
      message={actionData?.message}
      fieldErrors={(actionData as { fieldErrors?: FieldErrors } | undefined)?.fieldErrors}
    />
  );
}
