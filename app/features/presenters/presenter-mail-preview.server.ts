import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import {
  type MailPreviewSources,
  previewWho,
} from "~/features/mail-templates/mail-template-preview";
import { submissionPaths } from "~/features/submissions/submission-paths";
import type { Database } from "~/lib/db/schema";
import { getEnv } from "~/lib/env.server";
import { presenterReminderValues } from "./attendance-admin.server";
import { getPresenterDates } from "./presenter-dates.server";

/**
 * The presenter reminder's preview: the submitter of the edition's first released acceptance still
 * waiting for an answer (or, when every presenter answered, of the first released acceptance), with
 * their abstracts of the same kind, as a reminder would list them.
 */
export function presenterMailPreviews(
  db: Kysely<Database>,
  edition: Pick<EditionContent, "year" | "abstracts">,
): MailPreviewSources {
  return {
    "presenter-reminder": async () => {
      const dates = await getPresenterDates(db, edition);
      if (!dates) return null;
      const accepted = await db
        .selectFrom("submission as s")
        .innerJoin("user as u", "u.id", "s.user_id")
        .select([
          "s.number",
          "s.title",
          "s.file_name",
          "s.attendance",
          "u.id as userId",
          "u.email",
          "u.firstName",
        ])
        .where("s.edition_year", "=", edition.year)
        .where("s.decision", "=", "accepted")
        .where("s.released_at", "is not", null)
        .orderBy("s.number")
        .execute();
      const waiting = accepted.filter((row) => row.attendance === null);
      const pool = waiting.length ? waiting : accepted;
      const [first] = pool;
      if (!first) return null;
      const theirs = pool.filter((row) => row.userId === first.userId);
      return {
        who: previewWho({ name: first.firstName, email: first.email }),
        reason: `the submitter of abstract ${Number(first.number)}${waiting.length ? ", still to confirm or decline" : " (who has answered already: nobody is waiting)"}`,
        values: presenterReminderValues(theirs, {
          editionYear: edition.year,
          dates,
          congratulationsUrl: `${getEnv().baseUrl}${submissionPaths.congratulations}`,
        }),
      };
    },
  };
}
