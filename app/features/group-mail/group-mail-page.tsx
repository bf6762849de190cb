import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { RedrawnForm } from "~/components/redrawn-form";
import { SubmitButton } from "~/components/submit-button";
import { TextAreaField, TextField } from "~/components/text-field";
import type { GroupMailActionData } from "./group-mail-actions.server";
import {
  groupMailLimits,
  groupMailMessages,
  type MailGroup,
  mailGroupWords,
} from "./group-mail-messages";
import "./group-mail.css";
import { MailSectionNav } from "~/components/mail-section-nav";

export type GroupChoiceView = { key: MailGroup; label: string; holds: string; count: number };
export type PlaceholderView = { name: string; holds: string; groupsText: string };

export type GroupMailPageProps = {
  editionName: string;
  groups: GroupChoiceView[];
  placeholders: PlaceholderView[];
  answer?: GroupMailActionData;
};

// Both forms post as multipart: the text travels as UTF-8 bytes instead of percent-escaped ones, so a
// message at its length limit in any script stays within the server's 64 KB form limit.
const encType = "multipart/form-data";

/**
 * Write to a group: choose the group, write a subject and a message with placeholders, preview the
 * first person's copy, then send it to everyone in the group (once per preview).
 */
export function GroupMailPage({ editionName, groups, placeholders, answer }: GroupMailPageProps) {
  const values = answer?.values ?? { group: "", subject: "", body: "" };
  const errors = answer?.fieldErrors ?? {};
  return (
    <>
      <h1>Write to a group</h1>
      <MailSectionNav current="write" />
      <p>
        Write one message to a group of people of {editionName}: each person gets a copy of their
        own, with the placeholders filled in for them. Nothing is sent until you have previewed the
        message and pressed Send.
      </p>
      <FormMessage message={answer?.message} />
      {answer?.preview ? <PreviewPanel preview={answer.preview} /> : null}

      <section className="card admin-panel" aria-labelledby="group-mail-write-heading">
        <h2 id="group-mail-write-heading">The message</h2>
        <RedrawnForm
          method="post"
          encType={encType}
          className="group-mail__form"
          // A send empties the form: drawn anew, its fields take their empty defaults.
          key={answer?.sentToken ?? "form"}
        >
          <fieldset
            className="group-mail__groups"
            aria-describedby={errors.group ? "group-mail-group-error" : undefined}
          >
            <legend className="field__label">Who gets it</legend>
            {groups.map((group) => (
              <div key={group.key} className="group-mail__group">
                <input
                  id={`group-${group.key}`}
                  type="radio"
                  name="group"
                  value={group.key}
                  defaultChecked={values.group === group.key}
                  aria-describedby={`group-${group.key}-hint`}
                  aria-invalid={errors.group ? true : undefined}
                />
                <label htmlFor={`group-${group.key}`} className="group-mail__group-label">
                  {group.label} ({groupMailMessages.people(group.count)})
                </label>
                <p id={`group-${group.key}-hint`} className="field__hint">
                  {group.holds}
                </p>
              </div>
            ))}
            {errors.group ? (
              <p id="group-mail-group-error" className="field__error">
                {errors.group}
              </p>
            ) : null}
          </fieldset>
          <TextField
            label="Subject"
            name="subject"
            defaultValue={values.subject}
            error={errors.subject}
            maxLength={groupMailLimits.subject}
            required
          />
          <TextAreaField
            label="Message"
            name="body"
            hint="Plain text. Leave a blank line between paragraphs; web addresses become links."
            defaultValue={values.body}
            error={errors.body}
            maxLength={groupMailLimits.body}
            rows={12}
            required
          />
          <div>
            <SubmitButton intent="preview" pendingLabel="Preparing the preview...">
              Preview
            </SubmitButton>
          </div>
        </RedrawnForm>
      </section>

      <section className="card admin-panel" aria-labelledby="group-mail-placeholders-heading">
        <h2 id="group-mail-placeholders-heading">Placeholders</h2>
        <p>
          Write a placeholder in braces, such as {"{name}"}, and each copy has it filled in for its
          person. Write {"{{"} or {"}}"} for a brace itself.
        </p>
        <dl className="group-mail__placeholders">
          {placeholders.map((placeholder) => (
            <div key={placeholder.name}>
              <dt>
                <code>{`{${placeholder.name}}`}</code>
              </dt>
              <dd>
                {placeholder.holds} <span className="field__hint">{placeholder.groupsText}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

function PreviewPanel({ preview }: { preview: NonNullable<GroupMailActionData["preview"]> }) {
  const { label } = mailGroupWords[preview.group];
  return (
    <section className="card admin-panel group-mail__preview" aria-labelledby="group-mail-preview">
      {/* biome-ignore lint/a11y/noAutofocus: the preview the admin asked for is read first, before Send. */}
      <h2 id="group-mail-preview" tabIndex={-1} autoFocus>
        Preview
      </h2>
      <p>
        As {preview.message.to} will get it. Everyone in “{label}” (
        {groupMailMessages.people(preview.recipients)}) gets a copy of their own, filled in for
        them.
      </p>
      <dl className="group-mail__message">
        <dt>Subject</dt>
        <dd>{preview.message.subject}</dd>
        <dt>Message</dt>
        <dd className="group-mail__text">{preview.message.text}</dd>
      </dl>
      <Form method="post" encType={encType} className="admin-inline-form">
        <input type="hidden" name="group" value={preview.group} />
        <input type="hidden" name="subject" value={preview.subject} />
        <input type="hidden" name="body" value={preview.body} />
        <input type="hidden" name="token" value={preview.token} />
        <input type="hidden" name="recipients" value={preview.recipients} />
        <SubmitButton intent="send" pendingLabel="Sending...">
          {groupMailMessages.sendButton(preview.recipients)}
        </SubmitButton>
      </Form>
      <p className="field__hint">
        Send sends the message shown here. To change it, edit it below and preview it again.
      </p>
    </section>
  );
}
