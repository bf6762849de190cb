import type { Kysely } from "kysely";
import { data } from "react-router";
import type { AuditActor } from "~/lib/audit.server";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { readIntent } from "~/lib/forms.server";
import { mailTemplateMessages, mailTemplateStatus } from "./mail-template-messages";
import { mailTemplatePath } from "./mail-template-paths";
import type { MailPreviewSource } from "./mail-template-preview";
import {
  type CurrentMailTemplate,
  readMailTemplate,
  readMailTemplates,
  readTemplateText,
  restoreMailTemplate,
  saveMailTemplate,
  templateVersion,
} from "./mail-template-store.server";
import {
  checkTemplateText,
  type MailTemplateText,
  type TemplateTextErrors,
} from "./mail-template-text";
import {
  type MailTemplateKey,
  mailTemplateKeys,
  mailTemplates,
  type Placeholder,
  placeholderNames,
  sampleValues,
} from "./mail-templates";

type Db = Kysely<Database>;

function statusOf(template: CurrentMailTemplate): string {
  return template.saved
    ? mailTemplateStatus.changed(template.saved.by, formatConferenceDateTime(template.saved.at))
    : mailTemplateStatus.isDefault;
}

/** A saved text that no longer passes (a placeholder the code stopped offering): said on both pages. */
function needsFix(template: CurrentMailTemplate): boolean {
  return (
    template.saved !== null &&
    Object.keys(checkTemplateText(template, placeholderNames(template.key))).length > 0
  );
}

export type MailTemplateRow = {
  key: MailTemplateKey;
  name: string;
  usedWhen: string;
  href: string;
  isChanged: boolean;
  status: string;
  needsFix: boolean;
};

/** The list page: every template, with whether (and by whom) it was changed. */
export async function listMailTemplatesForAdmin(db: Db): Promise<MailTemplateRow[]> {
  const templates = await readMailTemplates(db);
  return mailTemplateKeys.map((key) => ({
    key,
    name: mailTemplates[key].name,
    usedWhen: mailTemplates[key].usedWhen,
    href: mailTemplatePath(key),
    isChanged: templates[key].saved !== null,
    status: statusOf(templates[key]),
    needsFix: needsFix(templates[key]),
  }));
}

export type MailTemplatePreviewView = {
  /** Whose values fill the preview, or that they are samples. */
  note: string;
  values: Record<string, string>;
};

export type MailTemplateEditorView = {
  key: MailTemplateKey;
  name: string;
  usedWhen: string;
  href: string;
  placeholders: Placeholder[];
  text: MailTemplateText;
  defaultText: MailTemplateText;
  /** The version the form saves over (`templateVersion`). */
  version: string;
  isChanged: boolean;
  status: string;
  needsFix: boolean;
  preview: MailTemplatePreviewView;
};

/**
 * The editor's page. `source` is a real recipient from the current edition (found by the feature that
 * sends the mail), or null: the preview then uses the placeholders' samples and says so.
 */
export async function loadMailTemplateEditor(
  db: Db,
  key: MailTemplateKey,
  preview: { source: MailPreviewSource | null; editionName: string | null },
): Promise<MailTemplateEditorView> {
  const template = await readMailTemplate(db, key);
  const definition = mailTemplates[key];
  return {
    key,
    name: definition.name,
    usedWhen: definition.usedWhen,
    href: mailTemplatePath(key),
    placeholders: definition.placeholders.map(({ name, holds, sample }) => ({
      name,
      holds,
      sample,
    })),
    text: { subject: template.subject, body: template.body },
    defaultText: { subject: definition.subject, body: definition.body },
    version: templateVersion(template),
    isChanged: template.saved !== null,
    status: statusOf(template),
    needsFix: needsFix(template),
    preview: preview.source
      ? {
          note: mailTemplateStatus.previewFor(preview.source.who, preview.source.reason),
          values: preview.source.values,
        }
      : {
          note: preview.editionName
            ? mailTemplateStatus.previewSample(preview.editionName)
            : mailTemplateStatus.previewNoEdition,
          values: sampleValues(key),
        },
  };
}

/** What the editor's action answers: its message, and the text to show (what was typed, on a refusal). */
export type MailTemplateActionData = {
  message: string;
  text?: MailTemplateText;
  fieldErrors?: TemplateTextErrors;
};

const intents = ["preview", "save", "restore"] as const;

function postedText(form: FormData): MailTemplateText {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { subject: read("subject"), body: read("body") };
}

/**
 * The editor's buttons. Preview checks the typed text and shows it filled in, saving nothing; Save
 * checks and saves it (audited); Restore deletes the saved text (audited), after the page asked.
 */
export async function handleMailTemplateAction(
  db: Db,
  input: { key: MailTemplateKey; actor: AuditActor },
  form: FormData,
) {
  const intent = readIntent(form, intents);
  const name = mailTemplates[input.key].name;
  if (intent === "restore") {
    const outcome = await restoreMailTemplate(db, input);
    return data<MailTemplateActionData>({
      message: outcome.value.restored
        ? mailTemplateMessages.restored(name)
        : mailTemplateMessages.alreadyDefault,
    });
  }
  const typed = postedText(form);
  if (intent === "preview") {
    const { errors } = readTemplateText(input.key, typed);
    const refused = Object.keys(errors).length > 0;
    return data<MailTemplateActionData>(
      {
        message: refused ? mailTemplateMessages.notPreviewed : mailTemplateMessages.previewed,
        text: typed,
        fieldErrors: errors,
      },
      refused ? 400 : 200,
    );
  }
  if (intent === "save") {
    const basedOn = form.get("version");
    const outcome = await saveMailTemplate(db, {
      key: input.key,
      text: typed,
      basedOn: typeof basedOn === "string" ? basedOn : "",
      actor: input.actor,
    });
    if (outcome.ok)
      return data<MailTemplateActionData>({
        message:
          outcome.value.result === "saved"
            ? mailTemplateMessages.saved(name)
            : outcome.value.result === "default"
              ? mailTemplateMessages.savedAsDefault(name)
              : mailTemplateMessages.unchanged,
        text: readTemplateText(input.key, typed).text,
      });
    if (outcome.reason === "invalid")
      return data<MailTemplateActionData>(
        { message: mailTemplateMessages.notSaved, text: typed, fieldErrors: outcome.errors },
        400,
      );
    return data<MailTemplateActionData>(
      {
        message: outcome.saved
          ? mailTemplateMessages.changedMeanwhile(
              outcome.saved.by,
              formatConferenceDateTime(outcome.saved.at),
            )
          : mailTemplateMessages.restoredMeanwhile,
        text: typed,
      },
      409,
    );
  }
  return data<MailTemplateActionData>({ message: mailTemplateMessages.unknownAction }, 400);
}
