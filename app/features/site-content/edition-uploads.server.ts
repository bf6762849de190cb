import type { Kysely } from "kysely";
import type { Picture } from "~/content/picture";
import { pictureMessages } from "~/content/picture.schema";
import { editionMediaMessages } from "~/content/sculc/edition-media";
import { documentPurpose, resolveMedia } from "~/features/content-media/media-records.server";
import type { Database } from "~/lib/db/schema";
import type { EditionMediaView } from "./edition-fields";
import { type FormTree, type FormValue, valueAt } from "./edition-form";
import { editionUploadQuery, findEditionMediaList } from "./edition-media-lists";
import type { EditionDocument } from "./edition-next";
import { pictureUploadQuery } from "./page-forms-pictures";
import { mediaIdsIn, thumbnailsOf, uploadRefusalFromQuery } from "./page-forms-pictures.server";

/** The previews of the pictures and the PDFs a page's form state names, in one query. */
export async function editionMediaOf(
  db: Kysely<Database>,
  tree: FormTree,
): Promise<Pick<EditionMediaView, "thumbnails" | "documents">> {
  const resolved = await resolveMedia(db, mediaIdsIn(tree, ["media", "document"]));
  const documents: EditionMediaView["documents"] = {};
  for (const [id, media] of resolved) {
    if (media.purpose === documentPurpose) {
      documents[id] = { src: media.src, pageCount: media.pageCount };
    }
  }
  return { thumbnails: thumbnailsOf(resolved), documents };
}

/**
 * The form state with a file uploaded without JavaScript put in its place (named by the redirect's
 * query), or the refusal to show there. A picture joins the end of its list with an empty alt text
 * for the editor to fill in; a PDF takes the section's document. Only a media that exists and was
 * made for that place is put in; nothing is saved until the editor saves.
 */
export async function withUploadedEditionFile(
  db: Kysely<Database>,
  tree: FormTree,
  pageIndex: number,
  query: URLSearchParams,
): Promise<{
  tree: FormTree;
  uploaded?: "picture" | "document";
  uploadRefusal?: { list: string; message: string };
}> {
  const path = query.get(editionUploadQuery.list) ?? "";
  const list = path ? findEditionMediaList(tree, pageIndex, path) : undefined;
  if (!list) return { tree };
  const refusal = uploadRefusalFromQuery(query);
  if (refusal) return { tree, uploadRefusal: { list: path, message: refusal } };
  const id = query.get(pictureUploadQuery.added) ?? "";
  const media = id ? (await resolveMedia(db, [id])).get(id) : undefined;
  const purpose = list.kind === "document" ? documentPurpose : list.purpose;
  if (!media || media.purpose !== purpose) return { tree };
  const copy = structuredClone(tree);
  if (list.kind === "document") {
    setAt(copy, path, id);
    return { tree: copy, uploaded: "document" };
  }
  const items = valueAt(tree, path);
  const rows = Array.isArray(items) ? items : [];
  const present = rows.some((row) => valueAt(row, "media") === id);
  if (present || rows.length >= list.max) return { tree };
  setAt(copy, path, [...rows, { media: id, alt: "", caption: "" }]);
  return { tree: copy, uploaded: "picture" };
}

/** Sets the value at a dotted path, making the objects and lists on the way (a new gallery). */
function setAt(tree: FormTree, path: string, value: FormValue): void {
  const segments = path.split(".");
  let node: FormValue = tree;
  segments.forEach((segment, index) => {
    const container = node as Record<string, FormValue>;
    if (index === segments.length - 1) {
      container[segment] = value;
      return;
    }
    if (typeof container[segment] !== "object") {
      container[segment] = /^\d+$/.test(segments[index + 1] ?? "") ? [] : {};
    }
    node = container[segment] as FormValue;
  });
}

/**
 * The uploads a checked edition names that are not there or not made for their place (an id typed
 * into a crafted post, a photo's id given as the program, a file deleted since): each refused beside
 * its row, so a page never shows a hole where a picture was meant to be.
 */
export async function checkEditionMedia(
  db: Kysely<Database>,
  edition: EditionDocument,
): Promise<{ path: string; message: string }[]> {
  const wanted: { path: string; id: string; purpose: string; message: string }[] = [];
  const pictures = (path: string, list: readonly Picture[] | undefined, purpose: string) => {
    (list ?? []).forEach((picture, index) => {
      wanted.push({
        path: `${path}.${index}.media`,
        id: picture.media,
        purpose,
        message: pictureMessages.media,
      });
    });
  };
  edition.pages.forEach((page, pageIndex) => {
    page.sections.forEach((section, sectionIndex) => {
      const path = `pages.${pageIndex}.sections.${sectionIndex}`;
      if (section.kind === "gallery") {
        section.galleries?.forEach((gallery, index) => {
          pictures(`${path}.galleries.${index}.pictures`, gallery.pictures, "photo");
        });
      } else if (section.kind === "program-pages") {
        pictures(`${path}.pages`, section.pages, "document-image");
      } else if (section.kind === "schedule-image") {
        pictures(`${path}.pictures`, section.pictures, "document-image");
      } else if (section.kind === "program-document" && section.document) {
        wanted.push({
          path: `${path}.document`,
          id: section.document,
          purpose: documentPurpose,
          message: editionMediaMessages.documentMissing,
        });
      }
    });
  });
  if (!wanted.length) return [];
  const found = await resolveMedia(
    db,
    wanted.map((place) => place.id),
  );
  return wanted
    .filter((place) => found.get(place.id)?.purpose !== place.purpose)
    .map(({ path, message }) => ({ path, message }));
}
