import type { AuthorView } from "~/features/submissions/submission-details";
import { abstractLabel } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import type { PresentationFormat } from "~/lib/db/schema";
import type { Db } from "./program-sessions.server";
import { type ProgramEdition, type ProgramSettings, programSettingsOf } from "./program-times";
import {
  computeProgramWarnings,
  type ProgramWarning,
  type WarningSession,
} from "./program-warnings";

/**
 * A placed presentation: what the warnings read of it (its label is the title, or the file name for
 * an abstract without one, admins only; its format is the one it is accepted as now, null once no
 * longer accepted), and what the editor and the published version add.
 */
export type DraftPresentation = WarningSession["slots"][number] & {
  title: string;
  /** Set by an admin; null takes the edition's default. */
  minutes: number | null;
  /** A talk's computed times (minutes after local midnight); null for posters. */
  startsAt: number | null;
  endsAt: number | null;
  authors: AuthorView[];
};

export type DraftSession = Omit<WarningSession, "slots"> & {
  chair: string | null;
  description: string | null;
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
