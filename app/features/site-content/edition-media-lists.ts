import { editionMediaLimits } from "~/content/sculc/edition-media";
import type { ImagePurpose } from "~/lib/media/media-limits";
import { type FormTree, type FormValue, valueAt } from "./edition-form";
import { editionEditorPaths } from "./edition-paths";

/**
 * The places on an edition page that hold uploaded files: each gallery's photos, the printed
 * program's page pictures, the schedule picture, and the program PDF. Each is named by its path in
 * the form ("pages.0.sections.3.galleries.1.pictures"), the same path its rows post under, so the
 * upload route and the form agree on where a file goes.
 */
export type EditionMediaList =
  | { path: string; kind: "pictures"; purpose: ImagePurpose; max: number; itemLabel: string }
  | { path: string; kind: "document" };

const isTree = (value: FormValue | undefined): value is FormTree =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type PictureList = Extract<EditionMediaList, { kind: "pictures" }>;

/** The photos of the gallery at this path ("pages.0.sections.3.galleries.1"). */
export const galleryPhotosAt = (gallery: string): PictureList => ({
  path: `${gallery}.pictures`,
  kind: "pictures",
  purpose: "photo",
  max: editionMediaLimits.galleryPhotos,
  itemLabel: "photo",
});

/** The printed program's pages of the section at this path. */
export const programPagesAt = (section: string): PictureList => ({
  path: `${section}.pages`,
  kind: "pictures",
  purpose: "document-image",
  max: editionMediaLimits.programPages,
  itemLabel: "page",
});

/** The schedule picture of the section at this path (a list of at most one). */
export const schedulePictureAt = (section: string): PictureList => ({
  path: `${section}.pictures`,
  kind: "pictures",
  purpose: "document-image",
  max: 1,
  itemLabel: "schedule picture",
});

/**
 * Every media place of one page of the form state. `withNewGallery` also names the place of a
 * gallery not yet saved (one past the last), where a picture uploaded without JavaScript may start
 * a gallery.
 */
export function editionMediaLists(
  tree: FormTree,
  pageIndex: number,
  { withNewGallery = false } = {},
): EditionMediaList[] {
  const sections = valueAt(tree, `pages.${pageIndex}.sections`);
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((section, index): EditionMediaList[] => {
    if (!isTree(section)) return [];
    const path = `pages.${pageIndex}.sections.${index}`;
    switch (section.kind) {
      case "gallery": {
        const galleries = Array.isArray(section.galleries) ? section.galleries.length : 0;
        const count = galleries + (withNewGallery ? 1 : 0);
        return Array.from({ length: count }, (_, gallery) =>
          galleryPhotosAt(`${path}.galleries.${gallery}`),
        );
      }
      case "program-pages":
        return [programPagesAt(path)];
      case "schedule-image":
        return [schedulePictureAt(path)];
      case "program-document":
        return [{ path: `${path}.document`, kind: "document" }];
      default:
        return [];
    }
  });
}

/** The media place at this path of the page, if the page has one there. */
export function findEditionMediaList(
  tree: FormTree,
  pageIndex: number,
  path: string,
): EditionMediaList | undefined {
  return editionMediaLists(tree, pageIndex, { withNewGallery: true }).find(
    (list) => list.path === path,
  );
}

/** The id of the separate form a place's file field posts to without JavaScript. */
export function uploadFormIdOf(path: string): string {
  return `upload-${path.replace(/\./g, "-")}`;
}

/** Where a file for this place is posted without JavaScript, and the page comes back to after. */
export const editionUploadPaths = {
  form: (year: number, page: number, path: string) =>
    `${editionEditorPaths.page(year, page)}/files?list=${encodeURIComponent(path)}`,
};

/** The query of the redirect back to the page form after an upload without JavaScript. */
export const editionUploadQuery = { list: "list", added: "added" } as const;
