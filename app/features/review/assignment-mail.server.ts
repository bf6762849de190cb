import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

type Db = Kysely<Database>;

/** One assignment an admin's run (by hand or automatic) just added. */
export type NewAssignment = { number: number; reviewerId: string };

type AssignedAbstract = { number: number; title: string };

/**
 * Tells each reviewer what one assignment run gave them: one mail per reviewer per run, however many
 * abstracts, listing them by number and title (never the authors: the review is blind) with a link to
 * the queue. Give it the assignments' transaction, so they and their mail commit together, and wake the
 * mailer after the commit.
 */
export async function queueAssignmentMail(
  deps: { db: Db; mailer: Mailer },
  input: { editionYear: number; reviewUrl: string; assignments: readonly NewAssignment[] },
): Promise<{ reviewers: number }> {
  if (!input.assignments.length) return { reviewers: 0 };
  const numbers = [...new Set(input.assignments.map((assignment) => assignment.number))];
  const reviewerIds = [...new Set(input.assignments.map((assignment) => assignment.reviewerId))];
  const titles = new Map(
    (
      await deps.db
        .selectFrom("submission")
        .select(["number", "title"])
        .where("edition_year", "=", input.editionYear)
        .where("number", "in", numbers)
        .execute()
    ).map((row) => [Number(row.number), row.title.trim()]),
  );
  const reviewers = await deps.db
    .selectFrom("user")
    .select(["id", "email", "firstName"])
    .where("id", "in", reviewerIds)
    .orderBy("email")
    .execute();
  const messages: MailMessage[] = [];
  for (const reviewer of reviewers) {
    const abstracts = input.assignments
      .filter((assignment) => assignment.reviewerId === reviewer.id)
      .map((assignment) => ({
        number: assignment.number,
        title: titles.get(assignment.number) ?? "",
      }))
      .sort((a, b) => a.number - b.number);
    messages.push(assignmentEmail(reviewer, abstracts, input));
  }
  await deps.mailer.queue(deps.db, messages, "Abstracts assigned to reviewers");
  return { reviewers: reviewers.length };
}

function assignmentEmail(
  reviewer: { email: string; firstName: string },
  abstracts: AssignedAbstract[],
  input: { editionYear: number; reviewUrl: string },
): MailMessage {
  const count = abstracts.length;
  const conference = editionName(input.editionYear);
  const lines = [
    `Dear ${reviewer.firstName || "reviewer"},`,
    `You have ${count === 1 ? "a new abstract" : `${count} new abstracts`} to review for ${conference}:`,
    abstracts
      .map(
        (abstract) => `- Abstract ${abstract.number}${abstract.title ? `: ${abstract.title}` : ""}`,
      )
      .join("\n"),
    "Read and review them in your review queue:",
    input.reviewUrl,
    `— ${site.name}`,
  ];
  return {
    to: reviewer.email,
    subject: `${count === 1 ? "A new abstract" : `${count} new abstracts`} to review for ${conference}`,
    text: `${lines.join("\n\n")}\n`,
    kind: "review-assignment",
  };
}
