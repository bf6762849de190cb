import crypto from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy from "busboy";
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type {
  Database,
  PreferredFormat,
  PresentationFormat,
  SubmissionDecision,
  SubmissionTable,
} from "~/lib/db/schema";
import { inspectPdf, type PdfRefusal } from "~/lib/pdf/inspect-pdf.server";
import type { FileStorage } from "~/lib/storage/file-storage";
import { createMeteredStream, FileTooLargeError } from "~/lib/storage/metered-stream";
import {
  countAbstractWords,
  displayFileName,
  findWarnings,
  parseWarnings,
  type SubmissionWarning,
} from "./abstract-checks";
import { type DetailsDraft, type RowIntent, readDraft, readRowIntent } from "./submission-details";
import { checkDetails, type SubmissionDetails, writeAuthors } from "./submission-details.server";

export type SubmissionDependencies = {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Pick<Logger, "info" | "warn" | "error">;
};

export type UploadRefusal =
  | "no-file"
  | "empty"
  | "too-large"
  | "not-a-pdf"
  | "damaged"
  | PdfRefusal
  /** The user already has the edition's maximum of submissions. */
  | "limit-reached"
  | "error"
  /** The client went away before the body was complete; nothing was kept. */
  | "aborted"
  /** Title, authors or format did not pass (`details` says why); the file was not stored. */
  | "invalid-details"
  /** A co-author row button was pressed (no JavaScript): the form comes back, nothing is stored. */
  | "rows"
  /** Replacing: the abstract is not the user's, or no longer exists. */
  | "not-found"
  /** Replacing: the call closed, or a decision was released; the abstract is read-only. */
  | "read-only";

/** A refusal from the details (before any file is stored): why, for the form to show. */
type DetailsRefusal = {
  reason: "invalid-details" | "rows";
  details?: { message: string; fieldErrors: Record<string, string> };
  intent?: RowIntent;
};

/** What storing decided, before the posted details are added for the form. */
type Stored =
  | { ok: true; submissionId: string; warnings: SubmissionWarning[]; wordCount: number }
  /** `pageCount` comes with "too-many-pages", `details` with "invalid-details", `intent` with "rows". */
  | ({ ok: false; reason: UploadRefusal; pageCount?: number } & Omit<DetailsRefusal, "reason">);

export type UploadOutcome = Stored & {
  /** The details as posted, for the form to show again (empty when replacing a PDF). */
  draft: DetailsDraft;
};

export type UploadOptions = {
  userId: string;
  /** The profile's names: the first author's name, and the anonymity check's words. */
  firstName: string;
  lastName: string;
  email: string;
  editionYear: number;
  maxBytes: number;
  /** From the edition's call for abstracts (content). */
  maxPages: number;
  maxSubmissionsPerUser: number;
  /** A new abstract (the default), or a new PDF for one of the user's abstracts (details unchanged). */
  replace?: { submissionId: string; isStillEditable: (db: Kysely<Database>) => Promise<boolean> };
};

/** The field the upload form sends its file in. */
export const abstractFileField = "abstract";

const storagePrefix = "abstracts/";
/** Where final slides and posters are stored (one folder per abstract). */
export const finalMaterialStoragePrefix = "materials/";

/** Busboy's field limits: the details form's fields (ten co-author rows of four) and a little room. */
const fieldLimits = { fields: 64, fieldSize: 4096, parts: 72 } as const;

/**
 * Receives an abstract from a multipart form post, streaming it to storage (never whole in memory),
 * checks it, and records it. Either the file is stored and its row committed, or neither remains.
 * The form sends its fields before the file (the file input is its last control), so the details are
 * checked before a byte of the file is stored, and refused details leave nothing behind.
 */
