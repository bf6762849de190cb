import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import {
  type MailPreviewSource,
  type MailPreviewSources,
  previewWho,
} from "~/features/mail-templates/mail-template-preview";
import type { Database } from "~/lib/db/schema";
import { getEnv } from "~/lib/env.server";
import { diffPlacements } from "./program-changes";
import { noticeAddresses, noticeValues } from "./program-notices.server";
import { programPaths } from "./program-paths";
import { listPresenterRecipients } from "./program-publish.server";
import { parseSnapshot } from "./program-snapshot";

/**
 * The program notices' previews, from the published versions: the first notice as the latest version
 * would give each presenter their slots, the change as its presenters heard of the latest version's
 * changes since the one before. The first address in the notice is shown.
 */
export function programMailPreviews(
  db: Kysely<Database>,
  edition: Pick<EditionContent, "year">,
): MailPreviewSources {
  const preview = async (isFirst: boolean): Promise<MailPreviewSource | null> => {
    const [latest, previous] = await db
      .selectFrom("program_version")
      .select(["version", "snapshot"])
      .where("edition_year", "=", edition.year)
      .orderBy("version", "desc")
      .limit(2)
      .execute();
    if (!latest || (!isFirst && !previous)) return null;
    const program = parseSnapshot(latest.snapshot);
    const changes = diffPlacements(
      isFirst || !previous ? null : parseSnapshot(previous.snapshot),
      program,
    );
    const recipients = await listPresenterRecipients(
      db,
      changes.map((change) => change.submissionId),
    );
    const [first] = noticeAddresses({
      affected: changes.map((change) => ({
        ...change,
        recipients: recipients.get(change.submissionId) ?? [],
      })),
    });
    if (!first) return null;
    return {
      who: previewWho(first.recipient),
      reason: isFirst
        ? `a presenter in version ${Number(latest.version)} of the program`
        : `a presenter whose presentation changed from version ${Number(previous?.version)} to ${Number(latest.version)}`,
      values: noticeValues(first.recipient, first.changes, {
        editionYear: edition.year,
        programUrl: `${getEnv().baseUrl}${programPaths(edition).page}`,
        date: program.date,
      }),
    };
  };
  return {
    "program-first-notice": () => preview(true),
    "program-change": () => preview(false),
  };
}
