import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import { getPresenterDates, isBefore } from "~/features/presenters/presenter-dates.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import type { Database } from "~/lib/db/schema";
import { getEnv } from "~/lib/env.server";
import type { DecisionMailLinks } from "./decision-mail.server";

/** What the decision mails link to and promise: the pages, the confirm-by date, a talk's length. */
export async function decisionMailLinks(
  db: Kysely<Database>,
  edition: Pick<EditionContent, "year" | "abstracts">,
): Promise<Omit<DecisionMailLinks, "editionYear">> {
  const { baseUrl } = getEnv();
  const dates = await getPresenterDates(db, edition);
  return {
    statusUrl: `${baseUrl}${submissionPaths.status}`,
    congratulationsUrl: `${baseUrl}${submissionPaths.congratulations}`,
    // A passed date is never asked for: releasing acceptances is refused then, and a promotion
    // reopens the answer for the promoted abstract alone.
    confirmByText: dates && isBefore(dates.confirmBy) ? dates.confirmByText : null,
    talk: edition.abstracts?.talk ?? { minutes: 15, questionMinutes: 5 },
  };
}
