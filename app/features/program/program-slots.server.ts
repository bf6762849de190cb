import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { abstractLabel } from "~/features/submissions/submission-details";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import { type ProgramOutcome, programMessages, refuseProgram } from "./program-messages";
import { changeProgram, type Db, findSession, type ProgramChange } from "./program-sessions.server";
import { formatOfKind } from "./program-times";

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
): Promise<ProgramOutcome<ProgramChange>> {
  return changeProgram(db, input, async (trx) => {
    const session = await findSession(trx, input.editionYear, input.sessionId);
    if (!session) return refuseProgram({ reason: "session-missing" });
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
    if (!submission) return refuseProgram({ reason: "abstract-missing" });
    const number = Number(submission.number);
    if (submission.decision !== "accepted" || !submission.released_at || !submission.accepted_as)
      return refuseProgram({ reason: "abstract-not-accepted", number });
    if (submission.attendance !== "confirmed")
      return refuseProgram({
        reason: submission.attendance === "declined" ? "abstract-declined" : "abstract-unconfirmed",
        number,
      });
    const holds = formatOfKind[session.kind];
    if (!holds)
      return refuseProgram({
        reason: "session-holds-none",
        title: session.title,
        kind: session.kind,
      });
    if (holds !== submission.accepted_as)
      return refuseProgram({
        reason: "wrong-session",
        number,
        format: submission.accepted_as,
        title: session.title,
      });
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
    const label = abstractLabel({ title: submission.title, fileName: submission.file_name });
    return done({ id, message: programMessages.presentationPlaced(number, label, session.title) });
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
): Promise<ProgramOutcome<ProgramChange>> {
  return changeProgram(db, input, async (trx) => {
    const slot = await findSlot(trx, input.editionYear, input.slotId);
    if (!slot) return refuseProgram({ reason: "placement-missing" });
    const number = Number(slot.number);
    await trx.deleteFrom("program_slot").where("id", "=", slot.id).execute();
    await recordAdminAction(trx, {
      action: "unplace-presentation",
      actor: input.actor,
      details: `${input.editionYear}: abstract ${number} from “${slot.sessionTitle}”`,
    });
    return done({ message: programMessages.presentationUnplaced(number, slot.sessionTitle) });
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
): Promise<ProgramOutcome<ProgramChange>> {
  return changeProgram(db, input, async (trx) => {
    const slot = await findSlot(trx, input.editionYear, input.slotId);
    if (!slot) return refuseProgram({ reason: "placement-missing" });
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
      return done({
        message: programMessages.presentationAtEnd(number, input.direction, slot.sessionTitle),
      });
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
    return done({
      message: programMessages.presentationMoved(number, input.direction, slot.sessionTitle),
    });
  });
}

/**
 * A talk's minutes (questions included); empty goes back to the edition's default. Posters take their
 * whole session, so they have none.
 */
export async function setSlotMinutes(
  db: Kysely<Database>,
  input: { editionYear: number; slotId: string; minutes: string; actor: AuditActor; now?: Date },
): Promise<ProgramOutcome<ProgramChange>> {
  const text = input.minutes.trim();
  const minutes = text === "" ? null : Number(text);
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > 240))
    return refuseProgram({ reason: "minutes-invalid" });
  return changeProgram(db, input, async (trx) => {
    const slot = await findSlot(trx, input.editionYear, input.slotId);
    if (!slot) return refuseProgram({ reason: "placement-missing" });
    const number = Number(slot.number);
    if (slot.kind !== "talks")
      return refuseProgram({ reason: "minutes-in-poster-session", number });
    await trx.updateTable("program_slot").set({ minutes }).where("id", "=", slot.id).execute();
    await recordAdminAction(trx, {
      action: "set-slot-minutes",
      actor: input.actor,
      details: `${input.editionYear}: abstract ${number} in “${slot.sessionTitle}”: ${minutes ?? "default"} minutes`,
    });
    return done({ message: programMessages.minutesSet(number, minutes) });
  });
}
