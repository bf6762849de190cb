import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { RedrawnForm } from "~/components/redrawn-form";
import { SubmitButton } from "~/components/submit-button";
import type { EditionSection } from "~/content/sculc/edition-types";
import type { EditionFormAnswer } from "./edition-actions.server";
import {
  EditionFormProvider,
  type EditionMediaView,
  Field,
  Hidden,
  IssueSummary,
  ItemButtons,
  TextArea,
} from "./edition-fields";
import { type FormTree, valueAt } from "./edition-form";
import { EditionUploadForms } from "./edition-media-fields";
import { editionEditorPaths } from "./edition-paths";
import { SectionFields } from "./edition-section-fields";
import { addableSectionKinds, sectionKindLabels } from "./edition-sections";

export type EditionPageEditorView = {
  year: number;
  revision: number;
  pageIndex: number;
  /** Where visitors find the page once published. */
  publicPath: string;
  tree: FormTree;
  /** The files that came with the site each media section shows now, by section anchor. */
  files: Record<string, string[]>;
  /** Previews of the pictures and the PDFs the form names. */
  thumbnails?: EditionMediaView["thumbnails"];
  documents?: EditionMediaView["documents"];
  /** Back from an upload without JavaScript: the file is in the form, not saved yet. */
  uploadedUnsaved?: "picture" | "document";
  uploadRefusal?: EditionMediaView["uploadRefusal"];
};

/** Where a save answer's own previews come (pictures uploaded since the last save). */
type PageFormAnswer = EditionFormAnswer & {
  media?: Pick<EditionMediaView, "thumbnails" | "documents">;
};

/** One page of an edition: its own fields and all its sections, in one form. */
export function EditionPageForm({
  view,
  answer,
}: {
  view: EditionPageEditorView;
  answer?: PageFormAnswer;
}) {
  const { year, pageIndex } = view;
  const tree = answer?.tree ?? view.tree;
  const issues = answer?.issues ?? {};
  const revision = answer?.revision ?? view.revision;
  const pagePath = `pages.${pageIndex}`;
  const sections = (valueAt(tree, `${pagePath}.sections`) as FormTree[] | undefined) ?? [];
  const isMain = pageIndex === 0;
  const title = String(valueAt(view.tree, `${pagePath}.navLabel`) ?? "");
  const media: EditionMediaView = {
    year,
    pageIndex,
    thumbnails: { ...view.thumbnails, ...answer?.media?.thumbnails },
    documents: { ...view.documents, ...answer?.media?.documents },
    ...(view.uploadRefusal && !answer ? { uploadRefusal: view.uploadRefusal } : {}),
  };
  return (
    <EditionFormProvider view={{ tree, issues, media }}>
      <RedrawnForm
        method="post"
        className="card admin-panel edition-form"
        aria-labelledby="page-heading"
        key={answer?.stamp ?? revision}
      >
        <p>
          <Link to={editionEditorPaths.edition(year)}>Back to SCULC {year}</Link>
        </p>
        <h1 id="page-heading">
          SCULC {year}: {isMain ? "main page" : title}
        </h1>
        <p>
          Visitors find this page at {view.publicPath} once it is published.{" "}
          <Link
            to={editionEditorPaths.preview(
              year,
              String(valueAt(view.tree, `${pagePath}.slug`) ?? ""),
            )}
          >
            Preview the saved draft
          </Link>
        </p>
        <input type="hidden" name="revision" value={revision} />
        {answer?.status === "saved" || answer?.status === "stale" ? (
          <FormMessage message={answer.message} />
        ) : null}
        {view.uploadedUnsaved && !answer ? (
          <p className="message message--success" role="status">
            {view.uploadedUnsaved === "picture"
              ? "The picture was uploaded and added at the end of its list. Describe it in its alt text, then press Save draft: it is not saved until you do."
              : "The PDF was uploaded. Press Save draft to keep it: it is not saved until you do."}
          </p>
        ) : null}
        {view.uploadRefusal && !answer ? (
          <p className="message message--error" role="alert">
            The file was not added. {view.uploadRefusal.message}
          </p>
        ) : null}
        <IssueSummary issues={issues} />
        <div className="edition-form__actions">
          <SubmitButton intent="save" pendingLabel="Saving...">
            Save draft
          </SubmitButton>
        </div>

        <fieldset>
          <legend>The page</legend>
          <Field path={`${pagePath}.navLabel`} label="Menu label" />
          <Field path={`${pagePath}.title`} label="Title" />
          <TextArea
            path={`${pagePath}.description`}
            label="Description"
            hint="A sentence or two for search results, under 200 characters."
            rows={3}
          />
          {isMain ? (
            <Hidden path={`${pagePath}.slug`} />
          ) : (
            <Field
              path={`${pagePath}.slug`}
              label="Address"
              hint={`The page is served at /sculc-${year}-<address>.`}
            />
          )}
        </fieldset>

        <h2>Sections, in order</h2>
        {sections.map((section, index) => {
          const path = `${pagePath}.sections.${index}`;
          const kind = String(section.kind ?? "text") as EditionSection["kind"];
          const id = String(section.id ?? "");
          const name = `section ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections are numbered by position; the form is re-keyed on every answer
            <fieldset key={index} id={`field-${path}`}>
              <legend>
                Section {index + 1}: {sectionKindLabels[kind] ?? kind}
              </legend>
              <Hidden path={`${path}.kind`} />
              <Hidden path={`${path}.id`} />
              <Field path={`${path}.heading`} label="Heading" />
              <Field
                path={`${path}.menuLabel`}
                label="Shorter label for the side menu (optional)"
              />
              <SectionFields kind={kind} path={path} files={view.files[id] ?? []} />
              <ItemButtons
                path={`${pagePath}.sections`}
                index={index}
                count={sections.length}
                name={name}
                showName
              />
            </fieldset>
          );
        })}

        <fieldset>
          <legend>Add a section</legend>
          <div className="field">
            <label htmlFor="field-newSectionKind" className="field__label">
              Kind of section
            </label>
            <select id="field-newSectionKind" name="newSectionKind" className="field__input">
              {addableSectionKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {sectionKindLabels[kind]}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton
            intent={`add-section:${pagePath}.sections`}
            pendingLabel="Adding..."
            className="button button--secondary"
          >
            Add the section
          </SubmitButton>
        </fieldset>

        <div className="edition-form__actions">
          <SubmitButton intent="save" pendingLabel="Saving...">
            Save draft
          </SubmitButton>
        </div>
      </RedrawnForm>
      <EditionUploadForms tree={tree} />
    </EditionFormProvider>
  );
}
