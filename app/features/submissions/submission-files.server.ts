import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { done, type Outcome, refuse } from "~/lib/outcome";
import type { StoredFileOwner } from "~/lib/storage/orphan-sweep.server";
import type { SubmissionDependencies } from "./submissions.server";

/** Where abstracts are stored: `abstracts/{user id}/{uuid}.pdf`, never the uploaded name. */
export const abstractStoragePrefix = "abstracts/";

/** The abstracts' files for the orphan sweep: the keys submission rows reference (both copies). */
export function abstractFileOwner(db: Kysely<Database>): StoredFileOwner {
  return {
    prefix: abstractStoragePrefix,
    listReferencedKeys: async () =>
      new Set(
        (
          await db
            .selectFrom("submission")
            .select(["storage_key", "reviewer_storage_key"])
            .execute()
        ).flatMap((row) => [
          row.storage_key,
          ...(row.reviewer_storage_key ? [row.reviewer_storage_key] : []),
        ]),
      ),
  };
}

export type DeleteRefusal = "not-found" | "decided" | "error";

/**
 * Deletes the user's own submission: the row first (in a transaction that also re-reads it, so two tabs
 * cannot both delete), then the file. A file left behind by a failure is removed by the sweep.
 */
export async function deleteSubmission(
  deps: SubmissionDependencies,
  input: { userId: string; submissionId: string },
): Promise<Outcome<undefined, DeleteRefusal>> {
  let storageKeys: string[];
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("submission")
        .select(["storage_key", "reviewer_storage_key", "released_at"])
        .where("id", "=", input.submissionId)
        .where("user_id", "=", input.userId)
        .executeTakeFirst();
      if (!row) return refuse("not-found" as const);
      if (row.released_at) return refuse("decided" as const);
      const deleted = await trx
        .deleteFrom("submission")
        .where("id", "=", input.submissionId)
        .where("user_id", "=", input.userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return refuse("not-found" as const);
      return done([row.storage_key, row.reviewer_storage_key ?? ""].filter(Boolean));
    });
    if (!outcome.ok) return outcome;
    storageKeys = outcome.value;
  } catch (error) {
    deps.logger.error({ err: error }, "deleting a submission failed");
    return refuse("error");
  }
  for (const storageKey of storageKeys) {
    await deps.storage.delete(storageKey).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, storageKey },
        "file of a deleted submission left for the sweep",
      );
    });
  }
  return done();
}

/**
 * The file of a submission for someone allowed to read it: its owner, or an admin. Anyone else gets
 * null, exactly as for a submission that does not exist.
 */
export async function openSubmissionFile(
  deps: SubmissionDependencies,
  input: { submissionId: string; viewerId: string; viewerIsAdmin: boolean },
) {
  let query = deps.db
    .selectFrom("submission")
    .select(["storage_key", "file_name", "user_id"])
    .where("id", "=", input.submissionId);
  if (!input.viewerIsAdmin) query = query.where("user_id", "=", input.viewerId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const file = await deps.storage.open(row.storage_key);
  return file ? { ...file, fileName: row.file_name } : null;
}
