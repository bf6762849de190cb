import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { type UploadTicket, uploadAdmission, uploadRateLimits } from "./upload-admission.server";

const logger = { warn: () => {} };

function released(ticket: UploadTicket): () => Promise<void> {
  if (!ticket.ok) throw new Error(`refused: ${ticket.reason}`);
  return ticket.release;
}

for (const target of testDatabaseTargets()) {
  describe(`upload admission on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("lets one upload per account in flight, across simultaneous requests, until it is released", async () => {
      const database = await databases.openMigrated({ maxConnections: 8 });
      // Two admissions on one database stand for two HTTP worker processes.
      const workers = [uploadAdmission(database, logger), uploadAdmission(database, logger)];
      const tickets = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (workers[index % 2] ?? workers[0])?.admit({
            accountId: "account-a",
            clientAddress: `10.0.0.${index}`,
          }),
        ),
      );
      const admitted = tickets.filter((ticket) => ticket?.ok);
      expect(admitted).toHaveLength(1);
      for (const ticket of tickets) {
        if (ticket && !ticket.ok) {
          expect(ticket.reason).toBe("upload-in-progress");
          expect(ticket.retryAfterSeconds).toBeGreaterThan(0);
        }
      }
      // Another account is not held up.
      const other = await workers[1]?.admit({ accountId: "account-b", clientAddress: "10.0.1.1" });
      expect(other?.ok).toBe(true);
      await released(admitted[0] as UploadTicket)();
      const next = await workers[0]?.admit({ accountId: "account-a", clientAddress: "10.0.0.1" });
      expect(next?.ok).toBe(true);
    });

    it("counts admitted uploads per account and per address, not those refused as in flight", async () => {
      const database = await databases.openMigrated();
      const admission = uploadAdmission(database, logger);
      const holding = await admission.admit({ accountId: "busy", clientAddress: "192.0.2.7" });
      for (let attempt = 0; attempt < 100; attempt++) {
        expect(
          await admission.admit({ accountId: "busy", clientAddress: "192.0.2.7" }),
        ).toMatchObject({ ok: false, reason: "upload-in-progress" });
      }
      await released(holding)();
      for (let attempt = 1; attempt < uploadRateLimits.byAccount.limit; attempt++) {
        const ticket = await admission.admit({ accountId: "busy", clientAddress: undefined });
        await released(ticket)();
      }
      const refused = await admission.admit({ accountId: "busy", clientAddress: undefined });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.reason).toBe("rate-limited");
        expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
      }
      // The address's own count: many accounts behind one address stop at its limit (the first
      // upload above counted against it too, the hundred refused ones did not).
      let lastAddressTicket: UploadTicket | undefined;
      for (let account = 1; account <= uploadRateLimits.byAddress.limit; account++) {
        lastAddressTicket = await admission.admit({
          accountId: `campus-${account}`,
          clientAddress: "192.0.2.7",
        });
        if (lastAddressTicket.ok) await lastAddressTicket.release();
      }
      expect(lastAddressTicket).toMatchObject({ ok: false, reason: "rate-limited" });
    }, 60_000);

    it("does not count an account's uploads over its own limit against its address", async () => {
      const database = await databases.openMigrated();
      const admission = uploadAdmission(database, logger);
      for (let attempt = 0; attempt < uploadRateLimits.byAccount.limit; attempt++) {
        await released(
          await admission.admit({ accountId: "flooder", clientAddress: "192.0.2.9" }),
        )();
      }
      // Far more refused attempts than the address allows: each is refused for the account alone.
      for (let attempt = 0; attempt < uploadRateLimits.byAddress.limit; attempt++) {
        expect(
          await admission.admit({ accountId: "flooder", clientAddress: "192.0.2.9" }),
        ).toMatchObject({ ok: false, reason: "rate-limited" });
      }
      // So a neighbour behind the same address still uploads.
      const neighbour = await admission.admit({
        accountId: "neighbour",
        clientAddress: "192.0.2.9",
      });
      expect(neighbour.ok).toBe(true);
    }, 60_000);
  });
}
