import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { outboxMailer } from "../../../tests/support/outbox-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { createAuth } from "./auth.server";

// Registering from a page with a return path (/register?redirectTo=...) must land there after the
// mailed verification: the route passes the path as better-auth's callbackURL, and the mailed link
// carries it to the verify page, whose "Log In" leads back.

const baseUrl = "http://localhost:3999";
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const mailDirs: string[] = [];
afterEach(() => {
  for (const dir of mailDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const registration = {
  email: "grace@example.edu",
  password: "analytical-engine-1843",
  name: "Grace Hopper",
  firstName: "Grace",
  lastName: "Hopper",
};

for (const target of testDatabaseTargets()) {
  describe(`the verification link's return path on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function verificationLinkAfter(callbackURL?: string): Promise<URL> {
      const database = await databases.openMigrated();
      const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-mail-"));
      mailDirs.push(mailDir);
      const mail = outboxMailer(database.db, { mailDir });
      const auth = createAuth({
        database,
        mailer: mail.mailer,
        logger: silentLogger,
        config: {
          baseUrl,
          google: undefined,
          secret: "a-test-secret-that-is-long-enough-1234567890",
        },
      });
      await auth.api.signUpEmail({ body: { ...registration, callbackURL } });
      await auth.settleBackgroundTasks();
      await mail.deliver();
      const [message = ""] = fs
        .readdirSync(mailDir)
        .map((file) => fs.readFileSync(path.join(mailDir, file), "utf8"));
      const decoded = message.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const match = decoded.match(new RegExp(`${baseUrl}/verify-email\\?[^\\s<>"]+`));
      if (!match) throw new Error("no verification link in the mail");
      return new URL(match[0]);
    }

    it("carries the page registration started from", async () => {
      const link = await verificationLinkAfter("/sculc/submit-abstract?replace=1");
      expect(link.searchParams.get("token")).toBeTruthy();
      expect(link.searchParams.get("redirectTo")).toBe("/sculc/submit-abstract?replace=1");
    });

    it("carries nothing without a return path, and never another site's address", async () => {
      expect((await verificationLinkAfter()).searchParams.has("redirectTo")).toBe(false);
      // The site's own check (explicitReturnPath) drops it, whatever better-auth let through.
      const offSite = await verificationLinkAfter("https://evil.example/phish");
      expect(offSite.searchParams.has("redirectTo")).toBe(false);
    });
  });
}
