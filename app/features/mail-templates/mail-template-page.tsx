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

/**
 * One template's editor: its subject and text, the placeholders it offers, a preview filled in with a
 * real recipient's values, and the way back to the default. The page is a document: Preview posts the
 * text and the answer shows it filled in; its script (mail-template-script.ts) makes the preview follow
 * the typing and shows the Insert buttons.
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
      <TemplateEditor
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
  return (
    <>
      <RedrawnForm
        method="post"
        action={view.href}
        className="card admin-panel"
        data-template-editor=""
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
      <Placeholders view={view} />
      <Preview view={view} text={shown} />
    </>
  );
}

/** The Insert buttons and the words about them need the page's script: hidden until it shows them. */
function Placeholders({ view }: { view: MailTemplateEditorView }) {
  return (
    <section className="card admin-panel" aria-labelledby="placeholders-heading">
      <h2 id="placeholders-heading">Placeholders</h2>
      <p>
        Each message fills these in for the person it goes to. Write one with its braces, as listed
        <span hidden data-template-insert="">
          , or press Insert to put it where the cursor is
        </span>
        . A paragraph holding only placeholders with nothing to fill in (no comments, no closing
        time) is left out. For a brace itself, write it twice: {"{{"} or {"}}"}.
      </p>
      <dl className="mail-placeholders">
        {view.placeholders.map((placeholder) => (
          <div key={placeholder.name} className="mail-placeholders__item">
            <dt>
              <code>{`{${placeholder.name}}`}</code>
              <button
                type="button"
                className="admin-link-button"
                value={placeholder.name}
                hidden
                data-template-insert=""
              >
                Insert<span className="visually-hidden">{` {${placeholder.name}}`}</span>
              </button>
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
    <section
      className="card admin-panel"
      aria-labelledby="preview-heading"
      // What the script fills the preview with as the fields change.
      data-placeholder-names={JSON.stringify(names)}
      data-preview-values={JSON.stringify(view.preview.values)}
    >
      <h2 id="preview-heading">Preview</h2>
      <p>{view.preview.note}</p>
      <div data-template-preview="">
        <PreviewMessage message={message} problem={problem} />
      </div>
    </section>
  );
}

/** The filled-in message, or why there is none (the script draws the same from what is typed). */
function PreviewMessage({
  message,
  problem,
}: {
  message: { subject: string; text: string } | null;
  problem: string | undefined;
}) {
  return message ? (
    <div className="mail-preview">
      <p className="mail-preview__subject">
        <span className="mail-preview__label">Subject:</span> {message.subject}
      </p>
      <pre className="mail-preview__body">{message.text}</pre>
    </div>
  ) : (
    <p className="message message--error">No preview until this is fixed: {problem}</p>
  );
}

function RestoreDefault({ view, confirm }: { view: MailTemplateEditorView; confirm: boolean }) {
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
          {/* biome-ignore lint/a11y/noAutofocus: the question the Restore link asked for is read first. */}
          <h3 tabIndex={-1} autoFocus>
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
