import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import {
  checkTemplateText,
  type MailTemplateText,
  normaliseTemplateText,
  renderMailTemplate,
  type TemplateTextErrors,
} from "./mail-template-text";
import {
  isMailTemplateKey,
  type MailTemplateKey,
  type MailTemplateValues,
  mailTemplateKeys,
  mailTemplates,
  placeholderNames,
} from "./mail-templates";

type Db = Kysely<Database>;

/** A template as the mails use it: the saved text, or the default when nobody changed it. */
export type CurrentMailTemplate = MailTemplateText & {
  key: MailTemplateKey;
  /** Null while the default applies. */
  saved: { by: string; at: string } | null;
};

/** The version a save is based on: the saved row's time, or "default". */
export function templateVersion(template: Pick<CurrentMailTemplate, "saved">): string {
  return template.saved?.at ?? "default";
}

function defaultTemplate(key: MailTemplateKey): CurrentMailTemplate {
  const { subject, body } = mailTemplates[key];
  return { key, subject, body, saved: null };
}

/**
 * Every template as it stands. Read it with the transaction that queues the mail, so a message is
 * written with the templates as saved at that moment.
 */
export async function readMailTemplates(
  db: Db,
): Promise<Record<MailTemplateKey, CurrentMailTemplate>> {
  const rows = await db.selectFrom("mail_template").selectAll().execute();
  const templates = Object.fromEntries(mailTemplateKeys.map((key) => [key, defaultTemplate(key)]));
  for (const row of rows)
    if (isMailTemplateKey(row.key))
      templates[row.key] = {
        key: row.key,
        subject: row.subject,
        body: row.body,
        saved: { by: row.updated_by, at: row.updated_at },
      };
  return templates as Record<MailTemplateKey, CurrentMailTemplate>;
}

export async function readMailTemplate(db: Db, key: MailTemplateKey): Promise<CurrentMailTemplate> {
  const row = await db
    .selectFrom("mail_template")
    .selectAll()
    .where("key", "=", key)
    .executeTakeFirst();
  return row
    ? {
        key,
        subject: row.subject,
        body: row.body,
        saved: { by: row.updated_by, at: row.updated_at },
      }
    : defaultTemplate(key);
}

/**
 * The templates a feature mails with, read once in its transaction: `render` makes one person's
 * subject and text.
 */
export async function loadMailTemplates(db: Db) {
  const templates = await readMailTemplates(db);
  return {
    render<Key extends MailTemplateKey>(key: Key, values: MailTemplateValues<NoInfer<Key>>) {
      return renderMailTemplate(templates[key], placeholderNames(key), values);
    },
  };
}

export type SavedMailTemplate = { result: "saved" | "default" | "unchanged" };
export type SaveRefusal =
  | { ok: false; reason: "invalid"; errors: TemplateTextErrors; text: MailTemplateText }
  /** `saved` null: someone restored the default meanwhile. */
  | { ok: false; reason: "changed-meanwhile"; saved: { by: string; at: string } | null };
export type SaveOutcome = { ok: true; value: SavedMailTemplate } | SaveRefusal;

/** Checks a posted text as the editor shows it: normalised, with what is wrong field by field. */
export function readTemplateText(
  key: MailTemplateKey,
  posted: MailTemplateText,
): { text: MailTemplateText; errors: TemplateTextErrors } {
  const text = normaliseTemplateText(posted);
  return { text, errors: checkTemplateText(text, placeholderNames(key)) };
}

const sameText = (a: MailTemplateText, b: MailTemplateText) =>
  a.subject === b.subject && a.body === b.body;

function describeChange(key: MailTemplateKey, before: MailTemplateText, after: MailTemplateText) {
  const parts = [
    before.subject === after.subject ? null : "subject",
    before.body === after.body ? null : "message",
  ].filter(Boolean);
  return `${mailTemplates[key].name} (${parts.join(" and ")})`;
}

/**
 * Saves an organiser's text for one template. `basedOn` is the version the editor showed
 * (`templateVersion`): if someone saved in between, nothing is saved and the refusal names them. The
 * same text again (a double click, a replayed form) changes nothing; the default text again deletes
 * the saved row, so a row exists only while the text differs from the default.
 */
export async function saveMailTemplate(
  db: Db,
  input: {
    key: MailTemplateKey;
    text: MailTemplateText;
    basedOn: string;
    actor: AuditActor;
    now?: Date;
  },
): Promise<SaveOutcome> {
  const { text, errors } = readTemplateText(input.key, input.text);
  if (Object.keys(errors).length) return { ok: false, reason: "invalid", errors, text };
  const now = (input.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const current = await readMailTemplate(trx, input.key);
    if (sameText(current, text)) return done({ result: "unchanged" as const });
    // Read again: a write that found the row changed was beaten by a save committed after the read.
    const changedMeanwhile = async () =>
      ({
        ok: false,
        reason: "changed-meanwhile",
        saved: (await readMailTemplate(trx, input.key)).saved,
      }) as const;
    if (templateVersion(current) !== input.basedOn) return changedMeanwhile();
    const isDefault = sameText(mailTemplates[input.key], text);
    // Each write holds only if the row is still the one read: of two saves at once, one is refused.
    if (isDefault) {
      const deleted = await trx
        .deleteFrom("mail_template")
        .where("key", "=", input.key)
        .where("updated_at", "=", templateVersion(current))
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return changedMeanwhile();
    } else if (current.saved) {
      const updated = await trx
        .updateTable("mail_template")
        .set({
          subject: text.subject,
          body: text.body,
          updated_by: input.actor.label,
          updated_at: now,
        })
        .where("key", "=", input.key)
        .where("updated_at", "=", current.saved.at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return changedMeanwhile();
    } else {
      const inserted = await trx
        .insertInto("mail_template")
        .values({
          key: input.key,
          subject: text.subject,
          body: text.body,
          updated_by: input.actor.label,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .returning("key")
        .execute();
      if (inserted.length !== 1) return changedMeanwhile();
    }
    await recordAdminAction(trx, {
      action: "update-mail-template",
      actor: input.actor,
      details: `${describeChange(input.key, current, text)}${isDefault ? ", back to the default text" : ""}`,
    });
    return done({ result: isDefault ? ("default" as const) : ("saved" as const) });
  });
}

/**
 * Deletes an organiser's text, so the default applies again. Nothing saved (the default already
 * applies, or a second press) changes nothing and records nothing.
 */
export async function restoreMailTemplate(
  db: Db,
  input: { key: MailTemplateKey; actor: AuditActor },
): Promise<{ ok: true; value: { restored: boolean } }> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("mail_template")
      .where("key", "=", input.key)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return done({ restored: false });
    await recordAdminAction(trx, {
      action: "restore-mail-template",
      actor: input.actor,
      details: mailTemplates[input.key].name,
    });
    return done({ restored: true });
  });
}
