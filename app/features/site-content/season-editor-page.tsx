import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { RedrawnForm } from "~/components/redrawn-form";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/text-field";
import type { SeasonActionData, SeasonEditorView } from "./board-season-editor.server";
import {
  type MemberField,
  type MemberValues,
  memberFieldName,
  portraitFileFocus,
} from "./board-season-form";
import { portraitUploadFormId, portraitUploadPath } from "./board-season-portraits";
import { contentAreaPath } from "./content-labels";
import type { PictureThumbnails } from "./page-forms-pictures";
import { PictureUploadForm } from "./picture-list-editor";
import { SeasonPortraitField } from "./season-portrait-field";
import "./content-editor.css";

const fieldLabels: { field: MemberField; label: string; hint?: string; inputMode?: "numeric" }[] = [
  { field: "name", label: "Name" },
  { field: "position", label: "Position", hint: "Like President or Treasurer." },
  { field: "pronouns", label: "Pronouns (optional)", hint: "Like she/her." },
  {
    field: "ipa",
    label: "Pronunciation in IPA (optional)",
    hint: "Without slashes or brackets: the page adds them.",
  },
  { field: "major", label: "Major (optional)" },
  { field: "minor", label: "Minor (optional)" },
  { field: "gradYear", label: "Graduation year (optional)", inputMode: "numeric" },
  { field: "favoriteLingArea", label: "Favourite area of linguistics (optional)" },
  { field: "favoriteDrink", label: "Favourite drink (optional)" },
];

/** A season's form: its years and its members, and the buttons that save, preview and publish it. */
export function SeasonEditorPage({
  view,
  action,
  notice,
}: {
  view: SeasonEditorView;
  action?: SeasonActionData;
  notice: string | null;
}) {
  const values = action?.values ?? view.values;
  const basedOn = action ? action.basedOn : view.basedOn;
  const errors = action?.fieldErrors ?? {};
  const focus = action ? action.focus : view.focus;
  const portraits = action?.portraits ?? view.portraits;
  // What a portrait uploaded without JavaScript came to: shown until the form is posted.
  const portraitMessage = action ? null : view.portraitMessage;
  const isNew = view.season === null;
  return (
    <>
      <p>
        <Link to={contentAreaPath}>Back to site content</Link>
      </p>
      <h1>{view.title}</h1>
      {view.status ? <SeasonStatusPanel view={view} /> : <NewSeasonIntro />}
      {notice ? <FormMessage message={notice} /> : null}
      {portraitMessage && portraitMessage.index === null ? (
        <p className="message message--error" role="alert">
          {portraitMessage.text}
        </p>
      ) : null}
      {action?.message ? (
        action.tone === "notice" ? (
          <p className="message content-notice" role="status">
            {action.message}
          </p>
        ) : (
          <FormMessage message={action.message} />
        )
      ) : null}
      {action?.stale && view.season ? (
        <section className="card admin-panel" aria-labelledby="stale-heading">
          <h2 id="stale-heading">The version someone else saved</h2>
          <p>Saved {action.stale.savedAtText}, with these members:</p>
          <ul>
            {action.stale.members.map((member, index) => (
              // Two members may read alike; their place tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <li key={index}>{member}</li>
            ))}
          </ul>
          <p>
            <Link to={`${contentAreaPath}/board/${view.season}`} reloadDocument>
              Open their version (your text below is lost)
            </Link>
          </p>
        </section>
      ) : null}
      {/* Drawn anew for every answer and every saved revision: the browser keeps a field's typed text
          over a new default value, so a discard or a save elsewhere would otherwise not show. */}
      <RedrawnForm
        method="post"
        key={action?.formKey ?? view.formKey}
        className="stack season-form"
      >
        {/* Enter in a field presses a form's first button: it must save, not move a member. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          Save draft
        </button>
        <input type="hidden" name="basedOn" value={basedOn ?? ""} />
        <TextField
          label="Season"
          name="season"
          defaultValue={values.season}
          hint={
            isNew
              ? "The two academic years, like 2026-2027."
              : "A season's years cannot change. For another year, add a season."
          }
          readOnly={!isNew}
          aria-required="true"
          maxLength={9}
          error={errors.season}
          autoFocus={focus === "season"}
        />
        <section aria-labelledby="members-heading" className="stack">
          <h2 id="members-heading">Members</h2>
          <p>In the order the board page shows them.</p>
          {errors.members ? (
            <p className="field__error" id="members-error">
              {errors.members}
            </p>
          ) : null}
          <ol className="season-members">
            {values.members.map((member, index) => (
              // The form is drawn anew for every answer (formKey): a place is a member's identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: members without an id yet share ""
              <li key={`${member.id}-${index}`}>
                <MemberFieldset
                  member={member}
                  index={index}
                  count={values.members.length}
                  errors={errors}
                  focus={focus}
                  portraits={portraits}
                  season={view.season}
                  portraitMessage={portraitMessage?.index === index ? portraitMessage : null}
                />
              </li>
            ))}
          </ol>
          <p>
            <button
              type="submit"
              name="intent"
              value="add-member"
              className="button button--secondary"
              // After the page comes back from removing the last member, the keyboard continues here.
              // biome-ignore lint/a11y/noAutofocus: restores focus after the editor's own button press
              autoFocus={focus === "add"}
            >
              Add a member
            </button>
          </p>
        </section>
        <div className="content-actions">
          <SubmitButton intent="save" pendingLabel="Saving...">
            Save draft
          </SubmitButton>
          <SubmitButton
            intent="preview"
            pendingLabel="Saving..."
            className="button button--secondary"
          >
            Save and preview
          </SubmitButton>
          <SubmitButton
            intent="publish"
            pendingLabel="Publishing..."
            className="button button--secondary"
          >
            Save and publish
          </SubmitButton>
        </div>
      </RedrawnForm>
      {/* Without JavaScript, each saved member's portrait is posted by a small form of its own. */}
      {view.season
        ? values.members.map((member, index) =>
            member.id ? (
              <PictureUploadForm
                // biome-ignore lint/suspicious/noArrayIndexKey: one form per place, like the fieldsets
                key={index}
                id={portraitUploadFormId(index)}
                action={portraitUploadPath(view.season ?? "", index, member.id)}
              />
            ) : null,
          )
        : null}
      {view.status?.isOnSite && view.status.hasUnpublishedChanges ? (
        <DiscardPanel basedOn={view.basedOn} />
      ) : null}
      {view.status?.isOnSite ? <TakeOffPanel basedOn={view.basedOn} /> : null}
    </>
  );
}

