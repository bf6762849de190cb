import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { foldName } from "~/lib/fold-name";

/**
 * An author as the submitter typed them, with the account their address belongs to. A co-author's
 * address is only a claim of the submitter's: it is *confirmed* when it belongs to a verified account
 * whose name is the co-author's name (folded, features `foldName`). Only confirmed co-authors are
 * mailed about the abstract and count as its authors for conflicts without an admin's word
 * (docs/decisions/0017-conflicts-and-mail-need-a-confirmed-co-author.md).
 */
export type AuthorAccount = {
  position: number;
  name: string;
  affiliation: string;
  email: string | null;
  isPresenter: boolean;
  /** The account at this address (for the submitter: the submitting account). */
  account: { id: string; isVerified: boolean; name: string } | null;
  isConfirmed: boolean;
};

export type AbstractAuthors = {
  submissionId: string;
  submitterId: string;
  /** The submitting account's own name (first and last). */
  submitterName: string;
  authors: AuthorAccount[];
};

const accountName = (row: {
  firstName: string | null;
  lastName: string | null;
  name: string | null;
}) => `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || (row.name ?? "").trim();

/** Whether a co-author's typed name is the name of the account at their address. */
export function namesAccount(
  typedName: string,
  account: { firstName: string | null; lastName: string | null; name: string | null },
): boolean {
  const typed = foldName(typedName);
  if (!typed) return false;
  return typed === foldName(accountName(account)) || typed === foldName(account.name ?? "");
}

/** Every author of the abstracts in scope, in order, each with the account at their address. */
export async function listAuthorAccounts(
  db: Kysely<Database>,
  scope: { editionYear: number } | { submissionIds: readonly string[] },
): Promise<AbstractAuthors[]> {
  if ("submissionIds" in scope && !scope.submissionIds.length) return [];
  let query = db
    .selectFrom("submission as s")
    .innerJoin("user as owner", "owner.id", "s.user_id")
    .leftJoin("submission_author as a", "a.submission_id", "s.id")
    // Addresses are stored lower-case; compared without case all the same, as mail compares them.
    .leftJoin("user as u", (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb("a.position", "=", 0), eb("u.id", "=", eb.ref("s.user_id"))]),
          eb.and([
            eb("a.position", ">", 0),
            eb(eb.fn("lower", ["u.email"]), "=", eb.fn("lower", ["a.email"])),
          ]),
        ]),
      ),
    )
    .select([
      "s.id as submissionId",
      "s.user_id as submitterId",
      "owner.firstName as ownerFirstName",
      "owner.lastName as ownerLastName",
      "owner.name as ownerName",
      "a.position",
      "a.name as authorName",
      "a.affiliation",
      "a.email",
      "a.is_presenter",
      "u.id as accountId",
      "u.emailVerified",
      "u.firstName",
      "u.lastName",
      "u.name",
    ])
    .orderBy("s.number")
    .orderBy("a.position");
  if ("editionYear" in scope) query = query.where("s.edition_year", "=", scope.editionYear);
  else query = query.where("s.id", "in", [...scope.submissionIds]);
  const bySubmission = new Map<string, AbstractAuthors>();
  for (const row of await query.execute()) {
    const entry = bySubmission.get(row.submissionId) ?? {
      submissionId: row.submissionId,
      submitterId: row.submitterId,
      submitterName: accountName({
        firstName: row.ownerFirstName,
        lastName: row.ownerLastName,
        name: row.ownerName,
      }),
      authors: [],
    };
    bySubmission.set(row.submissionId, entry);
    if (row.position === null || row.authorName === null) continue;
    const isVerified = Boolean(row.emailVerified);
    const account = row.accountId
      ? { id: row.accountId, isVerified, name: accountName(row) }
      : null;
    entry.authors.push({
      position: Number(row.position),
      name: row.authorName,
      affiliation: row.affiliation ?? "",
      email: row.email,
      isPresenter: Boolean(row.is_presenter),
      account,
      isConfirmed: Boolean(account && isVerified && namesAccount(row.authorName, row)),
    });
  }
  return [...bySubmission.values()];
}
