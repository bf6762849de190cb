import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { writeAppSetting } from "../app-settings.server";
import { preparedQuery } from "./prepared-query.server";

for (const target of testDatabaseTargets()) {
  describe(`preparedQuery on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("answers as the query built afresh would, for each call's values, compiling once per handle", async () => {
      const { db } = await databases.openMigrated();
      for (const [key, value] of [
        ["test-a", "1"],
        ["test-b", "2"],
        ["test-c", "3"],
        ["it's; --", "quoted"],
      ] as const)
        await writeAppSetting(db, key, value);
      let builds = 0;
      const between = preparedQuery((handle, { from, to }: { from: string; to: string }) => {
        builds += 1;
        return (
          handle
            .selectFrom("app_setting")
            .select(["key", "value"])
            .where("key", ">=", from)
            .where("key", "<=", to)
            // A fixed value among the arguments: it keeps its place.
            .where("key", "!=", "ignored")
            .orderBy("key")
        );
      });
      const afresh = (from: string, to: string) =>
        db
          .selectFrom("app_setting")
          .select(["key", "value"])
          .where("key", ">=", from)
          .where("key", "<=", to)
          .orderBy("key")
          .execute();

      for (const [from, to] of [
        ["test-a", "test-b"],
        ["test-b", "test-c"],
        ["test-c", "test-a"],
        ["it's; --", "it's; --"],
        ["", "\uffff"],
      ] as const) {
        const rows = await between(db, { from, to });
        expect(rows).toEqual(await afresh(from, to));
      }
      expect(await between(db, { from: "test-b", to: "test-b" })).toEqual([
        { key: "test-b", value: "2" },
      ]);
      expect(builds).toBe(1);

      // A transaction's handle is another database handle: its own template, its own writes.
      await db.transaction().execute(async (trx) => {
        await writeAppSetting(trx, "test-b", "inside");
        expect(await between(trx, { from: "test-b", to: "test-b" })).toEqual([
          { key: "test-b", value: "inside" },
        ]);
      });
      expect(builds).toBe(2);
      expect(await between(db, { from: "test-b", to: "test-b" })).toEqual([
        { key: "test-b", value: "inside" },
      ]);
      expect(builds).toBe(2);
    });

    it("refuses an argument written into the SQL's text, changed before it is sent, or not used", async () => {
      const { db } = await databases.openMigrated();
      const inlined = preparedQuery((handle, { key }: { key: string }) =>
        handle.selectFrom("app_setting").select("value").where("key", "=", sql.lit(key)),
      );
      await expect(inlined(db, { key: "test-a" })).rejects.toThrow(/written into its SQL text/);

      const derived = preparedQuery((handle, { key }: { key: string }) =>
        handle.selectFrom("app_setting").select("value").where("key", "like", `${key}%`),
      );
      await expect(derived(db, { key: "test" })).rejects.toThrow(/a value made from its argument/);

      const unused = preparedQuery((handle, _args: { key: string }) =>
        handle.selectFrom("app_setting").select("value").where("key", "=", "test-a"),
      );
      await expect(unused(db, { key: "test-a" })).rejects.toThrow(
        /does not use its argument "key"/,
      );
    });
  });
}
