import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import {
  uploadRefusalMessage,
  uploadRefusalStatus,
} from "~/features/submissions/submission-messages";
import type { SubmissionDependencies } from "~/features/submissions/submissions.server";
import type { Database, PresentationFormat } from "~/lib/db/schema";
import { done, type Outcome, type Refusals, refuse } from "~/lib/outcome";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import type { UploadRefusal } from "~/lib/uploads/pdf-upload";
import { receivePdfUpload } from "~/lib/uploads/receive-pdf-upload.server";
import { finalMaterialStoragePrefix } from "./final-material-storage.server";
import { finalMaterialLimits, materialKindFor } from "./final-materials.server";
import { getPresenterDates, isBefore } from "./presenter-dates.server";

/**
 * Final materials: a confirmed presenter's slides (talks) or poster (posters), one PDF per accepted
 * abstract, uploaded through the site's upload pipeline (`lib/uploads`: streaming, size limit, PDF checks
 * in the worker pool) until the edition's `materialsDue`, with the presenter's consent to
 * publishing it on the edition page once the conference day has passed.
 */

type Edition = Pick<EditionContent, "year" | "date" | "abstracts">;

/** The upload form's file field and consent checkbox (which the form puts before the file). */
export const finalMaterialFields = { file: "material", mayPublish: "mayPublish" } as const;

/** Why a presenter may not upload or change consent now; each has its HTTP status and message. */
export type MaterialRefusal = "not-found" | "not-presenter" | "not-confirmed" | "closed" | "none";

export const materialRefusals: Refusals<MaterialRefusal> = {
  "not-found": { status: 404, message: "That abstract was not found among your submissions." },
  "not-presenter": {
    status: 403,
    message: "Only the presenter of an accepted abstract can upload its final materials.",
  },
  "not-confirmed": {
    status: 409,
    message:
      "Confirm your attendance on the congratulations page first; then you can upload your final materials.",
  },
  closed: {
    status: 409,
    message:
      "The deadline for final materials has passed. If something is wrong with your materials, email the organizers.",
  },
  none: {
    status: 409,
    message: "Upload your slides or poster first; then choose whether it may be published.",
  },
};

type EligibilityRow = {
  user_id: string;
  edition_year: number;
  decision: string | null;
  released_at: string | null;
  attendance: string | null;
  accepted_as: PresentationFormat | null;
};

/**
 * Who may upload or change consent: the abstract's submitter, for an accepted and released abstract of
 * this edition whose attendance is confirmed, until the materials are due. Anyone else's abstract looks
 * like one that does not exist.
 */
function refusalFor(
  row: EligibilityRow | undefined,
  input: { userId: string; editionYear: number },
  materialsDue: string,
  now: Date,
): MaterialRefusal | null {
  if (!row || row.user_id !== input.userId || row.edition_year !== input.editionYear)
    return "not-found";
  if (row.decision !== "accepted" || !row.released_at) return "not-presenter";
  if (row.attendance !== "confirmed") return "not-confirmed";
  if (!isBefore(materialsDue, now)) return "closed";
  return null;
}

async function readEligibility(db: Kysely<Database>, submissionId: string) {
  return db
    .selectFrom("submission")
    .select(["user_id", "edition_year", "decision", "released_at", "attendance", "accepted_as"])
    .where("id", "=", submissionId)
    .executeTakeFirst();
}

async function materialsDueFor(db: Kysely<Database>, edition: Edition): Promise<string | null> {
  return (await getPresenterDates(db, edition))?.materialsDue ?? null;
}

/** The shared outcome shape; a refusal for too many pages carries the file's page count. */
export type MaterialUploadOutcome =
  | { ok: true; value: { replaced: boolean } }
  | {
      ok: false;
      reason: UploadRefusal | MaterialRefusal;
      pageCount?: number;
      retryAfterSeconds?: number;
    };

function isMaterialRefusal(reason: string): reason is MaterialRefusal {
  return Object.hasOwn(materialRefusals, reason);
}

/**
 * The refusals a presenter fixes by choosing another file, said as that: what was wrong with the file
 * and "choose a PDF file", never only "please try again". The others read as for abstracts.
 */
const fileRefusalMessages: Partial<
  Record<UploadRefusal, (pageCount: number | undefined) => string>
> = {
  "no-file": () =>
    "No file was chosen. Choose a PDF file of your slides or poster, then upload it.",
  empty: () =>
    "The file you chose is empty. Choose a PDF file of your slides or poster and upload it again.",
  "too-large": () =>
    "The file you chose is larger than the limit shown under the file field. Choose a smaller PDF file (exporting again with images at a lower quality usually helps) and upload it again.",
  "not-a-pdf": () =>
    "The file you chose is not a PDF. Choose a PDF file of your slides or poster (save or export it as PDF first) and upload it again.",
  damaged: () =>
    "The PDF seems damaged or incomplete. Export it again as PDF, choose the new file and upload it again.",
  "too-many-pages": (pageCount) =>
    `The file has ${pageCount ?? "too many"} pages; final materials may have at most ${finalMaterialLimits.maxPages}. Choose a shorter PDF file and upload it again.`,
};

