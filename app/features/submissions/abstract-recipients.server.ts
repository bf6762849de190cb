import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { type AuthorAccount, listAuthorAccounts } from "./coauthor-accounts.server";
import type { AuthorView } from "./submission-details";

export type MailRecipient = { email: string; name: string };

/** A co-author's address that mail about the abstract does not go to, and why, for the admins. */
export type UnmailedAddress = { email: string; name: string; reason: string };

/**
 * The addresses to mail about each abstract: the submitting account and the co-authors `includes`
 * picks whose address is confirmed (a verified account of the same name: coauthor-accounts.server.ts),
 * in the order `submitterFirst` says, each address once (compared without case; the first spelling
 * wins). An address a submitter typed is never mailed on their word alone: `listUnmailedAddresses`
 * names the ones left out.
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
  const abstracts = await listAuthorAccounts(db, { submissionIds });
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
  // Position 0 is the submitting account's own row (its address is the account's).
  for (const abstract of abstracts)
    for (const author of abstract.authors)
      if ((author.position === 0 || author.isConfirmed) && options.includes(author))
        add(abstract.submissionId, author.email, author.name);
  if (!options.submitterFirst) addSubmitters();
  return bySubmission;
}

/**
 * Each abstract's co-author addresses that are never mailed, with the reason: no account, an account
 * not verified, or an account under another name. The submitter's own address is not among them.
 */
export async function listUnmailedAddresses(
  db: Kysely<Database>,
  scope: { editionYear: number } | { submissionIds: readonly string[] },
): Promise<Map<string, UnmailedAddress[]>> {
  const bySubmission = new Map<string, UnmailedAddress[]>();
  for (const abstract of await listAuthorAccounts(db, scope)) {
    const list: UnmailedAddress[] = [];
    // An address typed twice is mailed when either entry is confirmed.
    const mailed = new Set(
      abstract.authors
        .filter((author) => author.isConfirmed && author.email)
        .map((author) => author.email?.trim().toLowerCase()),
    );
    for (const author of abstract.authors) {
      const email = author.email?.trim();
      if (author.position === 0 || author.isConfirmed || !email) continue;
      // The submitter's own address typed again: they are mailed as the submitter.
      if (author.account?.id === abstract.submitterId) continue;
      if (mailed.has(email.toLowerCase())) continue;
      if (list.some((each) => each.email.toLowerCase() === email.toLowerCase())) continue;
      list.push({ email, name: author.name, reason: unmailedReason(author) });
    }
    if (list.length) bySubmission.set(abstract.submissionId, list);
  }
  return bySubmission;
}

function unmailedReason(author: AuthorAccount): string {
  if (!author.account?.isVerified) return "no verified account";
  return `the verified account at this address is ${author.account.name}, not '${author.name.trim()}'`;
}
