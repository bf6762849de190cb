import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import { insertTestSubmission } from "./review-fixtures";
import { chair } from "./review-seeds";
import type { TestDatabase } from "./test-databases";
import { insertTestUser } from "./test-users";

// The conflict tests' people: Ada submits abstract 1 (s1); the reviewers are the ones a test names.

export type SeedAuthor = { name: string; affiliation?: string; email?: string | null };

export const reviewers = {
  bea: { firstName: "Beatriz", lastName: "Coauthor", affiliation: "UC San Diego" },
  rita: { firstName: "Rita", lastName: "Reviewer", affiliation: "" },
  sam: { firstName: "Sam", lastName: "Other", affiliation: "UCLA" },
} as const;

/**
 * The chair, Ada (the submitter) and the named reviewers (verified accounts, unless listed in
 * `unverified`), and abstract 1 by Ada with these co-authors, as the upload stores them.
 */
export async function seedConflictCase(
  database: TestDatabase,
  input: {
    reviewerIds: (keyof typeof reviewers)[];
    coauthors: SeedAuthor[];
    unverified?: string[];
  },
) {
  const db = database.db;
  await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
  await insertTestUser(database, {
    id: "ada",
    email: "ada@example.edu",
    firstName: "Ada",
    lastName: "Lovelace",
  });
  for (const id of input.reviewerIds) {
    const person = reviewers[id];
    await insertTestUser(database, { id, email: `${id}@example.edu`, ...person });
    await db
      .updateTable("user")
      .set({ affiliation: person.affiliation })
      .where("id", "=", id)
      .execute();
    await grantReviewer(db, id, chair);
  }
  for (const id of input.unverified ?? []) {
    await db
      .updateTable("user")
      .set({ emailVerified: database.dialect === "postgres" ? false : 0 })
      .where("id", "=", id)
      .execute();
  }
  await insertTestSubmission(database, { userId: "ada", id: "s1", title: "Tone sandhi" });
  const authors: SeedAuthor[] = [
    { name: "Ada Lovelace", affiliation: "UC San Diego", email: "ada@example.edu" },
    ...input.coauthors,
  ];
  for (const [position, author] of authors.entries()) {
    await db
      .insertInto("submission_author")
      .values({
        submission_id: "s1",
        position,
        user_id: position === 0 ? "ada" : null,
        name: author.name,
        affiliation: author.affiliation ?? "",
        email: author.email ?? null,
        is_presenter: position === 0 ? 1 : 0,
      })
      .execute();
  }
}
