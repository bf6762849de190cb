import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/content/editions";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { silentLogger } from "../../../tests/support/abstract-uploads";
import { answerOf, formOf } from "../../../tests/support/action-answers";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { receiveFinalMaterialUpload } from "./final-material-upload.server";
import { handleMaterialConsentAction } from "./final-materials-consent-actions.server";

const edition = { ...getCurrentEdition(), year: 2025, date: "2025-05-17" };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

for (const target of testDatabaseTargets()) {
  describe(`the consent form's action on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready(materialsDue = new Date(Date.now() + 7 * 24 * 3600 * 1000)) {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      await database.db
        .insertInto("presenter_settings")
        .values({
          edition_year: 2025,
          confirm_by: null,
          materials_due: materialsDue.toISOString(),
          updated_at: new Date().toISOString(),
          updated_by: null,
        })
        .execute();
      const { id } = await insertTestSubmission(database, { userId: "ada", decision: "accepted" });
      await database.db
        .updateTable("submission")
        .set({
          released_at: new Date().toISOString(),
          attendance: "confirmed",
          accepted_as: "talk",
        })
        .execute();
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "uls-consent-"));
      folders.push(root);
      const deps = { db: database.db, storage: createLocalFileStorage(root), logger: silentLogger };
      const upload = async () => {
        const form = new FormData();
        form.set("material", new File([new Uint8Array(await makeAbstractPdf())], "slides.pdf"));
        const request = new Request("http://localhost/sculc/final-materials", {
          method: "POST",
          body: form,
        });
        return receiveFinalMaterialUpload(deps, request, {
          userId: "ada",
          submissionId: id,
          edition,
          maxBytes: 1_000_000,
          maxPages: 150,
        });
      };
      const post = (fields: Record<string, string>, userId = "ada") =>
        answerOf(
          handleMaterialConsentAction(
            database.db,
            { userId, submissionId: id, edition },
            formOf(fields),
          ),
        );
      const mayPublish = async () =>
        Boolean(
          (
            await database.db
              .selectFrom("final_material")
              .select("may_publish")
              .executeTakeFirstOrThrow()
          ).may_publish,
        );
      return { upload, post, mayPublish };
    }

    it("publishes or keeps private, and goes back to the congratulations page", async () => {
      const { upload, post, mayPublish } = await ready();
      await upload();
      expect(await post({ mayPublish: "yes" })).toEqual({
        status: 302,
        location: "/sculc/congratulations-page?materials=published#final-materials-heading",
      });
      expect(await mayPublish()).toBe(true);
      expect(await post({ mayPublish: "no" })).toEqual({
        status: 302,
        location: "/sculc/congratulations-page?materials=unpublished#final-materials-heading",
      });
      expect(await mayPublish()).toBe(false);
      // A form without the field (or with anything but "yes") keeps the file private.
      await post({ mayPublish: "yes" });
      expect(await post({})).toMatchObject({ status: 302 });
      expect(await mayPublish()).toBe(false);
    });

    it("refuses before anything is uploaded, for someone else, and after the date", async () => {
      const { post } = await ready();
      expect(await post({ mayPublish: "yes" })).toEqual({
        status: 409,
        body: {
          message: "Upload your slides or poster first; then choose whether it may be published.",
        },
      });
      expect(await post({ mayPublish: "yes" }, "eve")).toEqual({
        status: 404,
        body: { message: "That abstract was not found among your submissions." },
      });
      const late = await ready(new Date(Date.now() - 3600 * 1000));
      expect(await late.post({ mayPublish: "yes" })).toEqual({
        status: 409,
        body: {
          message:
            "The deadline for final materials has passed. If something is wrong with your materials, email the organizers.",
        },
      });
    });
  });
}
