import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/** The roles granted beside `user.role` (reviewer, editor), as the session carries them. */
export type GrantedRoles = { isReviewer: boolean; isEditor: boolean };

/**
 * Both grants in one query, for the sessions better-auth reads (the quick read has them in its own
 * one query). An account that does not exist holds neither.
 */
export async function readGrantedRoles(
  db: Kysely<Database>,
  userId: string,
): Promise<GrantedRoles> {
  const row = await db
    .selectFrom("user")
    .leftJoin("reviewer", "reviewer.user_id", "user.id")
    .leftJoin("content_editor", "content_editor.user_id", "user.id")
    .select(["reviewer.user_id as reviewerId", "content_editor.user_id as editorId"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return { isReviewer: Boolean(row?.reviewerId), isEditor: Boolean(row?.editorId) };
}
