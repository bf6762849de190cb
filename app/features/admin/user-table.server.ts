import { type Kysely, type RawBuilder, sql } from "kysely";
import { adminUserSql, configuredAdminSql } from "~/features/accounts/admin-rule.server";
import { isApplicantSql, isPresenterSql } from "~/features/submissions/submission-status.server";
import { wholeNumberLiteral } from "~/lib/db/database.server";
import type { Database } from "~/lib/db/schema";
import { z } from "~/lib/zod.server";
import {
  type UserTableColumn,
  type UserTableQuery,
  userTableColumns,
  userTablePageSize,
} from "./user-table";

// A missing parameter takes its default before any check (`default`); only a value that does not read
// falls back through `catch`, which builds an error first. Every plain visit of the table has no
// parameters, and four caught errors a request were 15-90 µs of a page's time.
const userTableQuery = z.object({
  q: z.string().trim().max(200).default("").catch(""),
  sort: z.enum(userTableColumns).default("name").catch("name"),
  dir: z.enum(["asc", "desc"]).default("asc").catch("asc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
}) satisfies z.ZodType<UserTableQuery>;

/** The table's state from the URL; anything unknown or out of range falls back to the default. */
export function readUserTableQuery(searchParams: URLSearchParams): UserTableQuery {
  return userTableQuery.parse(Object.fromEntries(searchParams));
}

export type AdminUserRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isApplicant: boolean;
  isPresenter: boolean;
  isAdmin: boolean;
  isConfiguredAdmin: boolean;
  isReviewer: boolean;
  isEditor: boolean;
  abstractId: string | null;
  abstractName: string | null;
  /** The first abstract's title ('' before titles existed); shown beside its file name. */
  abstractTitle: string;
  abstractUploadedAt: string | null;
};

/** A row of the table as the database gives it (PostgreSQL's counts and flags may come as text). */
type UserTableRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  applicant: number | string;
  presenter: number | string;
  admin: number | string;
  configured_admin: number | string;
  reviewer: number | string;
  editor: number | string;
  abstract_id: string | null;
  abstract_name: string | null;
  abstract_title: string | null;
  abstract_uploaded_at: string | null;
};

/**
 * The admins' table of every account, filtered, sorted and paged in the database so it stays fast with many accounts.
 * The first abstract is the user's earliest upload for the edition; applicant and presenter are derived
 * from submissions (presenter: an accepted, released decision); empty values sort last both ways.
 */
export async function listUsersForAdmin(
  db: Kysely<Database>,
  input: UserTableQuery & {
    editionYear: number;
    adminEmails: readonly string[];
    pageSize?: number;
  },
): Promise<{ rows: AdminUserRecord[]; total: number; page: number; pageCount: number }> {
  // The one admin rule, as the session guard applies it (accounts/admin-rule.server.ts).
  const configuredAdmin = configuredAdminSql(input.adminEmails, "u");
  const admin = adminUserSql(input.adminEmails, "u");
  // Correlated lookups on the (user_id, edition_year, uploaded_at) index: each is one index probe per
  // user, which SQLite and PostgreSQL both plan well (a join on a window-function subquery was 2 s on
  // SQLite with 10,000 accounts).
  const base = sql`
    with rows as (
      select u.id, u."firstName" as first_name, u."lastName" as last_name, u.email,
             trim(u."firstName" || ' ' || u."lastName") as full_name,
             case when ${isApplicantSql("u.id", input.editionYear)} then 1 else 0 end as applicant,
             case when ${isPresenterSql("u.id", input.editionYear)} then 1 else 0 end as presenter,
             case when ${configuredAdmin} then 1 else 0 end as configured_admin,
             case when ${admin} then 1 else 0 end as admin,
             case when exists (select 1 from reviewer r where r.user_id = u.id) then 1 else 0 end as reviewer,
             case when exists (select 1 from content_editor ce where ce.user_id = u.id) then 1 else 0 end as editor,
             fa.id as abstract_id, fa.file_name as abstract_name, fa.title as abstract_title,
             fa.uploaded_at as abstract_uploaded_at
      from "user" u
      left join submission fa on fa.id = (
        select s.id from submission s
        where s.user_id = u.id and s.edition_year = ${input.editionYear}
        order by s.uploaded_at, s.id
        limit 1
      )
    )`;
  const where = input.q ? sql`where ${searchCondition(input.q)}` : sql``;

  const pageSize = input.pageSize ?? userTablePageSize;
  // One statement gives the page and the number of matching rows (a window count over the same rows);
  // only a page past the end (a link kept from when there were more accounts) costs a second look.
  const readPage = (page: number) =>
    sql<UserTableRow & { total: number | string }>`${base}
      select *, count(*) over () as total from rows ${where}
      order by ${orderBy(input.sort, input.dir)}
      limit ${wholeNumberLiteral(pageSize)} offset ${wholeNumberLiteral((page - 1) * pageSize)}`.execute(
      db,
    );
  let page = input.page;
  let result = await readPage(page);
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && page > 1) {
    const countResult = await sql<{
      total: number | string;
    }>`${base} select count(*) as total from rows ${where}`.execute(db);
    total = Number(countResult.rows[0]?.total ?? 0);
    page = Math.max(1, Math.ceil(total / pageSize));
    if (total > 0) result = await readPage(page);
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  return {
    total,
    page,
    pageCount,
    rows: result.rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      isApplicant: Number(row.applicant) === 1,
      isPresenter: Number(row.presenter) === 1,
      isAdmin: Number(row.admin) === 1,
      isConfiguredAdmin: Number(row.configured_admin) === 1,
      isReviewer: Number(row.reviewer) === 1,
      isEditor: Number(row.editor) === 1,
      abstractId: row.abstract_id,
      abstractName: row.abstract_name,
      abstractTitle: row.abstract_title ?? "",
      abstractUploadedAt: row.abstract_uploaded_at,
    })),
  };
}

/** Case-insensitive substring match on first, last and full name, email and first abstract's name. */
function searchCondition(search: string): RawBuilder<unknown> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const like = (column: RawBuilder<unknown>) => sql`lower(${column}) like ${pattern} escape '\\'`;
  return sql`(${sql.join(
    [
      like(sql.ref("first_name")),
      like(sql.ref("last_name")),
      like(sql.ref("full_name")),
      like(sql.ref("email")),
      like(sql.ref("abstract_name")),
      like(sql.ref("abstract_title")),
    ],
    sql` or `,
  )})`;
}

const textSortKeys: Partial<Record<UserTableColumn, string>> = {
  name: "full_name",
  email: "email",
  abstract: "abstract_name",
  upload: "abstract_uploaded_at",
};
const flagSortKeys: Partial<Record<UserTableColumn, string>> = {
  applicant: "applicant",
  presenter: "presenter",
  admin: "admin",
  reviewer: "reviewer",
  editor: "editor",
};

function orderBy(column: UserTableColumn, direction: "asc" | "desc"): RawBuilder<unknown> {
  const dir = sql.raw(direction);
  const text = textSortKeys[column];
  if (text) {
    const ref = sql.ref(text);
    // Empty values last in both directions, then case-insensitive order, then a stable tie-break.
    return sql`case when ${ref} is null or ${ref} = '' then 1 else 0 end, lower(${ref}) ${dir}, full_name, id`;
  }
  return sql`${sql.ref(flagSortKeys[column] ?? "admin")} ${dir}, lower(full_name), id`;
}
