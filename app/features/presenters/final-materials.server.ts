import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import type { Presenter } from "~/content/sculc/program-types";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import type { SubmissionDependencies } from "~/features/submissions/submissions.server";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { Database, FinalMaterialTable, PresentationFormat } from "~/lib/db/schema";
import { answerWindow } from "./attendance.server";
import { materialResultMessage, resultParam } from "./final-material-paths";
import type { FinalMaterialsSectionProps } from "./final-materials-section";
import { getPresenterDates, isBefore } from "./presenter-dates.server";

// Final materials as they are read: the presenter's list, the admins' list, the published ones on the
// edition page, and the file itself. Uploading and consent are final-material-upload.server.ts.

export type MaterialKind = FinalMaterialTable["kind"];
type Edition = Pick<EditionContent, "year" | "date" | "abstracts">;

export function materialKindFor(acceptedAs: PresentationFormat | null): MaterialKind {
  return acceptedAs === "poster" ? "poster" : "slides";
}

export const materialKindLabels: Record<MaterialKind, string> = {
  slides: "Slides",
  poster: "Poster",
};

/** Final slides run long; a poster is one page. Bytes are the site's upload limit (MAX_UPLOAD_MB). */
export const finalMaterialLimits = { maxPages: 150 } as const;

export type PresenterMaterial = {
  submissionId: string;
  title: string;
  kind: MaterialKind;
  isConfirmed: boolean;
  /** Whether the presenter may still confirm on the page (before the date, or reopened). */
  canStillConfirm: boolean;
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
  /** Where a presenter writes when the page can no longer take their file. */
  organizersEmail: string;
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
      "submission.attendance_reopened_at",
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
    organizersEmail: input.edition.abstracts?.acceptance.materialsEmail ?? "",
    isOpen: isBefore(dates.materialsDue, input.now),
    items: rows.map((row) => ({
      submissionId: row.id,
      title: titleOrFileName({ title: row.title, fileName: row.file_name }),
      kind: materialKindFor(row.accepted_as),
      isConfirmed: row.attendance === "confirmed",
      canStillConfirm: answerWindow(row, dates, input.now) !== "closed",
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
