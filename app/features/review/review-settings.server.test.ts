import { describe, expect, it } from "vitest";
import { auditActions, chair } from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { defaultReviewSettings, isReviewPeriodOpen } from "./review-settings";
import { getReviewSettings, saveReviewSettings } from "./review-settings.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`review settings on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("uses the defaults until settings are saved, validates them, and audits the change", async () => {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "chair", email: "chair@example.edu" });
      expect(await getReviewSettings(database.db, year)).toEqual(defaultReviewSettings);
      const closesAt = "2025-04-01T06:59:00.000Z";
      const input = {
        isOpen: true,
        closesAt,
        othersVisibility: "never",
        canSelfAssign: false,
        meritScale: [
          { value: 1, label: "No" },
          { value: 2, label: "Maybe" },
          { value: 3, label: "Yes" },
        ],
        confidenceScale: defaultReviewSettings.confidenceScale,
      };
      expect(await saveReviewSettings(database.db, year, input, chair)).toEqual({ ok: true });
      const saved = await getReviewSettings(database.db, year);
      expect(saved).toMatchObject({ ...input, isStored: true });
      expect(await getReviewSettings(database.db, 2024)).toEqual(defaultReviewSettings);
      expect(isReviewPeriodOpen(saved, new Date("2025-04-01T06:58:00Z"))).toBe(true);
      expect(isReviewPeriodOpen(saved, new Date("2025-04-01T06:59:00Z"))).toBe(false);
      expect(isReviewPeriodOpen({ isOpen: false, closesAt: null })).toBe(false);

      const bad = await saveReviewSettings(
        database.db,
        year,
        {
          ...input,
          meritScale: [
            { value: 2, label: "A" },
            { value: 1, label: "B" },
          ],
        },
        chair,
      );
      expect(bad.ok).toBe(false);
      expect(
        await saveReviewSettings(database.db, year, { ...input, isOpen: "yes" }, chair),
      ).toMatchObject({
        ok: false,
      });
      expect(await getReviewSettings(database.db, year)).toEqual(saved);
      expect((await auditActions(database)).map((row) => row.action)).toEqual([
        "update-review-settings",
      ]);
    });
  });
}
