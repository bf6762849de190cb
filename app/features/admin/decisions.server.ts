import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

import type { SubmissionFilter } from "./decision-filters";

export type AdminSubmissionRecord = {
  id: string;
  number: number;
  userId: string;
  authorName: string;
  email: string;
  fileName: string;
  uploadedAt: string;
  wordCount: number;
  pageCount: number;
  warnings: string;
  decision: "accepted" | "rejected" | null;
  decisionNote: string | null;
  releasedAt: string | null;
};

/** Every submission for the edition, oldest first, with its author; filtered by where it stands. */
export async function listSubmissionsForAdmin(
  db: Kysely<Database>,
  input: { editionYear: number; filter: SubmissionFilter },
): Promise<AdminSubmissionRecord[]> {
  let query = db
    .selectFrom("submission as s")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select([
      "s.id",
      "s.number",
      "s.user_id as userId",
      "u.firstName",
      "u.lastName",
      "u.email",
      "s.file_name as fileName",
      "s.uploaded_at as uploadedAt",
      "s.word_count as wordCount",
      "s.page_count as pageCount",
      "s.warnings",
      "s.decision",
      "s.decision_note as decisionNote",
      "s.released_at as releasedAt",
    ])
    .where("s.edition_year", "=", input.editionYear);
  if (input.filter === "undecided") query = query.where("s.decision", "is", null);
  if (input.filter === "staged")
    query = query.where("s.decision", "is not", null).where("s.released_at", "is", null);
  if (input.filter === "accepted" || input.filter === "rejected")
    query = query.where("s.decision", "=", input.filter);
  // Numbers follow upload order, so this is the order the page always had.
  const rows = await query.orderBy("s.number").execute();
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    authorName: `${firstName} ${lastName}`.trim(),
    number: Number(row.number),
    wordCount: Number(row.wordCount),
    pageCount: Number(row.pageCount),
  }));
}

/** How many decisions wait to be released (the release button's count). */
export async function countStagedDecisions(
  db: Kysely<Database>,
  editionYear: number,
): Promise<number> {
  const row = await db
    .selectFrom("submission")
    .select((eb) => eb.fn.countAll<number | string>().as("staged"))
    .where("edition_year", "=", editionYear)
    .where("decision", "is not", null)
    .where("released_at", "is", null)
    .executeTakeFirst();
  return Number(row?.staged ?? 0);
}

export type DecisionOutcome = { ok: true } | { ok: false; message: string };

/**
 * Stages a decision (or takes one back). A released decision is final: the author has been told.
 * The change and its audit entry commit together.
 */
export async function stageDecision(
  db: Kysely<Database>,
  input: {
    submissionId: string;
    decision: "accepted" | "rejected" | null;
    note?: string;
    actor: AuditActor;
  },
): Promise<DecisionOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select(["s.id", "s.file_name", "s.released_at", "u.id as userId", "u.email"])
      .where("s.id", "=", input.submissionId)
      .executeTakeFirst();
    if (!row)
      return { ok: false, message: "That submission no longer exists; it may have been deleted." };
    if (row.released_at)
      return { ok: false, message: "This decision was already released to the author." };
    const note = input.note?.trim().slice(0, 1000) || null;
    await trx
      .updateTable("submission")
      .set({
        decision: input.decision,
        decision_note: input.decision ? note : null,
        decided_by: input.decision ? input.actor.label : null,
        decided_at: input.decision ? new Date().toISOString() : null,
      })
      .where("id", "=", row.id)
      .execute();
    await recordAdminAction(trx, {
      action:
        input.decision === "accepted"
          ? "accept"
          : input.decision === "rejected"
            ? "reject"
            : "undo-decision",
      actor: input.actor,
      target: { userId: row.userId, email: row.email },
      details: `${row.file_name}${note && input.decision ? ` (note: ${note})` : ""}`,
    });
    return { ok: true };
  });
}

export const acceptedSubject = "Action required: confirm your SCULC presentation";

/**
 * Releases every staged decision of the edition at once: the authors' pages show them from now on, and
 * each author gets one email (accepted if any of theirs was accepted). Mail goes out after the commit;
 * a mail that fails is logged and does not undo the release.
 */
