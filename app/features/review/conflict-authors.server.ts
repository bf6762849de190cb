import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/**
 * The accounts that count as an abstract's authors for conflicts: the submitting account, and every
 * account whose email equals a co-author's email (both are stored lower-case). Resolved to account ids
 * here, so `isConflicted` keeps one rule: a reviewer among `authorIds` is conflicted.
 */
export async function authorAccountIds(
  db: Kysely<Database>,
  scope: { editionYear: number } | { submissionIds: readonly string[] },
): Promise<Map<string, string[]>> {
  let query = db
    .selectFrom("submission as s")
    .innerJoin("submission_author as a", "a.submission_id", "s.id")
    .innerJoin("user as u", "u.email", "a.email")
    .select(["s.id as submissionId", "u.id as userId"])
    .where("a.position", ">", 0);
  if ("editionYear" in scope) query = query.where("s.edition_year", "=", scope.editionYear);
  else {
    if (!scope.submissionIds.length) return new Map();
    query = query.where("s.id", "in", [...scope.submissionIds]);
  }
  const byAbstract = new Map<string, string[]>();
  for (const row of await query.execute()) {
    byAbstract.set(row.submissionId, [...(byAbstract.get(row.submissionId) ?? []), row.userId]);
  }
  return byAbstract;
}
