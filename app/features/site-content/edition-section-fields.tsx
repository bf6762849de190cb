import type { EditionSection } from "~/content/sculc/edition-types";
import { Field, Hidden, ItemList, Select, TextArea, TextList } from "./edition-fields";
import { EditionPictureList, ProgramDocumentField } from "./edition-media-fields";
import { galleryPhotosAt, programPagesAt, schedulePictureAt } from "./edition-media-lists";

/** A section's own fields, by kind; `path` is the section's ("pages.0.sections.2"). */
export function SectionFields({
  kind,
  path,
  files,
}: {
  kind: EditionSection["kind"];
  path: string;
  /** The files that came with the site that a media section shows now, described for the editor. */
  files: string[];
}) {
  const at = (field: string) => `${path}.${field}`;
  const intro = <TextArea path={at("intro")} label="Introduction (optional)" rows={3} />;
  switch (kind) {
    case "details":
      return (
        <>
          <Field path={at("checkIn")} label="Check-in (optional)" />
          <Field path={at("lunch")} label="Lunch (optional)" />
          <Field path={at("format")} label="Format (optional)" />
          <TextArea path={at("attendance")} label="Attendance" rows={3} />
          <Facts path={at("facts")} />
        </>
      );
    case "text":
      return (
        <>
          <Paragraphs path={at("paragraphs")} />
          <Facts path={at("facts")} />
        </>
      );
    case "recap":
      return (
        <>
          <Paragraphs path={at("paragraphs")} />
          <Field path={at("photoCredit")} label="Photo credit (optional)" />
        </>
      );
    case "keynote":
      return (
        <>
          <Field path={at("speaker")} label="Speaker" />
          <Field path={at("affiliation")} label="Affiliation" />
          <Field path={at("talkTitle")} label="Talk title" />
          <TextArea path={at("bio")} label="About the speaker and the talk" />
        </>
      );
    case "program-document":
      return (
        <>
          <Hidden path={at("file")} />
          {intro}
          <ProgramDocumentField path={at("document")} shipped={files[0]} />
        </>
      );
    case "program-pages":
      return (
        <>
          {intro}
          <ShippedFiles files={files} replacedBy="the pages you add below" />
          <EditionPictureList
            list={programPagesAt(path)}
            legend="Pages of the program"
            hint="A picture of each page of the printed program, in order. Visitors swipe through them."
          />
        </>
      );
    case "schedule-image":
      return (
        <>
          {intro}
          <ShippedFiles files={files} replacedBy="the picture you add below" />
          <EditionPictureList
            list={schedulePictureAt(path)}
            legend="Schedule picture"
            hint="One picture of the day's schedule. Visitors can open it at full size."
          />
        </>
      );
    case "program-list":
      return intro;
    case "gallery":
      return (
        <>
          {intro}
          <ShippedFiles files={files} replacedBy="the galleries you add below" />
          <ItemList
            path={at("galleries")}
            legend="Galleries"
            itemLabel="Gallery"
            addLabel="Add a gallery"
          >
            {(item, label) => (
              <>
                <Field
                  path={`${item}.title`}
                  label={`Title of ${label.toLowerCase()}`}
                  hint="Shown above its photos, like “Keynote” or “Poster session”."
                />
                <EditionPictureList
                  list={galleryPhotosAt(item)}
                  legend={`Photos of ${label.toLowerCase()}`}
                  hint="Choose several photos at once; each gets its own alt text and caption."
                />
              </>
            )}
          </ItemList>
          <Field
            path={at("photoCredit")}
            label="Photo credit (optional)"
            hint="For example: Photos by Jordan Lee."
          />
        </>
      );
    case "presentations":
      return (
        <>
          {intro}
          <Select
            path={at("display")}
            label="Show presentations as"
            options={[
              { value: "collapsible", label: "Sections that open one at a time" },
              { value: "list", label: "A list" },
            ]}
          />
          <ItemList
            path={at("items")}
            legend="Presentations"
            itemLabel="Presentation"
            addLabel="Add a presentation"
          >
            {(item, label) => <Presentation path={item} label={label} />}
          </ItemList>
        </>
      );
    case "guidelines":
      return (
        <>
          <Select
            path={at("status")}
            label="The call is"
            options={[
              { value: "open", label: "Open" },
              { value: "closed", label: "Closed" },
            ]}
          />
          <Field
            path={at("deadline")}
            label="Deadline, as written (optional)"
            hint="The current conference shows the deadline set in the admin area instead."
          />
          <TextList
            path={at("items")}
            legend="Guidelines"
            itemLabel="Guideline"
            addLabel="Add a guideline"
            multiline="short"
          />
          <fieldset>
            <legend>Button (optional)</legend>
            <Field path={at("action.label")} label="Button label" />
            <Field
              path={at("action.href")}
              label="Button link"
              hint="A web address, or a page of this site like /sculc/submit-abstract."
            />
            <Field path={at("action.description")} label="Button description (optional)" />
          </fieldset>
        </>
      );
    case "links":
      return (
        <>
          <Field path={at("email")} label="Contact email (optional)" type="email" />
          <ItemList path={at("links")} legend="Links" itemLabel="Link" addLabel="Add a link">
            {(item) => (
              <>
                <Field path={`${item}.label`} label="Label" />
                <Field path={`${item}.href`} label="Web address" type="url" />
                <Field path={`${item}.description`} label="Description (optional)" />
              </>
            )}
          </ItemList>
        </>
      );
  }
}

