import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { RedrawnForm } from "~/components/redrawn-form";
import { SubmitButton } from "~/components/submit-button";
import { TextAreaField, TextField } from "~/components/text-field";
import type { MailTemplateActionData, MailTemplateEditorView } from "./mail-template-editor.server";
import { mailTemplateStatus } from "./mail-template-messages";
import { mailTemplatesPath } from "./mail-template-paths";
import {
  checkTemplateText,
  type MailTemplateText,
  normaliseTemplateText,
  renderMailTemplate,
  type TemplateTextErrors,
} from "./mail-template-text";
import "./mail-templates.css";
import { MailSectionNav } from "~/components/mail-section-nav";

type Field = keyof MailTemplateText;
const fieldIds: Record<Field, string> = { subject: "field-subject", body: "field-body" };

/** True once the page runs in the browser: controls that need JavaScript appear only then. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * One template's editor: its subject and text, the placeholders it offers, a preview filled in with a
 * real recipient's values, and the way back to the default. Without JavaScript, Preview posts the text
 * and the answer shows it filled in; with it, the preview follows the typing.
 */
export function MailTemplatePage({
  view,
  answer,
  confirmRestore,
}: {
  view: MailTemplateEditorView;
  answer: MailTemplateActionData | undefined;
  confirmRestore: boolean;
}) {
  return (
    <>
      <p className="mail-template-back">
        <Link to={mailTemplatesPath}>All mail templates</Link>
      </p>
      <MailSectionNav current="templates" />
      <h1>{view.name}</h1>
      <p>{view.usedWhen}</p>
      <p
        className={
          view.isChanged
            ? "mail-template-state mail-template-state--changed"
            : "mail-template-state"
        }
      >
        {view.status}.
      </p>
      {view.needsFix ? (
        <p className="message message--error">{mailTemplateStatus.needsFix}</p>
      ) : null}
      <FormMessage message={answer?.message} />
      {/* A save or a restore is a new version: the editor starts again from what the answer shows. */}
      <TemplateEditor
        key={view.version}
        view={view}
        shown={answer?.text ?? view.text}
        fieldErrors={answer?.fieldErrors}
      />
      {view.isChanged ? <RestoreDefault view={view} confirm={confirmRestore} /> : null}
    </>
  );
}

function TemplateEditor({
  view,
  shown,
  fieldErrors,
}: {
  view: MailTemplateEditorView;
  shown: MailTemplateText;
  fieldErrors: TemplateTextErrors | undefined;
}) {
  const [text, setText] = useState(shown);
  const lastField = useRef<Field>("body");
  const hydrated = useHydrated();

  const readFields = (event: FormEvent<HTMLFormElement>) => {
    const fields = event.currentTarget.elements;
    const value = (name: Field) =>
      (fields.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? "";
    setText({ subject: value("subject"), body: value("body") });
  };
  const noteField = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === "subject" || name === "body") lastField.current = name;
  };
  /** Puts the placeholder where the cursor was in the field last used (the message, at first). */
  const insert = (placeholder: string) => {
    const field = document.getElementById(fieldIds[lastField.current]) as
      | HTMLInputElement
      | HTMLTextAreaElement
      | null;
    // Locked while the form is on its way (RedrawnForm): the answer redraws the field.
    if (!field || field.matches(":disabled")) return;
    field.focus();
    const end = field.selectionEnd ?? field.value.length;
    field.setRangeText(`{${placeholder}}`, field.selectionStart ?? end, end, "end");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  };

  return (
    <>
      <RedrawnForm
        method="post"
        action={view.href}
        className="card admin-panel"
        onInput={readFields}
        onFocus={noteField}
        aria-label={`Text of ${view.name}`}
      >
        <input type="hidden" name="version" value={view.version} />
        <TextField
          label="Subject"
          name="subject"
          defaultValue={shown.subject}
          error={fieldErrors?.subject}
          autoComplete="off"
        />
        <TextAreaField
          label="Message"
          name="body"
          hint="Blank lines separate paragraphs. Addresses become links in the email."
          defaultValue={shown.body}
          error={fieldErrors?.body}
          rows={18}
        />
        <div className="mail-template-actions">
          <SubmitButton
            intent="preview"
            pendingLabel="Previewing..."
            className="button button--secondary"
          >
            Preview
          </SubmitButton>
          <SubmitButton intent="save" pendingLabel="Saving...">
            Save
          </SubmitButton>
        </div>
      </RedrawnForm>
      <Placeholders view={view} onInsert={hydrated ? insert : null} />
      <Preview view={view} text={text} />
    </>
  );
}

