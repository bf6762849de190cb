import type { Kysely } from "kysely";
import type { Logger } from "pino";
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
 * Sends `messageTo(address)` to every admin. What happened stands whatever the mail does: a failure is
 * logged (`about` says what the mail was for), never thrown.
 */
export async function mailAdmins(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: {
    configuredAdminEmails: readonly string[];
    about: string;
    messageTo: (to: string) => MailMessage;
  },
): Promise<void> {
  try {
    const addresses = await listAdminAddresses(deps.db, input.configuredAdminEmails);
    for (const to of addresses) {
      await deps.mailer.send(input.messageTo(to)).catch((error: unknown) => {
        deps.logger.error({ err: error, to }, `could not mail an admin about ${input.about}`);
      });
    }
  } catch (error) {
    deps.logger.error({ err: error }, `could not list the admins to tell about ${input.about}`);
  }
}
