import type { Kysely } from "kysely";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { verificationEmail } from "~/features/accounts/account-emails.server";
import type { Database } from "~/lib/db/schema";
import { claimDueMail, queueMail, recordAttempt } from "~/lib/mail/outbox.server";
import { pageAnswer, postedForm } from "../../../tests/support/page-answer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { MailLogPage } from "./mail-log-page";
import { handleMailLogAction, loadMailLogPage, loadMailMessagePage } from "./mail-log-pages.server";
import { MailMessagePage } from "./mail-message-page";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chair = { userId: null, label: "chair@example.edu" };
const sender = "test-sender";

function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

async function listHtml(db: Kysely<Database>, search = "") {
  return render(<MailLogPage {...(await loadMailLogPage(db, new URLSearchParams(search)))} />);
}

async function detailsHtml(db: Kysely<Database>, id: string) {
  return render(<MailMessagePage {...(await loadMailMessagePage(db, id))} />);
}

async function deliverAll(db: Kysely<Database>, outcome: "sent" | "failed", at = new Date()) {
  const claimed = await claimDueMail(db, { sender, now: at, leaseUntil: at, limit: 10 });
  for (const mail of claimed)
    await recordAttempt(
      db,
      mail,
      outcome === "sent"
        ? { sender, at, outcome }
        : { sender, at, outcome, response: "550 5.1.1 <new@example.edu>: no such user" },
    );
}

for (const target of testDatabaseTargets()) {
  describe(`the mail pages on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("never show a verification mail's token: not while it waits, not once sent", async () => {
      const { db } = await databases.openMigrated();
      const token = "tok3n-that-opens-the-account";
      const verifyUrl = `https://sculc.example.edu/verify-email?token=${token}&callbackURL=%2Fprofile`;
      const [id = ""] = await queueMail(
        db,
        [verificationEmail({ to: "new@example.edu", verifyUrl })],
        {
          cause: "Registration of new@example.edu",
          messageIdDomain: "example.edu",
        },
      );
      for (const stage of ["waiting", "sent"] as const) {
        if (stage === "sent") await deliverAll(db, "sent");
        const list = await listHtml(db);
        const details = await detailsHtml(db, id);
        expect(list).toContain("Verify your email address");
        expect(details).toContain("Verify your email address");
        expect(details).toContain("Please confirm your email address");
        expect(details).toContain("[link sent: not shown, it opens the account]");
        expect(details).toContain("is not shown here");
        for (const html of [list, details]) {
          expect(html).not.toContain(token);
          expect(html).not.toContain("verify-email?");
        }
      }
    });

    it("show the filters, the counts and the failed message's retry; a missing message is a 404", async () => {
      const { db } = await databases.openMigrated();
      const [id = ""] = await queueMail(
        db,
        [{ to: "new@example.edu", subject: "Your decision", text: "Hello", kind: "decision" }],
        { cause: "Decisions released by chair@example.edu", messageIdDomain: "example.edu" },
      );
      await deliverAll(db, "failed");
      const list = await listHtml(db, "state=failed&kind=decision");
      expect(list).toContain(
        "Showing 1–1 of 1 message (failed, of the kind “Decision”), newest first.",
      );
      expect(list).toContain("Decisions released by chair@example.edu");
      expect(list).toContain("550 5.1.1 &lt;new@example.edu&gt;: no such user");
      expect(list).toContain("Retry all failed messages…");
      expect(list).toContain('name="attempts" value="1"');
      const confirming = await listHtml(db, "state=failed&confirm=retry-all");
      expect(confirming).toContain("Retry all 1 failed message?");
      expect(confirming).toMatch(/name="shownAt" value="\d{4}-\d\d-\d\dT/);
      const details = await detailsHtml(db, id);
      expect(details).toContain(`&lt;${id}@example.edu&gt;`);
      expect(details).toContain("Refused; not tried again");
      await expect(loadMailMessagePage(db, "nothing")).rejects.toMatchObject({ status: 404 });
    });

    it("retry wakes the sender once; a second press retries nothing", async () => {
      const { db } = await databases.openMigrated();
      const [id = ""] = await queueMail(
        db,
        [{ to: "new@example.edu", subject: "Your decision", text: "Hello", kind: "decision" }],
        { cause: "A test", messageIdDomain: "example.edu" },
      );
      await deliverAll(db, "failed");
      let wakes = 0;
      const deps = { db, wake: () => wakes++ };
      const press = async (fields: Record<string, string>) =>
        pageAnswer(await handleMailLogAction(deps, chair, postedForm(fields)));
      const form = { intent: "retry", messageId: id, attempts: "1" };
      expect(await press(form)).toEqual({
        message:
          "The message to new@example.edu was queued again successfully; it is sent within a minute if the mail server takes it.",
        status: 200,
      });
      expect(await press(form)).toMatchObject({ status: 409 });
      expect(wakes).toBe(1);

      // Failed again, then the confirming page is shown.
      await pause(5);
      await deliverAll(db, "failed", new Date());
      await pause(5);
      const shownAt = new Date().toISOString();
      const all = { intent: "retry-all", shownAt };
      expect(await press(all)).toEqual({
        message:
          "1 failed message was queued again successfully; they are sent within minutes if the mail server takes them.",
        status: 200,
      });
      expect(await press(all)).toMatchObject({ status: 409 });
      expect(await press({ intent: "retry-all", shownAt: "yesterday" })).toMatchObject({
        status: 409,
      });
      expect(await press({ intent: "delete" })).toEqual({
        message: "Unknown action.",
        status: 400,
      });
      expect(wakes).toBe(2);
    });
  });
}
