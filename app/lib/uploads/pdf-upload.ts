import type { Logger } from "pino";
import type { PdfMetadataField, PdfRefusal } from "~/lib/pdf/inspect-pdf.server";
import type { FileStorage } from "~/lib/storage/file-storage";
import type { UploadAdmission, UploadAdmissionRefusal } from "./upload-admission.server";

/**
 * The upload pipeline's shapes: what it needs, what the caller's callbacks receive, and what it
 * answers. The pipeline itself is `receivePdfUpload` (the form) and `storePdf` (the file).
 */

/** Why the pipeline refused a file, whoever's form it came in. */
export type UploadRefusal =
  | "no-file"
  | "empty"
  | "too-large"
  | "not-a-pdf"
  | "damaged"
  | PdfRefusal
  | "error"
  /** The client went away before the body was complete; nothing was kept. */
  | "aborted"
  /**
   * The multipart form could not be parsed (a part header with control characters, a broken
   * boundary): a crafted or broken client. Answered, never stored.
   */
  | "malformed"
  /** Refused before the body was read: see `UploadAdmission` (carries `retryAfterSeconds`). */
  | UploadAdmissionRefusal;

export type UploadDependencies = {
  storage: FileStorage;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /**
   * Per-account and per-address limits, checked before the body is read. The site always has one
   * (`getSubmissionDependencies`); tests of a feature's own rules may leave it out.
   */
  admission?: UploadAdmission;
};

/** A PDF stored and checked by the pipeline, ready to be recorded. */
export type StoredPdf = {
  storageKey: string;
  /** As the uploader named it, made safe to show (`displayFileName`). */
  fileName: string;
  size: number;
  sha256: string;
  pageCount: number;
  text: string;
  /** The first page's part of `text`. */
  firstPageText: string;
  author: string;
  /** The file's metadata texts (Info fields, XMP), for the anonymity check. */
  metadata: { field: PdfMetadataField; value: string }[];
  /** Where the reviewers' copy is, when the options asked for one. */
  reviewerStorageKey: string | null;
};

export type PdfUploadOptions<Value, Refusal extends string, Extra> = {
  /** The uploading account: its uploads are limited, and its files wait their turn in the PDF queue. */
  accountId: string;
  /** The form field the file comes in; any other file part is skipped. */
  fileField: string;
  maxBytes: number;
  maxPages: number;
  /** Where the file goes in storage; never an existing file's key. */
  storageKey: string;
  /**
   * Where a copy for reviewers goes (the pages only: no metadata, annotations, attachments or earlier
   * revisions), made in the inspection thread; none is made without it. A file that cannot be copied
   * is refused ("cannot-anonymise").
   */
  reviewerStorageKey?: string;
  /** Busboy's limits on the form's text fields (a small form's by default). */
  fieldLimits?: { fields: number; fieldSize: number; parts: number };
  /**
   * Decides from the text fields that came before the file whether to refuse before anything is
   * stored; asked again at the end when no file came, so its answer wins over "no file".
   */
  beforeFile?: (
    fields: ReadonlyMap<string, string>,
    hasTooManyFields: boolean,
  ) => ({ reason: Refusal } & Partial<Extra>) | null;
  /** Refuses before anything is stored (and before the client waits for the upload). */
  precheck?: () => Promise<UploadRefusal | Refusal | null>;
  /**
   * Records the stored and checked file (its row, in a transaction of its own). `fields` holds the
   * form's text fields that came before the file part (so forms put them first). On a refusal or an
   * error the file is deleted again. Never called once the client has gone (nobody would read the
   * answer); the pipeline checks that right before, so `record` should be its one transaction.
   */
  record: (
    file: StoredPdf,
    fields: ReadonlyMap<string, string>,
  ) => Promise<{ ok: true; value: Value } | { ok: false; reason: UploadRefusal | Refusal }>;
};

/**
 * The shared outcome shape (`lib/outcome.ts`), whose refusal carries what the form needs to say:
 * `pageCount` with "too-many-pages", `retryAfterSeconds` with the admission's refusals, `Extra` with
 * `beforeFile`'s refusals.
 */
export type PdfUploadOutcome<Value, Refusal extends string, Extra = unknown> =
  | { ok: true; value: Value }
  | ({
      ok: false;
      reason: UploadRefusal | Refusal;
      pageCount?: number;
      retryAfterSeconds?: number;
    } & Partial<Extra>);

/** `Retry-After` for a refusal that says how long to wait (the upload limits), else no header. */
export function retryAfterHeader(retryAfterSeconds: number | undefined): Record<string, string> {
  return retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {};
}
