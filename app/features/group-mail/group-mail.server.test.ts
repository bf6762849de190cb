import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOutboxMailer } from "~/lib/mail/mailer.server";
import {
  admin,
  decideAndRelease,
  edition,
  seedAbstracts,
} from "../../../tests/support/decision-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  checkGroupMail,
  type GroupMailDraft,
  groupMailLinks,
  groupMessageFor,
  previewGroupMail,
  sendGroupMail,
} from "./group-mail.server";
import { handleGroupMailAction } from "./group-mail-actions.server";

const links = groupMailLinks("https://uls.example.org");

function outboxMailer(database: TestDatabase) {
  const wakes = { count: 0 };
  const mailer = createOutboxMailer({
    db: database.db,
    messageIdDomain: "uls.example.org",
    describe: () => "outbox",
    wake: () => {
      wakes.count++;
    },
  });
  return { mailer, wakes };
}

async function outbox(database: TestDatabase) {
  return database.db
    .selectFrom("mail_outbox")
    .select(["recipient", "subject", "text_body", "html_body", "kind", "cause"])
    .orderBy("recipient")
    .execute();
}

async function audit(database: TestDatabase) {
  return database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_label", "details"])
    .where("action", "=", "write-to-group")
    .execute();
}

const toSubmitters: GroupMailDraft = {
  group: "submitters",
  subject: "{conference}: news for {name}",
  body: "Dear {name},\n\nYour address is {email}. See {submissions_link}\n\n— The organisers",
};

const member = { email: "ana@example.edu", firstName: "Ana", lastName: "Test" };
const context = { editionYear: 2025, links };

describe("checking a message before it is previewed or sent", () => {
  const values = { group: "submitters", subject: "Hello", body: "Dear {name}," };

  it("takes a group, a subject and a body with the group's placeholders", () => {
    expect(checkGroupMail(values)).toEqual({
      ok: true,
      value: { group: "submitters", subject: "Hello", body: "Dear {name}," },
    });
  });

  it("refuses an empty subject or body, and no group", () => {
    const empty = checkGroupMail({ group: "", subject: "  ", body: "\n" });
    expect(empty).toMatchObject({
      ok: false,
      message: "Choose who gets the message.",
      fieldErrors: {
        group: "Choose who gets the message.",
        subject: "Write a subject.",
        body: "Write the message.",
      },
    });
    expect(checkGroupMail({ ...values, group: "everyone" })).toMatchObject({ ok: false });
    expect(checkGroupMail({ ...values, group: "constructor" })).toMatchObject({ ok: false });
  });

  it("refuses a subject over 200 characters and a body over 20,000", () => {
    expect(checkGroupMail({ ...values, subject: "s".repeat(200) }).ok).toBe(true);
    expect(checkGroupMail({ ...values, subject: "s".repeat(201) })).toMatchObject({
      ok: false,
      fieldErrors: { subject: "The subject is too long: 201 characters, at most 200." },
    });
    expect(checkGroupMail({ ...values, body: "b".repeat(20_000) }).ok).toBe(true);
    expect(checkGroupMail({ ...values, body: "b".repeat(20_001) })).toMatchObject({
      ok: false,
      fieldErrors: { body: "The message is too long: 20,001 characters, at most 20,000." },
    });
  });

  it("refuses an unknown placeholder by name, and one the group does not offer", () => {
    const typo = checkGroupMail({ ...values, body: "Dear {nmae}, {titel}" });
    expect(typo).toMatchObject({ ok: false });
    if (typo.ok) return;
    expect(typo.fieldErrors.body).toContain("{nmae}, {titel} are not placeholders");
    expect(typo.fieldErrors.body).toContain("{submissions_link}");
    const reviewLink = checkGroupMail({ ...values, subject: "See {review_link}" });
    expect(reviewLink).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        "{review_link} is not a placeholder a message to “All submitters” can fill",
      ),
    });
    // The same placeholder is offered to reviewers.
    expect(checkGroupMail({ ...values, group: "reviewers", body: "{review_link}" }).ok).toBe(true);
    expect(checkGroupMail({ ...values, group: "reviewers", body: "{submissions_link}" }).ok).toBe(
      false,
    );
    expect(
      checkGroupMail({ ...values, group: "accepted", body: "{congratulations_link}" }).ok,
    ).toBe(true);
    expect(
      checkGroupMail({ ...values, group: "alternates", body: "{congratulations_link}" }).ok,
    ).toBe(false);
  });

  it("refuses a brace that is not closed, and takes doubled braces as braces", () => {
    expect(checkGroupMail({ ...values, body: "Dear {name" })).toMatchObject({
      ok: false,
      fieldErrors: { body: "A brace is not closed. Write {{ or }} for a brace itself." },
    });
    expect(checkGroupMail({ ...values, body: "A set: {{a, b}}" }).ok).toBe(true);
  });
});

