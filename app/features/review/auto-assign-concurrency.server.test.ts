import { describe, expect, it } from "vitest";
import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { autoAssign } from "./auto-assign.server";

const year = 2025;
const chair = { userId: "chair", label: "chair@example.edu" };
const perAbstract = 2;
const parallelRuns = 100;

// An admin's "Assign automatically" pressed 100 times at once (double clicks, a replaying proxy, two
// admins): the runs must not collide. On PostgreSQL each run reads the assignments, balances, and
// inserts on a connection of its own, so without a lock they all plan the same pairs and all but one
// fail on the pair's unique constraint (a 500), or, with other writers between, overshoot N.
for (const target of testDatabaseTargets()) {
  describe(`automatic assignment run in parallel on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it(`${parallelRuns} parallel runs: every run answers, no abstract over N reviewers, no pair twice`, async () => {
      const database = await databases.openMigrated({ maxConnections: 10 });
      await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
      const reviewers = ["r1", "r2", "r3", "r4"];
      for (const id of [...reviewers, "ada"]) {
        await insertTestUser(database, { id, email: `${id}@example.edu` });
      }
      for (const id of reviewers) await grantReviewer(database.db, id, chair);
      for (let index = 0; index < 6; index++) {
        await insertTestSubmission(database, { userId: index % 2 ? "ada" : "r1" });
      }

      const runs = await Promise.allSettled(
        Array.from({ length: parallelRuns }, () =>
          autoAssign(database.db, year, perAbstract, chair),
        ),
      );
      const failures = runs.filter((run) => run.status === "rejected");
      expect(failures.map((failure) => String(failure.reason))).toEqual([]);

      const rows = await database.db
        .selectFrom("review_assignment")
        .select(["submission_id", "reviewer_id"])
        .execute();
      const pairs = rows.map((row) => `${row.submission_id}/${row.reviewer_id}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      const perSubmission = new Map<string, number>();
      for (const row of rows) {
        perSubmission.set(row.submission_id, (perSubmission.get(row.submission_id) ?? 0) + 1);
      }
      expect([...perSubmission.values()]).toEqual(Array(6).fill(perAbstract));
      const created = runs.reduce(
        (sum, run) => sum + (run.status === "fulfilled" ? run.value.created : 0),
        0,
      );
      expect(created).toBe(rows.length);
    });
  });
}
