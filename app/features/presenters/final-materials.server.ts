import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import type { Presenter } from "~/content/sculc/program-types";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import {
  finalMaterialStoragePrefix,
  receivePdfUpload,
  type SubmissionDependencies,
  type UploadRefusal,
} from "~/features/submissions/submissions.server";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { Database, FinalMaterialTable, PresentationFormat } from "~/lib/db/schema";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import { materialResultMessage, resultParam } from "./final-material-paths";
import type { FinalMaterialsSectionProps } from "./final-materials-section";
import { getPresenterDates, isBefore } from "./presenter-dates.server";

/**
 * Final materials: a confirmed presenter's slides (talks) or poster (posters), one PDF per accepted
 * abstract, uploaded through the abstract pipeline (`receivePdfUpload`: streaming, size limit, PDF
 * checks in the worker pool) until the edition's `materialsDue`, with the presenter's consent to
 * publishing it on the edition page once the conference day has passed.
 */

export type MaterialKind = FinalMaterialTable["kind"];
type Edition = Pick<EditionContent, "year" | "date" | "abstracts">;

/** The upload form's file field and consent checkbox (which the form puts before the file). */
export const finalMaterialFields = { file: "material", mayPublish: "mayPublish" } as const;

/** Why a presenter may not upload or change consent now; each has its HTTP status and message. */
export type MaterialRefusal = "not-found" | "not-presenter" | "not-confirmed" | "closed" | "none";

