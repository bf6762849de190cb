import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import {
  effectiveDeadline,
  isAcceptingAbstracts,
  readCallForAbstracts,
  setCallForAbstracts,
} from "./call-for-abstracts.server";

const contentDeadline = "Friday, March 21, 2025, 11:59 PM Pacific Time";
const admin = { userId: null, label: "admin@example.edu" };

for (const target of testDatabaseTargets()) {
  describe(`the call's one deadline on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("is the content's deadline until an admin sets a closing time", async () => {
      const { db } = await databases.openMigrated();
      const call = await readCallForAbstracts(db);
      expect(isAcceptingAbstracts(call)).toBe(true);
      expect(effectiveDeadline(call, contentDeadline)).toBe(contentDeadline);
    });

    it("is the admins' closing time once set, written as the site writes deadlines", async () => {
      const { db } = await databases.openMigrated();
      await setCallForAbstracts(db, { isOpen: true, closesAt: "2025-04-02T06:59:00.000Z" }, admin);
      const call = await readCallForAbstracts(db);
      expect(effectiveDeadline(call, contentDeadline)).toBe(
        "Tuesday, April 1, 2025 at 11:59 PM Pacific Time",
      );
      expect(isAcceptingAbstracts(call, new Date("2025-04-02T07:00:00.000Z"))).toBe(false);
    });

    it("goes back to the content's deadline when the call is closed by hand", async () => {
      const { db } = await databases.openMigrated();
      await setCallForAbstracts(db, { isOpen: true, closesAt: "2025-04-02T06:59:00.000Z" }, admin);
      await setCallForAbstracts(db, { isOpen: false, closesAt: null }, admin);
      expect(effectiveDeadline(await readCallForAbstracts(db), contentDeadline)).toBe(
        contentDeadline,
      );
    });
  });
}
