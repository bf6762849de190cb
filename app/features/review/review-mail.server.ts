import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { site } from "~/content/site";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

/**
 * The admins to tell about something (there is no admin mailing list): accounts holding the admin role,
 * and ADMIN_EMAILS accounts whose mailbox is confirmed (the same rule that makes them admins).
 */
export async function listAdminAddresses(
  db: Kysely<Database>,
  configuredAdminEmails: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("user")
    .select(["email", "role", "mailboxConfirmedAt"])
    .where((eb) =>
      eb.or([
        eb("role", "=", "admin"),
        ...(configuredAdminEmails.length ? [eb("email", "in", [...configuredAdminEmails])] : []),
      ]),
    )
    .execute();
  return rows
    .filter((row) => row.role === "admin" || Boolean(row.mailboxConfirmedAt))
    .map((row) => row.email)
    .sort();
}

export function conflictDeclaredEmail(input: {
  to: string;
  number: number;
  reviewerEmail: string;
  reviewUrl: string;
}): MailMessage {
  const lines = [
    `${input.reviewerEmail} declared a conflict of interest with abstract ${input.number}.`,
    `The assignment and any draft review were removed, and abstract ${input.number} will not be assigned to them again. It may need another reviewer:`,
    input.reviewUrl,
  ];
  return {
    to: input.to,
    subject: `Conflict declared on abstract ${input.number} | ${site.shortName}`,
    text: `${lines.join("\n\n")}\n\n— ${site.name}\n`,
  };
}

/** Tells every admin; a failed message is logged, never undoes the declaration. */
export async function mailAdminsAboutConflict(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: {
    configuredAdminEmails: readonly string[];
    number: number;
    reviewerEmail: string;
    reviewUrl: string;
  },
): Promise<void> {
  try {
    const addresses = await listAdminAddresses(deps.db, input.configuredAdminEmails);
    for (const to of addresses) {
      await deps.mailer.send(conflictDeclaredEmail({ to, ...input })).catch((error: unknown) => {
        deps.logger.error({ err: error, to }, "could not mail an admin about a declared conflict");
      });
    }
  } catch (error) {
    deps.logger.error(
      { err: error },
      "could not list the admins to tell about a declared conflict",
    );
  }
}