function NewSeasonIntro() {
  return (
    <p>
      A new board starts with the positions of the newest season, in the same order: type each
      person's name and anything else you have, remove a position nobody holds this year, and add
      any new one. Save the draft, preview it, and publish it when it is ready: the newest season is
      the board at the top of the board page.
    </p>
  );
}

function SeasonStatusPanel({ view }: { view: SeasonEditorView }) {
  const status = view.status;
  if (!status) return null;
  return (
    <section className="card admin-panel" aria-labelledby="season-status-heading">
      <h2 id="season-status-heading">Where this season stands</h2>
      <p>
        <strong>{status.stateText}.</strong>{" "}
        {status.publishedVersion === null
          ? "Visitors do not see this season yet."
          : !status.isOnSite
            ? "Visitors do not see this season: it was taken off the site."
            : status.hasUnpublishedChanges
              ? `Visitors see version ${status.publishedVersion}; the draft below has changes they do not see yet.`
              : `Visitors see version ${status.publishedVersion}, the same as the draft below.`}{" "}
        Last saved {status.savedAtText}.
      </p>
      <p className="content-list__links">
        <Link to={view.paths.preview}>Preview the board page</Link>
        {view.paths.history ? <Link to={view.paths.history}>History</Link> : null}
        <a href="/board">The public board page</a>
      </p>
    </section>
  );
}

function DiscardPanel({ basedOn }: { basedOn: number | null }) {
  return (
    <section className="card admin-panel" aria-labelledby="discard-heading">
      <h2 id="discard-heading">Discard changes</h2>
      <p>
        Puts the draft back to the version visitors see, dropping every saved change since it was
        published. Changes typed above and not saved are lost too.
      </p>
      <Form method="post">
        <input type="hidden" name="basedOn" value={basedOn ?? ""} />
        <SubmitButton
          intent="discard"
          pendingLabel="Discarding..."
          className="button button--secondary"
        >
          Discard changes
        </SubmitButton>
      </Form>
    </section>
  );
}

function TakeOffPanel({ basedOn }: { basedOn: number | null }) {
  return (
    <section className="card admin-panel" aria-labelledby="take-off-heading">
      <h2 id="take-off-heading">Take this season off the site</h2>
      <p>
        Visitors stop seeing this season; its draft and history are kept, and publishing it again
        brings it back. Changes typed above and not saved are lost.
      </p>
      <Form method="post">
        <input type="hidden" name="basedOn" value={basedOn ?? ""} />
        <SubmitButton
          intent="take-off"
          pendingLabel="Taking off..."
          className="button button--secondary"
        >
          Take off the site
        </SubmitButton>
      </Form>
    </section>
  );
}

function MemberFieldset({
  member,
  index,
  count,
  errors,
  focus,
  portraits,
  season,
  portraitMessage,
}: {
  member: MemberValues;
  index: number;
  count: number;
  errors: Record<string, string>;
  focus: string | null;
  portraits: PictureThumbnails;
  season: string | null;
  portraitMessage: { tone: "success" | "error"; text: string } | null;
}) {
  const place = index + 1;
  return (
    <fieldset className="season-member">
      <legend>Member {place}</legend>
      <input type="hidden" name={memberFieldName(index, "id")} value={member.id} />
      <div className="season-member__fields">
        {fieldLabels.map(({ field, label, hint, inputMode }) => {
          const name = memberFieldName(index, field);
          return (
            <TextField
              key={name}
              label={label}
              name={name}
              hint={hint}
              defaultValue={member[field]}
              error={errors[name]}
              // Not `required`: the browser would then block every button (moving, removing) while a
              // name is empty. The server says what is missing, beside the field.
              aria-required={field === "name" || field === "position" ? true : undefined}
              maxLength={field === "gradYear" ? 4 : 300}
              inputMode={inputMode}
              autoFocus={focus === name}
            />
          );
        })}
      </div>
      <SeasonPortraitField
        index={index}
        season={season}
        memberId={member.id}
        media={member.portraitMedia}
        alt={member.portraitAlt}
        thumbnail={portraits[member.portraitMedia]}
        error={errors[memberFieldName(index, "portraitAlt")]}
        autoFocus={focus === memberFieldName(index, "portraitAlt")}
        focusFile={focus === portraitFileFocus(index)}
        message={portraitMessage}
      />
      <div className="season-member__buttons">
        {index > 0 ? (
          <button
            type="submit"
            name="intent"
            value={`move-up:${index}`}
            className="admin-link-button"
          >
            Move up<span className="visually-hidden"> member {place}</span>
          </button>
        ) : null}
        {index < count - 1 ? (
          <button
            type="submit"
            name="intent"
            value={`move-down:${index}`}
            className="admin-link-button"
          >
            Move down<span className="visually-hidden"> member {place}</span>
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={`remove-member:${index}`}
          className="admin-link-button"
        >
          Remove<span className="visually-hidden"> member {place}</span>
        </button>
      </div>
    </fieldset>
  );
}