export async function releaseDecisions(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error" | "info"> },
  input: {
    editionYear: number;
    actor: AuditActor;
    statusUrl: string;
    congratulationsUrl: string;
    /** Adds each abstract's submitted comments to the authors (never the committee's, never who). */
    includeReviewComments?: boolean;
  },
): Promise<{ released: number; authors: number }> {
  const releasedAt = new Date().toISOString();
  const { released, comments } = await deps.db.transaction().execute(async (trx) => {
    const staged = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select(["s.id", "s.file_name", "s.decision", "u.id as userId", "u.email", "u.firstName"])
      .where("s.edition_year", "=", input.editionYear)
      .where("s.decision", "is not", null)
      .where("s.released_at", "is", null)
      .execute();
    if (!staged.length) return { released: staged, comments: new Map<string, string[]>() };
    await trx
      .updateTable("submission")
      .set({ released_at: releasedAt })
      .where(
        "id",
        "in",
        staged.map((row) => row.id),
      )
      .execute();
    await recordAdminAction(trx, {
      action: "release-decisions",
      actor: input.actor,
      details: `${staged.length} decision${staged.length === 1 ? "" : "s"} released${input.includeReviewComments ? ", with the reviewers' comments to the authors" : ""}`,
    });
    // Read in the release's transaction, so the mail carries the comments as they stood when released.
    const comments = input.includeReviewComments
      ? await commentsToAuthors(
          trx,
          staged.map((row) => row.id),
        )
      : new Map<string, string[]>();
    return { released: staged, comments };
  });

  const byAuthor = new Map<string, typeof released>();
  for (const row of released) byAuthor.set(row.userId, [...(byAuthor.get(row.userId) ?? []), row]);
  for (const rows of byAuthor.values()) {
    const message = decisionEmail(rows, input, comments);
    await deps.mailer.send(message).catch((error: unknown) => {
      deps.logger.error({ err: error, to: message.to }, "decision email failed");
    });
  }
  return { released: released.length, authors: byAuthor.size };
}

/**
 * The submitted reviews' comments to the authors, per submission, in the order they were submitted.
 * Only the text: neither the reviewer nor the committee-only comments leave this query.
 */
async function commentsToAuthors(
  db: Kysely<Database>,
  submissionIds: string[],
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("review as r")
    .innerJoin("review_assignment as a", "a.id", "r.assignment_id")
    .select(["a.submission_id as submissionId", "r.comments_to_authors as comments"])
    .where("a.submission_id", "in", submissionIds)
    .where("r.submitted_at", "is not", null)
    .orderBy("r.submitted_at")
    .orderBy("r.assignment_id")
    .execute();
  const bySubmission = new Map<string, string[]>();
  for (const row of rows) {
    const text = row.comments.trim();
    if (text)
      bySubmission.set(row.submissionId, [...(bySubmission.get(row.submissionId) ?? []), text]);
  }
  return bySubmission;
}

function decisionEmail(
  rows: {
    id: string;
    file_name: string;
    decision: "accepted" | "rejected" | null;
    email: string;
    firstName: string;
  }[],
  links: { editionYear: number; statusUrl: string; congratulationsUrl: string },
  comments: Map<string, string[]>,
): MailMessage {
  const [first] = rows;
  const isAccepted = rows.some((row) => row.decision === "accepted");
  const conference = editionName(links.editionYear);
  const lines = rows.map(
    (row) => `- ${row.file_name}: ${row.decision === "accepted" ? "accepted" : "not accepted"}`,
  );
  // Reviewers are numbered per abstract ("Reviewer 2"), which names nobody.
  const reviews = rows.flatMap((row) => {
    const texts = comments.get(row.id) ?? [];
    if (!texts.length) return [];
    return [
      `The reviewers' comments on ${row.file_name}:`,
      ...texts.map((text, index) => `Reviewer ${index + 1}:\n${text}`),
    ];
  });
  const text = isAccepted
    ? [
        `Dear ${first?.firstName || "author"},`,
        `Congratulations: the program committee has accepted your abstract for ${conference}.`,
        ...lines,
        ...reviews,
        "Please confirm your presentation, and read what happens next, on your congratulations page:",
        links.congratulationsUrl,
        `— ${site.name}`,
      ]
    : [
        `Dear ${first?.firstName || "author"},`,
        `Thank you for submitting to ${conference}. We are sorry that the program committee could not accept your abstract this year.`,
        ...lines,
        ...reviews,
        "You can see the decision on your submissions page:",
        links.statusUrl,
        "We hope to see you at the conference as a guest, and to read your work again next year.",
        `— ${site.name}`,
      ];
  return {
    to: first?.email ?? "",
    subject: isAccepted ? acceptedSubject : `Your ${conference} abstract was not accepted`,
    text: `${text.join("\n\n")}\n`,
  };
}
