import { editionPagePath } from "~/content/editions";
import type { ContentDocument } from "./content-store.server";
import { toFormState } from "./edition-form";
import type { EditionEditorView } from "./edition-form-page";
import { type EditionDocument, listThingsToRecheck } from "./edition-next";
import type { EditionPageEditorView } from "./edition-page-form";

/** The edition form's view of a stored edition. */
export function toEditionEditorView(document: ContentDocument): EditionEditorView {
  const edition = document.draft as EditionDocument;
  let keynotePath: string | null = null;
  edition.pages.forEach((page, pageIndex) => {
    page.sections.forEach((section, sectionIndex) => {
      if (section.kind === "keynote" && keynotePath === null) {
        keynotePath = `pages.${pageIndex}.sections.${sectionIndex}`;
      }
    });
  });
  return {
    year: edition.year,
    revision: document.draftRevision,
    tree: toFormState(edition),
    publishedVersion: document.publishedVersion,
    hasUnpublishedChanges: document.hasUnpublishedChanges,
    recheck: document.publishedVersion === null ? listThingsToRecheck(edition) : [],
    pages: edition.pages.map((page, index) => ({
      index,
      slug: page.slug,
      navLabel: page.navLabel,
      path: editionPagePath(edition, page),
      sections: page.sections.map((section) => ({ heading: section.heading, kind: section.kind })),
    })),
    keynotePath,
  };
}

/** One page's form, or null when the edition has no page at that index. */
export function toEditionPageEditorView(
  document: ContentDocument,
  pageIndex: number,
  files: Record<string, string[]>,
): EditionPageEditorView | null {
  const edition = document.draft as EditionDocument;
  const page = edition.pages[pageIndex];
  if (!page) return null;
  return {
    year: edition.year,
    revision: document.draftRevision,
    pageIndex,
    publicPath: editionPagePath(edition, page),
    tree: toFormState(edition),
    files,
  };
}
