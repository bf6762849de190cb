import { type Kysely, sql } from "kysely";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { Database } from "~/lib/db/schema";
import { type SubmissionSummary, toSummary } from "./submissions.server";

export type CoauthoredSubmission = SubmissionSummary & {
  /** The account that submitted it: the only one who may change it. */
  submitterName: string;
  /** This co-author is listed as presenting it. */
  presents: boolean;
};

// On every /sculc/view-submission: built and compiled once (preparedQuery).
const readCoauthoredRows = preparedQuery(
  (db, { userId, email, editionYear }: { userId: string; email: string; editionYear: number }) =>
    db
      .selectFrom("submission as s")
      .innerJoin("submission_author as a", "a.submission_id", "s.id")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select([
        "s.id",
        "s.file_name",
        "s.title",
        "s.preferred_format",
        "s.uploaded_at",
        "s.word_count",
        "s.page_count",
        "s.warnings",
        "s.decision",
        "s.accepted_as",
        "s.released_at",
        "u.firstName",
        "u.lastName",
        "a.is_presenter",
      ])
      .where("s.edition_year", "=", editionYear)
      .where("s.user_id", "<>", userId)
      .where("a.position", ">", 0)
      .where(sql<string>`lower(${sql.ref("a.email")})`, "=", email)
      .orderBy("s.uploaded_at")
      .orderBy("s.id"),
);

/**
 * Someone else's abstracts of the edition that list this account as a co-author, matched by the
 * account's email address, and only once that address is verified: an unverified account could claim
 * any address and read abstracts (and decisions) that are not its own.
 */
export async function listCoauthoredSubmissions(
  db: Kysely<Database>,
  user: { id: string; email: string; isEmailVerified: boolean },
  editionYear: number,
): Promise<CoauthoredSubmission[]> {
  const email = user.email.trim().toLowerCase();
  if (!user.isEmailVerified || !email) return [];
  const rows = await readCoauthoredRows(db, { userId: user.id, email, editionYear });
  const bySubmission = new Map<string, CoauthoredSubmission>();
  for (const row of rows) {
    const presents = Boolean(row.is_presenter);
    const seen = bySubmission.get(row.id);
    // The same address twice on one abstract: listed once, presenting if either row presents.
    if (seen) {
      seen.presents ||= presents;
      continue;
    }
    bySubmission.set(row.id, {
      ...toSummary(row),
      submitterName: `${row.firstName} ${row.lastName}`.trim(),
      presents,
    });
  }
  return [...bySubmission.values()];
}
