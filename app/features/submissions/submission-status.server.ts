import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "~/lib/db/schema";

/**
 * Applicant and presenter, written once. Both are derived, never stored: an applicant has a submission
 * for the edition; a presenter has one accepted whose decision is released (a staged decision does not
 * count, since its author has not been told). The fragments take the user's id column (`u.id`, say), so
 * the user table asks the same question of every row; `getSubmissionStatus` asks it of one account.
 */
export function isApplicantSql(userIdColumn: string, editionYear: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from submission s
    where s.user_id = ${sql.ref(userIdColumn)} and s.edition_year = ${editionYear}
  )`;
}

export function isPresenterSql(userIdColumn: string, editionYear: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from submission s
    where s.user_id = ${sql.ref(userIdColumn)} and s.edition_year = ${editionYear}
      and s.decision = 'accepted' and s.released_at is not null
  )`;
}

export type SubmissionStatus = { isApplicant: boolean; isPresenter: boolean };

export async function getSubmissionStatus(
  db: Kysely<Database>,
  userId: string,
  editionYear: number,
): Promise<SubmissionStatus> {
  const row = await db
    .selectFrom("user as u")
    .select([
      sql<number>`case when ${isApplicantSql("u.id", editionYear)} then 1 else 0 end`.as(
        "applicant",
      ),
      sql<number>`case when ${isPresenterSql("u.id", editionYear)} then 1 else 0 end`.as(
        "presenter",
      ),
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return { isApplicant: Number(row?.applicant) === 1, isPresenter: Number(row?.presenter) === 1 };
}
