// The outbox against the production server and a real SMTP server (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set):
// - the SMTP server is down during a release of 50 decisions and comes back two minutes later: every
//   author gets exactly one message, and the page said they were waiting meanwhile; one address the
//   server refuses with 550 is marked failed with the answer, the others are delivered;
// - kill -9 of the whole server while the release's mail goes out: after the restart every message is
//   delivered, none lost, and a message sent twice (handed over just before the kill) keeps its
//   Message-ID;
// - two servers (two workers each) on one PostgreSQL with 200 queued messages: each delivered once;
// - 500 decisions released at once: the release answers in under a second; how long delivery takes.
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/content/editions";
import { stageDecision } from "~/features/decisions/decisions.server";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { queueMail } from "~/lib/mail/outbox.server";
import { insertTestSubmission } from "../support/review-fixtures";
import type { TestDatabase } from "../support/test-databases";
import { testDatabaseTargets } from "../support/test-databases";
import { startTestSmtpServer } from "../support/test-smtp-server";
import { insertTestUser } from "../support/test-users";
import { cookieFrom, formHeaders, ownClientAddress, signIn } from "./support/accounts";
import {
  type ProductionServer,
  processTree,
  startProductionServer,
} from "./support/production-server";
import { reportMeasurement } from "./support/report";
import { startServerOnTarget, type TargetServer } from "./support/target-server";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const editionYear = getCurrentEdition().year;
const admin = { userId: null, label: "robustness setup" };

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An admin who registered through the site; its session cookie. */
async function signedInAdmin(server: ProductionServer, handle: DatabaseHandle): Promise<string> {
  const email = `admin-${crypto.randomBytes(4).toString("hex")}@example.edu`;
  const password = "outbox-robustness-2025";
  const registered = await fetch(`${server.baseUrl}/register`, {
    method: "POST",
    headers: formHeaders(server, { "X-Forwarded-For": ownClientAddress() }),
    body: new URLSearchParams({
      firstName: "Ada",
      lastName: "Admin",
      email,
      password,
      confirmPassword: password,
    }),
    redirect: "manual",
  });
  expect(registered.status).toBeLessThan(400);
  await handle.db
    .updateTable("user")
    .set({ role: "admin", emailVerified: handle.dialect === "postgres" ? true : 1 })
    .where("email", "=", email)
    .execute();
  return cookieFrom(await signIn(server, email, password));
}

/** `count` authors with one staged decision each (a third accepted, a third alternates, a third not). */
async function stageDecisions(handle: DatabaseHandle, count: number, prefix: string) {
  const database = handle as TestDatabase;
  const addresses: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = `${prefix}-${index}`;
    const email = `${id}@example.edu`;
    addresses.push(email);
    await insertTestUser(database, { id, email, firstName: `Author${index}` });
    const { id: submissionId } = await insertTestSubmission(database, {
      userId: id,
      editionYear,
      title: `Abstract by author ${index}`,
    });
    const kind = index % 3;
    await stageDecision(handle.db, {
      submissionId,
      decision: kind === 0 ? "accepted" : kind === 1 ? "alternate" : "rejected",
      acceptedAs: kind === 0 ? "talk" : null,
      actor: admin,
    });
  }
  return addresses;
}

/**
 * Presses "Release" as the admin's browser does with JavaScript (the action's data, without drawing the
 * whole page again); the answer's status, words and how long it took.
 */
