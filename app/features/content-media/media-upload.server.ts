import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database, MediaTable } from "~/lib/db/schema";
import type { RefusedFileFormat } from "~/lib/media/image-header";
import {
  type ImagePurpose,
  isImagePurpose,
  mediaLimits,
  mediaStoragePrefix,
} from "~/lib/media/media-limits";
import { type ImageUploadRefusal, storeImage } from "~/lib/media/store-image.server";
import type { PdfUploadOutcome, UploadDependencies } from "~/lib/uploads/pdf-upload";
import { receivePdfUpload, receiveUploadedFile } from "~/lib/uploads/receive-pdf-upload.server";
import { type MediaRefusalReason, mediaRefusal } from "./media-messages";
import {
  documentPurpose,
  findMediaBySource,
  isMediaKeyReferenced,
  type ResolvedMedia,
  recordMedia,
  recordStoredImage,
  resolveRow,
} from "./media-records.server";

export type MediaDependencies = UploadDependencies & { db: Kysely<Database> };

/** The upload form's fields: what the picture is for (before the file), and the file. */
export const mediaUploadFields = { purpose: "purpose", file: "file" } as const;

/** Who uploads: an editor's (for now an admin's) account. */
export type MediaActor = { id: string };

/**
 * What an upload comes to: the stored media as a page draws it, or a refusal with the field it belongs
 * to, the sentence to show there, and the answer's status. Nothing is stored on a refusal.
 */
export type MediaUploadResult = (
  | { ok: true; value: ResolvedMedia }
  | {
      ok: false;
      reason: MediaRefusalReason;
      field: "file" | "purpose";
      message: string;
      status: number;
      retryAfterSeconds?: number;
    }
) & {
  /**
   * The form's text fields that were read (those before the file, and after it when the form was
   * read to its end), so a form posted without JavaScript can be shown again with its text kept.
   */
  fields: ReadonlyMap<string, string>;
};

/** Busboy's limits on a form's text fields, for a form that sends more than the purpose. */
export type MediaFieldLimits = { fields: number; fieldSize: number; parts: number };

/** The longest program PDF accepted: a program booklet, not a proceedings volume. */
export const contentDocumentMaxPages = 40;

type Extra = { format: RefusedFileFormat; width: number; height: number };

function refusal(
  outcome: Exclude<PdfUploadOutcome<unknown, string, Partial<Extra>>, { ok: true }>,
  fields: ReadonlyMap<string, string>,
  maxPages?: number,
): MediaUploadResult {
  const reason = outcome.reason as MediaRefusalReason;
  const { status, message } = mediaRefusal(reason, {
    format: outcome.format,
    width: outcome.width,
    height: outcome.height,
    retryAfterSeconds: outcome.retryAfterSeconds,
    pageCount: outcome.pageCount,
    maxPages,
  });
  return {
    ok: false,
    reason,
    field: reason === "bad-purpose" ? "purpose" : "file",
    message,
    status,
    ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
    fields,
  };
}

/**
 * Receives one picture from a multipart form post (`file`, with `purpose` before it unless the caller
 * names the purpose) through the site's upload pipeline: the account's admission (one upload in flight,
 * hourly limits), the body streamed with the format and pixel checks on its first bytes and the 15 MB
 * cap, then the WebP variants made in the worker pool and stored under their content hash, and the
 * media recorded. The same picture uploaded again for the same purpose answers with the same media.
 */
