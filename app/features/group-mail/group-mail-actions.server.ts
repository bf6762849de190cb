import type { Kysely } from "kysely";
import { data } from "react-router";
import type { EditionContent } from "~/content/sculc/edition-types";
import type { AuditActor } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { readIntent } from "~/lib/forms.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import {
  checkGroupMail,
  type GroupMailLinks,
  type GroupMailValues,
  previewGroupMail,
  readGroupMailValues,
  sendGroupMail,
} from "./group-mail.server";
import {
  type GroupMailField,
  groupMailMessages,
  groupMailRefusals,
  type MailGroup,
} from "./group-mail-messages";

/** What the page shows after a post: a message, the fields' errors, the form as typed, a preview. */
export type GroupMailActionData = {
  message?: string;
  fieldErrors?: Partial<Record<GroupMailField, string>>;
  /** The form as posted, drawn again (absent after a send: the form starts empty). */
  values?: GroupMailValues;
  preview?: {
    group: MailGroup;
    subject: string;
    body: string;
    token: string;
    recipients: number;
    message: { to: string; subject: string; text: string };
  };
  /** Set after a send, so the emptied form is drawn anew. */
  sentToken?: string;
};

/**
 * The page's two buttons: Preview (checks the message and shows the first person's copy, with a
 * one-time token) and Send (checks it again, as the preview's hidden fields posted it, and sends once).
 */
export async function handleGroupMailAction(
  deps: { db: Kysely<Database>; mailer: Mailer },
  input: {
    edition: Pick<EditionContent, "year" | "abstracts">;
    links: GroupMailLinks;
    actor: AuditActor;
  },
  form: FormData,
) {
  const intent = readIntent(form, ["preview", "send"]);
  const values = readGroupMailValues(form);
  const checked = checkGroupMail(values);
  if (!checked.ok)
    return data<GroupMailActionData>(
      { message: checked.message, fieldErrors: checked.fieldErrors, values },
      400,
    );
  const draft = checked.value;
  if (intent === "send") {
    const token = form.get("token");
    const sent = await sendGroupMail(deps, { ...input, draft, token: String(token ?? "") });
    if (!sent.ok) {
      const { status, message } = groupMailRefusals[sent.reason];
      return data<GroupMailActionData>({ message, values }, status);
    }
    const previewed = Number(form.get("recipients"));
    return data<GroupMailActionData>({
      message: groupMailMessages.sent({
        mailed: sent.value.mailed,
        previewed: Number.isInteger(previewed) && previewed > 0 ? previewed : null,
        group: draft.group,
      }),
      sentToken: String(token),
    });
  }
  const preview = await previewGroupMail(deps.db, { ...input, draft });
  if (!preview.ok) {
    const { status, message } = groupMailRefusals[preview.reason];
    return data<GroupMailActionData>({ message, values }, status);
  }
  return data<GroupMailActionData>({
    values,
    preview: { ...draft, ...preview.value },
  });
}