function Placeholders({
  view,
  onInsert,
}: {
  view: MailTemplateEditorView;
  onInsert: ((name: string) => void) | null;
}) {
  return (
    <section className="card admin-panel" aria-labelledby="placeholders-heading">
      <h2 id="placeholders-heading">Placeholders</h2>
      <p>
        Each message fills these in for the person it goes to. Write one with its braces, as listed
        {onInsert ? ", or press Insert to put it where the cursor is" : ""}. A paragraph holding
        only placeholders with nothing to fill in (no comments, no closing time) is left out. For a
        brace itself, write it twice: {"{{"} or {"}}"}.
      </p>
      <dl className="mail-placeholders">
        {view.placeholders.map((placeholder) => (
          <div key={placeholder.name} className="mail-placeholders__item">
            <dt>
              <code>{`{${placeholder.name}}`}</code>
              {onInsert ? (
                <button
                  type="button"
                  className="admin-link-button"
                  onClick={() => onInsert(placeholder.name)}
                >
                  Insert<span className="visually-hidden">{` {${placeholder.name}}`}</span>
                </button>
              ) : null}
            </dt>
            <dd>{placeholder.holds}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Preview({ view, text }: { view: MailTemplateEditorView; text: MailTemplateText }) {
  const names = view.placeholders.map((placeholder) => placeholder.name);
  const normalised = normaliseTemplateText(text);
  const problems = checkTemplateText(normalised, names);
  const problem = problems.subject ?? problems.body;
  const message = problem ? null : renderMailTemplate(normalised, names, view.preview.values);
  return (
    <section className="card admin-panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <p>{view.preview.note}</p>
      {message ? (
        <div className="mail-preview">
          <p className="mail-preview__subject">
            <span className="mail-preview__label">Subject:</span> {message.subject}
          </p>
          <pre className="mail-preview__body">{message.text}</pre>
        </div>
      ) : (
        <p className="message message--error">No preview until this is fixed: {problem}</p>
      )}
    </section>
  );
}

function RestoreDefault({ view, confirm }: { view: MailTemplateEditorView; confirm: boolean }) {
  const question = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirm) question.current?.focus();
  }, [confirm]);
  return (
    <section className="card admin-panel" aria-labelledby="restore-heading">
      <h2 id="restore-heading">Restore the default</h2>
      <p>
        The default is the text the site came with. Restoring it removes the saved text: the next
        messages use the default again.
      </p>
      <details className="mail-default">
        <summary>Read the default text</summary>
        <p className="mail-preview__subject">
          <span className="mail-preview__label">Subject:</span> {view.defaultText.subject}
        </p>
        <pre className="mail-preview__body">{view.defaultText.body}</pre>
      </details>
      {confirm ? (
        <Form method="post" action={view.href} className="mail-template-confirm">
          <h3 ref={question} tabIndex={-1}>
            Restore the default text?
          </h3>
          <p>The saved text will be gone. {view.status}.</p>
          <div className="mail-template-actions">
            <SubmitButton intent="restore" pendingLabel="Restoring...">
              Yes, restore the default
            </SubmitButton>
            <Link to={view.href} className="button button--secondary" preventScrollReset>
              Keep the saved text
            </Link>
          </div>
        </Form>
      ) : (
        <p>
          <Link to={`${view.href}?restore`} className="button button--secondary" preventScrollReset>
            Restore the default...
          </Link>
        </p>
      )}
    </section>
  );
}
