import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { passwordResetEmail, verificationEmail } from "~/features/accounts/account-emails.server";
import { outboxMailer } from "../../../tests/support/outbox-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { startTestSmtpServer } from "../../../tests/support/test-smtp-server";
import { createMailSender, type MailSender } from "./mail-sender.server";
import { createMailTransport, type MailTransport } from "./mail-transport.server";
import {
  claimDueMail,
  hiddenLinkNote,
  type MailMessage,
  notOneAddressError,
  queueMail,
  releaseLeasesOfDeadSenders,
} from "./outbox.server";

function capturingLogger() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(JSON.stringify(args));
  };
  return { lines, logger: { info: record, warn: record, error: record } };
}

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const domain = { messageIdDomain: "site.example" };

function note(to: string, subject = "A note"): MailMessage {
  return { to, subject, text: `Hello ${to}\n`, kind: "group" };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
/** Registered after the databases' own hook, so it runs first: senders stop before their database goes. */
function stopSendersAfterEach() {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
}

function smtpSender(
  db: Parameters<typeof createMailSender>[0]["db"],
  url: string,
  options: Partial<Parameters<typeof createMailSender>[0]> = {},
): { sender: MailSender; transport: MailTransport } {
  const transport = createMailTransport({
    from: "site@example.edu",
    smtpUrl: url,
    mailDir: "",
    logger: silentLogger,
  });
  const sender = createMailSender({
    db,
    transport,
    logger: silentLogger,
    ratePerMinute: 0,
    pollMs: 50,
    retryBaseMs: 50,
    maxRetryDelayMs: 200,
    ...options,
  });
  cleanups.push(() => sender.stop());
  return { sender, transport };
}

for (const target of testDatabaseTargets()) {
  // Real SMTP exchanges on a busy machine: generous timeouts, the assertions stay exact.
  describe(`the mail outbox (${target.name})`, { timeout: 60_000 }, () => {
    const databases = useTestDatabases(target);
    stopSendersAfterEach();

    it("saves files without ever logging or keeping an account link once sent", async () => {
      const database = await databases.openMigrated();
      const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-mail-"));
      cleanups.push(() => fs.rmSync(mailDir, { recursive: true, force: true }));
      const { lines, logger } = capturingLogger();
      const transport = createMailTransport({ from: "site@example.edu", mailDir, logger });
      const sender = createMailSender({ db: database.db, transport, logger, ratePerMinute: 0 });
      cleanups.push(() => sender.stop());
      const verifyToken = "verify-token-7f3a9c2e1b";
      const resetToken = "reset-token-4d8e6a0c5f";
      await queueMail(
        database.db,
        [
          verificationEmail({
            to: "ada@example.edu",
            verifyUrl: `https://site.example/verify-email?token=${verifyToken}`,
          }),
          passwordResetEmail({
            to: "ada@example.edu",
            resetUrl: `https://site.example/reset-password?token=${resetToken}`,
          }),
        ],
        { cause: "Registration", ...domain },
      );
      // Before it is sent, organisers read the message with the link hidden.
      const queued = await database.db.selectFrom("mail_outbox").selectAll().execute();
      for (const row of queued) {
        expect(row.shown_text).toContain(hiddenLinkNote);
        expect(row.shown_text).not.toContain("token");
      }
      await sender.drain();

      const files = fs.readdirSync(mailDir);
      expect(files).toHaveLength(2);
      const log = lines.join("\n");
      for (const file of files) expect(log).toContain(path.join(mailDir, file));
      expect(log).not.toContain(verifyToken);
      expect(log).not.toContain(resetToken);
      expect(log).not.toContain("token=");
      // The file itself has the link, so a fresh clone can open it from data/mail.
      const saved = files.map((file) => fs.readFileSync(path.join(mailDir, file), "utf8")).join("");
      expect(saved.replace(/=\r?\n/g, "")).toContain(verifyToken);
      // Once sent, the database keeps only what organisers may read (backups too).
      const sent = await database.db.selectFrom("mail_outbox").selectAll().execute();
      for (const row of sent) {
        expect(row.state).toBe("sent");
        expect(JSON.stringify(row)).not.toContain("token=");
        expect(row.html_body).toBeNull();
      }
    });

    it("sends what a committed change queued and nothing of one that rolled back", async () => {
      const database = await databases.openMigrated();
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      const { sender } = smtpSender(database.db, smtp.url);
      await database.db
        .transaction()
        .execute(async (trx) => {
          await queueMail(trx, [note("lost@example.edu")], { cause: "test", ...domain });
          throw new Error("the change failed");
        })
        .catch(() => {});
      await database.db.transaction().execute(async (trx) => {
        await queueMail(trx, [note("kept@example.edu")], { cause: "test", ...domain });
      });
      await sender.drain();
      expect(smtp.received.map((message) => message.to)).toEqual([["kept@example.edu"]]);
      const [row] = await database.db.selectFrom("mail_outbox").selectAll().execute();
      expect(row).toMatchObject({ state: "sent", attempts: 1, recipient: "kept@example.edu" });
      // The Message-ID fixed at queueing is the one that went out.
      expect(smtp.received[0]?.messageId).toBe(row?.message_id);
    });

    it("marks an address the server refuses with 550 as failed with its answer; the others go", async () => {
      const database = await databases.openMigrated();
      const smtp = await startTestSmtpServer({ refuse: ["nobody@example.edu"] });
      cleanups.push(() => smtp.stop());
      const { sender } = smtpSender(database.db, smtp.url);
      await queueMail(
        database.db,
        [note("ada@example.edu"), note("nobody@example.edu"), note("ben@example.edu")],
        { cause: "test", ...domain },
      );
      await sender.drain();
      expect(smtp.received.flatMap((message) => message.to).sort()).toEqual([
        "ada@example.edu",
        "ben@example.edu",
      ]);
      const failed = await database.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("state", "=", "failed")
        .execute();
      expect(failed).toHaveLength(1);
      expect(failed[0]?.recipient).toBe("nobody@example.edu");
      expect(failed[0]?.last_error).toMatch(/550.*No such user/);
      const attempts = await database.db.selectFrom("mail_attempt").selectAll().execute();
      expect(attempts.map((attempt) => attempt.outcome).sort()).toEqual(["failed", "sent", "sent"]);
    });

    it("waits out a mail server that is down, then delivers every message once", async () => {
      const database = await databases.openMigrated();
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      await smtp.stop();
      const { sender } = smtpSender(database.db, smtp.url);
      const addresses = Array.from({ length: 12 }, (_, index) => `author${index}@example.edu`);
      await queueMail(
        database.db,
        addresses.map((to) => note(to)),
        { cause: "test", ...domain },
      );
      sender.wake();
      await waitFor(async () => {
        const rows = await database.db
          .selectFrom("mail_outbox")
          .select(["last_error", "attempts"])
          .where("last_error", "is not", null)
          .execute();
        return rows.length > 0;
      });
      // One connection attempt found the server down; the rest of the batch waited untried.
      const attempts = await database.db.selectFrom("mail_attempt").selectAll().execute();
      expect(attempts.length).toBeLessThan(addresses.length);
      expect(attempts.every((attempt) => attempt.outcome === "retry")).toBe(true);
      expect(
        await database.db.selectFrom("mail_outbox").select("state").execute(),
      ).not.toContainEqual({
        state: "sent",
      });

      await smtp.start();
      await waitFor(async () => smtp.received.length >= addresses.length);
      await sender.drain();
      expect(smtp.received.flatMap((message) => message.to).sort()).toEqual([...addresses].sort());
      const states = await database.db.selectFrom("mail_outbox").select("state").execute();
      expect(states.every((row) => row.state === "sent")).toBe(true);
    });

    it("gives each message to exactly one of two senders", async () => {
      const database = await databases.openMigrated({ maxConnections: 10 });
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      const first = smtpSender(database.db, smtp.url, { senderId: "server-a", batchSize: 7 });
      const second = smtpSender(database.db, smtp.url, { senderId: "server-b", batchSize: 7 });
      const addresses = Array.from({ length: 200 }, (_, index) => `person${index}@example.edu`);
      await queueMail(
        database.db,
        addresses.map((to) => note(to)),
        { cause: "test", ...domain },
      );
      first.sender.wake();
      second.sender.wake();
      await waitFor(async () => smtp.received.length >= addresses.length, 30_000);
      await Promise.all([first.sender.drain(), second.sender.drain()]);
      const delivered = smtp.received.flatMap((message) => message.to);
      expect(delivered).toHaveLength(addresses.length);
      expect(new Set(delivered).size).toBe(addresses.length);
      const bySender = await database.db.selectFrom("mail_attempt").select(["sender"]).execute();
      expect(bySender).toHaveLength(addresses.length);
    });

    it("sends again, with the same Message-ID, a message whose sender died mid-send", async () => {
      const database = await databases.openMigrated();
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      await queueMail(database.db, [note("ada@example.edu")], { cause: "test", ...domain });
      const now = new Date();
      const [claimed] = await claimDueMail(database.db, {
        sender: "dead-process",
        now,
        leaseUntil: new Date(now.getTime() + 60_000),
        limit: 5,
      });
      expect(claimed).toBeDefined();
      const { sender } = smtpSender(database.db, smtp.url);
      // Within the lease, nobody else takes it.
      await sender.drain();
      expect(smtp.received).toHaveLength(0);
      // The lease runs out: the next sender takes it.
      await database.db
        .updateTable("mail_outbox")
        .set({ lease_until: new Date(now.getTime() - 1).toISOString() })
        .execute();
      await sender.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.messageId).toBe(claimed?.message_id);
    });

    it("queues again at start-up what a dead process of this host had claimed, and only that", async () => {
      const database = await databases.openMigrated();
      await queueMail(
        database.db,
        [note("a@example.edu"), note("b@example.edu"), note("c@example.edu")],
        { cause: "test", ...domain },
      );
      const now = new Date();
      const leaseUntil = new Date(now.getTime() + 60_000);
      for (const sender of ["web-1:111", "web-1:222", "web-2:111"])
        await claimDueMail(database.db, { sender, now, leaseUntil, limit: 1 });
      const released = await releaseLeasesOfDeadSenders(database.db, {
        host: "web-1",
        isAlive: (pid) => pid === 222,
      });
      expect(released).toBe(1);
      const rows = await database.db
        .selectFrom("mail_outbox")
        .select(["state", "leased_by"])
        .execute();
      rows.sort((a, b) => (a.leased_by ?? "").localeCompare(b.leased_by ?? ""));
      expect(rows).toEqual([
        { state: "queued", leased_by: null },
        { state: "sending", leased_by: "web-1:222" },
        { state: "sending", leased_by: "web-2:111" },
      ]);
    });

    it("keeps to the rate over every sender", async () => {
      const database = await databases.openMigrated();
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      const { sender } = smtpSender(database.db, smtp.url, { ratePerMinute: 5, pollMs: 60_000 });
      await queueMail(
        database.db,
        Array.from({ length: 8 }, (_, index) => note(`p${index}@example.edu`)),
        { cause: "test", ...domain },
      );
      await sender.drain();
      expect(smtp.received).toHaveLength(5);
      const waiting = await database.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("state", "=", "queued")
        .execute();
      expect(waiting).toHaveLength(3);
    });

    it("never lets a subject or an address start a header of its own", async () => {
      const database = await databases.openMigrated();
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      const { sender } = smtpSender(database.db, smtp.url);
      await queueMail(
        database.db,
        [
          {
            to: "ada@example.edu\r\nBcc: eve@example.edu",
            subject: "Hello\r\nBcc: eve@example.edu",
            text: "Body\n",
            kind: "group",
          },
        ],
        { cause: "test", ...domain },
      );
      await queueMail(
        database.db,
        [
          {
            to: "ben@example.edu",
            subject: "Hi\r\nBcc: eve@example.edu",
            text: "Body\n",
            kind: "group",
          },
        ],
        { cause: "test", ...domain },
      );
      await sender.drain();
      const all = smtp.received.flatMap((message) => message.to);
      expect(all).toEqual(["ben@example.edu"]);
      for (const message of smtp.received) {
        expect(message.raw).not.toMatch(/^Bcc:/im);
        expect(message.raw).toMatch(/^Subject: Hi Bcc: eve@example.edu$/im);
      }
      const [refused] = await database.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("state", "=", "failed")
        .execute();
      expect(refused?.last_error).toBe(notOneAddressError);
    });

    it("goes through the outbox for a feature's send and wakes the sender", async () => {
      const database = await databases.openMigrated();
      const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-mail-"));
      cleanups.push(() => fs.rmSync(mailDir, { recursive: true, force: true }));
      const mail = outboxMailer(database.db, { mailDir });
      cleanups.push(() => mail.stop());
      await mail.mailer.send(note("ada@example.edu"), "A test");
      const sentRow = () =>
        database.db.selectFrom("mail_outbox").selectAll().where("state", "=", "sent").execute();
      await waitFor(async () => (await sentRow()).length === 1);
      expect(fs.readdirSync(mailDir)).toHaveLength(1);
      const [row] = await sentRow();
      expect(row).toMatchObject({ cause: "A test", kind: "group", state: "sent" });
    });
  });
}