export const materialRefusals: Record<MaterialRefusal, { status: number; message: string }> = {
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

function materialKindFor(acceptedAs: PresentationFormat | null): MaterialKind {
  return acceptedAs === "poster" ? "poster" : "slides";
}

export const materialKindLabels: Record<MaterialKind, string> = {
  slides: "Slides",
  poster: "Poster",
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

export type MaterialUploadOutcome =
  | { ok: true; replaced: boolean }
  | { ok: false; reason: UploadRefusal | MaterialRefusal; pageCount?: number };

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
  if (!materialsDue) return { ok: false, reason: "closed" };
  const check = (row: EligibilityRow | undefined) =>
    refusalFor(row, { userId: input.userId, editionYear: input.edition.year }, materialsDue, now());
  const storageKey = `${finalMaterialStoragePrefix}${input.submissionId}/${crypto.randomUUID()}.pdf`;
  // The id goes into the storage key: only an id of the user's own abstract gets that far.
  const precheck = check(await readEligibility(deps.db, input.submissionId));
  // Refused before the body is read, as the abstract upload refuses a closed call.
  if (precheck) return { ok: false, reason: precheck };
  let oldKey: string | null = null;
  const outcome = await receivePdfUpload<null, MaterialRefusal>(deps, request, {
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
  return { ok: true, replaced: Boolean(replacedKey) };
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
): Promise<{ ok: true } | { ok: false; reason: MaterialRefusal }> {
  const materialsDue = await materialsDueFor(db, input.edition);
  if (!materialsDue) return { ok: false, reason: "closed" };
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
  return refusal ? { ok: false, reason: refusal } : { ok: true };
}

export type PresenterMaterial = {
  submissionId: string;
  title: string;
  kind: MaterialKind;
  isConfirmed: boolean;
  material: {
    fileName: string;
    sizeBytes: number;
    pageCount: number;
    uploadedAt: string;
    mayPublish: boolean;
  } | null;
};

export type FinalMaterialsState = {
  materialsDueText: string;
  isOpen: boolean;
  items: PresenterMaterial[];
};

/** The presenter's accepted, released abstracts of the edition and their final materials. */
export async function loadPresenterMaterials(
  db: Kysely<Database>,
  input: { userId: string; edition: Edition; now?: Date },
): Promise<FinalMaterialsState | null> {
  const dates = await getPresenterDates(db, input.edition);
  if (!dates) return null;
  const rows = await db
    .selectFrom("submission")
    .leftJoin("final_material", "final_material.submission_id", "submission.id")
    .select([
      "submission.id",
      "submission.title",
      "submission.file_name",
      "submission.accepted_as",
      "submission.attendance",
      "final_material.file_name as material_file_name",
      "final_material.size_bytes",
      "final_material.page_count",
      "final_material.uploaded_at",
      "final_material.may_publish",
    ])
    .where("submission.user_id", "=", input.userId)
    .where("submission.edition_year", "=", input.edition.year)
    .where("submission.decision", "=", "accepted")
    .where("submission.released_at", "is not", null)
    .orderBy("submission.number")
    .execute();
  return {
    materialsDueText: dates.materialsDueText,
    isOpen: isBefore(dates.materialsDue, input.now),
    items: rows.map((row) => ({
      submissionId: row.id,
      title: titleOrFileName({ title: row.title, fileName: row.file_name }),
      kind: materialKindFor(row.accepted_as),
      isConfirmed: row.attendance === "confirmed",
      material:
        row.material_file_name && row.uploaded_at
          ? {
              fileName: row.material_file_name,
              sizeBytes: Number(row.size_bytes),
              pageCount: Number(row.page_count),
              uploadedAt: row.uploaded_at,
              mayPublish: Boolean(row.may_publish),
            }
          : null,
    })),
  };
}

export type AdminMaterialRow = {
  submissionId: string;
  number: number;
  title: string;
  presenter: string;
  email: string;
  kind: MaterialKind;
  attendance: string | null;
  material: {
    fileName: string;
    sizeBytes: number;
    uploadedAt: string;
    mayPublish: boolean;
  } | null;
};

/** Every accepted abstract of the edition with its material's status, for the admin page. */
export async function listMaterialsForAdmin(
  db: Kysely<Database>,
  editionYear: number,
): Promise<AdminMaterialRow[]> {
  const rows = await db
    .selectFrom("submission")
    .innerJoin("user", "user.id", "submission.user_id")
    .leftJoin("final_material", "final_material.submission_id", "submission.id")
    .select([
      "submission.id",
      "submission.number",
      "submission.title",
      "submission.file_name",
      "submission.accepted_as",
      "submission.attendance",
      "user.name",
      "user.email",
      "final_material.file_name as material_file_name",
      "final_material.size_bytes",
      "final_material.uploaded_at",
      "final_material.may_publish",
    ])
    .where("submission.edition_year", "=", editionYear)
    .where("submission.decision", "=", "accepted")
    // A staged decision is not the presenter's to act on yet: only released ones have materials.
    .where("submission.released_at", "is not", null)
    .orderBy("submission.number")
    .execute();
  return rows.map((row) => ({
    submissionId: row.id,
    number: Number(row.number),
    title: titleOrFileName({ title: row.title, fileName: row.file_name }),
    presenter: row.name,
    email: row.email,
    kind: materialKindFor(row.accepted_as),
    attendance: row.attendance,
    material:
      row.material_file_name && row.uploaded_at
        ? {
            fileName: row.material_file_name,
            sizeBytes: Number(row.size_bytes),
            uploadedAt: row.uploaded_at,
            mayPublish: Boolean(row.may_publish),
          }
        : null,
  }));
}

/** The moment the edition's conference day ends where the conference is (midnight after it). */
export function conferenceDayEnd(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const iso = conferenceLocalTimeToIso(`${next.toISOString().slice(0, 10)}T00:00`);
  if (!iso) throw new Error(`Not a conference date: ${date}`);
  return iso;
}

export function hasConferenceDayPassed(edition: Pick<Edition, "date">, now = new Date()): boolean {
  return now.getTime() >= Date.parse(conferenceDayEnd(edition.date));
}

export type PublishedMaterial = {
  submissionId: string;
  title: string;
  kind: MaterialKind;
  presenters: Presenter[];
};

/**
 * The materials the edition page shows: consented to, of accepted and confirmed abstracts, once the
 * conference day has passed (before it, none; the caller has the page expire at the day's end).
 */
export async function listPublishedMaterials(
  db: Kysely<Database>,
  edition: Pick<Edition, "year" | "date">,
  now = new Date(),
): Promise<PublishedMaterial[]> {
  if (!hasConferenceDayPassed(edition, now)) return [];
  const rows = await publishedQuery(db)
    .where("submission.edition_year", "=", edition.year)
    .select(["submission.id", "submission.title", "submission.file_name", "final_material.kind"])
    .orderBy("submission.number")
    .execute();
  if (!rows.length) return [];
  const authors = await listAuthors(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = authors.get(row.id) ?? [];
    // The presenting authors; an abstract whose authors name no presenter shows its submitter.
    const presenting = own.filter((author) => author.isPresenter);
    return {
      submissionId: row.id,
      title: titleOrFileName({ title: row.title, fileName: row.file_name }),
      kind: row.kind,
      presenters: (presenting.length ? presenting : own.slice(0, 1)).map((author) => ({
        name: author.name,
        institution: author.affiliation,
      })),
    };
  });
}

function publishedQuery(db: Kysely<Database>) {
  return db
    .selectFrom("final_material")
    .innerJoin("submission", "submission.id", "final_material.submission_id")
    .where("final_material.may_publish", "=", 1)
    .where("submission.decision", "=", "accepted")
    .where("submission.released_at", "is not", null)
    .where("submission.attendance", "=", "confirmed");
}

/**
 * A final material's file for someone allowed to read it: an admin, the abstract's submitter, or anyone
 * once it is published (`editionDate` of the abstract's edition). Everyone else gets null, exactly as
 * for a material that does not exist. `audit` says an admin opened someone else's file.
 */
export async function openFinalMaterialFile(
  deps: SubmissionDependencies,
  input: {
    submissionId: string;
    viewer: { id: string; isAdmin: boolean } | null;
    editionDateOf: (year: number) => string | undefined;
    now?: Date;
  },
) {
  const row = await deps.db
    .selectFrom("final_material")
    .innerJoin("submission", "submission.id", "final_material.submission_id")
    .select([
      "final_material.storage_key",
      "final_material.file_name",
      "final_material.may_publish",
      "submission.user_id",
      "submission.edition_year",
      "submission.decision",
      "submission.released_at",
      "submission.attendance",
    ])
    .where("final_material.submission_id", "=", input.submissionId)
    .executeTakeFirst();
  if (!row) return null;
  const isOwner = input.viewer?.id === row.user_id;
  const editionDate = input.editionDateOf(Number(row.edition_year));
  const isPublished =
    Boolean(row.may_publish) &&
    row.decision === "accepted" &&
    Boolean(row.released_at) &&
    row.attendance === "confirmed" &&
    editionDate !== undefined &&
    hasConferenceDayPassed({ date: editionDate }, input.now);
  if (!isOwner && !input.viewer?.isAdmin && !isPublished) return null;
  const file = await deps.storage.open(row.storage_key);
  if (!file) return null;
  return {
    ...file,
    fileName: row.file_name,
    isPublished,
    // An admin reading someone else's file is an admin action, as for abstracts.
    audit: !isOwner && input.viewer?.isAdmin ? { userId: row.user_id } : null,
  };
}

/** Final slides run long; a poster is one page. Bytes are the site's upload limit (MAX_UPLOAD_MB). */
export const finalMaterialLimits = { maxPages: 150 } as const;

/**
 * The congratulations page's loader helper: the props of `FinalMaterialsSection`, or null when the
 * user presents nothing of this edition. `url` carries the result of the last form (`resultParam`).
 */
export async function loadFinalMaterialsSection(
  db: Kysely<Database>,
  input: { userId: string; edition: Edition; url: URL; maxUploadBytes: number },
): Promise<FinalMaterialsSectionProps | null> {
  const state = await loadPresenterMaterials(db, input);
  if (!state?.items.length) return null;
  return {
    ...state,
    maxMegabytes: Math.round(input.maxUploadBytes / 1024 / 1024),
    maxPages: finalMaterialLimits.maxPages,
    message: materialResultMessage(input.url.searchParams.get(resultParam)),
  };
}
