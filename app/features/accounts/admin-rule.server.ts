import { type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * Who is an admin, written once: an account holding the admin role, or an account whose address is in
 * ADMIN_EMAILS once its owner has confirmed the mailbox. ADMIN_EMAILS names mailboxes, not passwords:
 * anyone can register a configured address with a password of their own, so the address alone proves
 * nothing (docs/decisions: admin-emails-need-a-confirmed-mailbox). The predicate is for a user row
 * already read (the session); the SQL fragments say the same for queries (the user table, mailing the
 * admins), on SQLite and PostgreSQL alike.
 */
export type AdminRuleUser = {
  email: string;
  role?: string | null;
  mailboxConfirmedAt?: Date | string | null;
};

/** An admin through ADMIN_EMAILS: the address is configured and its mailbox confirmed. */
export function isConfiguredAdmin(user: AdminRuleUser, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(user.email.toLowerCase()) && Boolean(user.mailboxConfirmedAt);
}

/** An admin by either way: the role, or ADMIN_EMAILS with a confirmed mailbox. */
export function isAdminUser(user: AdminRuleUser, adminEmails: readonly string[]): boolean {
  return user.role === "admin" || isConfiguredAdmin(user, adminEmails);
}

/** `isConfiguredAdmin` in SQL, on the `user` table under the name `table` (its alias, if any). */
export function configuredAdminSql(
  adminEmails: readonly string[],
  table = "user",
): RawBuilder<SqlBool> {
  if (!adminEmails.length) return sql<SqlBool>`1 = 0`;
  const emails = adminEmails.map((email) => email.toLowerCase());
  return sql<SqlBool>`(lower(${sql.ref(`${table}.email`)}) in (${sql.join(emails)}) and ${sql.ref(`${table}.mailboxConfirmedAt`)} is not null)`;
}

/** `isAdminUser` in SQL, usable in a where or (inside a case) a select. */
export function adminUserSql(adminEmails: readonly string[], table = "user"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.role`)} = 'admin' or ${configuredAdminSql(adminEmails, table)})`;
}
