import { describe, expect, it } from "vitest";
import {
  insertUploaders,
  uploadFoldersPerTest,
  uploadRequest,
  validDetails,
} from "../../../tests/support/abstract-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { queueAbstractReceipt } from "./abstract-receipt.server";
import { receiveAbstractUpload } from "./abstract-upload.server";

const setUp = uploadFoldersPerTest();
const statusUrl = "https://example.org/sculc/view-submission";

for (const target of testDatabaseTargets()) {
  describe(`the upload receipt on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    /** Uploads as the submit route does: the receipt is queued in the upload's transaction. */
    async function uploadWithCoauthor(
      mail = recordingMailer(),
      database?: Awaited<ReturnType<typeof databases.openMigrated>>,
    ) {
      database ??= await databases.openMigrated();
      await insertUploaders(database);
      const deps = setUp(database);
      const details = {
        ...validDetails,
        title: "Vowel harmony in Turkish",
        affiliation: "Univ. X",
        "coauthor.0.name": "Grace Hopper",
        "coauthor.0.affiliation": "Univ. Y",
        "coauthor.0.email": "grace@example.edu",
        "coauthor.0.presents": "yes",
      };
      const uploaded = await receiveAbstractUpload(
        deps,
        uploadRequest(await makeAbstractPdf(), "harmony.pdf", details),
        {
          userId: "ada",
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.edu",
          editionYear: 2025,
          maxBytes: 1_000_000,
          maxPages: 20,
          maxSubmissionsPerUser: 10,
          alsoInTransaction: (trx, submissionId) =>
            queueAbstractReceipt(
              { db: trx, mailer: mail.mailer },
              { submissionId, isReplacement: false, statusUrl },
            ),
        },
      );
      if (!uploaded.ok) throw new Error(`upload refused: ${uploaded.reason}`);
      mail.mailer.wake();
      return { deps, submissionId: uploaded.value.submissionId, sent: mail.sent };
    }

    it("mails the submitter the title, every author, the file name and the status page", async () => {
      const { sent } = await uploadWithCoauthor();
      expect(sent).toHaveLength(1);
      const receipt = sent[0];
      if (!receipt) throw new Error("no receipt");
      expect(receipt.to).toBe("ada@example.edu");
      expect(receipt.subject).toBe("Your abstract 1 was received | ULS");
      expect(receipt.text).toContain("We received your abstract for SCULC 2025.");
      expect(receipt.text).toContain("Title: Vowel harmony in Turkish");
      expect(receipt.text).toContain(
        "Authors: Ada Lovelace (presenting), Grace Hopper (presenting)",
      );
      expect(receipt.text).toContain("File: harmony.pdf");
      expect(receipt.text).toContain(statusUrl);
      // A receipt goes to the account that uploaded, not to co-authors.
      expect(receipt.text).not.toContain("grace@example.edu");
    });

    it("says a replaced PDF replaced the old one", async () => {
      const { deps, submissionId } = await uploadWithCoauthor();
      const { mailer, sent } = recordingMailer();
      await deps.db
        .transaction()
        .execute((trx) =>
          queueAbstractReceipt(
            { db: trx, mailer },
            { submissionId, isReplacement: true, statusUrl },
          ),
        );
      mailer.wake();
      expect(sent[0]?.text).toContain("It replaces the one you uploaded before.");
    });

    it("records no abstract whose receipt cannot be queued: the two commit together", async () => {
      const broken = recordingMailer({ isQueueBroken: true });
      const database = await databases.openMigrated();
      await expect(uploadWithCoauthor(broken, database)).rejects.toThrow();
      expect(broken.sent).toHaveLength(0);
      const stored = await database.db.selectFrom("submission").select("id").execute();
      expect(stored).toEqual([]);
    });
  });
}
