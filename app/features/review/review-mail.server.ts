import { site } from "~/content/site";
import { mailAdmins } from "~/features/accounts/mail-admins.server";
import type { MailMessage } from "~/lib/mail/mailer.server";

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
  };
}

/** Tells every admin; a failed message is logged, never undoes the declaration. */
export async function mailAdminsAboutConflict(
  deps: Parameters<typeof mailAdmins>[0],
  input: {
    configuredAdminEmails: readonly string[];
    number: number;
    reviewerEmail: string;
    reviewUrl: string;
  },
): Promise<void> {
  await mailAdmins(deps, {
    configuredAdminEmails: input.configuredAdminEmails,
    about: "a declared conflict",
    messageTo: (to) => conflictDeclaredEmail({ to, ...input }),
  });
}
