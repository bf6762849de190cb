import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import { listReviewers } from "~/features/accounts/reviewer-role.server";
import { listSubmissionsForAdmin } from "~/features/decisions/decisions.server";
import { listPresentersForAdmin } from "~/features/presenters/attendance-admin.server";
import { getPresenterDates } from "~/features/presenters/presenter-dates.server";
import { listUnfinishedByReviewer } from "~/features/review/committee-reviews.server";
import type { Database } from "~/lib/db/schema";
import type { MailGroup } from "./group-mail-messages";

/** Someone a group message goes to: an account's address and names. */
export type GroupMember = { email: string; firstName: string; lastName: string };

type Edition = Pick<EditionContent, "year" | "abstracts">;

/**
 * Who is in a group now, each address once (compared without case), in the order the pages that own
 * the group list them: abstracts by number, reviewers by name. The groups are read with the queries of
 * the pages that show them (decisions, presenters, review, accounts), so "accepted presenters" here is
 * exactly who the presenters page lists.
 */
export async function listGroupMembers(
  db: Kysely<Database>,
  edition: Edition,
  group: MailGroup,
): Promise<GroupMember[]> {
  return onePerAddress(await readGroup(db, edition, group));
}

/** How many people each group holds now (the page's choices). */
export async function countGroupMembers(
  db: Kysely<Database>,
  edition: Edition,
): Promise<Record<MailGroup, number>> {
  const [submitters, presenters, unfinished, reviewers] = await Promise.all([
    readGroup(db, edition, "submitters"),
    readPresenters(db, edition),
    readGroup(db, edition, "unfinished-reviewers"),
    readGroup(db, edition, "reviewers"),
  ]);
  const count = (members: GroupMember[]) => onePerAddress(members).length;
  return {
    submitters: count(submitters),
    accepted: count(presenters.accepted),
    "not-answered": count(presenters.notAnswered),
    confirmed: count(presenters.confirmed),
    alternates: count(presenters.alternates),
    "unfinished-reviewers": count(unfinished),
    reviewers: count(reviewers),
  };
}

async function readGroup(
  db: Kysely<Database>,
  edition: Edition,
  group: MailGroup,
): Promise<GroupMember[]> {
  switch (group) {
    case "submitters": {
      const rows = await listSubmissionsForAdmin(db, { editionYear: edition.year, filter: "all" });
      return rows.map((row) => ({
        email: row.email,
        firstName: row.authorFirstName,
        lastName: row.authorLastName,
      }));
    }
    case "accepted":
      return (await readPresenters(db, edition)).accepted;
    case "not-answered":
      return (await readPresenters(db, edition)).notAnswered;
    case "confirmed":
      return (await readPresenters(db, edition)).confirmed;
    case "alternates":
      return (await readPresenters(db, edition)).alternates;
    case "unfinished-reviewers":
      return (await listUnfinishedByReviewer(db, edition.year)).map(
        ({ email, firstName, lastName }) => ({
          email,
          firstName,
          lastName,
        }),
      );
    case "reviewers":
      return (await listReviewers(db)).map(({ email, firstName, lastName }) => ({
        email,
        firstName,
        lastName,
      }));
  }
}

/**
 * The presenters page's lists: released acceptances (and by their answer) and released alternates. An
 * edition without acceptance dates has no presenter stage, so nobody is in these groups.
 */
async function readPresenters(db: Kysely<Database>, edition: Edition) {
  const dates = await getPresenterDates(db, edition);
  if (!dates) return { accepted: [], notAnswered: [], confirmed: [], alternates: [] };
  const { accepted, alternates } = await listPresentersForAdmin(db, {
    editionYear: edition.year,
    dates,
  });
  const member = (row: (typeof accepted)[number]): GroupMember => ({
    email: row.submitterEmail,
    firstName: row.submitterFirstName,
    lastName: row.submitterLastName,
  });
  return {
    accepted: accepted.map(member),
    notAnswered: accepted.filter((row) => row.attendance === null).map(member),
    confirmed: accepted.filter((row) => row.attendance === "confirmed").map(member),
    alternates: alternates.map(member),
  };
}

/** The first of each address, compared without case or surrounding spaces. */
function onePerAddress(members: GroupMember[]): GroupMember[] {
  const seen = new Set<string>();
  return members.filter((member) => {
    const key = member.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
