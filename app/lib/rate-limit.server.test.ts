import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../tests/support/test-databases";
import { openDatabase } from "./db/database.server";
import { clearRateLimit, consumeRateLimit, refundRateLimit } from "./rate-limit.server";

const rule = { name: "test", limit: 3, windowSeconds: 60 };

for (const target of testDatabaseTargets()) {
  describe(`rate limits on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("allows the limit, refuses the next with the wait until the window ends, per subject", async () => {
      const database = await databases.openMigrated();
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await consumeRateLimit(database, rule, "10.0.0.1")).toEqual({ isAllowed: true });
      }
      const refused = await consumeRateLimit(database, rule, "10.0.0.1");
      expect(refused.isAllowed).toBe(false);
      if (!refused.isAllowed) {
        expect(refused.retryAfterSeconds).toBeGreaterThan(55);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
      expect(await consumeRateLimit(database, rule, "10.0.0.2")).toEqual({ isAllowed: true });
      // Subjects are compared without case (email addresses).
      expect((await consumeRateLimit(database, rule, "10.0.0.1".toUpperCase())).isAllowed).toBe(
        false,
      );
    });

    it("gives back a refunded attempt and forgets a cleared subject", async () => {
      const database = await databases.openMigrated();
      for (let attempt = 0; attempt < 3; attempt++)
        await consumeRateLimit(database, rule, "Ada@Example.edu");
      await refundRateLimit(database, rule, "ada@example.edu");
      expect(await consumeRateLimit(database, rule, "ada@example.edu")).toEqual({
        isAllowed: true,
      });
      expect((await consumeRateLimit(database, rule, "ada@example.edu")).isAllowed).toBe(false);
      await clearRateLimit(database, rule, "ada@example.edu");
      expect(await consumeRateLimit(database, rule, "ada@example.edu")).toEqual({
        isAllowed: true,
      });
    });

    it("never lets simultaneous attempts past the limit", async () => {
      const database = await databases.openMigrated({ maxConnections: 8 });
      const results = await Promise.all(
        Array.from({ length: 50 }, () => consumeRateLimit(database, rule, "10.0.0.9")),
      );
      expect(results.filter((result) => result.isAllowed)).toHaveLength(3);
    });

    it("shares one counter between server processes on the same database", async () => {
      const first = await databases.openMigrated();
      // A second handle on the same database stands in for a second server process.
      const second =
        first.client.dialect === "sqlite"
          ? openDatabase({ dialect: "sqlite", filename: first.client.connection.name })
          : openDatabase({
              dialect: "postgres",
              connectionString: (
                first.client.pool as unknown as { options: { connectionString: string } }
              ).options.connectionString,
            });
      const other = second;
      try {
        await consumeRateLimit(first, rule, "10.0.0.7");
        await consumeRateLimit(other, rule, "10.0.0.7");
        await consumeRateLimit(first, rule, "10.0.0.7");
        expect((await consumeRateLimit(other, rule, "10.0.0.7")).isAllowed).toBe(false);
      } finally {
        await second.close();
      }
    });
  });
}
