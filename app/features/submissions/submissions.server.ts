import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type {
  Database,
  PreferredFormat,
  PresentationFormat,
  SubmissionDecision,
  SubmissionTable,
} from "~/lib/db/schema";
import type { FileStorage } from "~/lib/storage/file-storage";
import type { UploadAdmission } from "~/lib/uploads/upload-admission.server";
import { parseWarnings, type SubmissionWarning } from "./abstract-checks";

// The submission rows: their numbers, the user's list, and the status derived from it. Uploading is
// abstract-upload.server.ts, deleting and serving files submission-files.server.ts.

export type SubmissionDependencies = {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Upload limits per account and address (`lib/uploads`); the site always sets it. */
  admission?: UploadAdmission;
};

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

/** How many abstracts the user has for the edition (the per-user limit counts these). */
export async function countSubmissions(
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

/** A submission row as the status page lists it (the released decision only). */
export function toSummary(
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

// On every /sculc/view-submission: built and compiled once (preparedQuery).
const readOwnSubmissionRows = preparedQuery(
  (db, { userId, editionYear }: { userId: string; editionYear: number }) =>
    db
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
      .orderBy("id"),
);

/** The user's submissions for an edition, oldest first. */
export async function listSubmissionsForUser(
  db: Kysely<Database>,
  userId: string,
  editionYear: number,
): Promise<SubmissionSummary[]> {
  return (await readOwnSubmissionRows(db, { userId, editionYear })).map(toSummary);
}
