import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { AuthorView } from "./submission-details";
import { listAuthors } from "./submission-details.server";

export type MailRecipient = { email: string; name: string };

/**
 * The addresses to mail about each abstract: the submitting account and the co-authors `includes`
 * picks, in the order `submitterFirst` says, each address once (compared without case; the first
 * spelling wins). Authors without an address are skipped.
 */
export async function listAbstractRecipients(
  db: Kysely<Database>,
  submissionIds: readonly string[],
  options: { includes: (author: AuthorView) => boolean; submitterFirst: boolean },
): Promise<Map<string, MailRecipient[]>> {
  const bySubmission = new Map<string, MailRecipient[]>();
  if (!submissionIds.length) return bySubmission;
  const submitters = await db
    .selectFrom("submission as s")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select(["s.id", "u.email", "u.firstName"])
    .where("s.id", "in", [...submissionIds])
    .execute();
  const authors = await listAuthors(db, submissionIds);
  const add = (submissionId: string, email: string | null, name: string) => {
    const address = email?.trim();
    if (!address) return;
    const list = bySubmission.get(submissionId) ?? [];
    if (list.some((each) => each.email.toLowerCase() === address.toLowerCase())) return;
    list.push({ email: address, name: name.trim() });
    bySubmission.set(submissionId, list);
  };
  const addSubmitters = () => {
    for (const row of submitters) add(row.id, row.email, row.firstName);
  };
  if (options.submitterFirst) addSubmitters();
  for (const [submissionId, list] of authors)
    for (const author of list)
      if (options.includes(author)) add(submissionId, author.email, author.name);
  if (!options.submitterFirst) addSubmitters();
  return bySubmission;
}
