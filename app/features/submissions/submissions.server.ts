import crypto from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy from "busboy";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database, SubmissionTable } from "~/lib/db/schema";
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
  | "aborted";

export type UploadOutcome =
  | { ok: true; submissionId: string; warnings: SubmissionWarning[]; wordCount: number }
  /** `pageCount` comes with "too-many-pages". */
  | { ok: false; reason: UploadRefusal; pageCount?: number };

export type UploadOptions = {
  userId: string;
  authorNames: string[];
  editionYear: number;
  maxBytes: number;
  /** From the edition's call for abstracts (content). */
  maxPages: number;
  maxSubmissionsPerUser: number;
};

/** The field the upload form sends its file in. */
export const abstractFileField = "abstract";

const storagePrefix = "abstracts/";

/**
 * Receives an abstract from a multipart form post, streaming it to storage (never whole in memory),
 * checks it, and records it. Either the file is stored and its row committed, or neither remains.
 */
export async function receiveAbstractUpload(
  deps: SubmissionDependencies,
  request: Request,
  options: UploadOptions,
): Promise<UploadOutcome> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return { ok: false, reason: "no-file" };
  }
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as UTF-8 (busboy's default is Latin-1).
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 5, fieldSize: 1024, parts: 8 },
    });
  } catch {
    return { ok: false, reason: "no-file" };
  }

  // A client that goes away mid-body (a closed tab, a dropped network) errors the request stream.
  // pipeline() destroys busboy and with it the file stream being stored, so the storage driver removes
  // its partial file; the error never reaches the process as an unhandled 'error' event.
  const state = { isAborted: false };
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream);
  const finished = new Promise<UploadOutcome>((resolve) => {
    let storing: Promise<UploadOutcome> | undefined;
    const settle = () => resolve(storing ?? { ok: false, reason: "no-file" });
    busboy.on("file", (field, file, info) => {
      if (field !== abstractFileField || storing || !info.filename) {
        file.resume();
        return;
      }
      storing = storeAbstract(deps, file, {
        ...options,
        fileName: displayFileName(decodeFormDataFileName(info.filename)),
        state,
      });
    });
    busboy.on("close", settle);
    busboy.on("error", (error) => {
      // A form cut short or malformed ("Unexpected end of form") is the client's doing, like a dropped
      // connection: the file being stored is discarded and the answer is a 400, never a 500.
      if (!state.isAborted) deps.logger.info({ err: error }, "malformed upload");
      state.isAborted = true;
      resolve(storing ?? { ok: false, reason: "aborted" });
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
  return state.isAborted && !outcome.ok ? { ok: false, reason: "aborted" } : outcome;
}

/** The HTML form encoding escapes only these three characters in file names. */
function decodeFormDataFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

async function storeAbstract(
  deps: SubmissionDependencies,
  file: Readable,
  options: UploadOptions & { fileName: string; state: { isAborted: boolean } },
): Promise<UploadOutcome> {
  const id = crypto.randomUUID();
  const storageKey = `${storagePrefix}${options.userId}/${id}.pdf`;
  const meter = createMeteredStream(options.maxBytes);
  file.on("error", (error) => meter.stream.destroy(error));
  // The meter can fail (too large) before the storage driver starts reading; the driver still sees the
  // error, from the stream's errored state, so this only keeps it from counting as unhandled.
  meter.stream.on("error", () => {});
  const refuse = async (reason: UploadRefusal, pageCount?: number): Promise<UploadOutcome> => {
    // The rest of an oversized or refused file still has to be read for the form to finish.
    file.resume();
    await deps.storage.delete(storageKey).catch(() => {});
    return pageCount === undefined ? { ok: false, reason } : { ok: false, reason, pageCount };
  };

  // Checked first so that someone at the limit does not wait for the upload; checked again, atomically,
  // when the row is inserted.
  try {
    if ((await countSubmissions(deps.db, options)) >= options.maxSubmissionsPerUser) {
      return refuse("limit-reached");
    }
  } catch (error) {
    deps.logger.error({ err: error }, "counting submissions failed");
    return refuse("error");
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
        deps.logger.warn({ reason: inspection.reason, userId: options.userId }, "PDF refused");
      }
      return refuse(inspection.reason, inspection.pageCount);
    }
    const wordCount = countAbstractWords(inspection.text);
    const warnings = findWarnings({
      wordCount,
      text: inspection.text,
      author: inspection.author,
      names: options.authorNames,
    });
    const isRecorded = await deps.db.transaction().execute(async (trx) => {
      // Holds the user's row for the rest of the transaction, so parallel uploads by one user count
      // one after another (PostgreSQL locks the row; SQLite's transactions begin immediate anyway).
      await trx
        .updateTable("user")
        .set((eb) => ({ id: eb.ref("id") }))
        .where("id", "=", options.userId)
        .execute();
      if ((await countSubmissions(trx, options)) >= options.maxSubmissionsPerUser) return false;
      const number = await drawSubmissionNumber(trx, options.editionYear);
      await trx
        .insertInto("submission")
        .values({
          id,
          user_id: options.userId,
          edition_year: options.editionYear,
          file_name: options.fileName,
          storage_key: storageKey,
          size_bytes: size,
          sha256,
          page_count: inspection.pageCount,
          word_count: wordCount,
          warnings: JSON.stringify(warnings),
          uploaded_at: new Date().toISOString(),
          decision: null,
          decision_note: null,
          decided_by: null,
          decided_at: null,
          released_at: null,
          number,
        })
        .execute();
      return true;
    });
    if (!isRecorded) return refuse("limit-reached");
    deps.logger.info({ submissionId: id, size, pages: inspection.pageCount }, "abstract uploaded");
    return { ok: true, submissionId: id, warnings, wordCount };
  } catch (error) {
    deps.logger.error({ err: error }, "recording an upload failed");
    return refuse("error");
  }
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
  uploadedAt: string;
  wordCount: number;
  pageCount: number;
  warnings: SubmissionWarning[];
  /** The decision once it is released to the author; staged decisions stay invisible. */
  releasedDecision: "accepted" | "rejected" | null;
};

function toSummary(
  row: Pick<
    SubmissionTable,
    | "id"
    | "file_name"
    | "uploaded_at"
    | "word_count"
    | "page_count"
    | "warnings"
    | "decision"
    | "released_at"
  >,
): SubmissionSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    uploadedAt: row.uploaded_at,
    wordCount: Number(row.word_count),
    pageCount: Number(row.page_count),
    warnings: parseWarnings(row.warnings),
    releasedDecision: row.released_at ? row.decision : null,
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
      "uploaded_at",
      "word_count",
      "page_count",
      "warnings",
      "decision",
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
  for await (const file of deps.storage.list(storagePrefix)) {
    checked++;
    if (now.getTime() - file.lastModified.getTime() < graceMs) continue;
    const row = await deps.db
      .selectFrom("submission")
      .select("id")
      .where("storage_key", "=", file.key)
      .executeTakeFirst();
    if (row) continue;
    await deps.storage.delete(file.key);
    removed.push(file.key);
  }
  if (removed.length)
    deps.logger.info({ removed: removed.length }, "removed orphaned upload files");
  return { checked, removed, interrupted };
}
