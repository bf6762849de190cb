import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { setAdminRole } from "./admin-role.server";
import { describeRoleRefusal } from "./role-messages";

const chair = { userId: "chair", label: "chair@example.edu" };

for (const target of testDatabaseTargets()) {
  describe(`admin role on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("grants and revokes, recording each change once with who made it", async () => {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "chair", email: "chair@example.edu" });
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      const change = (isAdmin: boolean) =>
        setAdminRole(database.db, {
          email: " ADA@example.edu ",
          isAdmin,
          actor: chair,
          configuredAdminEmails: [],
        });

      expect(await change(true)).toEqual({
        ok: true,
        value: { changed: true, email: "ada@example.edu" },
      });
      expect(await change(true)).toEqual({
        ok: true,
        value: { changed: false, email: "ada@example.edu" },
      });
      expect(await change(false)).toEqual({
        ok: true,
        value: { changed: true, email: "ada@example.edu" },
      });

      const audit = await database.db
        .selectFrom("admin_audit")
        .select(["action", "target_email", "actor_user_id", "actor_label"])
        .orderBy("created_at")
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(["grant-admin", "revoke-admin"]);
      expect(audit[0]).toMatchObject({ target_email: "ada@example.edu", actor_user_id: "chair" });
      const role = await database.db
        .selectFrom("user")
        .select("role")
        .where("id", "=", "ada")
        .executeTakeFirst();
      expect(role?.role).toBe("user");
    });

    it("refuses to revoke your own right, an ADMIN_EMAILS admin, or an unknown address, and changes nothing", async () => {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "chair", email: "chair@example.edu" });
      await database.db
        .updateTable("user")
        .set({ role: "admin" })
        .where("id", "=", "chair")
        .execute();
      await insertTestUser(database, { id: "web", email: "web@example.edu" });

      const own = await setAdminRole(database.db, {
        email: "chair@example.edu",
        isAdmin: false,
        actor: chair,
        configuredAdminEmails: [],
      });
      expect(own).toMatchObject({ ok: false, reason: "own-admin-right" });
      expect(!own.ok && describeRoleRefusal(own)).toBe("You cannot revoke your own admin right.");
      const configured = await setAdminRole(database.db, {
        email: "web@example.edu",
        isAdmin: false,
        actor: chair,
        configuredAdminEmails: ["web@example.edu"],
      });
      expect(!configured.ok && describeRoleRefusal(configured)).toBe(
        "web@example.edu is an admin through ADMIN_EMAILS; remove it from that setting instead.",
      );
      const unknown = await setAdminRole(database.db, {
        email: "nobody@example.edu",
        isAdmin: true,
        actor: chair,
        configuredAdminEmails: [],
      });
      expect(unknown).toEqual({ ok: false, reason: "no-account", email: "nobody@example.edu" });
      expect(!unknown.ok && describeRoleRefusal(unknown)).toBe(
        "No account uses nobody@example.edu. Ask them to register first.",
      );
      expect(await database.db.selectFrom("admin_audit").select("id").execute()).toEqual([]);
    });
  });
}