export async function receiveAbstractUpload(
  deps: SubmissionDependencies,
  request: Request,
  options: UploadOptions,
): Promise<UploadOutcome> {
  const fileId = crypto.randomUUID();
  const id = options.replace?.submissionId ?? fileId;
  let checkedDetails: SubmissionDetails | null = null;
  let postedFields: ReadonlyMap<string, string> = new Map();
  const outcome = await receivePdfUpload<
    { warnings: SubmissionWarning[]; wordCount: number },
    "limit-reached" | "not-found" | "read-only" | DetailsRefusal["reason"],
    Omit<DetailsRefusal, "reason">
  >(deps, request, {
    fileField: abstractFileField,
    maxBytes: options.maxBytes,
    maxPages: options.maxPages,
    storageKey: `${storagePrefix}${options.userId}/${fileId}.pdf`,
    fieldLimits,
    // Row buttons and the details decide before any file is read; at the end, without a file, they
    // still decide what the answer says (the details' problems before "select a file").
    beforeFile: (fields, hasTooManyFields) => {
      postedFields = fields;
      const intent = readRowIntent(fields.get("intent"));
      if (intent && !options.replace) return { reason: "rows", intent };
      if (options.replace) return null;
      if (hasTooManyFields) {
        return {
          reason: "invalid-details",
          details: { message: "The form has more fields than it should.", fieldErrors: {} },
        };
      }
      const check = checkDetails(readDraft(fields));
      if (!check.ok) {
        return {
          reason: "invalid-details",
          details: { message: check.message, fieldErrors: check.fieldErrors },
        };
      }
      checkedDetails = check.details;
      return null;
    },
    // Checked first so that someone at the limit (or replacing what they may not) does not wait for
    // the upload; checked again, atomically, when the row is written.
    precheck: async () => {
      if (options.replace) return replaceRefusal(deps.db, options);
      return (await countSubmissions(deps.db, options)) >= options.maxSubmissionsPerUser
        ? "limit-reached"
        : null;
    },
    record: async (file) => {
      const wordCount = countAbstractWords(file.text);
      const warnings = findWarnings({
        wordCount,
        text: file.text,
        author: file.author,
        names: [options.firstName, options.lastName],
      });
      const now = new Date().toISOString();
      const fileColumns = {
        file_name: file.fileName,
        storage_key: file.storageKey,
        size_bytes: file.size,
        sha256: file.sha256,
        page_count: file.pageCount,
        word_count: wordCount,
        warnings: JSON.stringify(warnings),
      };
      const recorded = await deps.db.transaction().execute(async (trx) => {
        // Holds the user's row for the rest of the transaction, so parallel uploads by one user count
        // one after another (PostgreSQL locks the row; SQLite's transactions begin immediate anyway).
        await trx
          .updateTable("user")
          .set((eb) => ({ id: eb.ref("id") }))
          .where("id", "=", options.userId)
          .execute();
        if (options.replace) {
          const reason = await replaceRefusal(trx, options);
          if (reason) return { reason };
          const old = await trx
            .selectFrom("submission")
            .select("storage_key")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable("submission")
            .set({ ...fileColumns, details_updated_at: now })
            .where("id", "=", id)
            .execute();
          return { oldStorageKey: old.storage_key };
        }
        if ((await countSubmissions(trx, options)) >= options.maxSubmissionsPerUser) {
          return { reason: "limit-reached" as const };
        }
        const details = checkedDetails;
        if (!details) throw new Error("a new abstract needs its details");
        const number = await drawSubmissionNumber(trx, options.editionYear);
        await trx
          .insertInto("submission")
          .values({
            id,
            user_id: options.userId,
            edition_year: options.editionYear,
            ...fileColumns,
            uploaded_at: now,
            decision: null,
            decision_note: null,
            decided_by: null,
            decided_at: null,
            released_at: null,
            number,
            title: details.title,
            preferred_format: details.format,
            accepted_as: null,
            attendance: null,
            attendance_at: null,
            attendance_reopened_at: null,
            attendance_reminded_at: null,
            promoted_at: null,
            details_updated_at: null,
          })
          .execute();
        await writeAuthors(trx, {
          submissionId: id,
          submitter: {
            userId: options.userId,
            name: `${options.firstName} ${options.lastName}`.trim(),
            email: options.email,
          },
          details,
        });
        return {};
      });
      if ("reason" in recorded && recorded.reason) return { ok: false, reason: recorded.reason };
      if ("oldStorageKey" in recorded && recorded.oldStorageKey) {
        // The old file goes only once the new one is recorded; one left behind is the sweep's.
        await deps.storage.delete(recorded.oldStorageKey).catch((error: unknown) => {
          deps.logger.warn({ err: error }, "replaced abstract file left for the sweep");
        });
      }
      deps.logger.info(
        {
          submissionId: id,
          size: file.size,
          pages: file.pageCount,
          replaced: Boolean(options.replace),
        },
        options.replace ? "abstract file replaced" : "abstract uploaded",
      );
      return { ok: true, value: { warnings, wordCount } };
    },
  });
  const draft = readDraft(postedFields);
  return outcome.ok
    ? { ok: true, submissionId: id, ...outcome.value, draft }
    : { ...outcome, draft };
}

