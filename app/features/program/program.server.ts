import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AuthorView } from "~/features/submissions/submission-details";
import { abstractLabel } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type {
  Attendance,
  Database,
  PresentationFormat,
  ProgramSessionKind,
  SubmissionDecision,
} from "~/lib/db/schema";
import { z } from "~/lib/zod.server";
import {
  formatClock,
  type ProgramEdition,
  type ProgramSettings,
  parseClock,
  programSettingsOf,
} from "./program-times";
import { computeProgramWarnings, type ProgramWarning } from "./program-warnings";

type Db = Kysely<Database> | Transaction<Database>;

export const sessionKinds = [
  "talks",
  "posters",
  "keynote",
  "break",
  "lunch",
  "other",
] as const satisfies readonly ProgramSessionKind[];

/** Which presentations a session holds; the other kinds hold none. */
const formatOfKind: Partial<Record<ProgramSessionKind, PresentationFormat>> = {
  talks: "talk",
  posters: "poster",
};

export type ProgramOutcome =
  | { ok: true; message: string; id?: string }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string> };

const notFound = (what: string): ProgramOutcome => ({
  ok: false,
  status: 404,
  message: `That ${what} is not in this edition's program; it may have been removed.`,
});

/**
 * Every change to an edition's program starts here: it updates the edition's row, which on PostgreSQL
 * holds the row's lock until commit, so edits and publishes of one edition run one after the other
 * (positions are drawn without gaps or twins, and a publish never reads a half-made edit). SQLite's
 * transactions already run one at a time (BEGIN IMMEDIATE).
 */
export async function lockProgram(trx: Transaction<Database>, editionYear: number, now: Date) {
  await trx
    .insertInto("program_edition")
    .values({ edition_year: editionYear, last_version: 0, changed_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column("edition_year").doUpdateSet({ changed_at: now.toISOString() }),
    )
    .execute();
}

/**
 * One change to an edition's program: a transaction that takes the edition's lock first, so changes
 * and publishes of one edition run one after the other (decision 0015).
 */
function changeProgram(
  db: Kysely<Database>,
  input: { editionYear: number; now?: Date },
  change: (trx: Transaction<Database>, now: Date) => Promise<ProgramOutcome>,
): Promise<ProgramOutcome> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    await lockProgram(trx, input.editionYear, now);
    return change(trx, now);
  });
}

// ---------------------------------------------------------------------------------------------------
// Sessions

