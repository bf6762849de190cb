import { describe, expect, it } from "vitest";
import {
  insertUploaders,
  uploadFoldersPerTest,
  uploadRequest,
  validDetails,
} from "../../../tests/support/abstract-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { receiveAbstractUpload } from "./abstract-upload.server";
import { listCoauthoredSubmissions } from "./coauthored-submissions.server";

const setUp = uploadFoldersPerTest();
const grace = { id: "grace", email: "grace@example.edu", isEmailVerified: true };

for (const target of testDatabaseTargets()) {
  describe(`abstracts a co-author sees on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    /** Ada submits an abstract listing Grace (her address in capitals) as a presenting co-author. */
    async function ready() {
      const database = await databases.openMigrated();
      await insertUploaders(database, "grace");
      const deps = setUp(database);
      const uploaded = await receiveAbstractUpload(
        deps,
        uploadRequest(await makeAbstractPdf(), "harmony.pdf", {
          ...validDetails,
          title: "Vowel harmony",
          "coauthor.0.name": "Grace Hopper",
          "coauthor.0.email": "Grace@Example.edu",
          "coauthor.0.presents": "yes",
        }),
        {
          userId: "ada",
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.edu",
          editionYear: 2025,
          maxBytes: 1_000_000,
          maxPages: 20,
          maxSubmissionsPerUser: 10,
        },
      );
      if (!uploaded.ok) throw new Error(`upload refused: ${uploaded.reason}`);
      return { db: deps.db, id: uploaded.value.submissionId };
    }

    it("lists the abstract for the co-author's verified address, whatever its case", async () => {
      const { db, id } = await ready();
      const listed = await listCoauthoredSubmissions(db, grace, 2025);
      expect(listed).toMatchObject([
        {
          id,
          title: "Vowel harmony",
          submitterName: "Ada Lovelace",
          presents: true,
          releasedDecision: null,
        },
      ]);
    });

    it("lists nothing for an unverified address, another edition, or the submitter herself", async () => {
      const { db } = await ready();
      expect(
        await listCoauthoredSubmissions(db, { ...grace, isEmailVerified: false }, 2025),
      ).toEqual([]);
      expect(await listCoauthoredSubmissions(db, grace, 2026)).toEqual([]);
      const ada = { id: "ada", email: "ada@example.edu", isEmailVerified: true };
      expect(await listCoauthoredSubmissions(db, ada, 2025)).toEqual([]);
    });

    it("shows a decision only once it is released", async () => {
      const { db, id } = await ready();
      await db
        .updateTable("submission")
        .set({ decision: "accepted", accepted_as: "talk" })
        .where("id", "=", id)
        .execute();
      expect((await listCoauthoredSubmissions(db, grace, 2025))[0]?.releasedDecision).toBeNull();
      await db
        .updateTable("submission")
        .set({ released_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      expect(await listCoauthoredSubmissions(db, grace, 2025)).toMatchObject([
        { releasedDecision: "accepted", releasedAcceptedAs: "talk", presents: true },
      ]);
    });
  });
}
