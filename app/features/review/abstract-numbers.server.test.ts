import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateDown, migrateToLatest } from "~/lib/db/database.server";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";

const year = 2025;

// Abstracts are named by their number in review (never by the author's file name): numbered per
// edition, in upload order.
for (const target of testDatabaseTargets()) {
  describe(`abstract numbers on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("numbers existing abstracts per edition in upload order, and new ones after them", async () => {
      const database = await databases.openMigrated();
      await migrateDown(database, "0005-review");
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      const insert = (id: string, editionYear: number, uploadedAt: string) =>
        sql`insert into submission (id, user_id, edition_year, file_name, storage_key, size_bytes, sha256,
          page_count, word_count, warnings, uploaded_at)
          values (${id}, 'ada', ${editionYear}, 'a.pdf', ${`k/${id}`}, 1, 'x', 1, 1, '[]', ${uploadedAt})`.execute(
          database.db,
        );
      await insert("late", 2025, "2025-03-02T00:00:00.000Z");
      await insert("early", 2025, "2025-03-01T00:00:00.000Z");
      await insert("old", 2024, "2024-03-05T00:00:00.000Z");
      await insert("tie-b", 2025, "2025-03-03T00:00:00.000Z");
      await insert("tie-a", 2025, "2025-03-03T00:00:00.000Z");
      await migrateToLatest(database);
      const rows = await database.db
        .selectFrom("submission")
        .select(["id", "number"])
        .orderBy("edition_year")
        .orderBy("number")
        .execute();
      expect(rows.map((row) => [row.id, Number(row.number)])).toEqual([
        ["old", 1],
        ["early", 1],
        ["late", 2],
        ["tie-a", 3],
        ["tie-b", 4],
      ]);
      expect((await insertTestSubmission(database, { userId: "ada" })).number).toBe(5);
      expect(
        (await insertTestSubmission(database, { userId: "ada", editionYear: 2026 })).number,
      ).toBe(1);
    });

    it("draws distinct numbers for parallel uploads and never reuses a deleted one", async () => {
      const database = await databases.openMigrated({ maxConnections: 5 });
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      const made = await Promise.all(
        Array.from({ length: 8 }, () =>
          database.db.transaction().execute(async (trx) => {
            const { drawSubmissionNumber } = await import("../submissions/submissions.server");
            return drawSubmissionNumber(trx, year);
          }),
        ),
      );
      expect([...made].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const last = await insertTestSubmission(database, { userId: "ada" });
      await database.db.deleteFrom("submission").where("id", "=", last.id).execute();
      expect((await insertTestSubmission(database, { userId: "ada" })).number).toBe(
        last.number + 1,
      );
    });
  });
}