/** A session as the admin form sends it: times as "HH:MM" (a time field's value). */
export type SessionInput = {
  title: string;
  kind: string;
  room: string;
  startsAt: string;
  endsAt: string;
  chair: string;
  description: string;
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters.`)
    .transform((value) => value || null);

const clockField = (label: string) =>
  z.string().transform((value, context) => {
    const minutes = parseClock(value);
    if (minutes === null) {
      context.addIssue({ code: "custom", message: `Please enter the ${label} as a time.` });
      return z.NEVER;
    }
    return minutes;
  });

const sessionSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Please enter the session's title.")
      .max(200, "Please use at most 200 characters."),
    kind: z.enum(sessionKinds, {
      error: "Please choose a type: talks, posters, keynote, break, lunch or other.",
    }),
    room: z.string().trim().max(120, "Please use at most 120 characters."),
    startsAt: clockField("start"),
    endsAt: clockField("end"),
    chair: optionalText(200),
    description: optionalText(2000),
  })
  .superRefine((value, context) => {
    if (value.endsAt <= value.startsAt)
      context.addIssue({
        code: "custom",
        message: "Please end the session after it starts (on the same day).",
        path: ["endsAt"],
      });
  });

type CheckedSession = z.infer<typeof sessionSchema>;

function checkSession(
  input: SessionInput,
): { ok: true; session: CheckedSession } | Extract<ProgramOutcome, { ok: false }> {
  const result = sessionSchema.safeParse(input);
  if (result.success) return { ok: true, session: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues)
    fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  return {
    ok: false,
    status: 400,
    message: `Please check the form: ${[...new Set(Object.values(fieldErrors))].join(" ")}`,
    fieldErrors,
  };
}

const describeSession = (session: CheckedSession) =>
  `“${session.title}” (${session.kind}, ${formatClock(session.startsAt)}-${formatClock(session.endsAt)}${session.room ? `, ${session.room}` : ""})`;

export async function createProgramSession(
  db: Kysely<Database>,
  input: { editionYear: number; session: SessionInput; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome> {
  const checked = checkSession(input.session);
  if (!checked.ok) return checked;
  const id = crypto.randomUUID();
  return changeProgram(db, input, async (trx, now) => {
    await trx
      .insertInto("program_session")
      .values({
        id,
        edition_year: input.editionYear,
        title: checked.session.title,
        kind: checked.session.kind,
        room: checked.session.room,
        starts_at: checked.session.startsAt,
        ends_at: checked.session.endsAt,
        chair: checked.session.chair,
        description: checked.session.description,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await recordAdminAction(trx, {
      action: "create-program-session",
      actor: input.actor,
      details: `${input.editionYear}: ${describeSession(checked.session)}`,
    });
    return {
      ok: true,
      id,
      message: `The session “${checked.session.title}” was added successfully.`,
    };
  });
}

/**
 * Changes a session. A session holding presentations keeps a type that holds them (talks stay talks,
 * posters stay posters): take them out first, so no placement is dropped by a change of type.
 */
export async function updateProgramSession(
  db: Kysely<Database>,
  input: {
    editionYear: number;
    sessionId: string;
    session: SessionInput;
    actor: AuditActor;
    now?: Date;
  },
): Promise<ProgramOutcome> {
  const checked = checkSession(input.session);
  if (!checked.ok) return checked;
  return changeProgram(db, input, async (trx, now) => {
    const existing = await findSession(trx, input.editionYear, input.sessionId);
    if (!existing) return notFound("session");
    if (existing.kind !== checked.session.kind) {
      const placed = await countSlots(trx, existing.id);
      if (placed > 0)
        return {
          ok: false,
          status: 409,
          message: `“${existing.title}” holds ${placed} ${placed === 1 ? "presentation" : "presentations"}: remove ${placed === 1 ? "it" : "them"} before changing the session's type.`,
          fieldErrors: { kind: "Remove its presentations before changing the type." },
        };
    }
    await trx
      .updateTable("program_session")
      .set({
        title: checked.session.title,
        kind: checked.session.kind,
        room: checked.session.room,
        starts_at: checked.session.startsAt,
        ends_at: checked.session.endsAt,
        chair: checked.session.chair,
        description: checked.session.description,
        updated_at: now.toISOString(),
      })
      .where("id", "=", existing.id)
      .execute();
    await recordAdminAction(trx, {
      action: "update-program-session",
      actor: input.actor,
      details: `${input.editionYear}: ${describeSession(checked.session)}`,
    });
    return {
      ok: true,
      id: existing.id,
      message: `The session “${checked.session.title}” was saved successfully.`,
    };
  });
}

