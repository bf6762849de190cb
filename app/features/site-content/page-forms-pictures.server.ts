import type { Kysely } from "kysely";
import { type MediaRefusalReason, mediaRefusal } from "~/features/content-media/media-messages";
import { type ResolvedMedia, resolveMedia } from "~/features/content-media/media-records.server";
import {
  contentDocumentMaxPages,
  type MediaUploadResult,
} from "~/features/content-media/media-upload.server";
import type { Database } from "~/lib/db/schema";
import type { RefusedFileFormat } from "~/lib/media/image-header";
import type { ImagePurpose } from "~/lib/media/media-limits";
import type { FormValue, FormValues, PageForm } from "./page-forms-fields";
import { itemsAt, pageFormPaths } from "./page-forms-parts";
import { type PictureThumbnails, pictureListOf, pictureUploadQuery } from "./page-forms-pictures";

/** Every media id the form's values name: a `media` field (or one of `fields`) anywhere, in any list. */
export function mediaIdsIn(
  value: FormValue | undefined,
  fields: readonly string[] = ["media"],
): string[] {
  if (value === undefined || typeof value === "string") return [];
  if (Array.isArray(value)) return value.flatMap((item) => mediaIdsIn(item, fields));
  return Object.entries(value).flatMap(([field, inner]) =>
    fields.includes(field) && typeof inner === "string" && inner
      ? [inner]
      : mediaIdsIn(inner, fields),
  );
}

/** The previews of resolved media that are pictures, by media id (a PDF or a deleted media has none). */
export function thumbnailsOf(resolved: ReadonlyMap<string, ResolvedMedia>): PictureThumbnails {
  const thumbnails: PictureThumbnails = {};
  for (const [id, media] of resolved) {
    if (media.width && media.height) {
      thumbnails[id] = {
        src: media.src,
        srcSet: media.srcSet,
        width: media.width,
        height: media.height,
      };
    }
  }
  return thumbnails;
}

/** The previews of the pictures the values name, in one query. */
export async function pictureThumbnails(
  db: Kysely<Database>,
  values: FormValues,
): Promise<PictureThumbnails> {
  return thumbnailsOf(await resolveMedia(db, mediaIdsIn(values)));
}

/**
 * The ids, from an address, of media that exist and were made for `purpose` (so a carousel picture
 * never becomes a portrait): each once, in their order, in one query.
 */
export async function uploadedPicturesFor(
  db: Kysely<Database>,
  purpose: ImagePurpose,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (!unique.length) return [];
  const resolved = await resolveMedia(db, unique);
  return unique.filter((id) => resolved.get(id)?.purpose === purpose);
}

/**
 * The values with the pictures uploaded without JavaScript added at the end of the form's picture
 * list, each with an empty alt text for the editor to fill in: ids of media that exist and are made
 * for the list's purpose, not already in the list, up to the list's limit. The draft itself is not
 * changed until the editor saves (a picture without its alt text could not be saved anyway).
 */
export async function withUploadedPictures(
  db: Kysely<Database>,
  form: PageForm,
  values: FormValues,
  ids: readonly string[],
): Promise<{ values: FormValues; added: number }> {
  const config = pictureListOf(form);
  if (!config || !ids.length) return { values, added: 0 };
  const items = itemsAt(values, config.list);
  const present = new Set(mediaIdsIn(items));
  const fresh = (await uploadedPicturesFor(db, config.purpose, ids.slice(0, config.max))).filter(
    (id) => !present.has(id),
  );
  const room = Math.max(0, config.max - items.length);
  const rows = fresh.slice(0, room).map((media) => ({ media, alt: "", caption: "" }));
  if (!rows.length) return { values, added: 0 };
  const copy = structuredClone(values);
  setListAt(copy, config.list, [...items, ...rows]);
  return { values: copy, added: rows.length };
}

function setListAt(values: FormValues, path: string, list: FormValue[]): void {
  const parts = path.split(".");
  const last = parts.pop() ?? "";
  let node: FormValues = values;
  for (const part of parts) {
    const next = node[part];
    if (typeof next !== "object" || Array.isArray(next)) return;
    node = next;
  }
  node[last] = list;
}

const refusalReasons = new Set<string>([
  "no-file",
  "empty",
  "too-large",
  "unsupported",
  "damaged",
  "too-many-pixels",
  "too-complex",
  "busy",
  "error",
  "aborted",
  "malformed",
  "upload-in-progress",
  "rate-limited",
  "not-a-pdf",
  "encrypted",
  "active-content",
  "too-many-pages",
  "cannot-anonymise",
]);
const fileFormats = new Set<string>([
  "pdf",
  "svg",
  "gif",
  "heic",
  "avif",
  "tiff",
  "bmp",
  "zip",
  "html",
]);

/**
 * The refusal of an upload sent without JavaScript, from the redirect's query. Only known reasons and
 * formats are read (the message is ours, never text from the address).
 */
export function uploadRefusalFromQuery(query: URLSearchParams): string | null {
  const reason = query.get(pictureUploadQuery.refused);
  if (!reason || !refusalReasons.has(reason)) return null;
  const format = query.get(pictureUploadQuery.format);
  return mediaRefusal(reason as MediaRefusalReason, {
    maxPages: contentDocumentMaxPages,
    ...(format && fileFormats.has(format) ? { format: format as RefusedFileFormat } : {}),
  }).message;
}

/**
 * The query an upload sent without JavaScript comes back to its form with: the stored file's id, or
 * the refusal's reason and the file's real kind (said there in our words, never read as text).
 */
export function uploadResultQuery(result: MediaUploadResult): URLSearchParams {
  const query = new URLSearchParams();
  if (result.ok) query.set(pictureUploadQuery.added, result.value.id);
  else {
    query.set(pictureUploadQuery.refused, result.reason);
    // The refusal names the file's kind only in its sentence: find which kind's sentence it is.
    const format = [...fileFormats].find(
      (kind) =>
        mediaRefusal("unsupported", { format: kind as RefusedFileFormat }).message ===
        result.message,
    );
    if (result.reason === "unsupported" && format) query.set(pictureUploadQuery.format, format);
  }
  return query;
}

/** Where a picture uploaded without JavaScript from a page form goes back to. */
export function pictureUploadRedirect(form: PageForm, result: MediaUploadResult): string {
  const query = uploadResultQuery(result);
  return `${pageFormPaths.form(form)}?${query}#field-${(pictureListOf(form)?.list ?? "").replace(/\./g, "-")}-list`;
}
