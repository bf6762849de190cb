import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database, ProgramSessionKind } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import {
  type ProgramOutcome,
  type ProgramRefusal,
  presentationsWord,
  programMessages,
  refuseProgram,
} from "./program-messages";
import { formatClock, parseClock } from "./program-times";

export type Db = Kysely<Database> | Transaction<Database>;

export const sessionKinds = [
  "talks",
  "posters",
  "keynote",
  "break",
  "lunch",
  "other",
] as const satisfies readonly ProgramSessionKind[];

/** What a done change says, and the session or placement it made. */
export type ProgramChange = { message: string; id?: string };

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
export function changeProgram(
  db: Kysely<Database>,
  input: { editionYear: number; now?: Date },
  change: (trx: Transaction<Database>, now: Date) => Promise<ProgramOutcome<ProgramChange>>,
): Promise<ProgramOutcome<ProgramChange>> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    await lockProgram(trx, input.editionYear, now);
    return change(trx, now);
  });
}

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

type SessionRefusal = Extract<ProgramRefusal, { reason: "session-invalid" }>;

function checkSession(
  input: SessionInput,
): { ok: true; session: CheckedSession } | ({ ok: false } & SessionRefusal) {
  const result = sessionSchema.safeParse(input);
  if (result.success) return { ok: true, session: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues)
    fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  return refuseProgram({ reason: "session-invalid", fieldErrors });
}

const describeSession = (session: CheckedSession) =>
  `“${session.title}” (${session.kind}, ${formatClock(session.startsAt)}-${formatClock(session.endsAt)}${session.room ? `, ${session.room}` : ""})`;

/** The session's columns as the form set them. */
const sessionColumns = (session: CheckedSession) => ({
  title: session.title,
  kind: session.kind,
  room: session.room,
  starts_at: session.startsAt,
  ends_at: session.endsAt,
  chair: session.chair,
  description: session.description,
});

export async function createProgramSession(
  db: Kysely<Database>,
  input: { editionYear: number; session: SessionInput; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome<ProgramChange>> {
  const checked = checkSession(input.session);
  if (!checked.ok) return checked;
  const id = crypto.randomUUID();
  return changeProgram(db, input, async (trx, now) => {
    await trx
      .insertInto("program_session")
      .values({
        id,
        edition_year: input.editionYear,
        ...sessionColumns(checked.session),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await recordAdminAction(trx, {
      action: "create-program-session",
      actor: input.actor,
      details: `${input.editionYear}: ${describeSession(checked.session)}`,
    });
    return done({ id, message: programMessages.sessionAdded(checked.session.title) });
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
): Promise<ProgramOutcome<ProgramChange>> {
  const checked = checkSession(input.session);
  if (!checked.ok) return checked;
  return changeProgram(db, input, async (trx, now) => {
    const existing = await findSession(trx, input.editionYear, input.sessionId);
    if (!existing) return refuseProgram({ reason: "session-missing" });
    if (existing.kind !== checked.session.kind) {
      const placed = await countSlots(trx, existing.id);
      if (placed > 0)
        return refuseProgram({
          reason: "session-holds-presentations",
          title: existing.title,
          placed,
        });
    }
    await trx
      .updateTable("program_session")
      .set({ ...sessionColumns(checked.session), updated_at: now.toISOString() })
      .where("id", "=", existing.id)
      .execute();
    await recordAdminAction(trx, {
      action: "update-program-session",
      actor: input.actor,
      details: `${input.editionYear}: ${describeSession(checked.session)}`,
    });
    return done({ id: existing.id, message: programMessages.sessionSaved(checked.session.title) });
  });
}

/** Deletes a session and its placements (the presentations become unplaced). */
export async function deleteProgramSession(
  db: Kysely<Database>,
  input: { editionYear: number; sessionId: string; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome<ProgramChange>> {
  return changeProgram(db, input, async (trx) => {
    const existing = await findSession(trx, input.editionYear, input.sessionId);
    if (!existing) return refuseProgram({ reason: "session-missing" });
    const placed = await countSlots(trx, existing.id);
    await trx.deleteFrom("program_session").where("id", "=", existing.id).execute();
    await recordAdminAction(trx, {
      action: "delete-program-session",
      actor: input.actor,
      details: `${input.editionYear}: “${existing.title}” with ${placed} ${presentationsWord(placed)}`,
    });
    return done({ message: programMessages.sessionDeleted(existing.title, placed) });
  });
}

/** The edition's session by id; another edition's session is not found. */
export async function findSession(db: Db, editionYear: number, sessionId: string) {
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
