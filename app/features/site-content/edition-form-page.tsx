import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { RedrawnForm } from "~/components/redrawn-form";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/text-field";
import type { EditionFormAnswer } from "./edition-actions.server";
import {
  EditionFormProvider,
  Field,
  IssueSummary,
  Select,
  TextArea,
  TextList,
} from "./edition-fields";
import type { FormTree } from "./edition-form";
import type { RecheckItem } from "./edition-next";
import { editionEditorPaths } from "./edition-paths";
import { PublishPanel } from "./edition-publish-panel";

export type EditionPageSummary = {
  index: number;
  slug: string;
  navLabel: string;
  path: string;
  sections: { heading: string; kind: string }[];
};

export type EditionEditorView = {
  year: number;
  revision: number;
  tree: FormTree;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
  /** What to check before a new edition is first published. */
  recheck: RecheckItem[];
  pages: EditionPageSummary[];
  /** The keynote section's path, when the edition has one. */
  keynotePath: string | null;
};

/** Everything about one conference edition except its pages' sections, in one form. */
export function EditionFormPage({
  view,
  answer,
}: {
  view: EditionEditorView;
  answer?: EditionFormAnswer;
}) {
  const { year } = view;
  const tree = answer?.tree ?? view.tree;
  const issues = answer?.newPage ? {} : (answer?.issues ?? {});
  const revision = answer?.revision ?? view.revision;
  return (
    <div className="stack">
      <section className="card admin-panel" aria-labelledby="edition-heading">
        <h1 id="edition-heading">SCULC {year}</h1>
        <PublishPanel view={view} revision={revision} answer={answer} />
      </section>

      {view.recheck.length ? (
        <section className="card admin-panel" aria-labelledby="recheck-heading">
          <h2 id="recheck-heading">Check before publishing</h2>
          <p>These were copied from last year with their dates moved: check each one.</p>
          <ul className="edition-recheck">
            {view.recheck.map((item) => (
              <li key={item.field}>
                <a href={`#field-${item.field}`}>{item.label}</a>: {item.note}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <EditionFormProvider view={{ tree, issues }}>
        <RedrawnForm
          method="post"
          className="card admin-panel edition-form"
          aria-labelledby="details-heading"
          key={answer?.stamp ?? revision}
        >
          <h2 id="details-heading">The conference</h2>
          <input type="hidden" name="revision" value={revision} />
          {answer?.status === "saved" || answer?.status === "stale" ? (
            <FormMessage message={answer.message} />
          ) : null}
          <IssueSummary issues={issues} />
          {/* The first button of the form is what Enter in a field presses. */}
          <div className="edition-form__actions">
            <SubmitButton intent="save" pendingLabel="Saving...">
              Save draft
            </SubmitButton>
          </div>
          <fieldset>
            <legend>Date, time and place</legend>
            <Field path="date" label="Conference date" type="date" />
            <div className="edition-form__row">
              <Field path="startTime" label="Starts at" type="time" />
              <Field path="endTime" label="Ends at" type="time" />
            </div>
            <Field path="venue" label="Venue" />
            <TextArea
              path="summary"
              label="Summary"
              hint="One sentence for search results and link previews."
              rows={3}
            />
            <Select
              path="navigation"
              label="How visitors move around the edition"
              options={[
                { value: "side-menu", label: "A menu of sections beside the page" },
                { value: "sub-navbar", label: "A bar of pages above the page" },
              ]}
            />
            <div className="edition-form__row">
              <Field
                path="programHours.opens"
                label="Program may start at"
                type="time"
                hint="Optional: sessions outside these hours get a warning."
              />
              <Field path="programHours.closes" label="Program may end at" type="time" />
            </div>
          </fieldset>

          <fieldset>
            <legend>Call for abstracts</legend>
            <TextList
              path="abstracts.guidelines"
              legend="Guidelines for authors"
              itemLabel="Guideline"
              addLabel="Add a guideline"
              multiline="short"
            />
            <Field
              path="abstracts.deadline"
              label="Deadline, as written on the site"
              hint="For example: Friday, March 20, 2026, 11:59 PM Pacific Time."
            />
            <div className="edition-form__row">
              <Field
                path="abstracts.maxPages"
                label="Most pages per abstract"
                type="number"
                min={1}
                max={200}
              />
              <Field
                path="abstracts.maxSubmissionsPerUser"
                label="Most abstracts per person"
                type="number"
                min={1}
                max={100}
              />
            </div>
            <div className="edition-form__row">
              <Field
                path="abstracts.talk.minutes"
                label="Talk length (minutes)"
                type="number"
                min={1}
                max={240}
              />
              <Field
                path="abstracts.talk.questionMinutes"
                label="Questions after a talk (minutes)"
                type="number"
                min={0}
                max={60}
              />
            </div>
            <Field
              path="abstracts.acceptance.confirmBy"
              label="Presenters confirm by, as written on the site"
            />
            <Field
              path="abstracts.acceptance.confirmByAt"
              label="Presenters confirm by (the site enforces this)"
              type="datetime-local"
              hint="Conference time."
            />
            <Field
              path="abstracts.acceptance.materialsDueBy"
              label="Final materials due by, as written on the site"
            />
            <Field
              path="abstracts.acceptance.materialsDueAt"
              label="Final materials due by (the site enforces this)"
              type="datetime-local"
              hint="Conference time."
            />
            <Field
              path="abstracts.acceptance.materialsEmail"
              label="Email for final materials"
              type="email"
            />
            <Field
              path="abstracts.acceptance.videoMeetingUrl"
              label="Video meeting link"
              type="url"
            />
            <Field
              path="abstracts.acceptance.confirmAttendanceUrl"
              label="Confirm-attendance form link (optional)"
              type="url"
              hint="Only a fallback: presenters confirm with the site's own buttons."
            />
          </fieldset>

          {view.keynotePath ? (
            <fieldset>
              <legend>Keynote speaker</legend>
              <Field path={`${view.keynotePath}.speaker`} label="Speaker" />
              <Field path={`${view.keynotePath}.affiliation`} label="Affiliation" />
              <Field path={`${view.keynotePath}.talkTitle`} label="Talk title" />
              <TextArea path={`${view.keynotePath}.bio`} label="About the speaker and the talk" />
            </fieldset>
          ) : null}

          <div className="edition-form__actions">
            <SubmitButton intent="save" pendingLabel="Saving...">
              Save draft
            </SubmitButton>
          </div>
        </RedrawnForm>
      </EditionFormProvider>

      <PagesList year={year} pages={view.pages} revision={revision} />
      <AddPageForm year={year} revision={revision} answer={answer} />
    </div>
  );
}

function PagesList({
  year,
  pages,
  revision,
}: {
  year: number;
  pages: EditionPageSummary[];
  revision: number;
}) {
  return (
    <section className="card admin-panel" aria-labelledby="pages-heading">
      <h2 id="pages-heading">Pages and sections</h2>
      <ol className="edition-pages">
        {pages.map((page) => {
          const name = page.index === 0 ? "the main page" : `the page “${page.navLabel}”`;
          return (
            <li key={page.index}>
              <Link to={editionEditorPaths.page(year, page.index)}>Edit {name}</Link> ({page.path}
              ): {page.sections.map((section) => section.heading).join(", ")}.{" "}
              <Link to={editionEditorPaths.preview(year, page.slug)}>
                Preview{page.index === 0 ? " the main page" : ` “${page.navLabel}”`}
              </Link>
              {/* The main page stays first; the others move among themselves, or leave the draft. */}
              {page.index > 0 ? (
                <PageButtons
                  index={page.index}
                  count={pages.length}
                  name={name}
                  revision={revision}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Move a page, or remove it after a second step (a page holds all its sections). */
function PageButtons({
  index,
  count,
  name,
  revision,
}: {
  index: number;
  count: number;
  name: string;
  revision: number;
}) {
  const move = (direction: "up" | "down", label: string) => (
    <Form method="post">
      <input type="hidden" name="revision" value={revision} />
      <button
        type="submit"
        name="intent"
        value={`${direction}:pages.${index}`}
        className="button button--secondary"
      >
        {label}
        <span className="visually-hidden"> {name}</span>
      </button>
    </Form>
  );
  return (
    <div className="edition-item__buttons">
      {index > 1 ? move("up", "Move up") : null}
      {index < count - 1 ? move("down", "Move down") : null}
      <details className="edition-page-remove">
        <summary className="button button--secondary edition-page-remove__toggle">
          Remove<span className="visually-hidden"> {name}</span>
        </summary>
        <Form method="post">
          <input type="hidden" name="revision" value={revision} />
          <p>
            The page and all its sections leave the draft. Visitors keep seeing it until you
            publish; an earlier version can be restored from the history.
          </p>
          <button type="submit" name="intent" value={`remove:pages.${index}`} className="button">
            Remove {name}
          </button>
        </Form>
      </details>
    </div>
  );
}

function AddPageForm({
  year,
  revision,
  answer,
}: {
  year: number;
  revision: number;
  answer?: EditionFormAnswer;
}) {
  const values = answer?.newPage ?? {};
  const issues = answer?.newPage ? (answer.issues ?? {}) : {};
  return (
    <Form
      method="post"
      className="card admin-panel edition-form"
      aria-labelledby="add-page-heading"
    >
      <h2 id="add-page-heading">Add a page</h2>
      <input type="hidden" name="revision" value={revision} />
      {answer?.newPage ? (
        <FormMessage message={answer.message || "The page was not added."} />
      ) : null}
      <TextField
        name="newPageSlug"
        label="Address"
        hint={`The page is served at /sculc-${year}-<address>, for example program.`}
        defaultValue={values.newPageSlug}
        error={issues.newPageSlug}
      />
      <TextField
        name="newPageNavLabel"
        label="Menu label"
        defaultValue={values.newPageNavLabel}
        error={issues.newPageNavLabel}
      />
      <TextField
        name="newPageTitle"
        label="Title"
        defaultValue={values.newPageTitle}
        error={issues.newPageTitle}
      />
      <TextField
        name="newPageDescription"
        label="Description"
        hint="A sentence for search results; it also starts the page's text."
        defaultValue={values.newPageDescription}
        error={issues.newPageDescription}
      />
      <SubmitButton intent="add-page" pendingLabel="Adding...">
        Add the page
      </SubmitButton>
    </Form>
  );
}
