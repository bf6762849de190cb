import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { adminUserSql } from "./admin-rule.server";

/**
 * The admins to tell about something (there is no admin mailing list): accounts holding the admin role,
 * and ADMIN_EMAILS accounts whose mailbox is confirmed: the one admin rule (admin-rule.server.ts).
 */
export async function listAdminAddresses(
  db: Kysely<Database>,
  configuredAdminEmails: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("user")
    .select("email")
    .where(adminUserSql(configuredAdminEmails))
    .execute();
  return rows.map((row) => row.email).sort();
}

/**
 * Queues `messageTo(address)` for every admin in `db`: give it the transaction of the change the mail
 * is about, so the two commit together, and wake the mailer after the commit.
 */
export async function queueMailToAdmins(
  deps: { db: Kysely<Database>; mailer: Mailer },
  input: {
    configuredAdminEmails: readonly string[];
    cause: string;
    messageTo: (to: string) => MailMessage;
  },
): Promise<number> {
  const addresses = await listAdminAddresses(deps.db, input.configuredAdminEmails);
  await deps.mailer.queue(deps.db, addresses.map(input.messageTo), input.cause);
  return addresses.length;
}
