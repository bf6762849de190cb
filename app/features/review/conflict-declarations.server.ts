import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { done, type Outcome, refuse } from "~/lib/outcome";
import { assignmentByNumber } from "./assignment-queries.server";
import { notFound } from "./review-access.server";
import { reviewMessages } from "./review-messages";

type Db = Kysely<Database>;

// A reviewer's "I have no conflict of interest with this abstract", given once per abstract before its
// PDF opens. Blind review hides the authors, so only the reviewer can know some conflicts (a classmate's
// topic); asking before the PDF makes them say so before they have read it. Declaring a conflict is
// assignments.server.ts's `declareConflict`.

/** Whether the reviewer may open the PDF of the abstract of this number assigned to them. */
export type PdfGate = "not-assigned" | "undeclared" | "declared";

export async function pdfGate(
  db: Db,
  input: { reviewerId: string; editionYear: number; number: number },
): Promise<PdfGate> {
  const row = await assignmentByNumber(db, input)
    .leftJoin("review_declaration as d", (join) =>
      join
        .onRef("d.submission_id", "=", "review_assignment.submission_id")
        .onRef("d.reviewer_id", "=", "review_assignment.reviewer_id"),
    )
    .select(["review_assignment.id", "d.declared_at"])
    .executeTakeFirst();
  if (!row) return "not-assigned";
  return row.declared_at ? "declared" : "undeclared";
}

/**
 * The PDF route's gate: null when the reviewer may open the file, else the answer (404 when it is not
 * assigned to them, 403 with what to do before the declaration).
 */
export async function refusePdfBeforeDeclaration(
  db: Db,
  input: { reviewerId: string; editionYear: number; number: number },
): Promise<Response | null> {
  const gate = await pdfGate(db, input);
  if (gate === "declared") return null;
  if (gate === "not-assigned") return notFound();
  return new Response(reviewMessages.pdfNeedsDeclaration(input.number), {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Records the declaration for an abstract assigned to the reviewer (again: keeps the first time).
 * Refused when the abstract is not assigned to them.
 */
export async function declareNoConflict(
  db: Db,
  input: { reviewerId: string; editionYear: number; number: number; now?: Date },
): Promise<Outcome<{ declaredAt: string }, "not-found">> {
  const assignment = await assignmentByNumber(db, input)
    .select("review_assignment.submission_id")
    .executeTakeFirst();
  if (!assignment) return refuse("not-found");
  const declaredAt = (input.now ?? new Date()).toISOString();
  await db
    .insertInto("review_declaration")
    .values({
      submission_id: assignment.submission_id,
      reviewer_id: input.reviewerId,
      declared_at: declaredAt,
    })
    .onConflict((conflict) => conflict.columns(["submission_id", "reviewer_id"]).doNothing())
    .execute();
  const stored = await db
    .selectFrom("review_declaration")
    .select("declared_at")
    .where("submission_id", "=", assignment.submission_id)
    .where("reviewer_id", "=", input.reviewerId)
    .executeTakeFirstOrThrow();
  return done({ declaredAt: stored.declared_at });
}
