import { describe, expect, it } from "vitest";
import {
  decideAndRelease,
  edition,
  seedAbstracts,
  year,
} from "../../../tests/support/decision-fixtures";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import { insertAssignment, insertReview } from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import type { MailGroup } from "./group-mail-messages";
import { countGroupMembers, listGroupMembers } from "./mail-groups.server";

/**
 * The decision fixtures (Ana: abstracts 1 and 2 accepted; Bo: 3 alternate; Cai: 4 rejected; Zoë only a
 * co-author), then: Ana confirms 1 and leaves 2 unanswered; Dee's accepted abstract 5 is released and
 * declined; Eve's acceptance is staged, not released; Old submitted only to last year's edition. Zoë and
 * Cai review: Zoë has an unfinished review, Cai submitted hers; Fay held the role and has none.
 */
async function seedGroups(database: TestDatabase) {
  await seedAbstracts(database);
  await decideAndRelease(database);
  const db = database.db;
  const now = new Date().toISOString();
  await db
    .updateTable("submission")
    .set({ attendance: "confirmed", attendance_at: now })
    .where("id", "=", "s1")
    .execute();
  for (const [id, firstName] of [
    ["dee", "Dee"],
    ["eve", "Eve"],
    ["old", "Old"],
    ["fay", "Fay"],
  ] as const)
    await insertTestUser(database, { id, email: `${id}@example.edu`, firstName, lastName: "Test" });
  await insertTestSubmission(database, { id: "s5", userId: "dee", editionYear: year });
  await insertTestSubmission(database, { id: "s6", userId: "eve", editionYear: year });
  await insertTestSubmission(database, { id: "old1", userId: "old", editionYear: year - 1 });
  await db
    .updateTable("submission")
    .set({
      decision: "accepted",
      accepted_as: "talk",
      released_at: now,
      attendance: "declined",
      attendance_at: now,
    })
    .where("id", "=", "s5")
    .execute();
  await db
    .updateTable("submission")
    .set({ decision: "accepted", accepted_as: "talk" })
    .where("id", "=", "s6")
    .execute();
  for (const id of ["zoe", "cai", "fay"])
    await db
      .insertInto("reviewer")
      .values({ user_id: id, granted_by: "admin", granted_at: now })
      .execute();
  await insertAssignment(database, "s3", "zoe");
  const finished = await insertAssignment(database, "s4", "cai");
  await insertReview(database, finished, { merit: 3 });
}

const addresses = async (database: TestDatabase, group: MailGroup) =>
  (await listGroupMembers(database.db, edition, group)).map((member) => member.email);

for (const target of testDatabaseTargets()) {
  describe(`the groups organisers write to, on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("holds who the owning pages list, each address once", async () => {
      const database = await databases.openMigrated();
      await seedGroups(database);
      // Every account that submitted this edition: Ana once for her two abstracts, Eve's staged one
      // counts (she submitted), last year's author does not, co-authors do not.
      expect(await addresses(database, "submitters")).toEqual([
        "ana@example.edu",
        "bo@example.edu",
        "cai@example.edu",
        "dee@example.edu",
        "eve@example.edu",
      ]);
      // Released acceptances only: Eve's staged acceptance has not been told.
      expect(await addresses(database, "accepted")).toEqual(["ana@example.edu", "dee@example.edu"]);
      // Ana answered abstract 1 but not 2; Dee declined.
      expect(await addresses(database, "not-answered")).toEqual(["ana@example.edu"]);
      expect(await addresses(database, "confirmed")).toEqual(["ana@example.edu"]);
      expect(await addresses(database, "alternates")).toEqual(["bo@example.edu"]);
      expect(await addresses(database, "unfinished-reviewers")).toEqual(["zoe@example.edu"]);
      // The committee, by first name.
      expect(await addresses(database, "reviewers")).toEqual([
        "cai@example.edu",
        "fay@example.edu",
        "zoe@example.edu",
      ]);
      expect(await countGroupMembers(database.db, edition)).toEqual({
        submitters: 5,
        accepted: 2,
        "not-answered": 1,
        confirmed: 1,
        alternates: 1,
        "unfinished-reviewers": 1,
        reviewers: 3,
      });
    });

    it("gives each member's names for the placeholders", async () => {
      const database = await databases.openMigrated();
      await seedGroups(database);
      expect(await listGroupMembers(database.db, edition, "unfinished-reviewers")).toEqual([
        { email: "zoe@example.edu", firstName: "Zoë", lastName: "Ŋguyen" },
      ]);
      expect(await listGroupMembers(database.db, edition, "alternates")).toEqual([
        { email: "bo@example.edu", firstName: "Bo", lastName: "Test" },
      ]);
    });

    it("an edition without a presenter stage has no presenters to write to", async () => {
      const database = await databases.openMigrated();
      await seedGroups(database);
      const noDates = { year, abstracts: undefined };
      expect(await listGroupMembers(database.db, noDates, "accepted")).toEqual([]);
      expect((await listGroupMembers(database.db, noDates, "submitters")).length).toBe(5);
    });
  });
}