describe("one person's copy", () => {
  it("fills the placeholders, and a missing first name with the group's word", () => {
    const message = groupMessageFor(member, toSubmitters, context);
    expect(message).toMatchObject({
      to: "ana@example.edu",
      subject: "SCULC 2025: news for Ana",
      kind: "group",
    });
    expect(message.text).toBe(
      "Dear Ana,\n\nYour address is ana@example.edu. See https://uls.example.org/sculc/view-submission\n\n— The organisers\n",
    );
    const nameless = groupMessageFor({ ...member, firstName: " " }, toSubmitters, context);
    expect(nameless.text).toContain("Dear author,");
    const reviewer = groupMessageFor(
      { ...member, firstName: "" },
      { group: "reviewers", subject: "Hi {full_name}", body: "Dear {name}, {review_link}" },
      context,
    );
    expect(reviewer.subject).toBe("Hi Test");
    expect(reviewer.text).toBe("Dear reviewer, https://uls.example.org/review\n");
  });

  it("cannot inject a header through a name in the subject", () => {
    const message = groupMessageFor(
      { ...member, firstName: "Ana\r\nBcc: victim@example.org" },
      toSubmitters,
      context,
    );
    expect(message.subject).toBe("SCULC 2025: news for Ana Bcc: victim@example.org");
    expect(message.subject).not.toMatch(/[\r\n]/);
  });

  it("escapes the values in the HTML part, and a value never adds a placeholder", () => {
    const message = groupMessageFor(
      { ...member, firstName: '<img src=x onerror="alert(1)"> & {email}' },
      toSubmitters,
      context,
    );
    expect(message.html).toContain(
      "Dear &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; {email},",
    );
    expect(message.html).not.toContain("<img");
    expect(message.text).toContain('Dear <img src=x onerror="alert(1)"> & {email},');
    expect(message.html).toContain(
      '<a href="https://uls.example.org/sculc/view-submission">https://uls.example.org/sculc/view-submission</a>',
    );
  });
});

