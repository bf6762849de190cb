import { describe, expect, it } from "vitest";
import {
  insertUploaders,
  silentLogger,
  uploadFoldersPerTest,
  uploadRequest,
  validDetails,
} from "../../../tests/support/abstract-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { mailAbstractReceipt } from "./abstract-receipt.server";
import { receiveAbstractUpload } from "./abstract-upload.server";

const setUp = uploadFoldersPerTest();
const statusUrl = "https://example.org/sculc/view-submission";

for (const target of testDatabaseTargets()) {
  describe(`the upload receipt on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function uploadWithCoauthor() {
      const database = await databases.openMigrated();
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
        },
      );
      if (!uploaded.ok) throw new Error(`upload refused: ${uploaded.reason}`);
      return { deps, submissionId: uploaded.value.submissionId };
    }

    it("mails the submitter the title, every author, the file name and the status page", async () => {
      const { deps, submissionId } = await uploadWithCoauthor();
      const { mailer, sent } = recordingMailer();
      await mailAbstractReceipt(
        { ...deps, mailer },
        { submissionId, isReplacement: false, statusUrl },
      );
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
      await mailAbstractReceipt(
        { ...deps, mailer },
        { submissionId, isReplacement: true, statusUrl },
      );
      expect(sent[0]?.text).toContain("It replaces the one you uploaded before.");
    });

    it("logs a failure to queue the receipt and never throws, so the upload stands", async () => {
      const { deps, submissionId } = await uploadWithCoauthor();
      const { mailer, sent } = recordingMailer({ isQueueBroken: true });
      const warnings: unknown[] = [];
      const logger = { ...silentLogger, warn: (...args: unknown[]) => warnings.push(args) };
      await expect(
        mailAbstractReceipt(
          { ...deps, logger, mailer },
          { submissionId, isReplacement: false, statusUrl },
        ),
      ).resolves.toBeUndefined();
      expect(sent).toHaveLength(0);
      expect(warnings).toHaveLength(1);
      const stored = await deps.db.selectFrom("submission").select("id").execute();
      expect(stored).toEqual([{ id: submissionId }]);
    });
  });
}
