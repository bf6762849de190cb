import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import type {
  MailPreviewSource,
  MailPreviewSources,
} from "~/features/mail-templates/mail-template-preview";
import { previewWho } from "~/features/mail-templates/mail-template-preview";
import { listCommentsToAuthors } from "~/features/review/submitted-reviews.server";
import type { Database } from "~/lib/db/schema";
import {
  type DecidedAbstract,
  type DecisionTemplateKey,
  decisionValues,
  listDecisionRecipients,
  outcomeText,
} from "./decision-mail.server";
import { decisionMailLinks } from "./decision-mail-links.server";

/** The first abstract of the edition (by number) whose decision the template announces. */
function firstDecided(db: Kysely<Database>, editionYear: number, key: DecisionTemplateKey) {
  let query = db
    .selectFrom("submission")
    .select(["id", "number", "title", "file_name", "decision", "accepted_as", "released_at"])
    .where("edition_year", "=", editionYear);
  if (key === "decision-talk")
    query = query
      .where("decision", "=", "accepted")
      .where((where) =>
        where.or([where("accepted_as", "=", "talk"), where("accepted_as", "is", null)]),
      );
  else if (key === "decision-poster")
    query = query.where("decision", "=", "accepted").where("accepted_as", "=", "poster");
  else
    query = query.where("decision", "=", key === "decision-alternate" ? "alternate" : "rejected");
  return query.orderBy("number").limit(1).executeTakeFirst();
}

/**
 * The decision templates' previews: the submitter of the edition's first abstract with that decision
 * (released or staged), as a message about that abstract alone, with the reviewers' comments when it
 * has any (as a release with them sends them).
 */
export function decisionMailPreviews(
  db: Kysely<Database>,
  edition: Pick<EditionContent, "year" | "abstracts">,
): MailPreviewSources {
  const preview = (key: DecisionTemplateKey) => async (): Promise<MailPreviewSource | null> => {
    const row = await firstDecided(db, edition.year, key);
    if (!row) return null;
    const [recipient] = (await listDecisionRecipients(db, [row.id])).get(row.id) ?? [];
    if (!recipient) return null;
    const decided: DecidedAbstract = {
      id: row.id,
      title: row.title,
      fileName: row.file_name,
      decision: row.decision,
      acceptedAs: row.accepted_as,
    };
    const links = { ...(await decisionMailLinks(db, edition)), editionYear: edition.year };
    const comments = await listCommentsToAuthors(db, [row.id]);
    return {
      who: previewWho(recipient),
      reason: `the submitter of abstract ${Number(row.number)}, ${outcomeText(decided, links)}${row.released_at ? "" : " (not released yet)"}${comments.has(row.id) ? ", with the reviewers' comments as a release with them sends them" : ""}`,
      values: decisionValues(recipient, [decided], links, comments),
    };
  };
  return {
    "decision-talk": preview("decision-talk"),
    "decision-poster": preview("decision-poster"),
    "decision-alternate": preview("decision-alternate"),
    "decision-not-accepted": preview("decision-not-accepted"),
  };
}