async function release(server: ProductionServer, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/user-data/submissions.data`, {
    method: "POST",
    headers: formHeaders(server, { cookie }),
    body: new URLSearchParams({
      intent: "release",
      confirmBy: `${editionYear + 2}-04-15T23:59`,
      materialsDue: `${editionYear + 2}-05-01T23:59`,
    }),
    redirect: "manual",
  });
  const html = await response.text();
  return { status: response.status, html, ms: performance.now() - started };
}

function deliveriesByAddress(received: { to: string[] }[]) {
  const counts = new Map<string, number>();
  for (const message of received)
    for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

const targets = testDatabaseTargets();
// The two-minute outage runs once, on the last target (PostgreSQL when it is set).
const outageTarget = targets.at(-1)?.name;

for (const target of targets) {
  describe(`the mail outbox on ${target.name}`, () => {
    async function start(env: Record<string, string>): Promise<TargetServer> {
      const running = await startServerOnTarget(target, env);
      cleanups.push(() => running.stop());
      return running;
    }

    it.runIf(target.name === outageTarget)(
      "a mail server down for two minutes during a release of 50 decisions: each author gets one message",
      { timeout: 8 * 60_000 },
      async () => {
        const refused = `refused-${crypto.randomBytes(3).toString("hex")}@example.edu`;
        const smtp = await startTestSmtpServer({ refuse: [refused] });
        cleanups.push(() => smtp.stop());
        const { server, handle } = await start({ SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: "0" });
        const cookie = await signedInAdmin(server, handle);
        const addresses = await stageDecisions(handle, 49, "outage");
        await insertTestUser(handle as TestDatabase, { id: "refused", email: refused });
        const { id } = await insertTestSubmission(handle as TestDatabase, {
          userId: "refused",
          editionYear,
        });
        await stageDecision(handle.db, { submissionId: id, decision: "rejected", actor: admin });
        await smtp.stop();
        const before = smtp.received.length;

        const answer = await release(server, cookie);
        expect(answer.status).toBe(200);
        expect(answer.html).toContain("Released 50 decisions successfully and emailed 50 authors.");
        // Meanwhile the decisions page says the mail is waiting, and why.
        const page = await fetch(`${server.baseUrl}/user-data/submissions`, {
          headers: { cookie },
        });
        const pageText = await page.text();
        expect(page.status).toBe(200);
        expect(pageText).toMatch(/50 decision messages are still waiting to be sent/);
        const downSince = Date.now();
        await waitFor(
          async () => {
            const row = await handle.db
              .selectFrom("mail_outbox")
              .select("last_error")
              .where("kind", "=", "decision")
              .where("last_error", "is not", null)
              .executeTakeFirst();
            return Boolean(row);
          },
          30_000,
          "the first failed attempt",
        );
        await new Promise((resolve) => setTimeout(resolve, 120_000 - (Date.now() - downSince)));
        expect(smtp.received.length).toBe(before);
        await smtp.start();
        const restartedAt = Date.now();
        await waitFor(
          () => deliveriesByAddress(smtp.received.slice(before)).size >= addresses.length,
          4 * 60_000,
          "every author's message",
        );
        const counts = deliveriesByAddress(smtp.received.slice(before));
        for (const address of addresses) expect(counts.get(address), address).toBe(1);
        expect(counts.has(refused)).toBe(false);
        await waitFor(
          async () => {
            const row = await handle.db
              .selectFrom("mail_outbox")
              .select(["state", "last_error"])
              .where("recipient", "=", refused)
              .executeTakeFirst();
            return row?.state === "failed";
          },
          60_000,
          "the refused address to be marked failed",
        );
        const failed = await handle.db
          .selectFrom("mail_outbox")
          .select(["last_error"])
          .where("recipient", "=", refused)
          .executeTakeFirstOrThrow();
        expect(failed.last_error).toMatch(/550/);
        reportMeasurement(
          `outbox on ${target.name}: mail server down 2 minutes during a release of 50`,
          { releaseMs: Math.round(answer.ms) },
          `all delivered ${Math.round((Date.now() - restartedAt) / 1000)} s after the mail server came back`,
        );
      },
    );

    it("kill -9 while a release's mail goes out: after the restart every message is delivered", {
      timeout: 4 * 60_000,
    }, async () => {
      // Slow answers keep the release's mail going out when the server is killed.
      const smtp = await startTestSmtpServer({ delayMs: 60 });
      cleanups.push(() => smtp.stop());
      const env = { SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: "0" };
      const running = await start(env);
      const cookie = await signedInAdmin(running.server, running.handle);
      const addresses = await stageDecisions(running.handle, 50, "crash");
      const answer = await release(running.server, cookie);
      expect(answer.html).toContain("Released 50 decisions successfully and emailed 50 authors.");
      await waitFor(() => smtp.received.length >= 5, 30_000, "the first messages");
      for (const pid of processTree(running.server.child.pid as number)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
      await running.server.exited;
      const deliveredBeforeKill = new Set(
        smtp.received.flatMap((message) => message.to).filter((to) => to.startsWith("crash-")),
      ).size;
      expect(deliveredBeforeKill).toBeLessThan(addresses.length);

      // The same data, a new server.
      const restarted = await startProductionServer({
        env: {
          ...env,
          WEB_CONCURRENCY: "2",
          ...(running.databaseUrl ? { DATABASE_URL: running.databaseUrl } : {}),
        },
        dataDir: running.server.dataDir,
      });
      cleanups.push(() => restarted.stop());
      await waitFor(
        () =>
          addresses.every((address) =>
            smtp.received.some((message) => message.to.includes(address)),
          ),
        90_000,
        "every author's message after the restart",
      );
      const mine = smtp.received.filter((message) =>
        message.to.some((to) => to.startsWith("crash-")),
      );
      const ids = mine.map((message) => message.messageId);
      const repeated = mine.length - new Set(ids).size;
      // A message counts once per Message-ID: one the killed workers had handed over but not recorded
      // is sent again under the same id (at most one per worker), and nothing else is repeated.
      expect(new Set(ids).size).toBe(addresses.length);
      expect(repeated).toBeLessThanOrEqual(2);
      // The sender records a delivery once the mail server has answered: the last message may be
      // received a moment before its row says so.
      await waitFor(
        async () => {
          const rows = await running.handle.db
            .selectFrom("mail_outbox")
            .select("state")
            .where("kind", "=", "decision")
            .execute();
          return rows.length === addresses.length && rows.every((row) => row.state === "sent");
        },
        15_000,
        "every decision message recorded as sent",
      );
      reportMeasurement(
        `outbox on ${target.name}: kill -9 during a release's mail`,
        { deliveredBeforeKill, resentUnderSameId: repeated },
        "all 50 delivered after the restart",
      );
    });

    it("500 decisions released at once: the release answers in under a second", {
      timeout: 4 * 60_000,
    }, async () => {
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      const { server, handle } = await start({ SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: "0" });
      const cookie = await signedInAdmin(server, handle);
      const addresses = await stageDecisions(handle, 500, "bulk");
      const answer = await release(server, cookie);
      expect(answer.html).toContain("Released 500 decisions successfully and emailed 500 authors.");
      const releasedAt = Date.now();
      await waitFor(
        () => deliveriesByAddress(smtp.received).size >= addresses.length + 1,
        3 * 60_000,
        "500 messages",
      );
      const deliveryMs = Date.now() - releasedAt;
      reportMeasurement(
        `outbox on ${target.name}: 500 decisions released`,
        { releaseMs: Math.round(answer.ms), deliveryMs },
        "to the local SMTP server, 2 workers, no rate limit",
      );
      expect(answer.ms).toBeLessThan(1_000);
    });
  });
}

