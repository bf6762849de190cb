import type { Kysely, Transaction } from "kysely";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { Database, PreferredFormat } from "~/lib/db/schema";
import { z } from "~/lib/zod.server";
import {
  type AuthorView,
  type DetailsDraft,
  detailLimits,
  preferredFormats,
} from "./submission-details";

/** The details once checked: what is stored. */
export type SubmissionDetails = {
  title: string;
  affiliation: string;
  presents: boolean;
  coauthors: { name: string; affiliation: string; email: string | null; presents: boolean }[];
  format: PreferredFormat;
};

const tooLong = (max: number) => `Please use at most ${max} characters.`;

const text = (max: number) => z.string().trim().max(max, tooLong(max));

const coauthorSchema = z.object({
  name: text(detailLimits.name).min(1, "Please enter the co-author's name, or remove the row."),
  affiliation: text(detailLimits.affiliation),
  email: z
    .string()
    .trim()
    .max(detailLimits.email, "Please enter a valid email address, or leave it empty.")
    .transform((value) => value.toLowerCase())
    .pipe(
      z.union([z.literal(""), z.email("Please enter a valid email address, or leave it empty.")]),
    )
    .transform((value) => value || null),
  presents: z.boolean(),
});

const detailsSchema = z
  .object({
    title: text(detailLimits.title).min(1, "Please enter the abstract's title."),
    affiliation: text(detailLimits.affiliation),
    presents: z.boolean(),
    coauthors: z
      .array(coauthorSchema)
      .max(
        detailLimits.coauthors,
        `An abstract may have at most ${detailLimits.coauthors} co-authors; please remove the others.`,
      ),
    format: z.enum(preferredFormats, {
      error: "Please choose a preferred format: talk, poster or either.",
    }),
  })
  .superRefine((value, context) => {
    if (!value.presents && !value.coauthors.some((coauthor) => coauthor.presents)) {
      context.addIssue({
        code: "custom",
        message: "Please say who will present: at least one author.",
        path: ["presents"],
      });
    }
  });

export type DetailsCheck =
  | { ok: true; details: SubmissionDetails }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Checks a draft. Blank co-author rows (added, never filled) are dropped first; field errors are keyed
 * by the form's field names, so the page can show each beside its field.
 */
