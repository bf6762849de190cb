import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { listConflictFacts } from "./conflict-authors.server";
import type { ConflictFacts } from "./conflicts";

// The reads and the insert that assignment by hand, "take the next abstract", the automatic
// assignment, conflicts and declarations share.

type Db = Kysely<Database>;

/**
 * The abstracts that take reviewers: the edition's, without a decision (one decided without review
 * needs none), in number order, each with what decides its conflicts.
 */
export async function listReviewableAbstracts(
  db: Db,
  editionYear: number,
): Promise<(ConflictFacts & { id: string; number: number })[]> {
  const rows = await db
    .selectFrom("submission")
    .select(["id", "number"])
    .where("edition_year", "=", editionYear)
    .where("decision", "is", null)
    .orderBy("number")
    .execute();
  const facts = await listConflictFacts(db, { editionYear });
  return rows.map((row) => ({
    id: row.id,
    number: Number(row.number),
    ...(facts.get(row.id) ?? noFacts),
  }));
}

const noFacts: ConflictFacts = { authorIds: [], declaredConflictIds: [], likelyConflicts: [] };

export async function conflictFactsFor(
  db: Db,
  submissionId: string,
): Promise<ConflictFacts | null> {
  const facts = await listConflictFacts(db, { submissionIds: [submissionId] });
  return facts.get(submissionId) ?? null;
}

export async function insertAssignment(
  db: Db,
  values: {
    editionYear: number;
    submissionId: string;
    reviewerId: string;
    assignedBy: string | null;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("review_assignment")
    .values({
      id,
      edition_year: values.editionYear,
      submission_id: values.submissionId,
      reviewer_id: values.reviewerId,
      assigned_by: values.assignedBy,
      assigned_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export async function reviewerEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("reviewer")
    .innerJoin("user", "user.id", "reviewer.user_id")
    .select("user.email")
    .where("reviewer.user_id", "=", userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * The edition's abstract by id and the reviewer's address, read before an admin's command about the
 * pair (assigning, answering a likely conflict), or which of the two is missing.
 */
export async function findAbstractAndReviewer(
  db: Db,
  input: { editionYear: number; submissionId: string; reviewerId: string },
): Promise<{ submissionId: string; number: number; email: string } | "not-found" | "not-reviewer"> {
  const submission = await db
    .selectFrom("submission")
    .select(["id", "number"])
    .where("id", "=", input.submissionId)
    .where("edition_year", "=", input.editionYear)
    .executeTakeFirst();
  if (!submission) return "not-found";
  const email = await reviewerEmail(db, input.reviewerId);
  if (!email) return "not-reviewer";
  return { submissionId: submission.id, number: Number(submission.number), email };
}

/**
 * The reviewer's assignment to the edition's abstract of this number (reviewers name abstracts by
 * number), as a query for the caller to select from and join to: `review_assignment` and `submission`.
 */
export function assignmentByNumber(
  db: Db,
  input: { reviewerId: string; editionYear: number; number: number },
) {
  return db
    .selectFrom("review_assignment")
    .innerJoin("submission", "submission.id", "review_assignment.submission_id")
    .where("review_assignment.reviewer_id", "=", input.reviewerId)
    .where("submission.edition_year", "=", input.editionYear)
    .where("submission.number", "=", input.number);
}
