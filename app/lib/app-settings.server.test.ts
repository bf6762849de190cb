import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../tests/support/test-databases";
import { readAppSetting, writeAppSetting } from "./app-settings.server";

for (const target of testDatabaseTargets()) {
  describe(`settings on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("reads each key's current value through its compiled read, every time", async () => {
      const { db } = await databases.openMigrated();
      expect(await readAppSetting(db, "test-a")).toBeNull();
      await writeAppSetting(db, "test-a", "one");
      await writeAppSetting(db, "test-b", "other");
      expect(await readAppSetting(db, "test-a")).toBe("one");
      await writeAppSetting(db, "test-a", "two");
      expect(await readAppSetting(db, "test-a")).toBe("two");
      expect(await readAppSetting(db, "test-b")).toBe("other");
    });

    it("reads a transaction's own write inside it, and the committed value outside", async () => {
      const { db } = await databases.openMigrated();
      await writeAppSetting(db, "test-a", "before");
      expect(await readAppSetting(db, "test-a")).toBe("before");
      await expect(
        db.transaction().execute(async (trx) => {
          await writeAppSetting(trx, "test-a", "inside");
          expect(await readAppSetting(trx, "test-a")).toBe("inside");
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await readAppSetting(db, "test-a")).toBe("before");
    });
  });
}