for (const target of testDatabaseTargets()) {
  describe(`writing to a group on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function seeded() {
      const database = await databases.openMigrated({ maxConnections: 4 });
      await seedAbstracts(database);
      await decideAndRelease(database);
      // The decision mails went through a recording mailer: the outbox holds only what this file sends.
      return database;
    }

    it("previews the first person's copy, and counts the group", async () => {
      const database = await seeded();
      const preview = await previewGroupMail(database.db, { edition, draft: toSubmitters, links });
      expect(preview).toMatchObject({
        ok: true,
        value: {
          recipients: 3,
          message: { to: "ana@example.edu", subject: "SCULC 2025: news for Ana" },
        },
      });
      expect(preview.ok && preview.value.token).toMatch(/^[0-9a-f-]{36}$/);
      expect(await outbox(database)).toEqual([]);
    });

    it("queues one message per address, with its cause, the audit entry, and wakes the sender", async () => {
      const database = await seeded();
      // Ana's second account address differs only in case: one message for the address.
      await insertTestUser(database, { id: "ana2", email: "ANA@Example.edu", firstName: "Ana" });
      await database.db
        .updateTable("submission")
        .set({ user_id: "ana2" })
        .where("id", "=", "s2")
        .execute();
      const { mailer, wakes } = outboxMailer(database);
      const sent = await sendGroupMail(
        { db: database.db, mailer },
        { edition, draft: toSubmitters, token: crypto.randomUUID(), links, actor: admin },
      );
      expect(sent).toEqual({ ok: true, value: { mailed: 3 } });
      expect(wakes.count).toBe(1);
      const rows = await outbox(database);
      expect(rows.map((row) => row.recipient)).toEqual([
        "ana@example.edu",
        "bo@example.edu",
        "cai@example.edu",
      ]);
      for (const row of rows) {
        expect(row.kind).toBe("group");
        expect(row.cause).toBe("Written by admin@example.edu to All submitters");
      }
      expect(rows[1]?.subject).toBe("SCULC 2025: news for Bo");
      expect(rows[1]?.text_body).toContain("Your address is bo@example.edu.");
      expect(rows[1]?.html_body).toContain("<p>Dear Bo,</p>");
      expect(await audit(database)).toEqual([
        {
          action: "write-to-group",
          actor_label: "admin@example.edu",
          details: "Group: All submitters. Subject: {conference}: news for {name}. Recipients: 3.",
        },
      ]);
    });

    it("sends once per preview: the same token again is refused and queues nothing", async () => {
      const database = await seeded();
      const { mailer, wakes } = outboxMailer(database);
      const token = crypto.randomUUID();
      const input = { edition, draft: toSubmitters, token, links, actor: admin };
      expect(await sendGroupMail({ db: database.db, mailer }, input)).toMatchObject({ ok: true });
      expect(await sendGroupMail({ db: database.db, mailer }, input)).toEqual({
        ok: false,
        reason: "already-sent",
      });
      // Even with another message and group: the token is the preview's.
      expect(
        await sendGroupMail(
          { db: database.db, mailer },
          { ...input, draft: { ...toSubmitters, group: "alternates" } },
        ),
      ).toEqual({ ok: false, reason: "already-sent" });
      expect((await outbox(database)).length).toBe(3);
      expect((await audit(database)).length).toBe(1);
      expect(wakes.count).toBe(1);
    });

    it("of two sends of one preview at once, one goes", async () => {
      const database = await seeded();
      const { mailer } = outboxMailer(database);
      const input = {
        edition,
        draft: toSubmitters,
        token: crypto.randomUUID(),
        links,
        actor: admin,
      };
      const results = await Promise.all([
        sendGroupMail({ db: database.db, mailer }, input),
        sendGroupMail({ db: database.db, mailer }, input),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([
        { ok: false, reason: "already-sent" },
      ]);
      expect((await outbox(database)).length).toBe(3);
    });

    it("refuses a send no preview handed a token to", async () => {
      const database = await seeded();
      const { mailer } = outboxMailer(database);
      for (const token of ["", "abc", "x".repeat(36)])
        expect(
          await sendGroupMail(
            { db: database.db, mailer },
            { edition, draft: toSubmitters, token, links, actor: admin },
          ),
        ).toEqual({ ok: false, reason: "not-previewed" });
      expect(await outbox(database)).toEqual([]);
    });

    it("refuses an empty group at preview and at send, and keeps the token unused", async () => {
      const database = await seeded();
      const { mailer, wakes } = outboxMailer(database);
      const draft = { ...toSubmitters, group: "unfinished-reviewers" as const, body: "Hi {name}" };
      expect(await previewGroupMail(database.db, { edition, draft, links })).toEqual({
        ok: false,
        reason: "empty-group",
      });
      const token = crypto.randomUUID();
      const input = { edition, draft, token, links, actor: admin };
      expect(await sendGroupMail({ db: database.db, mailer }, input)).toEqual({
        ok: false,
        reason: "empty-group",
      });
      expect(await outbox(database)).toEqual([]);
      expect(await audit(database)).toEqual([]);
      expect(wakes.count).toBe(0);
      expect(await database.db.selectFrom("group_mail_send").selectAll().execute()).toEqual([]);
    });

    it("a send that fails midway rolls back: nothing queued, no audit entry, the token still usable", async () => {
      const database = await seeded();
      const { mailer, wakes } = outboxMailer(database);
      const failing = {
        ...mailer,
        queue: async (...args: Parameters<typeof mailer.queue>) => {
          await mailer.queue(...args);
          throw new Error("the database went away");
        },
      };
      const input = {
        edition,
        draft: toSubmitters,
        token: crypto.randomUUID(),
        links,
        actor: admin,
      };
      await expect(sendGroupMail({ db: database.db, mailer: failing }, input)).rejects.toThrow(
        "the database went away",
      );
      expect(await outbox(database)).toEqual([]);
      expect(await audit(database)).toEqual([]);
      expect(wakes.count).toBe(0);
      expect(await sendGroupMail({ db: database.db, mailer }, input)).toMatchObject({ ok: true });
      expect((await outbox(database)).length).toBe(3);
    });

    it("the page: a refusal keeps the text, a send says when the group changed since the preview", async () => {
      const database = await seeded();
      const { mailer } = outboxMailer(database);
      const deps = { db: database.db, mailer };
      const input = { edition, links, actor: admin };
      const form = (values: Record<string, string>) => {
        const data = new FormData();
        for (const [key, value] of Object.entries(values)) data.set(key, value);
        return data;
      };
      const typed = { group: "alternates", subject: "Hi {name}", body: "Dear {nmae},\r\nsoon" };
      const refused = await handleGroupMailAction(
        deps,
        input,
        form({ ...typed, intent: "preview" }),
      );
      expect(refused.init?.status).toBe(400);
      expect(refused.data).toMatchObject({
        message: expect.stringContaining("{nmae} is not a placeholder"),
        values: { ...typed, body: "Dear {nmae},\nsoon" },
      });

      const draft = { group: "alternates", subject: "Hi {name}", body: "Dear {name},\nsoon" };
      const previewed = await handleGroupMailAction(
        deps,
        input,
        form({ ...draft, intent: "preview" }),
      );
      const preview = previewed.data.preview;
      expect(preview).toMatchObject({
        recipients: 1,
        message: { to: "bo@example.edu", subject: "Hi Bo", text: "Dear Bo,\nsoon\n" },
      });
      // Someone joins the alternates between the preview and the send.
      await database.db
        .updateTable("submission")
        .set({ decision: "alternate", accepted_as: null })
        .where("id", "=", "s4")
        .execute();
      const sendForm = form({
        ...draft,
        intent: "send",
        token: preview?.token ?? "",
        recipients: String(preview?.recipients),
      });
      const sent = await handleGroupMailAction(deps, input, sendForm);
      expect(sent.data.message).toBe(
        "Your message to “Alternates” was queued successfully for 2 people: it goes out in the next minutes. The group changed since the preview, which counted 1 person.",
      );
      expect(sent.data.values).toBeUndefined();
      const replayed = await handleGroupMailAction(deps, input, sendForm);
      expect(replayed.init?.status).toBe(409);
      expect(replayed.data.message).toBe(
        "This message was already sent from this preview: nothing was sent again. To send it once more, preview it again.",
      );
      expect(replayed.data.values).toMatchObject({ group: "alternates", subject: "Hi {name}" });
      expect((await outbox(database)).map((row) => row.recipient)).toEqual([
        "bo@example.edu",
        "cai@example.edu",
      ]);
    });
  });
}
