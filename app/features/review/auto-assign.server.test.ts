import { describe, expect, it } from "vitest";
import { auditActions, chair, seedCommittee } from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { listAssignmentsForSubmission } from "./assignments.server";
import { autoAssign } from "./auto-assign.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`automatic assignment on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("auto-assigns N per abstract: balanced, no self-assignment, idempotent, audited once per run", async () => {
      const database = await databases.openMigrated();
      const { s3 } = await seedCommittee(database);
      const summary = await autoAssign(database.db, year, 2, chair);
      expect(summary.created).toBe(10);
      expect(summary.shortfalls).toEqual([]);
      const counts = summary.loads.map((load) => load.count);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      const own = await listAssignmentsForSubmission(database.db, s3.id);
      expect(own.map((assignment) => assignment.reviewerId)).not.toContain("r1");
      expect(own).toHaveLength(2);

      const again = await autoAssign(database.db, year, 2, chair);
      expect(again.created).toBe(0);
      const four = await autoAssign(database.db, year, 4, chair);
      // Abstract 3 can have only r2 and r3 (r1 wrote it); the others all three.
      expect(four.shortfalls).toEqual([
        { number: 1, missing: 1 },
        { number: 2, missing: 1 },
        { number: 3, missing: 2 },
        { number: 4, missing: 1 },
        { number: 5, missing: 1 },
      ]);
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "auto-assign")).toHaveLength(3);
    });
  });
}
