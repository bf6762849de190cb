import type { Kysely } from "kysely";
import { site } from "~/content/site";
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

/**
 * Queues a notice to every admin. Give it the declaration's transaction, so the two commit together,
 * and wake the mailer after the commit.
 */
export async function queueConflictNotice(
  deps: { db: Kysely<Database>; mailer: Mailer },
  input: {
    configuredAdminEmails: readonly string[];
    number: number;
    reviewerEmail: string;
    reviewUrl: string;
  },
): Promise<void> {
  await queueMailToAdmins(deps, {
    configuredAdminEmails: input.configuredAdminEmails,
    cause: `Conflict declared on abstract ${input.number} by ${input.reviewerEmail}`,
    messageTo: (to) => conflictDeclaredEmail({ to, ...input }),
  });
}