function Paragraphs({ path }: { path: string }) {
  return (
    <TextList
      path={path}
      legend="Paragraphs"
      itemLabel="Paragraph"
      addLabel="Add a paragraph"
      multiline
    />
  );
}

function Facts({ path }: { path: string }) {
  return (
    <ItemList path={path} legend="Facts (optional)" itemLabel="Fact" addLabel="Add a fact">
      {(item) => (
        <div className="edition-form__row">
          <Field path={`${item}.label`} label="Label" />
          <Field path={`${item}.value`} label="Value" />
        </div>
      )}
    </ItemList>
  );
}

function Presentation({ path, label }: { path: string; label: string }) {
  return (
    <>
      <Field path={`${path}.title`} label="Title" />
      <ItemList
        path={`${path}.presenters`}
        legend={`Presenters of ${label.toLowerCase()}`}
        itemLabel="Presenter"
        addLabel="Add a presenter"
      >
        {(item) => (
          <div className="edition-form__row">
            <Field path={`${item}.name`} label="Name" />
            <Field path={`${item}.institution`} label="Institution" />
          </div>
        )}
      </ItemList>
      <Select
        path={`${path}.embed.kind`}
        label="Shown as"
        options={[
          { value: "slides", label: "Slides" },
          { value: "poster", label: "Poster" },
          { value: "video", label: "Video" },
          { value: "document", label: "Document" },
          { value: "form", label: "Form" },
        ]}
      />
      <Field path={`${path}.embed.title`} label="Title of the embedded file" />
      <Field path={`${path}.embed.embedUrl`} label="Embed address" type="url" />
      <Field path={`${path}.embed.linkUrl`} label="Link to open it (optional)" type="url" />
    </>
  );
}

/**
 * The files that came with the site for this section (the editions from before the editor), shown
 * until the editor uploads their own.
 */
function ShippedFiles({ files, replacedBy }: { files: string[]; replacedBy: string }) {
  if (!files.length) return null;
  return (
    <div>
      <p className="field__label">Shown now, from the files that came with the site</p>
      <ul>
        {files.map((file) => (
          <li key={file}>{file}</li>
        ))}
      </ul>
      <p className="field__hint">Once you add your own, {replacedBy} replace them.</p>
    </div>
  );
}
