import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, MediaTable, MediaVariant } from "~/lib/db/schema";
import { isImagePurpose, mediaStoragePrefix, purposeRules } from "~/lib/media/media-limits";
import type { StoredImage } from "~/lib/media/store-image.server";
import type { StoredFileOwner } from "~/lib/storage/orphan-sweep.server";

/** The purpose of a program PDF (pictures have `ImagePurpose`s). */
export const documentPurpose = "document";

/** What a page needs to draw a picture: `ResponsiveSources` and its intrinsic size. */
export type ResolvedMedia = {
  id: string;
  purpose: string;
  contentType: string;
  /** The plain `src`: the purpose's fallback width, or the PDF itself. */
  src: string;
  /** Every variant with its width (`url 480w, ...`); empty for a PDF. */
  srcSet: string;
  /** Of the largest variant, for the <img>'s width and height (its aspect ratio). */
  width: number | null;
  height: number | null;
  pageCount: number | null;
};

/** The public URL of a stored media file: `/media/{sha256}.{ext}`. */
export function mediaUrl(key: string): string {
  return `/${key}`;
}

function variantsOf(row: Pick<MediaTable, "variants">): MediaVariant[] {
  return JSON.parse(row.variants) as MediaVariant[];
}

export function resolveRow(row: MediaTable): ResolvedMedia {
  const variants = variantsOf(row);
  const largest = variants.at(-1);
  const fallbackWidth = isImagePurpose(row.purpose)
    ? purposeRules[row.purpose].fallbackWidth
    : Number.POSITIVE_INFINITY;
  const fallback =
    [...variants].reverse().find((variant) => variant.width <= fallbackWidth) ?? variants[0];
  const isImage = row.content_type.startsWith("image/");
  return {
    id: row.id,
    purpose: row.purpose,
    contentType: row.content_type,
    src: fallback ? mediaUrl(fallback.key) : "",
    srcSet: isImage
      ? variants.map((variant) => `${mediaUrl(variant.key)} ${variant.width}w`).join(", ")
      : "",
    width: isImage ? (largest?.width ?? null) : null,
    height: isImage ? (largest?.height ?? null) : null,
    pageCount: row.page_count,
  };
}

/**
 * The sources of each media id a page refers to, loaded in one query. Ids that no row has (a media
 * removed, a typo in imported content) are absent from the map, so the page can leave the picture out.
 */
export async function resolveMedia(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, ResolvedMedia>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom("media").selectAll().where("id", "in", unique).execute();
  return new Map(rows.map((row) => [row.id, resolveRow(row)]));
}

/** The media made from these bytes for this purpose, if any. */
export async function findMediaBySource(
  db: Kysely<Database>,
  purpose: string,
  sourceSha256: string,
): Promise<MediaTable | undefined> {
  return db
    .selectFrom("media")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("source_sha256", "=", sourceSha256)
    .executeTakeFirst();
}

/**
 * Records a stored upload. Two uploads of the same bytes at once both get here: the second insert does
 * nothing (the purpose and source hash are unique) and both answer with the one row, whose variants
 * are the same files (same bytes, same names).
 */
export async function recordMedia(
  db: Kysely<Database>,
  media: {
    purpose: string;
    sourceSha256: string;
    sourceBytes: number;
    contentType: string;
    width: number | null;
    height: number | null;
    pageCount: number | null;
    variants: MediaVariant[];
    uploadedBy: string;
    now?: Date;
  },
): Promise<MediaTable> {
  await db
    .insertInto("media")
    .values({
      id: crypto.randomUUID(),
      purpose: media.purpose,
      source_sha256: media.sourceSha256,
      source_bytes: media.sourceBytes,
      content_type: media.contentType,
      width: media.width,
      height: media.height,
      page_count: media.pageCount,
      variants: JSON.stringify(media.variants),
      bytes: media.variants.reduce((total, variant) => total + variant.bytes, 0),
      uploaded_by: media.uploadedBy,
      created_at: (media.now ?? new Date()).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(["purpose", "source_sha256"]).doNothing())
    .execute();
  const row = await findMediaBySource(db, media.purpose, media.sourceSha256);
  if (!row) throw new Error("media row missing right after it was recorded");
  return row;
}

export function recordStoredImage(db: Kysely<Database>, image: StoredImage, uploadedBy: string) {
  return recordMedia(db, {
    purpose: image.purpose,
    sourceSha256: image.sourceSha256,
    sourceBytes: image.sourceBytes,
    contentType: "image/webp",
    width: image.width,
    height: image.height,
    pageCount: null,
    variants: image.variants,
    uploadedBy,
  });
}

/** Every storage key the media rows reference. */
export async function listMediaKeys(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom("media").select("variants").execute();
  return new Set(rows.flatMap((row) => variantsOf(row).map((variant) => variant.key)));
}

/**
 * Whether a row references `key`. Variant names are content hashes, so two rows share a file only when
 * their variants have the same bytes; a failed upload deletes only the files no row holds.
 */
export async function isMediaKeyReferenced(db: Kysely<Database>, key: string): Promise<boolean> {
  const hash = key.slice(mediaStoragePrefix.length);
  const row = await db
    .selectFrom("media")
    .select("id")
    .where("variants", "like", `%${hash}%`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The media files for the orphan sweep: everything under `media/` that no row references. */
export function mediaFileOwner(db: Kysely<Database>): StoredFileOwner {
  return { prefix: mediaStoragePrefix, listReferencedKeys: () => listMediaKeys(db) };
}