/** Deletes a session and its placements (the presentations become unplaced). */
export async function deleteProgramSession(
  db: Kysely<Database>,
  input: { editionYear: number; sessionId: string; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome> {
  return changeProgram(db, input, async (trx) => {
    const existing = await findSession(trx, input.editionYear, input.sessionId);
    if (!existing) return notFound("session");
    const placed = await countSlots(trx, existing.id);
    await trx.deleteFrom("program_session").where("id", "=", existing.id).execute();
    await recordAdminAction(trx, {
      action: "delete-program-session",
      actor: input.actor,
      details: `${input.editionYear}: “${existing.title}” with ${placed} ${placed === 1 ? "presentation" : "presentations"}`,
    });
    return {
      ok: true,
      message: placed
        ? `The session “${existing.title}” was deleted successfully; its ${placed} ${placed === 1 ? "presentation is" : "presentations are"} unplaced again.`
        : `The session “${existing.title}” was deleted successfully.`,
    };
  });
}

async function findSession(db: Db, editionYear: number, sessionId: string) {
  return db
    .selectFrom("program_session")
    .select(["id", "title", "kind"])
    .where("id", "=", sessionId)
    .where("edition_year", "=", editionYear)
    .executeTakeFirst();
}

async function countSlots(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom("program_slot")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---------------------------------------------------------------------------------------------------
// Placements

/**
 * Places a confirmed presentation at the end of a session: talks into talk sessions, posters into
 * poster sessions. Placing one abstract twice is allowed (the draft may be mid-move); it is a warning.
 */
export async function placePresentation(
  db: Kysely<Database>,
  input: {
    editionYear: number;
    sessionId: string;
    submissionId: string;
    actor: AuditActor;
    now?: Date;
  },
): Promise<ProgramOutcome> {
  return changeProgram(db, input, async (trx) => {
    const session = await findSession(trx, input.editionYear, input.sessionId);
    if (!session) return notFound("session");
    const submission = await trx
      .selectFrom("submission")
      .select([
        "id",
        "number",
        "title",
        "file_name",
        "decision",
        "released_at",
        "accepted_as",
        "attendance",
      ])
      .where("id", "=", input.submissionId)
      .where("edition_year", "=", input.editionYear)
      .executeTakeFirst();
    if (!submission) return notFound("abstract");
    const number = Number(submission.number);
    if (submission.decision !== "accepted" || !submission.released_at || !submission.accepted_as)
      return {
        ok: false,
        status: 409,
        message: `Abstract ${number} is not an accepted presentation, so it cannot be placed.`,
      };
    if (submission.attendance !== "confirmed")
      return {
        ok: false,
        status: 409,
        message:
          submission.attendance === "declined"
            ? `Abstract ${number} was declined by its presenter, so it cannot be placed.`
            : `Abstract ${number} is not confirmed by its presenter yet; place it once they confirm.`,
      };
    const holds = formatOfKind[session.kind];
    if (!holds)
      return {
        ok: false,
        status: 409,
        message: `“${session.title}” is a ${session.kind} session: only talk and poster sessions hold presentations.`,
      };
    if (holds !== submission.accepted_as)
      return {
        ok: false,
        status: 409,
        message: `Abstract ${number} is a ${submission.accepted_as}: place it in a ${submission.accepted_as} session, not in “${session.title}”.`,
      };
    const last = await trx
      .selectFrom("program_slot")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("session_id", "=", session.id)
      .executeTakeFirst();
    const position = last?.position == null ? 0 : Number(last.position) + 1;
    const id = crypto.randomUUID();
    await trx
      .insertInto("program_slot")
      .values({
        id,
        session_id: session.id,
        submission_id: submission.id,
        position,
        minutes: null,
      })
      .execute();
    await recordAdminAction(trx, {
      action: "place-presentation",
      actor: input.actor,
      details: `${input.editionYear}: abstract ${number} in “${session.title}”`,
    });
    return {
      ok: true,
      id,
      message: `Abstract ${number} (${abstractLabel({ title: submission.title, fileName: submission.file_name })}) was placed in “${session.title}” successfully.`,
    };
  });
}

async function findSlot(db: Db, editionYear: number, slotId: string) {
  return db
    .selectFrom("program_slot as slot")
    .innerJoin("program_session as session", "session.id", "slot.session_id")
    .innerJoin("submission as s", "s.id", "slot.submission_id")
    .select([
      "slot.id",
      "slot.session_id as sessionId",
      "slot.position",
      "session.title as sessionTitle",
      "session.kind",
      "s.number",
      "s.accepted_as as format",
    ])
    .where("slot.id", "=", slotId)
    .where("session.edition_year", "=", editionYear)
    .executeTakeFirst();
}

/** Takes a presentation out of its session (it is listed as unplaced again, if still confirmed). */
export async function unplacePresentation(
  db: Kysely<Database>,
  input: { editionYear: number; slotId: string; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome> {
  return changeProgram(db, input, async (trx) => {
    const slot = await findSlot(trx, input.editionYear, input.slotId);
    if (!slot) return notFound("placement");
    await trx.deleteFrom("program_slot").where("id", "=", slot.id).execute();
    await recordAdminAction(trx, {
      action: "unplace-presentation",
      actor: input.actor,
      details: `${input.editionYear}: abstract ${Number(slot.number)} from “${slot.sessionTitle}”`,
    });
    return {
      ok: true,
      message: `Abstract ${Number(slot.number)} was taken out of “${slot.sessionTitle}” successfully.`,
    };
  });
}

/** Swaps a presentation with its neighbour above or below; at either end it stays (and says so). */
export async function movePresentation(
  db: Kysely<Database>,
  input: {
    editionYear: number;
    slotId: string;
    direction: "up" | "down";
    actor: AuditActor;
    now?: Date;
  },
): Promise<ProgramOutcome> {
  return changeProgram(db, input, async (trx) => {
    const slot = await findSlot(trx, input.editionYear, input.slotId);
    if (!slot) return notFound("placement");
    const position = Number(slot.position);
    const neighbour = await trx
      .selectFrom("program_slot")
      .select(["id", "position"])
      .where("session_id", "=", slot.sessionId)
      .where("position", input.direction === "up" ? "<" : ">", position)
      .orderBy("position", input.direction === "up" ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
    const number = Number(slot.number);
    if (!neighbour)
      return {
        ok: true,
        message: `Abstract ${number} is already ${input.direction === "up" ? "first" : "last"} in “${slot.sessionTitle}”.`,
      };
    // Through a free position, as (session, position) is unique at every step.
    const free = -1 - position;
    await trx
      .updateTable("program_slot")
      .set({ position: free })
      .where("id", "=", slot.id)
      .execute();
    await trx
      .updateTable("program_slot")
      .set({ position })
      .where("id", "=", neighbour.id)
      .execute();
    await trx
      .updateTable("program_slot")
      .set({ position: Number(neighbour.position) })
      .where("id", "=", slot.id)
      .execute();
    await recordAdminAction(trx, {
      action: "move-presentation",
      actor: input.actor,
      details: `${input.editionYear}: abstract ${number} ${input.direction} in “${slot.sessionTitle}”`,
    });
    return {
      ok: true,
      message: `Abstract ${number} was moved ${input.direction} in “${slot.sessionTitle}” successfully.`,
    };
  });
}

/**
 * A talk's minutes (questions included); empty goes back to the edition's default. Posters take their
 * whole session, so they have none.
 */
export async function setSlotMinutes(
  db: Kysely<Database>,
  input: { editionYear: number; slotId: string; minutes: string; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome> {
  const text = input.minutes.trim();
  const minutes = text === "" ? null : Number(text);
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > 240))
    return {
      ok: false,
      status: 400,
      message:
        "Please enter the talk's minutes as a whole number from 1 to 240, or leave it empty.",
      fieldErrors: { minutes: "A whole number from 1 to 240, or empty for the default." },
    };
  return changeProgram(db, input, async (trx) => {
    const slot = await findSlot(trx, input.editionYear, input.slotId);
    if (!slot) return notFound("placement");
    const number = Number(slot.number);
    if (slot.kind !== "talks")
      return {
        ok: false,
        status: 409,
        message: `Abstract ${number} is in a poster session, which has no talk lengths.`,
      };
    await trx.updateTable("program_slot").set({ minutes }).where("id", "=", slot.id).execute();
    await recordAdminAction(trx, {
      action: "set-slot-minutes",
      actor: input.actor,
      details: `${input.editionYear}: abstract ${number} in “${slot.sessionTitle}”: ${minutes ?? "default"} minutes`,
    });
    return {
      ok: true,
      message:
        minutes === null
          ? `Abstract ${number} takes the default length again: saved successfully.`
          : `Abstract ${number} now takes ${minutes} minutes: saved successfully.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading the draft

export type DraftPresentation = {
  slotId: string;
  submissionId: string;
  number: number;
  /** The title, or the file name for an abstract without one (admins only). */
  label: string;
  title: string;
  /** The format the abstract is accepted as now (null once no longer accepted). */
  format: PresentationFormat | null;
  decision: SubmissionDecision | null;
  released: boolean;
  attendance: Attendance | null;
  /** Set by an admin; null takes the edition's default. */
  minutes: number | null;
  /** A talk's computed times (minutes after local midnight); null for posters. */
  startsAt: number | null;
  endsAt: number | null;
  authors: AuthorView[];
  presenterKeys: string[];
  presenterNames: string[];
};

export type DraftSession = {
  id: string;
  title: string;
  kind: ProgramSessionKind;
  room: string;
  startsAt: number;
  endsAt: number;
  chair: string | null;
  description: string | null;
  /** When the last talk ends; null without talks. */
  contentEndsAt: number | null;
  slots: DraftPresentation[];
};

export type UnplacedPresentation = {
  submissionId: string;
  number: number;
  label: string;
  title: string;
  format: PresentationFormat;
  authors: AuthorView[];
};

/**
 * Who presents, as one key each: the presenting author's email when given, else (a co-author without
 * one) their name under the abstract's submitting account, the only other identity the site has.
 */
function presenterKey(author: AuthorView, submitterId: string): string {
  if (author.email) return `email:${author.email.trim().toLowerCase()}`;
  return `account:${submitterId}:${author.name.trim().toLowerCase()}`;
}

/** The draft's sessions in order, talks timed back to back from their session's start. */
export async function loadDraftSessions(
  db: Db,
  settings: Pick<ProgramSettings, "editionYear" | "defaultTalkMinutes">,
): Promise<DraftSession[]> {
  const sessions = await db
    .selectFrom("program_session")
    .selectAll()
    .where("edition_year", "=", settings.editionYear)
    .orderBy("starts_at")
    .orderBy("ends_at")
    .orderBy("room")
    .orderBy("title")
    .orderBy("id")
    .execute();
  const slots = await db
    .selectFrom("program_slot as slot")
    .innerJoin("program_session as session", "session.id", "slot.session_id")
    .innerJoin("submission as s", "s.id", "slot.submission_id")
    .select([
      "slot.id",
      "slot.session_id",
      "slot.position",
      "slot.minutes",
      "s.id as submissionId",
      "s.user_id as submitterId",
      "s.number",
      "s.title",
      "s.file_name",
      "s.accepted_as",
      "s.decision",
      "s.released_at",
      "s.attendance",
    ])
    .where("session.edition_year", "=", settings.editionYear)
    .orderBy("slot.session_id")
    .orderBy("slot.position")
    .execute();
  const authors = await listAuthors(db, [...new Set(slots.map((slot) => slot.submissionId))]);
  return sessions.map((session) => {
    let clock = session.starts_at;
    const timed = session.kind === "talks";
    const own = slots
      .filter((slot) => slot.session_id === session.id)
      .map((slot): DraftPresentation => {
        const minutes = slot.minutes === null ? null : Number(slot.minutes);
        const startsAt = timed ? clock : null;
        const endsAt = timed ? clock + (minutes ?? settings.defaultTalkMinutes) : null;
        if (endsAt !== null) clock = endsAt;
        const list = authors.get(slot.submissionId) ?? [];
        const presenting = list.filter((author) => author.isPresenter);
        return {
          slotId: slot.id,
          submissionId: slot.submissionId,
          number: Number(slot.number),
          label: abstractLabel({ title: slot.title, fileName: slot.file_name }),
          title: slot.title,
          format: slot.decision === "accepted" ? slot.accepted_as : null,
          decision: slot.decision,
          released: slot.released_at !== null,
          attendance: slot.attendance,
          minutes,
          startsAt,
          endsAt,
          authors: list,
          presenterKeys: presenting.map((author) => presenterKey(author, slot.submitterId)),
          presenterNames: presenting.map((author) => author.name),
        };
      });
    return {
      id: session.id,
      title: session.title,
      kind: session.kind,
      room: session.room,
      startsAt: Number(session.starts_at),
      endsAt: Number(session.ends_at),
      chair: session.chair,
      description: session.description,
      contentEndsAt: timed && own.length ? clock : null,
      slots: own,
    };
  });
}

/** Confirmed presentations of the edition that no session holds yet, by abstract number. */
export async function listUnplacedPresentations(
  db: Db,
  editionYear: number,
): Promise<UnplacedPresentation[]> {
  const rows = await db
    .selectFrom("submission as s")
    .select(["s.id", "s.number", "s.title", "s.file_name", "s.accepted_as"])
    .where("s.edition_year", "=", editionYear)
    .where("s.decision", "=", "accepted")
    .where("s.released_at", "is not", null)
    .where("s.attendance", "=", "confirmed")
    .where("s.accepted_as", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("program_slot as slot")
            .innerJoin("program_session as session", "session.id", "slot.session_id")
            .select("slot.id")
            .whereRef("slot.submission_id", "=", "s.id")
            .where("session.edition_year", "=", editionYear),
        ),
      ),
    )
    .orderBy("s.number")
    .execute();
  const authors = await listAuthors(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) =>
    row.accepted_as
      ? [
          {
            submissionId: row.id,
            number: Number(row.number),
            label: abstractLabel({ title: row.title, fileName: row.file_name }),
            title: row.title,
            format: row.accepted_as,
            authors: authors.get(row.id) ?? [],
          },
        ]
      : [],
  );
}

export type ProgramDraft = {
  settings: ProgramSettings;
  sessions: DraftSession[];
  unplaced: UnplacedPresentation[];
  warnings: ProgramWarning[];
};

/** The program editor's page: the draft with its times, what is left to place, and its warnings. */
export async function readProgramDraft(db: Db, edition: ProgramEdition): Promise<ProgramDraft> {
  const settings = programSettingsOf(edition);
  const sessions = await loadDraftSessions(db, settings);
  return {
    settings,
    sessions,
    unplaced: await listUnplacedPresentations(db, settings.editionYear),
    warnings: computeProgramWarnings(sessions, settings),
  };
}
