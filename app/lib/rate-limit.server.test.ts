import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../tests/support/test-databases";
import { checkRateLimit, consumeRateLimit, deleteExpiredRateLimits } from "./rate-limit.server";

const rule = { name: "test", limit: 3, windowSeconds: 60 };
const start = new Date("2026-05-17T16:00:00.000Z");

for (const target of testDatabaseTargets()) {
  describe(`rate limits on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("allows the limit, refuses the next with the wait until the window ends, per subject", async () => {
      const { db } = await databases.openMigrated();
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await consumeRateLimit(db, rule, "10.0.0.1", start)).toEqual({ isAllowed: true });
      }
      const tenSecondsLater = new Date(start.getTime() + 10_000);
      expect(await consumeRateLimit(db, rule, "10.0.0.1", tenSecondsLater)).toEqual({
        isAllowed: false,
        retryAfterSeconds: 50,
      });
      expect(await consumeRateLimit(db, rule, "10.0.0.2", tenSecondsLater)).toEqual({
        isAllowed: true,
      });
      const nextWindow = new Date(start.getTime() + 60_000);
      expect(await consumeRateLimit(db, rule, "10.0.0.1", nextWindow)).toEqual({ isAllowed: true });
    });

    it("can check a limit without counting an attempt", async () => {
      const { db } = await databases.openMigrated();
      for (let check = 0; check < 5; check++) {
        expect(await checkRateLimit(db, rule, "10.0.0.3", start)).toEqual({ isAllowed: true });
      }
      for (let attempt = 0; attempt < 3; attempt++)
        await consumeRateLimit(db, rule, "10.0.0.3", start);
      expect(await checkRateLimit(db, rule, "10.0.0.3", start)).toEqual({
        isAllowed: false,
        retryAfterSeconds: 60,
      });
    });

    it("never lets simultaneous attempts past the limit", async () => {
      const { db } = await databases.openMigrated({ maxConnections: 8 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => consumeRateLimit(db, rule, "10.0.0.9", start)),
      );
      expect(results.filter((result) => result.isAllowed)).toHaveLength(3);
    });

    it("drops the counters of windows that have ended", async () => {
      const { db } = await databases.openMigrated();
      await consumeRateLimit(db, rule, "10.0.0.1", start);
      await deleteExpiredRateLimits(db, new Date(start.getTime() + 30_000));
      expect(await db.selectFrom("rate_limit").select("key").execute()).toHaveLength(1);
      await deleteExpiredRateLimits(db, new Date(start.getTime() + 61_000));
      expect(await db.selectFrom("rate_limit").select("key").execute()).toHaveLength(0);
    });
  });
}
