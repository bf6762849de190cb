import { releaseDecisions, stageDecision } from "~/features/decisions/decisions.server";
import type {
  getPresenterDates,
  PresenterDates,
} from "~/features/presenters/presenter-dates.server";
import { recordingMailer } from "./recording-mailer";
import { insertTestSubmission } from "./review-fixtures";
import type { TestDatabase } from "./test-databases";
import { insertTestUser } from "./test-users";

/**
 * An edition's abstracts from upload to released decisions, for the decisions and presenters tests:
 * four abstracts by three authors (one with co-authors), decided and released.
 */
export const year = 2025;
export const admin = { userId: "admin", label: "admin@example.edu" };
export const silentLogger = { info: () => {}, error: () => {} };
export const links = {
  statusUrl: "https://example.org/status",
  congratulationsUrl: "https://example.org/congratulations",
  confirmByText: "Tuesday, April 15, 2025, 11:59 PM Pacific Time",
  talk: { minutes: 15, questionMinutes: 5 },
};
export const edition = {
  year,
  abstracts: {
    acceptance: { confirmByAt: "2025-04-15T23:59", materialsDueAt: "2025-05-10T23:59" },
  },
} as Parameters<typeof getPresenterDates>[1];

/** Dates with the confirm-by moment an hour ahead of (or behind) now. */
export function datesAround(hours: number): PresenterDates {
  const confirmBy = new Date(Date.now() + hours * 3600_000).toISOString();
  return {
    confirmBy,
    materialsDue: confirmBy,
    confirmByText: "then",
    materialsDueText: "then",
    confirmByIsDefault: false,
    materialsDueIsDefault: false,
  };
}

/**
 * Ana wrote abstracts 1 and 2, Bo abstract 3, Cai abstract 4. Abstract 1 has co-authors: Bo (whose
 * address appears in another case), "Zoë Ŋguyen" (who has an account) twice under two spellings of one
 * address, and one without an address.
 */
export async function seedAbstracts(database: TestDatabase) {
  const db = database.db;
  for (const [id, firstName] of [
    ["ana", "Ana"],
    ["bo", "Bo"],
    ["cai", "Cai"],
    ["admin", "Admin"],
  ] as const) {
    await insertTestUser(database, { id, email: `${id}@example.edu`, firstName, lastName: "Test" });
  }
  await db.updateTable("user").set({ role: "admin" }).where("id", "=", "admin").execute();
  // Zoë has a verified account under the name she is listed with, so mail about abstract 1 reaches her
  // (an address a submitter typed is mailed only then: abstract-recipients.server.ts).
  await insertTestUser(database, {
    id: "zoe",
    email: "zoe@example.edu",
    firstName: "Zoë",
    lastName: "Ŋguyen",
  });
  const owners = ["ana", "ana", "bo", "cai"];
  for (const [index, owner] of owners.entries()) {
    const number = index + 1;
    await insertTestSubmission(database, {
      id: `s${number}`,
      userId: owner,
      editionYear: year,
      title: number === 1 ? "Tone sandhi in ʔAkha" : "",
      fileName: `${owner}-${number}.pdf`,
      wordCount: 300,
      uploadedAt: `2025-02-0${number}T12:00:00.000Z`,
    });
    await db
      .insertInto("submission_author")
      .values({
        submission_id: `s${number}`,
        position: 0,
        user_id: owner,
        name: `${owner} Test`,
        affiliation: "",
        email: `${owner}@example.edu`,
        is_presenter: 1,
      })
      .execute();
  }
  const coAuthors: [string, string | null][] = [
    ["Bo Test", "BO@Example.edu"],
    ["Zoë Ŋguyen", "zoe@example.edu"],
    ["Zoë again", "Zoe@Example.EDU"],
    ["No Address", null],
    ["Ana herself", "ANA@example.edu"],
  ];
  for (const [index, [name, email]] of coAuthors.entries()) {
    await db
      .insertInto("submission_author")
      .values({
        submission_id: "s1",
        position: index + 1,
        user_id: null,
        name,
        affiliation: "",
        email,
        is_presenter: 0,
      })
      .execute();
  }
}

export async function decideAndRelease(database: TestDatabase) {
  await stageDecision(database.db, {
    submissionId: "s1",
    decision: "accepted",
    acceptedAs: "talk",
    actor: admin,
  });
  await stageDecision(database.db, {
    submissionId: "s2",
    decision: "accepted",
    acceptedAs: "poster",
    actor: admin,
  });
  await stageDecision(database.db, { submissionId: "s3", decision: "alternate", actor: admin });
  await stageDecision(database.db, { submissionId: "s4", decision: "rejected", actor: admin });
  const { sent, mailer } = recordingMailer();
  const result = await releaseDecisions(
    { db: database.db, mailer, logger: silentLogger },
    { editionYear: year, actor: admin, links },
  );
  return { sent, result };
}

/** Where an abstract stands with its presenter: their answer, reminders and the decision. */
export async function attendanceOf(database: TestDatabase, id: string) {
  return database.db
    .selectFrom("submission")
    .select(["attendance", "attendance_reopened_at", "attendance_reminded_at", "decision"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