export function checkDetails(draft: DetailsDraft): DetailsCheck {
  const coauthors = draft.coauthors.filter(
    (row) => row.name.trim() || row.affiliation.trim() || row.email.trim(),
  );
  const indexOf = coauthors.map((row) => draft.coauthors.indexOf(row));
  const result = detailsSchema.safeParse({ ...draft, coauthors });
  if (result.success) return { ok: true, details: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [first, index, part] = issue.path;
    const key =
      first === "coauthors" && typeof index === "number" && typeof part === "string"
        ? `coauthor.${indexOf[index] ?? index}.${part}`
        : String(first ?? "");
    fieldErrors[key] ??= issue.message;
  }
  const problems = [...new Set(Object.values(fieldErrors))];
  return {
    ok: false,
    message: `Please check the form: ${problems.join(" ")}`,
    fieldErrors,
  };
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes an abstract's authors (replacing any): position 0 the submitting account, then the co-authors
 * in order. Called inside the transaction that writes the submission row.
 */
export async function writeAuthors(
  trx: Db,
  input: {
    submissionId: string;
    submitter: { userId: string; name: string; email: string };
    details: SubmissionDetails;
  },
): Promise<void> {
  // 1/0: SQLite binds no booleans, and PostgreSQL reads '1' and '0' as boolean input.
  const bool = (value: boolean) => (value ? 1 : 0);
  await trx
    .deleteFrom("submission_author")
    .where("submission_id", "=", input.submissionId)
    .execute();
  await trx
    .insertInto("submission_author")
    .values([
      {
        submission_id: input.submissionId,
        position: 0,
        user_id: input.submitter.userId,
        name: input.submitter.name,
        affiliation: input.details.affiliation,
        email: input.submitter.email.toLowerCase(),
        is_presenter: bool(input.details.presents),
      },
      ...input.details.coauthors.map((coauthor, index) => ({
        submission_id: input.submissionId,
        position: index + 1,
        user_id: null,
        name: coauthor.name,
        affiliation: coauthor.affiliation,
        email: coauthor.email,
        is_presenter: bool(coauthor.presents),
      })),
    ])
    .execute();
}

function authorsQuery(db: Db, submissionIds: string[]) {
  return db
    .selectFrom("submission_author")
    .select(["submission_id", "position", "name", "affiliation", "email", "is_presenter"])
    .where("submission_id", "in", submissionIds)
    .orderBy("submission_id")
    .orderBy("position");
}

// A person's own and co-authored abstracts, on every /sculc/view-submission: the reads for one to
// eight abstracts are built and compiled once each (preparedQuery); longer lists are built each time.
const preparedAuthorReads = Array.from({ length: 8 }, () =>
  preparedQuery((db, ids: Record<string, string>) => authorsQuery(db, Object.values(ids))),
);

/** The authors of the given abstracts, in order, by abstract id. */
export async function listAuthors(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, AuthorView[]>> {
  const bySubmission = new Map<string, AuthorView[]>();
  if (!submissionIds.length) return bySubmission;
  const preparedRead = preparedAuthorReads[submissionIds.length - 1];
  const rows = preparedRead
    ? await preparedRead(db, Object.fromEntries(submissionIds.map((id, at) => [`id${at}`, id])))
    : await authorsQuery(db, [...submissionIds]).execute();
  for (const row of rows) {
    const list = bySubmission.get(row.submission_id) ?? [];
    list.push({
      position: Number(row.position),
      name: row.name,
      affiliation: row.affiliation,
      email: row.email,
      isPresenter: Boolean(row.is_presenter),
    });
    bySubmission.set(row.submission_id, list);
  }
  return bySubmission;
}

/** The draft that re-creates a stored abstract's details in the edit form. */
export function draftFromStored(
  row: { title: string; preferredFormat: string },
  authors: readonly AuthorView[],
): DetailsDraft {
  const [submitter, ...coauthors] = authors;
  return {
    title: row.title,
    affiliation: submitter?.affiliation ?? "",
    presents: submitter?.isPresenter ?? true,
    coauthors: coauthors.map((author) => ({
      name: author.name,
      affiliation: author.affiliation,
      email: author.email ?? "",
      presents: author.isPresenter,
    })),
    format: row.preferredFormat,
  };
}

/** The profile's affiliation, which pre-fills the submit form ('' when none was given). */
export async function readProfileAffiliation(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom("user")
    .select("affiliation")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.affiliation ?? "";
}

export type EditableRow = {
  id: string;
  title: string;
  fileName: string;
  preferredFormat: string;
};

export type EditableLookup =
  | { ok: true; row: EditableRow }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "read-only"; row: EditableRow };

/**
 * One of the user's abstracts of the edition, if they may still change it: the call is open and no
 * decision on it was released. Someone else's abstract is "not-found", exactly like a missing one.
 */
export async function findEditableSubmission(
  db: Db,
  input: { userId: string; submissionId: string; editionYear: number; isCallOpen: boolean },
): Promise<EditableLookup> {
  const row = await db
    .selectFrom("submission")
    .select(["id", "title", "file_name", "preferred_format", "released_at"])
    .where("id", "=", input.submissionId)
    .where("user_id", "=", input.userId)
    .where("edition_year", "=", input.editionYear)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not-found" };
  const found = {
    id: row.id,
    title: row.title,
    fileName: row.file_name,
    preferredFormat: row.preferred_format,
  };
  if (row.released_at || !input.isCallOpen) return { ok: false, reason: "read-only", row: found };
  return { ok: true, row: found };
}

export type DetailsUpdate =
  | { ok: true }
  | { ok: false; reason: "not-found" | "read-only" | "error" };

/**
 * Saves edited details (title, authors, format) of the user's abstract. The call and the decision are
 * re-read inside the transaction, so a replayed form after the call closed changes nothing.
 */
export async function updateSubmissionDetails(
  db: Kysely<Database>,
  input: {
    userId: string;
    submissionId: string;
    editionYear: number;
    details: SubmissionDetails;
    submitter: { name: string; email: string };
    isCallOpen: (trx: Kysely<Database>) => Promise<boolean>;
  },
): Promise<DetailsUpdate> {
  return db.transaction().execute(async (trx): Promise<DetailsUpdate> => {
    // Takes the row's lock first (PostgreSQL), so two tabs saving at once write one after the other.
    await trx
      .updateTable("submission")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", input.submissionId)
      .where("user_id", "=", input.userId)
      .execute();
    const found = await findEditableSubmission(trx, {
      ...input,
      isCallOpen: await input.isCallOpen(trx),
    });
    if (!found.ok) return { ok: false, reason: found.reason };
    await trx
      .updateTable("submission")
      .set({
        title: input.details.title,
        preferred_format: input.details.format,
        details_updated_at: new Date().toISOString(),
      })
      .where("id", "=", input.submissionId)
      .execute();
    // Position 0 keeps the profile's current name: it is the submitting account, not a typed name.
    await writeAuthors(trx, {
      submissionId: input.submissionId,
      submitter: { userId: input.userId, ...input.submitter },
      details: input.details,
    });
    return { ok: true };
  });
}
