import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { adminUserSql, configuredAdminSql, isAdminUser } from "./admin-rule.server";

const adminEmails = ["web@example.edu", "new@example.edu"];

for (const target of testDatabaseTargets()) {
  describe(`the admin rule on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("the SQL and the predicate name the same admins", async () => {
      const database = await databases.openMigrated();
      // chair: the role; web: configured and confirmed; new: configured, mailbox not confirmed.
      await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
      await insertTestUser(database, { id: "web", email: "web@example.edu" });
      await insertTestUser(database, { id: "new", email: "new@example.edu" });
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      const now = new Date();
      await database.db
        .updateTable("user")
        .set({ mailboxConfirmedAt: database.dialect === "postgres" ? now : now.toISOString() })
        .where("id", "in", ["web", "ada"])
        .execute();

      const rows = await database.db
        .selectFrom("user")
        .select(["id", "email", "role", "mailboxConfirmedAt"])
        .orderBy("id")
        .execute();
      const byPredicate = rows.filter((row) => isAdminUser(row, adminEmails)).map((row) => row.id);
      const bySql = await database.db
        .selectFrom("user")
        .select("id")
        .where(adminUserSql(adminEmails))
        .orderBy("id")
        .execute();
      expect(byPredicate).toEqual(["chair", "web"]);
      expect(bySql.map((row) => row.id)).toEqual(byPredicate);

      const configured = await database.db
        .selectFrom("user as u")
        .select("u.id")
        .where(configuredAdminSql(adminEmails, "u"))
        .execute();
      expect(configured.map((row) => row.id)).toEqual(["web"]);
      const none = await database.db
        .selectFrom("user")
        .select("id")
        .where(configuredAdminSql([]))
        .execute();
      expect(none).toEqual([]);
    });
  });
}