describe.runIf(targets.some((target) => target.name === "postgres"))(
  "two servers on one PostgreSQL",
  () => {
    it("deliver 200 queued messages, each exactly once", { timeout: 3 * 60_000 }, async () => {
      const target = targets.find((each) => each.name === "postgres");
      if (!target) return;
      const smtp = await startTestSmtpServer();
      cleanups.push(() => smtp.stop());
      // Queued before either server starts, so both find the whole lot waiting.
      const first = await startServerOnTarget(target, {
        SMTP_URL: "smtp://127.0.0.1:9", // nowhere yet: the first server only prepares the database
        MAIL_RATE_PER_MINUTE: "0",
      });
      cleanups.push(() => first.stop());
      await first.server.stop({ keepData: true });
      const addresses = Array.from({ length: 200 }, (_, index) => `two-${index}@example.edu`);
      await queueMail(
        first.handle.db,
        addresses.map((to) => ({ to, subject: "Two servers", text: "Hello\n", kind: "group" })),
        { cause: "robustness", messageIdDomain: "site.example" },
      );
      const env = {
        SMTP_URL: smtp.url,
        MAIL_RATE_PER_MINUTE: "0",
        WEB_CONCURRENCY: "2",
        DATABASE_URL: first.databaseUrl ?? "",
      };
      const servers = await Promise.all([
        startProductionServer({ env }),
        startProductionServer({ env }),
      ]);
      for (const server of servers) cleanups.push(() => server.stop());
      await waitFor(() => smtp.received.length >= addresses.length, 120_000, "200 messages");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const counts = deliveriesByAddress(smtp.received);
      expect(smtp.received).toHaveLength(addresses.length);
      for (const address of addresses) expect(counts.get(address)).toBe(1);
      const senders = await first.handle.db
        .selectFrom("mail_attempt")
        .select("sender")
        .distinct()
        .execute();
      reportMeasurement(
        "outbox on postgres: two servers, 200 queued messages",
        { delivered: smtp.received.length, senders: senders.length },
        "each delivered once",
      );
    });
  },
);
