import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { UploadRefusal } from "~/lib/uploads/pdf-upload";
import { receivePdfUpload } from "~/lib/uploads/receive-pdf-upload.server";
import { countAbstractWords, findWarnings, type SubmissionWarning } from "./abstract-checks";
import type { AnonymityAuthor } from "./anonymity-check";
import { reviewerCopyKey } from "./reviewer-copy.server";
import { type DetailsDraft, type RowIntent, readDraft, readRowIntent } from "./submission-details";
import {
  checkDetails,
  listAuthors,
  type SubmissionDetails,
  writeAuthors,
} from "./submission-details.server";
import { abstractStoragePrefix } from "./submission-files.server";
import {
  countSubmissions,
  drawSubmissionNumber,
  type SubmissionDependencies,
} from "./submissions.server";

/** Why an abstract upload was refused: the pipeline's reasons and the abstract's own. */
export type AbstractUploadRefusal =
  | UploadRefusal
  /** The user already has the edition's maximum of submissions. */
  | "limit-reached"
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

export type AbstractUploaded = {
  submissionId: string;
  warnings: SubmissionWarning[];
  wordCount: number;
};

/**
 * The shared outcome shape; a refusal brings back the details as posted (`draft`, empty when
 * replacing a PDF) for the form to show again, with `pageCount` on "too-many-pages", `details` on
 * "invalid-details" and `intent` on "rows".
 */
export type AbstractUploadOutcome =
  | { ok: true; value: AbstractUploaded }
  | ({
      ok: false;
      reason: AbstractUploadRefusal;
      pageCount?: number;
      retryAfterSeconds?: number;
      draft: DetailsDraft;
    } & Omit<DetailsRefusal, "reason">);

export type AbstractUploadOptions = {
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
  /** Runs in the transaction that records the abstract (the receipt commits with it). */
  alsoInTransaction?: (trx: Kysely<Database>, submissionId: string) => Promise<void>;
};

/** The field the upload form sends its file in. */
export const abstractFileField = "abstract";

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
  options: AbstractUploadOptions,
): Promise<AbstractUploadOutcome> {
  const fileId = crypto.randomUUID();
  const id = options.replace?.submissionId ?? fileId;
  const storageKey = `${abstractStoragePrefix}${options.userId}/${fileId}.pdf`;
  let checkedDetails: SubmissionDetails | null = null;
  let postedFields: ReadonlyMap<string, string> = new Map();
  const outcome = await receivePdfUpload<
    { warnings: SubmissionWarning[]; wordCount: number },
    "limit-reached" | "not-found" | "read-only" | DetailsRefusal["reason"],
    Omit<DetailsRefusal, "reason">
  >(deps, request, {
    accountId: options.userId,
    fileField: abstractFileField,
    maxBytes: options.maxBytes,
    maxPages: options.maxPages,
    storageKey,
    reviewerStorageKey: reviewerCopyKey(storageKey),
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
        sources: [
          ...file.metadata.map(({ field, value }) => ({ place: field, text: value })),
          { place: "first-page" as const, text: file.firstPageText },
        ],
        authors: await anonymityAuthors(deps, options, checkedDetails),
      });
      const now = new Date().toISOString();
      const fileColumns = {
        file_name: file.fileName,
        storage_key: file.storageKey,
        reviewer_storage_key: file.reviewerStorageKey,
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
            .select(["storage_key", "reviewer_storage_key"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable("submission")
            .set({ ...fileColumns, details_updated_at: now })
            .where("id", "=", id)
            .execute();
          await options.alsoInTransaction?.(trx, id);
          return { oldStorageKeys: [old.storage_key, old.reviewer_storage_key] };
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
        await options.alsoInTransaction?.(trx, id);
        return {};
      });
      if ("reason" in recorded && recorded.reason) return { ok: false, reason: recorded.reason };
      for (const oldKey of ("oldStorageKeys" in recorded && recorded.oldStorageKeys) || []) {
        // The old files go only once the new ones are recorded; one left behind is the sweep's.
        if (!oldKey) continue;
        await deps.storage.delete(oldKey).catch((error: unknown) => {
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
  return outcome.ok
    ? { ok: true, value: { submissionId: id, ...outcome.value } }
    : { ...outcome, draft: readDraft(postedFields) };
}

/**
 * Whom the anonymity check looks for: the submitter (their profile's name and email, the form's
 * affiliation) and each co-author, from the form, or from the stored authors when the PDF is replaced.
 */
async function anonymityAuthors(
  deps: SubmissionDependencies,
  options: AbstractUploadOptions,
  details: SubmissionDetails | null,
): Promise<AnonymityAuthor[]> {
  const submitter = {
    whose: "yours" as const,
    name: `${options.firstName} ${options.lastName}`,
    email: options.email,
  };
  if (details) {
    return [
      { ...submitter, affiliation: details.affiliation },
      ...details.coauthors.map((coauthor) => ({ whose: "coauthor" as const, ...coauthor })),
    ];
  }
  const submissionId = options.replace?.submissionId ?? "";
  const [first, ...coauthors] =
    (await listAuthors(deps.db, [submissionId])).get(submissionId) ?? [];
  return [
    { ...submitter, affiliation: first?.affiliation ?? "" },
    ...coauthors.map((author) => ({
      whose: "coauthor" as const,
      name: author.name,
      email: author.email,
      affiliation: author.affiliation,
    })),
  ];
}

/** Why the user may not replace this abstract's PDF now, or null when they may. */
async function replaceRefusal(
  db: Kysely<Database>,
  options: AbstractUploadOptions,
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