/** A PDF stored and checked by `receivePdfUpload`, ready to be recorded. */
export type StoredPdf = {
  storageKey: string;
  /** As the uploader named it, made safe to show (`displayFileName`). */
  fileName: string;
  size: number;
  sha256: string;
  pageCount: number;
  text: string;
  author: string;
};

export type PdfUploadOptions<Value, Refusal extends string, Extra> = {
  /** The form field the file comes in; any other file part is skipped. */
  fileField: string;
  maxBytes: number;
  maxPages: number;
  /** Where the file goes in storage; never an existing file's key. */
  storageKey: string;
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
   * error the file is deleted again.
   */
  record: (
    file: StoredPdf,
    fields: ReadonlyMap<string, string>,
  ) => Promise<{ ok: true; value: Value } | { ok: false; reason: UploadRefusal | Refusal }>;
};

export type PdfUploadOutcome<Value, Refusal extends string, Extra = unknown> =
  | { ok: true; value: Value }
  /** `pageCount` comes with "too-many-pages"; `Extra` with `beforeFile`'s refusals. */
  | ({ ok: false; reason: UploadRefusal | Refusal; pageCount?: number } & Partial<Extra>);

/**
 * The one upload pipeline of the site (abstracts, final materials): streams a PDF from a multipart
 * form post to storage (never whole in memory, at most `maxBytes`), checks it in the PDF worker pool,
 * and lets the caller record it. Either the file is stored and recorded, or neither remains.
 */