/** What the presenter reads, and its status, when an upload was refused. */
export function materialUploadRefusal(
  reason: UploadRefusal | MaterialRefusal,
  pageCount: number | undefined,
  retryAfterSeconds?: number,
): { status: number; message: string } {
  if (isMaterialRefusal(reason)) return materialRefusals[reason];
  const fileMessage = fileRefusalMessages[reason];
  if (fileMessage) return { status: uploadRefusalStatus(reason), message: fileMessage(pageCount) };
  return {
    status: uploadRefusalStatus(reason),
    message: uploadRefusalMessage(reason, {
      maxPages: finalMaterialLimits.maxPages,
      retryAfterSeconds,
    }),
  };
}

/**
 * Receives final slides or a poster for one abstract. The permission is checked before anything is
 * stored and again in the transaction that records the file; a replacement replaces the row, and the
 * old file is deleted only after the new one is recorded (a failure in between leaves the old file to
 * the sweep, never a row without its file).
 */
export async function receiveFinalMaterialUpload(
  deps: SubmissionDependencies,
  request: Request,
  input: {
    userId: string;
    submissionId: string;
    edition: Edition;
    maxBytes: number;
    maxPages: number;
    now?: () => Date;
  },
): Promise<MaterialUploadOutcome> {
  const now = input.now ?? (() => new Date());
  const materialsDue = await materialsDueFor(deps.db, input.edition);
  if (!materialsDue) return refuse("closed");
  const check = (row: EligibilityRow | undefined) =>
    refusalFor(row, { userId: input.userId, editionYear: input.edition.year }, materialsDue, now());
  const storageKey = `${finalMaterialStoragePrefix}${input.submissionId}/${crypto.randomUUID()}.pdf`;
  // The id goes into the storage key: only an id of the user's own abstract gets that far.
  const precheck = check(await readEligibility(deps.db, input.submissionId));
  // Refused before the body is read, as the abstract upload refuses a closed call.
  if (precheck) return refuse(precheck);
  let oldKey: string | null = null;
  const outcome = await receivePdfUpload<null, MaterialRefusal>(deps, request, {
    accountId: input.userId,
    fileField: finalMaterialFields.file,
    maxBytes: input.maxBytes,
    maxPages: input.maxPages,
    storageKey,
    // Checked again here: the deadline can pass while the form waits.
    precheck: async () => check(await readEligibility(deps.db, input.submissionId)),
    record: async (file, fields) => {
      const mayPublish = fields.has(finalMaterialFields.mayPublish);
      const refusal = await deps.db.transaction().execute(async (trx) => {
        // Locks the abstract's row (PostgreSQL), so two uploads at once replace one after the other.
        await trx
          .updateTable("submission")
          .set((eb) => ({ id: eb.ref("id") }))
          .where("id", "=", input.submissionId)
          .execute();
        const row = await readEligibility(trx, input.submissionId);
        const refused = check(row);
        if (refused || !row) return refused ?? "not-found";
        const previous = await trx
          .selectFrom("final_material")
          .select("storage_key")
          .where("submission_id", "=", input.submissionId)
          .executeTakeFirst();
        oldKey = previous?.storage_key ?? null;
        const at = now().toISOString();
        const values = {
          kind: materialKindFor(row.accepted_as),
          file_name: file.fileName,
          storage_key: file.storageKey,
          size_bytes: file.size,
          sha256: file.sha256,
          page_count: file.pageCount,
          // 1/0 for both databases: SQLite has no booleans, PostgreSQL reads "1" as true.
          may_publish: mayPublish ? 1 : 0,
          uploaded_at: at,
          updated_at: at,
        };
        await trx
          .insertInto("final_material")
          .values({ submission_id: input.submissionId, ...values })
          .onConflict((conflict) => conflict.column("submission_id").doUpdateSet(values))
          .execute();
        await markPublicPagesChanged(trx);
        return null;
      });
      if (refusal) return { ok: false, reason: refusal };
      deps.logger.info(
        { submissionId: input.submissionId, size: file.size, replaced: Boolean(oldKey) },
        "final material uploaded",
      );
      return { ok: true, value: null };
    },
  });
  if (!outcome.ok) return outcome;
  const replacedKey: string | null = oldKey;
  if (replacedKey) {
    await deps.storage.delete(replacedKey).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, storageKey: replacedKey },
        "replaced material left for the sweep",
      );
    });
  }
  return done({ replaced: Boolean(replacedKey) });
}

/** The presenter changes their consent to publication, until the materials are due. */
export async function setMaterialConsent(
  db: Kysely<Database>,
  input: {
    userId: string;
    submissionId: string;
    mayPublish: boolean;
    edition: Edition;
    now?: Date;
  },
): Promise<Outcome<undefined, MaterialRefusal>> {
  const materialsDue = await materialsDueFor(db, input.edition);
  if (!materialsDue) return refuse("closed");
  const refusal = await db.transaction().execute(async (trx) => {
    const refused = refusalFor(
      await readEligibility(trx, input.submissionId),
      { userId: input.userId, editionYear: input.edition.year },
      materialsDue,
      input.now ?? new Date(),
    );
    if (refused) return refused;
    const updated = await trx
      .updateTable("final_material")
      .set({ may_publish: input.mayPublish ? 1 : 0, updated_at: new Date().toISOString() })
      .where("submission_id", "=", input.submissionId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return "none" as const;
    await markPublicPagesChanged(trx);
    return null;
  });
  return refusal ? refuse(refusal) : done();
}
