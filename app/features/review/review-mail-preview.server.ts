import type { Kysely } from "kysely";
import {
  type MailPreviewSources,
  previewWho,
} from "~/features/mail-templates/mail-template-preview";
import type { Database } from "~/lib/db/schema";
import { getEnv } from "~/lib/env.server";
import { listUnfinishedByReviewer } from "./committee-reviews.server";
import { reviewerReminderValues } from "./review-reminders.server";
import { getReviewSettings } from "./review-settings.server";

/** The reviewer reminder's preview: the first reviewer the reminder would go to today. */
export function reviewMailPreviews(
  db: Kysely<Database>,
  edition: { year: number },
): MailPreviewSources {
  return {
    "reviewer-reminder": async () => {
      const [reviewer] = await listUnfinishedByReviewer(db, edition.year);
      if (!reviewer) return null;
      return {
        who: previewWho({
          name: `${reviewer.firstName} ${reviewer.lastName}`.trim(),
          email: reviewer.email,
        }),
        reason: "a reviewer with reviews not submitted yet",
        values: reviewerReminderValues(reviewer, {
          editionYear: edition.year,
          reviewUrl: `${getEnv().baseUrl}/review`,
          settings: await getReviewSettings(db, edition.year),
        }),
      };
    },
  };
}
