import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { answerOf, formOf } from "../../../tests/support/action-answers";
import { admin, decideAndRelease, seedAbstracts } from "../../../tests/support/decision-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { handleMailTemplateAction } from "./mail-template-editor.server";
import {
  readMailTemplate,
  restoreMailTemplate,
  saveMailTemplate,
  templateVersion,
} from "./mail-template-store.server";
import { mailTemplates } from "./mail-templates";

const notAccepted = mailTemplates["decision-not-accepted"];
const edited = {
  subject: "News about your {conference} abstract",
  body: notAccepted.body.replace("We are sorry", "With regret: we are sorry"),
};

async function auditOf(database: TestDatabase) {
  return database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_label", "details"])
    .where("action", "in", ["update-mail-template", "restore-mail-template"])
    .orderBy("created_at")
    .execute();
}

const save = (
  database: TestDatabase,
  text: { subject: string; body: string },
  basedOn = "default",
) => saveMailTemplate(database.db, { key: "decision-not-accepted", text, basedOn, actor: admin });

for (const target of testDatabaseTargets()) {
  describe(`mail templates on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("a saved template writes the next release's mail; other templates keep their defaults", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      expect(await save(database, edited)).toEqual({ ok: true, value: { result: "saved" } });
      const { sent } = await decideAndRelease(database);
      const cai = sent.find((message) => message.to === "cai@example.edu");
      expect(cai?.subject).toBe("News about your SCULC 2025 abstract");
      expect(cai?.text).toContain(
        "With regret: we are sorry that the program committee could not accept your abstract this year.",
      );
      expect(cai?.text).toContain("- cai-4.pdf: not accepted");
      const ana = sent.find((message) => message.to === "ana@example.edu");
      expect(ana?.subject).toBe("Action required: confirm your SCULC presentation");
      expect(await auditOf(database)).toEqual([
        {
          action: "update-mail-template",
          actor_label: "admin@example.edu",
          details: "Decision: not accepted (subject and message)",
        },
      ]);
    });

    it("a save that rolls back changes nothing: the release still writes the default", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      // The audit entry fails, after the template was written in the same transaction.
      await sql`alter table admin_audit rename to admin_audit_away`.execute(database.db);
      await expect(save(database, edited)).rejects.toThrow();
      await sql`alter table admin_audit_away rename to admin_audit`.execute(database.db);
      expect((await readMailTemplate(database.db, "decision-not-accepted")).saved).toBeNull();
      const { sent } = await decideAndRelease(database);
      const cai = sent.find((message) => message.to === "cai@example.edu");
      expect(cai?.subject).toBe("Your SCULC 2025 abstract was not accepted");
      expect(cai?.text).not.toContain("With regret");
    });

    it("the same text again changes nothing; the default text again deletes the row; restore deletes it once", async () => {
      const database = await databases.openMigrated();
      await save(database, edited);
      const saved = await readMailTemplate(database.db, "decision-not-accepted");
      expect(saved).toMatchObject({ ...edited, saved: { by: "admin@example.edu" } });
      // A double click: the second save finds the text already there (whatever version it was based on).
      expect(await save(database, edited)).toEqual({ ok: true, value: { result: "unchanged" } });
      expect(await auditOf(database)).toHaveLength(1);

      // Typing the default back in is the default again: no row, so a later default reaches it.
      expect(
        await save(
          database,
          { subject: notAccepted.subject, body: `${notAccepted.body}\r\n` },
          templateVersion(saved),
        ),
      ).toEqual({ ok: true, value: { result: "default" } });
      expect(await database.db.selectFrom("mail_template").selectAll().execute()).toEqual([]);

      await save(database, edited);
      const restore = () =>
        restoreMailTemplate(database.db, { key: "decision-not-accepted", actor: admin });
      expect(await restore()).toEqual({ ok: true, value: { restored: true } });
      expect(await restore()).toEqual({ ok: true, value: { restored: false } });
      expect(await database.db.selectFrom("mail_template").selectAll().execute()).toEqual([]);
      expect((await auditOf(database)).map((entry) => `${entry.action}: ${entry.details}`)).toEqual(
        [
          "update-mail-template: Decision: not accepted (subject and message)",
          "update-mail-template: Decision: not accepted (subject and message), back to the default text",
          "update-mail-template: Decision: not accepted (subject and message)",
          "restore-mail-template: Decision: not accepted",
        ],
      );
    });

    it("a save based on an older version is refused and names who saved since; of two at once, one is saved", async () => {
      const database = await databases.openMigrated({ maxConnections: 4 });
      await save(database, edited);
      const stale = await save(database, { ...edited, subject: "Mine" }, "default");
      expect(stale).toMatchObject({
        ok: false,
        reason: "changed-meanwhile",
        saved: { by: "admin@example.edu" },
      });
      await restoreMailTemplate(database.db, { key: "decision-not-accepted", actor: admin });
      const outcomes = await Promise.all(
        ["One", "Two", "Three", "Four"].map((subject) => save(database, { ...edited, subject })),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(
        outcomes.filter((outcome) => !outcome.ok && outcome.reason === "changed-meanwhile"),
      ).toHaveLength(3);
      expect(await auditOf(database)).toHaveLength(3);
    });

    it("an invalid text is refused with what to fix, and nothing is saved or audited", async () => {
      const database = await databases.openMigrated();
      const outcome = await save(database, { subject: "", body: "Dear {titel}," });
      expect(outcome).toEqual({
        ok: false,
        reason: "invalid",
        text: { subject: "", body: "Dear {titel}," },
        errors: {
          subject: "Write a subject: a message cannot go without one.",
          body: "{titel} is not a placeholder of this message: use one of {name}, {conference}, {abstracts}, {comments}, {status_link}.",
        },
      });
      expect(await database.db.selectFrom("mail_template").selectAll().execute()).toEqual([]);
      expect(await auditOf(database)).toEqual([]);
    });

    it("the editor's buttons: a refused save or preview answers with the text as typed", async () => {
      const database = await databases.openMigrated();
      const act = (fields: Record<string, string>) =>
        answerOf(
          handleMailTemplateAction(
            database.db,
            { key: "decision-not-accepted", actor: admin },
            formOf(fields),
          ),
        );
      const typed = { subject: "Hi {name}\r\n", body: "Dear {titel},\r\n" };
      expect(await act({ intent: "save", version: "default", ...typed })).toEqual({
        status: 400,
        body: {
          message: "The template was not saved: see what to fix below.",
          text: typed,
          fieldErrors: { body: expect.stringMatching(/^\{titel\} is not a placeholder/) },
        },
      });
      expect(await act({ intent: "preview", ...typed })).toMatchObject({
        status: 400,
        body: { text: typed },
      });
      expect(await act({ intent: "preview", ...edited })).toMatchObject({
        status: 200,
        body: { message: expect.stringMatching(/is not saved yet/), text: edited },
      });
      expect(await database.db.selectFrom("mail_template").selectAll().execute()).toEqual([]);
      expect(await act({ intent: "save", version: "default", ...edited })).toMatchObject({
        status: 200,
        body: {
          message:
            'The template "Decision: not accepted" was saved successfully: the next messages use it.',
        },
      });
      expect(
        await act({ intent: "save", version: "default", ...edited, subject: "Other" }),
      ).toMatchObject({
        status: 409,
        body: {
          message: expect.stringMatching(/^admin@example\.edu saved this template at /),
          text: { subject: "Other" },
        },
      });
      expect(await act({ intent: "restore" })).toMatchObject({
        status: 200,
        body: { message: expect.stringMatching(/restored successfully/) },
      });
      expect(await act({ intent: "nonsense" })).toMatchObject({ status: 400 });
    });
  });
}
