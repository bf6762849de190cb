import { describe, expect, it } from "vitest";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { grantEditor, isEditor, revokeEditor } from "./editor-role.server";
import { readGrantedRoles } from "./granted-roles.server";
import { describeRoleRefusal } from "./role-messages";

const chair = { userId: "chair", label: "chair@example.edu" };

async function auditRows(database: TestDatabase) {
  return database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_user_id", "actor_label", "target_user_id", "target_email", "details"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

for (const target of testDatabaseTargets()) {
  describe(`editor role on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function setup() {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      return database;
    }

    it("grants and revokes, each change recorded once with who made it and for whom", async () => {
      const database = await setup();
      expect(await isEditor(database.db, "ada")).toBe(false);

      expect(await grantEditor(database.db, "ada", chair)).toEqual({
        ok: true,
        value: { changed: true, email: "ada@example.edu" },
      });
      expect(await isEditor(database.db, "ada")).toBe(true);
      const grant = await database.db
        .selectFrom("content_editor")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(grant).toMatchObject({ user_id: "ada", granted_by: "chair" });
      expect(Date.parse(grant.granted_at)).toBeGreaterThan(Date.now() - 60_000);

      expect(await revokeEditor(database.db, "ada", chair)).toEqual({
        ok: true,
        value: { changed: true, email: "ada@example.edu" },
      });
      expect(await isEditor(database.db, "ada")).toBe(false);

      expect(await auditRows(database)).toEqual([
        {
          action: "grant-editor",
          actor_user_id: "chair",
          actor_label: "chair@example.edu",
          target_user_id: "ada",
          target_email: "ada@example.edu",
          details: null,
        },
        {
          action: "revoke-editor",
          actor_user_id: "chair",
          actor_label: "chair@example.edu",
          target_user_id: "ada",
          target_email: "ada@example.edu",
          details: null,
        },
      ]);
    });

    it("a second grant and revoking a non-editor change nothing and record nothing", async () => {
      const database = await setup();
      expect(await revokeEditor(database.db, "ada", chair)).toEqual({
        ok: true,
        value: { changed: false, email: "ada@example.edu" },
      });
      // Two admins granting at once: one grant, one audit row; the other is told nothing changed.
      const together = await Promise.all([
        grantEditor(database.db, "ada", chair),
        grantEditor(database.db, "ada", chair),
      ]);
      expect(together.map((outcome) => outcome.ok && outcome.value.changed).sort()).toEqual([
        false,
        true,
      ]);
      expect(await grantEditor(database.db, "ada", chair)).toEqual({
        ok: true,
        value: { changed: false, email: "ada@example.edu" },
      });
      const grants = await database.db.selectFrom("content_editor").selectAll().execute();
      expect(grants).toHaveLength(1);
      expect(grants[0]?.granted_by).toBe("chair");
      expect((await auditRows(database)).map((row) => row.action)).toEqual(["grant-editor"]);
    });

    it("refuses an account that no longer exists, changing nothing", async () => {
      const database = await setup();
      for (const outcome of [
        await grantEditor(database.db, "gone", chair),
        await revokeEditor(database.db, "gone", chair),
      ]) {
        expect(outcome).toEqual({ ok: false, reason: "account-gone", email: "" });
        expect(!outcome.ok && describeRoleRefusal(outcome)).toBe("That account no longer exists.");
      }
      expect(await database.db.selectFrom("content_editor").selectAll().execute()).toEqual([]);
      expect(await auditRows(database)).toEqual([]);
    });

    it("is a grant of its own: the reviewer and admin roles neither give it nor go with it", async () => {
      const database = await setup();
      const now = new Date().toISOString();
      await database.db
        .insertInto("reviewer")
        .values({ user_id: "ada", granted_by: "chair", granted_at: now })
        .execute();
      expect(await readGrantedRoles(database.db, "ada")).toEqual({
        isReviewer: true,
        isEditor: false,
      });
      expect(await readGrantedRoles(database.db, "chair")).toEqual({
        isReviewer: false,
        isEditor: false,
      });
      await grantEditor(database.db, "ada", chair);
      expect(await readGrantedRoles(database.db, "ada")).toEqual({
        isReviewer: true,
        isEditor: true,
      });
      await database.db.deleteFrom("reviewer").where("user_id", "=", "ada").execute();
      expect(await readGrantedRoles(database.db, "ada")).toEqual({
        isReviewer: false,
        isEditor: true,
      });
      expect(await readGrantedRoles(database.db, "nobody")).toEqual({
        isReviewer: false,
        isEditor: false,
      });
    });

    it("goes with the account when the account is deleted", async () => {
      const database = await setup();
      await grantEditor(database.db, "ada", chair);
      await database.db.deleteFrom("user").where("id", "=", "ada").execute();
      expect(await database.db.selectFrom("content_editor").selectAll().execute()).toEqual([]);
    });
  });
}
