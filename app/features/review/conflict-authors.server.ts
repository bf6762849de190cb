import type { Kysely } from "kysely";
import { listAuthorAccounts } from "~/features/submissions/coauthor-accounts.server";
import type { Database } from "~/lib/db/schema";
import { type ConflictFacts, findConflicts, type LikelyConflict } from "./conflicts";

/**
 * Each abstract's conflict facts (conflicts.ts) in a fixed number of queries: its authors' accounts, the
 * committee, the declared conflicts and the admins' answers to likely conflicts (a dismissed one is
 * left out; a confirmed one stays, marked).
 */
export async function listConflictFacts(
  db: Kysely<Database>,
  scope: { editionYear: number } | { submissionIds: readonly string[] },
): Promise<Map<string, ConflictFacts>> {
  const byAbstract = new Map<string, ConflictFacts>();
  const abstracts = await listAuthorAccounts(db, scope);
  if (!abstracts.length) return byAbstract;
  const ids = abstracts.map((abstract) => abstract.submissionId);
  const [reviewers, declared, resolutions] = await Promise.all([
    db
      .selectFrom("reviewer")
      .innerJoin("user", "user.id", "reviewer.user_id")
      .select(["user.id", "user.firstName", "user.lastName", "user.name", "user.affiliation"])
      .execute(),
    db
      .selectFrom("review_conflict")
      .select(["submission_id", "reviewer_id"])
      .where("submission_id", "in", ids)
      .execute(),
    db
      .selectFrom("review_conflict_resolution")
      .select(["submission_id", "reviewer_id", "resolution", "reason"])
      .where("submission_id", "in", ids)
      .execute(),
  ]);
  const committee = reviewers.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim() || row.name,
    affiliation: row.affiliation,
  }));
  const resolutionOf = new Map(
    resolutions.map((row) => [`${row.submission_id} ${row.reviewer_id}`, row.resolution]),
  );
  for (const abstract of abstracts) {
    const found = findConflicts(
      {
        submitterId: abstract.submitterId,
        submitterName: abstract.submitterName,
        authors: abstract.authors.map((author) => ({
          position: author.position,
          name: author.name,
          affiliation: author.affiliation,
          accountId: author.account?.id ?? null,
          isConfirmed: author.isConfirmed,
        })),
      },
      committee,
    );
    const likelyConflicts: LikelyConflict[] = [];
    for (const conflict of found.likely) {
      const resolution = resolutionOf.get(`${abstract.submissionId} ${conflict.reviewerId}`);
      if (resolution === "dismissed") continue;
      likelyConflicts.push({ ...conflict, resolution: resolution ?? null });
    }
    // A likely conflict an admin confirmed stays one even if the authors were edited since.
    for (const row of resolutions) {
      if (
        row.submission_id === abstract.submissionId &&
        row.resolution === "confirmed" &&
        !likelyConflicts.some((conflict) => conflict.reviewerId === row.reviewer_id)
      ) {
        likelyConflicts.push({
          reviewerId: row.reviewer_id,
          reason: row.reason,
          resolution: "confirmed",
        });
      }
    }
    byAbstract.set(abstract.submissionId, {
      authorIds: found.authorIds,
      declaredConflictIds: declared
        .filter((row) => row.submission_id === abstract.submissionId)
        .map((row) => row.reviewer_id),
      likelyConflicts,
    });
  }
  return byAbstract;
}
