import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { type AuthorView, titleOrFileName } from "./submission-details";
import { listAuthors } from "./submission-details.server";

export type AbstractReceipt = {
  to: string;
  editionYear: number;
  number: number;
  title: string;
  fileName: string;
  authors: AuthorView[];
  /** A new PDF for an abstract already submitted, rather than a new abstract. */
  isReplacement: boolean;
  statusUrl: string;
};

/** The receipt's words: what arrived (title, authors, file) and where to follow it. */
export function abstractReceiptEmail(receipt: AbstractReceipt): MailMessage {
  const conference = editionName(receipt.editionYear);
  const authors = receipt.authors
    .map((author) => `${author.name}${author.isPresenter ? " (presenting)" : ""}`)
    .join(", ");
  const lines = [
    receipt.isReplacement
      ? `We received the new PDF of your abstract for ${conference}. It replaces the one you uploaded before.`
      : `We received your abstract for ${conference}.`,
    [`Title: ${receipt.title}`, `Authors: ${authors}`, `File: ${receipt.fileName}`].join("\n"),
    `You can check its status, edit its details and replace or delete it on your submissions page until the call for abstracts closes; the decision will appear there too:\n${receipt.statusUrl}`,
    "If you did not submit this abstract, reply to this message.",
  ];
  return {
    to: receipt.to,
    subject: `Your abstract ${receipt.number} was received | ${site.shortName}`,
    text: `${lines.join("\n\n")}\n\n— ${site.name}\n`,
    kind: "abstract-receipt",
  };
}

/**
 * Queues the submitter's receipt for an abstract just uploaded (or its PDF just replaced), read from the
 * rows as recorded. Give it the upload's transaction, so the abstract and its receipt commit together,
 * and wake the mailer after the commit.
 */
export async function queueAbstractReceipt(
  deps: { db: Kysely<Database>; mailer: Mailer },
  input: { submissionId: string; isReplacement: boolean; statusUrl: string },
): Promise<void> {
  const row = await deps.db
    .selectFrom("submission as s")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select(["s.edition_year", "s.number", "s.title", "s.file_name", "u.email"])
    .where("s.id", "=", input.submissionId)
    .executeTakeFirst();
  if (!row) return;
  const authors = (await listAuthors(deps.db, [input.submissionId])).get(input.submissionId);
  await deps.mailer.queue(
    deps.db,
    [
      abstractReceiptEmail({
        to: row.email,
        editionYear: Number(row.edition_year),
        number: Number(row.number),
        title: titleOrFileName({ title: row.title, fileName: row.file_name }),
        fileName: row.file_name,
        authors: authors ?? [],
        isReplacement: input.isReplacement,
        statusUrl: input.statusUrl,
      }),
    ],
    input.isReplacement ? "Abstract PDF replaced" : "Abstract submitted",
  );
}
