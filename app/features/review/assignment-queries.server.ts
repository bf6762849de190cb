import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { listConflictFacts } from "./conflict-authors.server";
import type { ConflictFacts } from "./conflicts";

// The reads and the insert that assignment by hand, "take the next abstract" and the automatic
// assignment share.

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