export async function receivePdfUpload<Value, Refusal extends string = never, Extra = unknown>(
  deps: SubmissionDependencies,
  request: Request,
  options: PdfUploadOptions<Value, Refusal, Extra>,
): Promise<PdfUploadOutcome<Value, Refusal, Extra>> {
  type Outcome = PdfUploadOutcome<Value, Refusal, Extra>;
  const fields = new Map<string, string>();
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return { ok: false, reason: "no-file" } as Outcome;
  }
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as UTF-8 (busboy's default is Latin-1).
      defParamCharset: "utf8",
      limits: {
        files: 1,
        fileSize: options.maxBytes + 1,
        ...(options.fieldLimits ?? { fields: 5, fieldSize: 1024, parts: 8 }),
      },
    });
  } catch {
    return { ok: false, reason: "no-file" } as Outcome;
  }

  // A client that goes away mid-body (a closed tab, a dropped network) errors the request stream.
  // pipeline() destroys busboy and with it the file stream being stored, so the storage driver removes
  // its partial file; the error never reaches the process as an unhandled 'error' event.
  const state = { isAborted: false };
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream);
  const finished = new Promise<Outcome>((resolve) => {
    let storing: Promise<Outcome> | undefined;
    let hasTooManyFields = false;
    const refusalBeforeFile = (): Outcome | null => {
      const refusal = options.beforeFile?.(fields, hasTooManyFields);
      return refusal ? ({ ok: false, ...refusal } as Outcome) : null;
    };
    const settle = () =>
      resolve(storing ?? refusalBeforeFile() ?? ({ ok: false, reason: "no-file" } as Outcome));
    busboy.on("field", (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    busboy.on("fieldsLimit", () => {
      hasTooManyFields = true;
    });
    busboy.on("file", (field, file, info) => {
      if (field !== options.fileField || storing || !info.filename) {
        file.resume();
        return;
      }
      const refusal = refusalBeforeFile();
      if (refusal) {
        file.resume();
        storing = Promise.resolve(refusal);
        return;
      }
      storing = storePdf(deps, file, {
        ...options,
        fileName: displayFileName(decodeFormDataFileName(info.filename)),
        fields,
        state,
      });
    });
    busboy.on("close", settle);
    busboy.on("error", (error) => {
      // A form cut short or malformed ("Unexpected end of form") is the client's doing, like a dropped
      // connection: the file being stored is discarded and the answer is a 400, never a 500.
      if (!state.isAborted) deps.logger.info({ err: error }, "malformed upload");
      state.isAborted = true;
      resolve(storing ?? ({ ok: false, reason: "aborted" } as Outcome));
    });
  });
  // Registered before pipeline()'s own listener, so the abort is known when busboy reports it.
  body.once("error", (error) => {
    state.isAborted = true;
    deps.logger.info({ err: error }, "upload ended by the client before it was complete");
  });
  // Failures surface through the listeners above; the rejection itself carries nothing more.
  pipeline(body, busboy).catch(() => {});
  const outcome = await finished;
  return state.isAborted && !outcome.ok ? ({ ok: false, reason: "aborted" } as Outcome) : outcome;
}

/** The HTML form encoding escapes only these three characters in file names. */
function decodeFormDataFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

async function storePdf<Value, Refusal extends string, Extra>(
  deps: SubmissionDependencies,
  file: Readable,
  options: PdfUploadOptions<Value, Refusal, Extra> & {
    fileName: string;
    fields: ReadonlyMap<string, string>;
    state: { isAborted: boolean };
  },
): Promise<PdfUploadOutcome<Value, Refusal, Extra>> {
  type Outcome = PdfUploadOutcome<Value, Refusal, Extra>;
  const { storageKey } = options;
  const meter = createMeteredStream(options.maxBytes);
  file.on("error", (error) => meter.stream.destroy(error));
  // The meter can fail (too large) before the storage driver starts reading; the driver still sees the
  // error, from the stream's errored state, so this only keeps it from counting as unhandled.
  meter.stream.on("error", () => {});
  const refuse = async (reason: UploadRefusal | Refusal, pageCount?: number): Promise<Outcome> => {
    // The rest of an oversized or refused file still has to be read for the form to finish.
    file.resume();
    await deps.storage.delete(storageKey).catch(() => {});
    return (
      pageCount === undefined ? { ok: false, reason } : { ok: false, reason, pageCount }
    ) as Outcome;
  };

  if (options.precheck) {
    try {
      const refusal = await options.precheck();
      if (refusal) return refuse(refusal);
    } catch (error) {
      deps.logger.error({ err: error }, "checking whether an upload may start failed");
      return refuse("error");
    }
  }

  try {
    await deps.storage.put(storageKey, file.pipe(meter.stream), { contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof FileTooLargeError) return refuse("too-large");
    if (options.state.isAborted) return refuse("aborted");
    deps.logger.error({ err: error }, "storing an upload failed");
    return refuse("error");
  }
  const { size, sha256, head } = meter.result();
  if (size === 0) return refuse("empty");
  if (head.subarray(0, 5).toString("latin1") !== "%PDF-") return refuse("not-a-pdf");

  try {
    const inspection = await inspectPdf(() => deps.storage.read(storageKey), {
      maxPages: options.maxPages,
    });
    if (!inspection.isValid) {
      if (inspection.reason !== "not-a-pdf" && inspection.reason !== "damaged") {
        deps.logger.warn({ reason: inspection.reason, storageKey }, "PDF refused");
      }
      return refuse(inspection.reason, inspection.pageCount);
    }
    const recorded = await options.record(
      {
        storageKey,
        fileName: options.fileName,
        size,
        sha256,
        pageCount: inspection.pageCount,
        text: inspection.text,
        author: inspection.author,
      },
      options.fields,
    );
    return recorded.ok ? recorded : refuse(recorded.reason);
  } catch (error) {
    deps.logger.error({ err: error }, "recording an upload failed");
    return refuse("error");
  }
}

/** Why the user may not replace this abstract's PDF now, or null when they may. */
async function replaceRefusal(
  db: Kysely<Database>,
  options: UploadOptions,
): Promise<"not-found" | "read-only" | null> {
  if (!options.replace) return null;
  const row = await db
    .selectFrom("submission")
    .select(["released_at"])
    .where("id", "=", options.replace.submissionId)
    .where("user_id", "=", options.userId)
    .where("edition_year", "=", options.editionYear)
    .executeTakeFirst();
  if (!row) return "not-found";
  if (row.released_at || !(await options.replace.isStillEditable(db))) return "read-only";
  return null;
}

/**
 * The edition's next abstract number, from one atomic upsert: parallel uploads by different people on
 * PostgreSQL each get their own (the row lock orders them), and a deleted abstract's number is not
 * reused, so "abstract 4" means one abstract for the whole review.
 */
export async function drawSubmissionNumber(
  db: Kysely<Database>,
  editionYear: number,
): Promise<number> {
  const row = await db
    .insertInto("submission_number")
    .values({ edition_year: editionYear, last_number: 1 })
    .onConflict((conflict) =>
      conflict.column("edition_year").doUpdateSet((eb) => ({
        last_number: eb(eb.ref("submission_number.last_number"), "+", 1),
      })),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

async function countSubmissions(
  db: Kysely<Database>,
  options: { userId: string; editionYear: number },
): Promise<number> {
  const row = await db
    .selectFrom("submission")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", options.userId)
    .where("edition_year", "=", options.editionYear)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type SubmissionSummary = {
  id: string;
  fileName: string;
  /** '' on abstracts uploaded before titles existed. */
  title: string;
  preferredFormat: PreferredFormat;
  uploadedAt: string;
  wordCount: number;
  pageCount: number;
  warnings: SubmissionWarning[];
  /** The decision once it is released to the author; staged decisions stay invisible. */
  releasedDecision: SubmissionDecision | null;
  /** With a released acceptance: as a talk or a poster (null on acceptances from before formats). */
  releasedAcceptedAs: PresentationFormat | null;
};

function toSummary(
  row: Pick<
    Selectable<SubmissionTable>,
    | "id"
    | "file_name"
    | "title"
    | "preferred_format"
    | "uploaded_at"
    | "word_count"
    | "page_count"
    | "warnings"
    | "decision"
    | "accepted_as"
    | "released_at"
  >,
): SubmissionSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    title: row.title,
    preferredFormat: row.preferred_format,
    uploadedAt: row.uploaded_at,
    wordCount: Number(row.word_count),
    pageCount: Number(row.page_count),
    warnings: parseWarnings(row.warnings),
    releasedDecision: row.released_at ? row.decision : null,
    releasedAcceptedAs: row.released_at && row.decision === "accepted" ? row.accepted_as : null,
  };
}

/** The user's submissions for an edition, oldest first. */
export async function listSubmissionsForUser(
  db: Kysely<Database>,
  userId: string,
  editionYear: number,
): Promise<SubmissionSummary[]> {
  const rows = await db
    .selectFrom("submission")
    .select([
      "id",
      "file_name",
      "title",
      "preferred_format",
      "uploaded_at",
      "word_count",
      "page_count",
      "warnings",
      "decision",
      "accepted_as",
      "released_at",
    ])
    .where("user_id", "=", userId)
    .where("edition_year", "=", editionYear)
    .orderBy("uploaded_at")
    .orderBy("id")
    .execute();
  return rows.map(toSummary);
}

export type SubmissionStatus = { isApplicant: boolean; isPresenter: boolean };

/**
 * SPEC's applicant and presenter, derived: an applicant has a submission for the edition, a presenter
 * an accepted one whose decision is released.
 */
export async function getSubmissionStatus(
  db: Kysely<Database>,
  userId: string,
  editionYear: number,
): Promise<SubmissionStatus> {
  const submissions = await listSubmissionsForUser(db, userId, editionYear);
  return {
    isApplicant: submissions.length > 0,
    isPresenter: submissions.some((submission) => submission.releasedDecision === "accepted"),
  };
}

export type DeleteOutcome = { ok: true } | { ok: false; reason: "not-found" | "decided" | "error" };

/**
 * Deletes the user's own submission: the row first (in a transaction that also re-reads it, so two tabs
 * cannot both delete), then the file. A file left behind by a failure is removed by the sweep.
 */
export async function deleteSubmission(
  deps: SubmissionDependencies,
  input: { userId: string; submissionId: string },
): Promise<DeleteOutcome> {
  let storageKey: string;
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("submission")
        .select(["storage_key", "released_at"])
        .where("id", "=", input.submissionId)
        .where("user_id", "=", input.userId)
        .executeTakeFirst();
      if (!row) return { ok: false as const, reason: "not-found" as const };
      if (row.released_at) return { ok: false as const, reason: "decided" as const };
      const deleted = await trx
        .deleteFrom("submission")
        .where("id", "=", input.submissionId)
        .where("user_id", "=", input.userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1)
        return { ok: false as const, reason: "not-found" as const };
      return { ok: true as const, storageKey: row.storage_key };
    });
    if (!outcome.ok) return outcome;
    storageKey = outcome.storageKey;
  } catch (error) {
    deps.logger.error({ err: error }, "deleting a submission failed");
    return { ok: false, reason: "error" };
  }
  await deps.storage.delete(storageKey).catch((error: unknown) => {
    deps.logger.warn({ err: error, storageKey }, "file of a deleted submission left for the sweep");
  });
  return { ok: true };
}

