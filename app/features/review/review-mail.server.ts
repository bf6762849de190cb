import { site } from "~/content/site";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { queueMailToAdmins } from "~/features/accounts/mail-admins.server";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

function conflictDeclaredEmail(input: {
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
    kind: "conflict-notice",
  };
}

/** Tells every admin; a failure to queue is logged, never undoes the declaration. */
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
    await queueMailToAdmins(deps, {
      configuredAdminEmails: input.configuredAdminEmails,
      cause: `Conflict declared on abstract ${input.number} by ${input.reviewerEmail}`,
      messageTo: (to) => conflictDeclaredEmail({ to, ...input }),
    });
    deps.mailer.wake();
  } catch (error) {
    deps.logger.error({ err: error }, "could not queue the admins' mail about a declared conflict");
  }
}
