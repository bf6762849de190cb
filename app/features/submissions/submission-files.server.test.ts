import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { sweepOrphanedFiles } from "~/lib/storage/orphan-sweep.server";
import {
  insertUploaders,
  storedKeys,
  uploadAbstract,
  uploadFoldersPerTest,
} from "../../../tests/support/abstract-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { abstractFileOwner, deleteSubmission, openSubmissionFile } from "./submission-files.server";
import { getSubmissionStatus } from "./submission-status.server";
import { listSubmissionsForUser } from "./submissions.server";

const setUp = uploadFoldersPerTest();

for (const target of testDatabaseTargets()) {
  describe(`submissions and their files on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await insertUploaders(database);
      return { database, deps: setUp(database) };
    }

    it("deletes the row then the file, once; a second attempt (another tab) is told it is gone", async () => {
      const { deps } = await ready();
      const uploaded = await uploadAbstract(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      expect(
        await deleteSubmission(deps, { userId: "eve", submissionId: uploaded.value.submissionId }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      const [first, second] = await Promise.all([
        deleteSubmission(deps, { userId: "ada", submissionId: uploaded.value.submissionId }),
        deleteSubmission(deps, { userId: "ada", submissionId: uploaded.value.submissionId }),
      ]);
      expect([first, second].filter((result) => result.ok)).toHaveLength(1);
      expect([first, second].find((result) => !result.ok)).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      expect(await storedKeys(deps)).toEqual([]);
    });

    it("opens a file for its owner and for admins only", async () => {
      const { deps } = await ready();
      const uploaded = await uploadAbstract(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      const open = (viewerId: string, viewerIsAdmin: boolean) =>
        openSubmissionFile(deps, {
          submissionId: uploaded.value.submissionId,
          viewerId,
          viewerIsAdmin,
        });
      const own = await open("ada", false);
      expect(own).toMatchObject({ fileName: "abstract.pdf" });
      expect(
        Buffer.concat((await own?.body.toArray()) ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      expect(await open("eve", false)).toBeNull();
      const admin = await open("eve", true);
      expect((await admin?.body.toArray())?.length).toBeGreaterThan(0);
    });

    it("derives applicant and presenter, ignoring decisions that are not released", async () => {
      const { deps } = await ready();
      expect(await getSubmissionStatus(deps.db, "ada", 2025)).toMatchObject({
        isApplicant: false,
        isPresenter: false,
      });
      const uploaded = await uploadAbstract(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      expect(await getSubmissionStatus(deps.db, "ada", 2025)).toMatchObject({
        isApplicant: true,
        isPresenter: false,
      });
      expect(await getSubmissionStatus(deps.db, "ada", 2024)).toMatchObject({
        isApplicant: false,
        isPresenter: false,
      });

      const decide = (released: boolean) =>
        deps.db
          .updateTable("submission")
          .set({ decision: "accepted", released_at: released ? new Date().toISOString() : null })
          .where("id", "=", uploaded.value.submissionId)
          .execute();
      await decide(false);
      expect((await getSubmissionStatus(deps.db, "ada", 2025)).isPresenter).toBe(false);
      expect((await listSubmissionsForUser(deps.db, "ada", 2025))[0]?.releasedDecision).toBeNull();
      await decide(true);
      expect(await getSubmissionStatus(deps.db, "ada", 2025)).toMatchObject({
        isApplicant: true,
        isPresenter: true,
      });
      expect(
        await deleteSubmission(deps, { userId: "ada", submissionId: uploaded.value.submissionId }),
      ).toMatchObject({
        ok: false,
        reason: "decided",
      });
    });

    it("sweeps stored files that no row references, after a grace period", async () => {
      const { deps } = await ready();
      const uploaded = await uploadAbstract(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      await deps.storage.put("abstracts/ada/orphan.pdf", Readable.from([Buffer.from("%PDF-")]), {
        contentType: "application/pdf",
      });
      expect((await sweepOrphanedFiles(deps, [abstractFileOwner(deps.db)])).removed).toEqual([]);
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
      expect(
        (await sweepOrphanedFiles(deps, [abstractFileOwner(deps.db)], { now: later })).removed,
      ).toEqual(["abstracts/ada/orphan.pdf"]);
      // The abstract and its reviewers' copy stay.
      expect(await storedKeys(deps)).toHaveLength(2);
    });
  });
}