/**
 * The file of a submission for someone allowed to read it: its owner, or an admin. Anyone else gets
 * null, exactly as for a submission that does not exist.
 */
export async function openSubmissionFile(
  deps: SubmissionDependencies,
  input: { submissionId: string; viewerId: string; viewerIsAdmin: boolean },
) {
  let query = deps.db
    .selectFrom("submission")
    .select(["storage_key", "file_name", "user_id"])
    .where("id", "=", input.submissionId);
  if (!input.viewerIsAdmin) query = query.where("user_id", "=", input.viewerId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const file = await deps.storage.open(row.storage_key);
  return file ? { ...file, fileName: row.file_name } : null;
}

/**
 * Removes stored files that no submission references and that are older than the grace period (an
 * upload in progress has its file before its row), and the temporary files of uploads a crash cut off
 * (the storage driver tells those from uploads still streaming in a live process). Runs at start, in the
 * supervisor before any worker serves, and as `npm run sweep`.
 */
export async function sweepOrphanedFiles(
  deps: SubmissionDependencies,
  options: { graceMs?: number; now?: Date } = {},
): Promise<{ checked: number; removed: string[]; interrupted: number }> {
  const graceMs = options.graceMs ?? 60 * 60 * 1000;
  const now = options.now ?? new Date();
  const interrupted = await deps.storage.removeInterruptedUploads();
  if (interrupted)
    deps.logger.info({ removed: interrupted }, "removed temporary files of interrupted uploads");
  const removed: string[] = [];
  let checked = 0;
  // Abstracts and final materials (app/features/presenters/final-materials.server.ts), each prefix
  // checked against the table that references its files.
  const owners = [
    { prefix: storagePrefix, table: "submission" },
    { prefix: finalMaterialStoragePrefix, table: "final_material" },
  ] as const;
  for (const { prefix, table } of owners) {
    for await (const file of deps.storage.list(prefix)) {
      checked++;
      if (now.getTime() - file.lastModified.getTime() < graceMs) continue;
      const row = await deps.db
        .selectFrom(table)
        .select("storage_key")
        .where("storage_key", "=", file.key)
        .executeTakeFirst();
      if (row) continue;
      await deps.storage.delete(file.key);
      removed.push(file.key);
    }
  }
  if (removed.length)
    deps.logger.info({ removed: removed.length }, "removed orphaned upload files");
  return { checked, removed, interrupted };
}
