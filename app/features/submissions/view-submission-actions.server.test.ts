import { describe, expect, it } from "vitest";
import {
  insertUploaders,
  uploadAbstract,
  uploadFoldersPerTest,
  validDetails,
} from "../../../tests/support/abstract-uploads";
import { answerOf, formOf } from "../../../tests/support/action-answers";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { handleViewSubmissionAction } from "./view-submission-actions.server";

const setUp = uploadFoldersPerTest();
const ada = { id: "ada", firstName: "Ada", lastName: "Lovelace", email: "ada@example.edu" };
const alreadyGone = {
  kind: "error",
  text: "This submission was already deleted, or is not yours. The list below is up to date.",
};

for (const target of testDatabaseTargets()) {
  describe(`the status page's actions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await insertUploaders(database);
      const deps = setUp(database);
      const uploaded = await uploadAbstract(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      const post = (fields: Record<string, string>) =>
        answerOf(handleViewSubmissionAction(deps, ada, 2025, formOf(fields)));
      return { deps, post, id: uploaded.value.submissionId };
    }

    it("saves edited details and goes back to the list", async () => {
      const { deps, post, id } = await ready();
      const answer = await post({
        ...validDetails,
        title: "Vowel harmony, revised",
        intent: "save-details",
        submissionId: id,
      });
      expect(answer).toEqual({ status: 302, location: "/sculc/view-submission?saved=1" });
      const row = await deps.db.selectFrom("submission").select("title").executeTakeFirstOrThrow();
      expect(row.title).toBe("Vowel harmony, revised");
    });

    it("refuses details that do not pass, with each field's problem", async () => {
      const { post, id } = await ready();
      const answer = await post({
        ...validDetails,
        title: "",
        intent: "save-details",
        submissionId: id,
      });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          notice: {
            kind: "error",
            text: "Please check the form: Please enter the abstract's title.",
          },
          confirmDelete: null,
          edit: { id, fieldErrors: { title: "Please enter the abstract's title." } },
        },
      });
    });

    it("answers a co-author row button with the edit form's rows changed", async () => {
      const { post, id } = await ready();
      const answer = await post({ ...validDetails, intent: "add-coauthor", submissionId: id });
      expect(answer).toMatchObject({
        status: 200,
        body: { notice: null, edit: { id, draft: { coauthors: [{ name: "" }] } } },
      });
    });

    it("refuses saving someone else's or a missing abstract as already gone", async () => {
      const { post } = await ready();
      const answer = await post({ ...validDetails, intent: "save-details", submissionId: "nope" });
      expect(answer).toEqual({
        status: 404,
        body: { notice: alreadyGone, confirmDelete: null, edit: null },
      });
    });

    it("asks before deleting, deletes once, and says a second delete is gone", async () => {
      const { post, id } = await ready();
      expect(await post({ intent: "ask-delete", submissionId: id })).toEqual({
        status: 200,
        body: {
          notice: null,
          confirmDelete: { id, fileName: "Vowel harmony" },
          edit: null,
        },
      });
      expect(await post({ intent: "delete", submissionId: id })).toEqual({
        status: 200,
        body: {
          notice: { kind: "success", text: "Your submission has been deleted." },
          confirmDelete: null,
          edit: null,
        },
      });
      expect(await post({ intent: "delete", submissionId: id })).toMatchObject({
        status: 404,
        body: { notice: alreadyGone },
      });
      expect(await post({ intent: "ask-delete", submissionId: id })).toMatchObject({
        status: 404,
        body: { notice: alreadyGone },
      });
    });

    it("refuses deleting an abstract whose decision is released", async () => {
      const { deps, post, id } = await ready();
      await deps.db
        .updateTable("submission")
        .set({ decision: "accepted", released_at: new Date().toISOString() })
        .execute();
      expect(await post({ intent: "delete", submissionId: id })).toEqual({
        status: 409,
        body: {
          notice: {
            kind: "error",
            text: "A decision has been made on this submission, so it can no longer be deleted.",
          },
          confirmDelete: null,
          edit: null,
        },
      });
    });

    it("answers an unknown intent with a 400 and changes nothing", async () => {
      const { deps, post, id } = await ready();
      for (const intent of ["constructor", "", "publish"]) {
        expect(await post({ intent, submissionId: id })).toEqual({
          status: 400,
          body: { notice: null, confirmDelete: null, edit: null },
        });
      }
      expect(await deps.db.selectFrom("submission").select("id").execute()).toHaveLength(1);
    });
  });
}
