import { describe, expect, it } from "vitest";
import { seedConflictCase } from "../../../tests/support/conflict-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { listAbstractRecipients, listUnmailedAddresses } from "./abstract-recipients.server";

for (const target of testDatabaseTargets()) {
  describe(`who is mailed about an abstract on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("mails the submitter and co-authors confirmed by a verified account of their name; lists the rest", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["rita", "bea"],
        unverified: ["bea"],
        coauthors: [
          // Her own account, typed with other case and accents.
          { name: "  zoé   MARTIN ", email: "Zoe@Example.edu" },
          { name: "Alex Friend", email: "rita@example.edu" },
          { name: "Beatriz Coauthor", email: "bea@example.edu" },
          { name: "No Account", email: "none@example.edu" },
          { name: "Zoe again", email: "zoe@example.edu" },
          { name: "Ada herself", email: "ADA@example.edu" },
          { name: "No Address", email: null },
        ],
      });
      await insertTestUser(database, {
        id: "zoe",
        email: "zoe@example.edu",
        firstName: "Zoe",
        lastName: "Martin",
      });
      const everyone = await listAbstractRecipients(database.db, ["s1"], {
        includes: () => true,
        submitterFirst: true,
      });
      expect(everyone.get("s1")).toEqual([
        { email: "ada@example.edu", name: "Ada" },
        { email: "Zoe@Example.edu", name: "zoé   MARTIN" },
      ]);
      const submitterLast = await listAbstractRecipients(database.db, ["s1"], {
        includes: (author) => author.position > 0,
        submitterFirst: false,
      });
      expect(submitterLast.get("s1")?.map((each) => each.email)).toEqual([
        "Zoe@Example.edu",
        "ada@example.edu",
      ]);
      expect((await listUnmailedAddresses(database.db, { editionYear: 2025 })).get("s1")).toEqual([
        {
          email: "rita@example.edu",
          name: "Alex Friend",
          reason: "the verified account at this address is Rita Reviewer, not 'Alex Friend'",
        },
        { email: "bea@example.edu", name: "Beatriz Coauthor", reason: "no verified account" },
        { email: "none@example.edu", name: "No Account", reason: "no verified account" },
      ]);
    });
  });
}
