import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { listCommentsToAuthors } from "~/features/review/submitted-reviews.server";
import { type AuthorView, titleOrFileName } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type {
  Database,
  PreferredFormat,
  PresentationFormat,
  SubmissionDecision,
} from "~/lib/db/schema";
import type { Mailer } from "~/lib/mail/mailer.server";
import { done, type Outcome, refuse } from "~/lib/outcome";
import type { SubmissionFilter } from "./decision-filters";
import { type DecisionMailLinks, queueDecisionMail } from "./decision-mail.server";
import type { DecisionRefusal } from "./decision-messages";

export type AdminSubmissionRecord = {
  id: string;
  number: number;
  userId: string;
  authorName: string;
  /** The name's parts, for mail that greets the author (group-mail). */
  authorFirstName: string;
  authorLastName: string;
  email: string;
  fileName: string;
  /** The title, or the file name for abstracts uploaded before titles existed. */
  title: string;
  preferredFormat: PreferredFormat;
  /** Every author in order (names, affiliations, emails, who presents): admins only. */
  authors: AuthorView[];
  uploadedAt: string;
  wordCount: number;
  pageCount: number;
  warnings: string;
  decision: SubmissionDecision | null;
  acceptedAs: PresentationFormat | null;
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
      "s.title",
      "s.preferred_format as preferredFormat",
      "s.uploaded_at as uploadedAt",
      "s.word_count as wordCount",
      "s.page_count as pageCount",
      "s.warnings",
      "s.decision",
      "s.accepted_as as acceptedAs",
      "s.decision_note as decisionNote",
      "s.released_at as releasedAt",
    ])
    .where("s.edition_year", "=", input.editionYear);
  if (input.filter === "undecided") query = query.where("s.decision", "is", null);
  if (input.filter === "staged")
    query = query.where("s.decision", "is not", null).where("s.released_at", "is", null);
  if (input.filter === "accepted" || input.filter === "alternate" || input.filter === "rejected")
    query = query.where("s.decision", "=", input.filter);
  // Numbers follow upload order, so this is the order the page always had.
  const rows = await query.orderBy("s.number").execute();
  const authors = await listAuthors(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    title: titleOrFileName(row),
    authors: authors.get(row.id) ?? [],
    authorName: `${firstName} ${lastName}`.trim(),
    authorFirstName: firstName,
    authorLastName: lastName,
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

/**
 * Stages a decision (or takes one back): accepted (as a talk or a poster), alternate, or rejected. A
 * released decision is final: the author has been told (an alternate moves on through promotion, on the
 * presenters page). The change and its audit entry commit together.
 */
export async function stageDecision(
  db: Kysely<Database>,
  input: {
    submissionId: string;
    decision: SubmissionDecision | null;
    /** Required with "accepted". */
    acceptedAs?: PresentationFormat | null;
    note?: string;
    actor: AuditActor;
  },
): Promise<Outcome<undefined, DecisionRefusal>> {
  if (input.decision === "accepted" && !input.acceptedAs) return refuse("formatRequired");
  return db.transaction().execute(async (trx): Promise<Outcome<undefined, DecisionRefusal>> => {
    const row = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select(["s.id", "s.number", "s.file_name", "s.released_at", "u.id as userId", "u.email"])
      .where("s.id", "=", input.submissionId)
      .executeTakeFirst();
    if (!row) return refuse("submissionGone");
    if (row.released_at) return refuse("alreadyReleased");
    const note = input.note?.trim().slice(0, 1000) || null;
    const acceptedAs = input.decision === "accepted" ? (input.acceptedAs ?? null) : null;
    await trx
      .updateTable("submission")
      .set({
        decision: input.decision,
        accepted_as: acceptedAs,
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
          : input.decision === "alternate"
            ? "alternate"
            : input.decision === "rejected"
              ? "reject"
              : "undo-decision",
      actor: input.actor,
      target: { userId: row.userId, email: row.email },
      details: `Abstract ${Number(row.number)} (${row.file_name})${acceptedAs ? ` as a ${acceptedAs}` : ""}${note && input.decision ? ` (note: ${note})` : ""}`,
    });
    return done();
  });
}

/**
 * Releases every staged decision of the edition at once: the authors' pages show them from now on, and
 * everyone on a decided abstract (the submitter and each co-author with an address) gets one email
 * about their abstracts. The messages are queued in the release's transaction: a crash after the commit
 * loses none, and a release that fails sends none. The outbox delivers them (retrying a mail server that
 * is down), so the release answers at once however many authors there are.
 */
export async function releaseDecisions(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error" | "info"> },
  input: {
    editionYear: number;
    actor: AuditActor;
    links: Omit<DecisionMailLinks, "editionYear">;
    /** Adds each abstract's submitted comments to the authors (never the committee's, never who). */
    includeReviewComments?: boolean;
  },
): Promise<{ released: number; authors: number }> {
  const releasedAt = new Date().toISOString();
  const result = await deps.db.transaction().execute(async (trx) => {
    const staged = await trx
      .selectFrom("submission as s")
      .select(["s.id", "s.title", "s.file_name", "s.decision", "s.accepted_as"])
      .where("s.edition_year", "=", input.editionYear)
      .where("s.decision", "is not", null)
      .where("s.released_at", "is", null)
      .orderBy("s.number")
      .execute();
    if (!staged.length) return { released: 0, authors: 0 };
    // Two releases at once (a double click, two admins): on PostgreSQL both read the same staged rows;
    // the update takes each row once, and a release only mails and audits the rows it took.
    const taken = await trx
      .updateTable("submission")
      .set({ released_at: releasedAt })
      .where(
        "id",
        "in",
        staged.map((row) => row.id),
      )
      .where("released_at", "is", null)
      .returning("id")
      .execute();
    const takenIds = new Set(taken.map((row) => row.id));
    const released = staged.filter((row) => takenIds.has(row.id));
    if (!released.length) return { released: 0, authors: 0 };
    await recordAdminAction(trx, {
      action: "release-decisions",
      actor: input.actor,
      details: `${released.length} decision${released.length === 1 ? "" : "s"} released${input.includeReviewComments ? ", with the reviewers' comments to the authors" : ""}`,
    });
    // Read in the release's transaction, so the mail carries the comments as they stood when released.
    const comments = input.includeReviewComments
      ? await listCommentsToAuthors(
          trx,
          released.map((row) => row.id),
        )
      : new Map<string, string[]>();
    const authors = await queueDecisionMail(
      { db: trx, mailer: deps.mailer },
      released.map((row) => ({
        id: row.id,
        title: row.title,
        fileName: row.file_name,
        decision: row.decision,
        acceptedAs: row.accepted_as,
      })),
      { ...input.links, editionYear: input.editionYear },
      { cause: `Decisions released by ${input.actor.label}`, comments },
    );
    return { released: released.length, authors };
  });
  if (result.authors) deps.mailer.wake();
  return result;
}
