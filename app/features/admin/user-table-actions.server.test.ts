import { describe, expect, it } from "vitest";
import { pageAnswer, postedForm } from "../../../tests/support/page-answer";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { handleUserTableAction } from "./user-table-actions.server";

const chair = { userId: "chair", label: "chair@example.edu" };

async function seed(database: TestDatabase) {
  await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
  await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
  await insertTestUser(database, { id: "web", email: "web@example.edu" });
}

for (const target of testDatabaseTargets()) {
  describe(`the user table's actions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function setup() {
      const database = await databases.openMigrated();
      await seed(database);
      const deps = { db: database.db, configuredAdminEmails: ["web@example.edu"] };
      const act = async (fields: Record<string, string>) =>
        pageAnswer(await handleUserTableAction(deps, chair, postedForm(fields)));
      return { database, act };
    }

    it("grants and revokes the admin role by address", async () => {
      const { database, act } = await setup();
      expect(await act({ intent: "grant", email: " ADA@example.edu " })).toEqual({
        message: "ada@example.edu was made an admin successfully.",
        status: 200,
      });
      expect(await act({ intent: "revoke", email: "ada@example.edu" })).toEqual({
        message: "Admin rights were removed from ada@example.edu successfully.",
        status: 200,
      });
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("action")
        .orderBy("created_at")
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(["grant-admin", "revoke-admin"]);
    });

    it("refuses an unknown address, a configured admin and the chair's own right, with a 400", async () => {
      const { act } = await setup();
      expect(await act({ intent: "grant", email: "nobody@example.edu" })).toEqual({
        message: "No account uses nobody@example.edu. Ask them to register first.",
        status: 400,
      });
      expect(await act({ intent: "grant" })).toEqual({
        message: "No account uses . Ask them to register first.",
        status: 400,
      });
      expect(await act({ intent: "revoke", email: "web@example.edu" })).toEqual({
        message:
          "web@example.edu is an admin through ADMIN_EMAILS; remove it from that setting instead.",
        status: 400,
      });
      expect(await act({ intent: "revoke", email: "chair@example.edu" })).toEqual({
        message: "You cannot revoke your own admin right.",
        status: 400,
      });
    });

    it("grants and revokes the reviewer role, saying how many unfinished reviews were unassigned", async () => {
      const { database, act } = await setup();
      expect(await act({ intent: "grant-reviewer", userId: "ada" })).toEqual({
        message: "ada@example.edu was made a reviewer successfully.",
        status: 200,
      });
      expect(await act({ intent: "revoke-reviewer", userId: "ada" })).toEqual({
        message: "The reviewer role was removed from ada@example.edu successfully.",
        status: 200,
      });
      await act({ intent: "grant-reviewer", userId: "ada" });
      for (const id of ["s1", "s2"]) {
        await insertTestSubmission(database, { userId: "web", id });
        await database.db
          .insertInto("review_assignment")
          .values({
            id: `a-${id}`,
            edition_year: 2025,
            submission_id: id,
            reviewer_id: "ada",
            assigned_by: "chair",
            assigned_at: new Date().toISOString(),
          })
          .execute();
      }
      expect(await act({ intent: "revoke-reviewer", userId: "ada" })).toEqual({
        message:
          "The reviewer role was removed from ada@example.edu successfully; 2 unfinished reviews were unassigned.",
        status: 200,
      });
    });

    it("grants and revokes the editor role, saying when nothing changed, and audits each change once", async () => {
      const { database, act } = await setup();
      expect(await act({ intent: "revoke-editor", userId: "ada" })).toEqual({
        message: "ada@example.edu is not an editor; nothing changed.",
        status: 200,
      });
      expect(await act({ intent: "grant-editor", userId: "ada" })).toEqual({
        message:
          "ada@example.edu was made an editor successfully. They can now edit the site's content.",
        status: 200,
      });
      expect(await act({ intent: "grant-editor", userId: "ada" })).toEqual({
        message: "ada@example.edu is already an editor; nothing changed.",
        status: 200,
      });
      expect(await act({ intent: "revoke-editor", userId: "ada" })).toEqual({
        message:
          "The editor role was removed from ada@example.edu successfully. They can no longer edit the site's content.",
        status: 200,
      });
      expect(await act({ intent: "grant-editor", userId: "gone" })).toEqual({
        message: "That account no longer exists.",
        status: 400,
      });
      expect(await act({ intent: "revoke-editor" })).toEqual({
        message: "That account no longer exists.",
        status: 400,
      });
      const audit = await database.db
        .selectFrom("admin_audit")
        .select(["action", "actor_user_id", "target_email"])
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(["grant-editor", "revoke-editor"]);
      for (const row of audit)
        expect(row).toMatchObject({ actor_user_id: "chair", target_email: "ada@example.edu" });
    });

    it("refuses a reviewer change for an account that no longer exists, and an unknown action", async () => {
      const { act } = await setup();
      expect(await act({ intent: "grant-reviewer", userId: "gone" })).toEqual({
        message: "That account no longer exists.",
        status: 400,
      });
      expect(await act({ intent: "revoke-reviewer" })).toEqual({
        message: "That account no longer exists.",
        status: 400,
      });
      expect(await act({ intent: "constructor", email: "ada@example.edu" })).toEqual({
        message: "Unknown action.",
        status: 400,
      });
      expect(await act({ email: "ada@example.edu" })).toEqual({
        message: "Unknown action.",
        status: 400,
      });
    });
  });
}
