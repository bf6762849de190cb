import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { uploadRefusalMessage } from "~/features/submissions/submission-messages";
import {
  insertUploaders,
  storedKeys,
  uploadAbstract,
  uploadFoldersPerTest,
} from "../../../tests/support/abstract-uploads";
import { makeIdentifyingPdf, readableText } from "../../../tests/support/identifying-pdf";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import { insertAssignment } from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { openAbstractForReviewer } from "./reviewer-reviews.server";

const setUp = uploadFoldersPerTest();

const people = {
  author: "Ada Lovelace",
  coauthor: "Charles Babbage",
  email: "ada@example.edu",
  affiliation: "Analytical Society",
  creatorName: "Mary Somerville",
  annotationName: "Augustus De Morgan",
  attachmentName: "Annabella Milbanke",
  earlierRevisionName: "Byron Earlier",
};
const hidden = [
  "Lovelace",
  "Babbage",
  "ada@example.edu",
  "Analytical Society",
  "Somerville",
  "De Morgan",
  "Milbanke",
  "Byron",
];

/** A PDF pdf.js opens (it reads by the cross-reference table) but pdf-lib, parsing every object, refuses. */
async function uncopyablePdf(): Promise<Buffer> {
  const pdf = await makeAbstractPdf();
  return Buffer.concat([pdf, Buffer.from("\n99 0 obj\n<< /A [ 1 2 >>\nendobj\n%%EOF\n")]);
}

for (const target of testDatabaseTargets()) {
  describe(`the reviewers' copy on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await insertUploaders(database);
      await insertTestUser(database, { id: "rev", email: "rev@example.edu" });
      return { database, deps: setUp(database) };
    }

    it("serves reviewers the copy made at upload, never the original", async () => {
      const { database, deps } = await ready();
      const original = await makeIdentifyingPdf(people);
      const uploaded = await uploadAbstract(deps, original, "Lovelace-Babbage.pdf");
      if (!uploaded.ok) throw new Error(`upload refused: ${uploaded.reason}`);
      const row = await deps.db
        .selectFrom("submission")
        .select(["number", "storage_key", "reviewer_storage_key"])
        .executeTakeFirstOrThrow();
      await insertAssignment(database, uploaded.value.submissionId, "rev");
      const input = { reviewerId: "rev", editionYear: 2025, number: Number(row.number) };
      const file = await openAbstractForReviewer(deps, input);
      if (!file) throw new Error("no file for the assigned reviewer");
      const served = await buffer(file.body);
      expect(served).toEqual(await deps.storage.read(row.reviewer_storage_key ?? ""));
      const text = readableText(served);
      for (const name of hidden) expect(text, name).not.toContain(name);
      // Someone not assigned gets nothing.
      expect(await openAbstractForReviewer(deps, { ...input, reviewerId: "eve" })).toBeNull();
    });

    it("refuses an upload it cannot copy for reviewers, keeping nothing", async () => {
      const { deps } = await ready();
      const outcome = await uploadAbstract(deps, await uncopyablePdf());
      expect(outcome).toMatchObject({ ok: false, reason: "cannot-anonymise" });
      expect(uploadRefusalMessage("cannot-anonymise", { maxPages: 20 })).toBe(
        "Failed to upload the file. The PDF could not be copied for the reviewers without its hidden details (author, comments, attachments), so it was not accepted. Export it again as a plain PDF (for example with Print to PDF) and upload the new file.",
      );
      expect(await storedKeys(deps)).toEqual([]);
      expect(await deps.db.selectFrom("submission").select("id").execute()).toEqual([]);
    });

    it("makes an older abstract's copy on the first reviewer download, once; serves nothing if it cannot", async () => {
      const { database, deps } = await ready();
      const older = await insertTestSubmission(database, { userId: "ada" });
      const broken = await insertTestSubmission(database, { userId: "ada" });
      const put = async (id: string, bytes: Buffer) =>
        deps.storage.put(`abstracts/ada/${id}.pdf`, Readable.from([bytes]), {
          contentType: "application/pdf",
        });
      await put(older.id, await makeIdentifyingPdf(people));
      await put(broken.id, await uncopyablePdf());
      await insertAssignment(database, older.id, "rev");
      await insertAssignment(database, broken.id, "rev");
      const open = (number: number) =>
        openAbstractForReviewer(deps, { reviewerId: "rev", editionYear: 2025, number });

      const first = await open(older.number);
      if (!first) throw new Error("no copy was made");
      const text = readableText(await buffer(first.body));
      for (const name of hidden) expect(text, name).not.toContain(name);
      const key = `abstracts/ada/${older.id}.reviewer.pdf`;
      expect(
        await deps.db
          .selectFrom("submission")
          .select("reviewer_storage_key")
          .where("id", "=", older.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ reviewer_storage_key: key });
      const second = await open(older.number);
      second?.body.destroy();
      expect(second?.size).toBe(first.size);

      // The original is never the fallback.
      expect(await open(broken.number)).toBeNull();
      expect(
        await deps.db
          .selectFrom("submission")
          .select("reviewer_storage_key")
          .where("id", "=", broken.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ reviewer_storage_key: null });
      expect((await storedKeys(deps)).sort()).toEqual(
        [`abstracts/ada/${broken.id}.pdf`, `abstracts/ada/${older.id}.pdf`, key].sort(),
      );
    });
  });
}
