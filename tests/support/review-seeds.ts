import crypto from "node:crypto";
import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import type { ReviewInput } from "~/features/review/review-form.server";
import { insertTestSubmission } from "./review-fixtures";
import type { TestDatabase } from "./test-databases";
import { insertTestUser } from "./test-users";

// The peer review tests' committees: who reviews, who wrote what, and the helpers that read back what
// happened.

/** A posted form of text fields, as an action reads it. */
export function formOf(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** The edition every review test works in. */
export const reviewYear = 2025;

export const chair = { userId: "chair", label: "chair@example.edu" };
/** A review as the reviewer writes it: both comments filled in unless `extra` says otherwise. */
export const sampleReview = (
  merit: number | null,
  confidence: number | null,
  extra: Partial<ReviewInput> = {},
) => ({
  merit,
  confidence,
  commentsToAuthors: "Clear and well argued.",
  commentsToCommittee: "Borderline for a talk.",
  ...extra,
});

export function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

/** The audit log's entries: action, the actor's id, details. */
export async function auditActions(database: TestDatabase) {
  const rows = await database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_user_id", "details"])
    .orderBy("created_at")
    .execute();
  return rows;
}

/** Three reviewers (r1 is also an author), two more authors, five abstracts numbered 1-5. */
export async function seedCommittee(database: TestDatabase) {
  await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
  for (const id of ["r1", "r2", "r3", "ada", "bo"]) {
    await insertTestUser(database, { id, email: `${id}@example.edu` });
  }
  for (const id of ["r1", "r2", "r3"]) await grantReviewer(database.db, id, chair);
  const owners = ["ada", "bo", "r1", "ada", "bo"];
  const made: { id: string; number: number }[] = [];
  for (const [index, owner] of owners.entries()) {
    made.push(
      await insertTestSubmission(database, {
        userId: owner,
        id: `s${index + 1}`,
        fileName: `Secret Author ${index + 1}.pdf`,
      }),
    );
  }
  return { s1: { id: "s1" }, s2: { id: "s2" }, s3: { id: "s3" }, made };
}

export const admin = { userId: "admin", label: "admin@example.edu" };
export const silentLogger = { info: () => {}, error: () => {} };
/** The decision mail's links, for releasing decisions in a test. */
export const decisionLinks = {
  statusUrl: "https://example.org/status",
  congratulationsUrl: "https://example.org/congratulations",
  confirmByText: "Tuesday, April 15, 2025, 11:59 PM Pacific Time",
  talk: { minutes: 15, questionMinutes: 5 },
};

/**
 * Five people: Ada and Ben review, Cy reviews and wrote abstract 1, Dee and Eve only wrote. Abstracts 1
 * (Cy's), 2 and 3 (Dee's), 4 (Eve's).
 */
export async function seedNamedCommittee(database: TestDatabase) {
  const db = database.db;
  for (const [id, firstName] of [
    ["ada", "Ada"],
    ["ben", "Ben"],
    ["cy", "Cy"],
    ["dee", "Dee"],
    ["eve", "Eve"],
    ["admin", "Admin"],
  ] as const) {
    await insertTestUser(database, { id, email: `${id}@example.edu`, firstName, lastName: "Test" });
  }
  for (const id of ["ada", "ben", "cy"]) {
    await db
      .insertInto("reviewer")
      .values({ user_id: id, granted_by: "admin", granted_at: new Date().toISOString() })
      .execute();
  }
  const owners = ["cy", "dee", "dee", "eve"];
  for (const [index, owner] of owners.entries()) {
    const number = index + 1;
    await insertTestSubmission(database, {
      id: `s${number}`,
      userId: owner,
      editionYear: reviewYear,
      fileName: `${owner}-abstract-${number}.pdf`,
      wordCount: 300,
      uploadedAt: `2025-02-0${number}T12:00:00.000Z`,
    });
  }
}

/** An assignment written straight into the table, as an admin's assignment leaves it. */
/**
 * Assignment times that always increase: two assignments made in the same millisecond would be
 * listed by their random ids, so tests that name an order would pass only some of the time.
 */
let lastAssignedAt = 0;
function nextAssignedAt(): string {
  lastAssignedAt = Math.max(Date.now(), lastAssignedAt + 1);
  return new Date(lastAssignedAt).toISOString();
}

export async function insertAssignment(
  database: TestDatabase,
  submissionId: string,
  reviewerId: string,
) {
  const id = crypto.randomUUID();
  await database.db
    .insertInto("review_assignment")
    .values({
      id,
      edition_year: reviewYear,
      submission_id: submissionId,
      reviewer_id: reviewerId,
      assigned_by: "admin",
      assigned_at: nextAssignedAt(),
    })
    .execute();
  return id;
}

/** A review row written straight into the table; submitted now unless `submittedAt` says otherwise. */
export async function insertReview(
  database: TestDatabase,
  assignmentId: string,
  values: {
    merit: number;
    toAuthors?: string;
    toCommittee?: string;
    submittedAt?: string | null;
  },
) {
  const now = new Date().toISOString();
  await database.db
    .insertInto("review")
    .values({
      assignment_id: assignmentId,
      merit: values.merit,
      confidence: 2,
      comments_to_authors: values.toAuthors ?? "",
      comments_to_committee: values.toCommittee ?? "",
      created_at: now,
      updated_at: now,
      submitted_at: values.submittedAt === undefined ? now : values.submittedAt,
    })
    .execute();
}

/** The audit log's entries: action, the actor's label, details. */
export async function auditLabels(database: TestDatabase) {
  return database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_label", "details"])
    .orderBy("created_at")
    .execute();
}