export async function receiveImageUpload(
  deps: MediaDependencies,
  request: Request,
  options: { purpose?: ImagePurpose; actor: MediaActor; fieldLimits?: MediaFieldLimits },
): Promise<MediaUploadResult> {
  // The pipeline's own map of the form's fields, kept as it goes on filling.
  let fields: ReadonlyMap<string, string> = new Map();
  const purposeOf = (seen: ReadonlyMap<string, string>) => {
    fields = seen;
    return options.purpose ?? seen.get(mediaUploadFields.purpose);
  };
  const outcome = await receiveUploadedFile<
    MediaTable,
    ImageUploadRefusal | "bad-purpose",
    Partial<Extra>
  >(
    deps,
    request,
    {
      accountId: options.actor.id,
      fileField: mediaUploadFields.file,
      maxBytes: mediaLimits.maxBytes,
      ...(options.fieldLimits ? { fieldLimits: options.fieldLimits } : {}),
      beforeFile: (seen) =>
        isImagePurpose(purposeOf(seen)) ? null : { reason: "bad-purpose" as const },
    },
    async (file, context) => {
      const purpose = purposeOf(context.fields);
      if (!isImagePurpose(purpose)) {
        file.resume();
        return { ok: false, reason: "bad-purpose" };
      }
      return (await storeImage(deps, file, context, {
        purpose,
        accountId: options.actor.id,
        findExisting: async (sha256) => (await findMediaBySource(deps.db, purpose, sha256)) ?? null,
        record: (image) => recordStoredImage(deps.db, image, options.actor.id),
        isReferenced: (key) => isMediaKeyReferenced(deps.db, key),
      })) as PdfUploadOutcome<MediaTable, ImageUploadRefusal, Partial<Extra>>;
    },
  );
  return outcome.ok
    ? { ok: true, value: resolveRow(outcome.value), fields }
    : refusal(outcome, fields);
}

/**
 * Receives a content document (the program PDF) from a multipart form post (`file`) through the same
 * pipeline and PDF checks as an abstract (`receivePdfUpload`: admission, streaming with the size cap,
 * pdf.js in the worker pool: not encrypted, no scripts or XFA, not damaged, at most
 * `contentDocumentMaxPages` pages), then stores it as `media/{sha256}.pdf` and records it. The same
 * file uploaded twice is the same media.
 */
export async function storeContentDocument(
  deps: MediaDependencies,
  request: Request,
  options: { actor: MediaActor; fieldLimits?: MediaFieldLimits },
): Promise<MediaUploadResult> {
  let fields: ReadonlyMap<string, string> = new Map();
  const incomingKey = `${mediaStoragePrefix}incoming/${crypto.randomUUID()}.pdf`;
  const outcome = await receivePdfUpload<MediaTable>(deps, request, {
    accountId: options.actor.id,
    fileField: mediaUploadFields.file,
    maxBytes: mediaLimits.maxBytes,
    maxPages: contentDocumentMaxPages,
    storageKey: incomingKey,
    ...(options.fieldLimits ? { fieldLimits: options.fieldLimits } : {}),
    beforeFile: (seen) => {
      fields = seen;
      return null;
    },
    record: async (file) => {
      const key = `${mediaStoragePrefix}${file.sha256}.pdf`;
      try {
        const existing = await findMediaBySource(deps.db, documentPurpose, file.sha256);
        if (existing) return { ok: true, value: existing };
        // Stored again under its content hash: the storage has no rename, and a PDF is small.
        await deps.storage.put(key, Readable.from([await deps.storage.read(incomingKey)]), {
          contentType: "application/pdf",
        });
        try {
          const row = await recordMedia(deps.db, {
            purpose: documentPurpose,
            sourceSha256: file.sha256,
            sourceBytes: file.size,
            contentType: "application/pdf",
            width: null,
            height: null,
            pageCount: file.pageCount,
            variants: [{ width: 0, height: 0, key, bytes: file.size }],
            uploadedBy: options.actor.id,
          });
          return { ok: true, value: row };
        } catch (error) {
          if (!(await isMediaKeyReferenced(deps.db, key).catch(() => true))) {
            await deps.storage.delete(key).catch(() => {});
          }
          throw error;
        }
      } finally {
        await deps.storage.delete(incomingKey).catch(() => {});
      }
    },
  });
  return outcome.ok
    ? { ok: true, value: resolveRow(outcome.value), fields }
    : refusal(outcome, fields, contentDocumentMaxPages);
}
