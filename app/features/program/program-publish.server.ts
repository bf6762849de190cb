import type { Kysely } from "kysely";
import {
  listAbstractRecipients,
  type MailRecipient,
} from "~/features/submissions/abstract-recipients.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { conferenceTimeZone } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import { type AffectedPresentation, diffPlacements } from "./program-changes";
import {
  type DraftSession,
  loadDraftSessions,
  type ProgramDraft,
  readProgramDraft,
} from "./program-draft.server";
import {
  type ProgramOutcome,
  presentationsWord,
  programMessages,
  refuseProgram,
} from "./program-messages";
import { lockProgram } from "./program-sessions.server";
import {
  type ProgramSnapshot,
  parseSnapshot,
  type SnapshotPresentation,
  type SnapshotSession,
} from "./program-snapshot";
import { formatClock, type ProgramEdition, programSettingsOf } from "./program-times";

/** The program as visitors would see it if the draft were published now. */
export function renderSnapshot(
  sessions: readonly DraftSession[],
  settings: { editionYear: number; date: string },
): ProgramSnapshot {
  return {
    format: 1,
    editionYear: settings.editionYear,
    date: settings.date,
    timeZone: conferenceTimeZone,
    sessions: sessions.map(
      (session): SnapshotSession => ({
        id: session.id,
        kind: session.kind,
        title: session.title,
        room: session.room,
        chair: session.chair,
        description: session.description,
        startsAt: formatClock(session.startsAt),
        endsAt: formatClock(session.endsAt),
        presentations: session.slots.map(
          (slot): SnapshotPresentation => ({
            slotId: slot.slotId,
            submissionId: slot.submissionId,
            format: session.kind === "posters" ? "poster" : "talk",
            // Titles are required since issue 13; older abstracts without one were never programmed here.
            title: slot.title.trim() || "Untitled presentation",
            startsAt: slot.startsAt === null ? null : formatClock(slot.startsAt),
            endsAt: slot.endsAt === null ? null : formatClock(slot.endsAt),
            authors: slot.authors.map((author) => ({
              name: author.name,
              affiliation: author.affiliation,
              presenting: author.isPresenter,
            })),
          }),
        ),
      }),
    ),
  };
}

export type PublishedVersion = {
  editionYear: number;
  version: number;
  publishedAt: string;
  publishedBy: string;
};

export type PublishedProgram = PublishedVersion & { program: ProgramSnapshot };

/** The edition's latest published program; null until one is published. */
export async function readPublishedProgram(
  db: Kysely<Database>,
  editionYear: number,
): Promise<PublishedProgram | null> {
  const row = await db
    .selectFrom("program_version")
    .selectAll()
    .where("edition_year", "=", editionYear)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toPublished(row) : null;
}

/** Every published version of the edition, newest first, without their programs. */
export async function listProgramVersions(
  db: Kysely<Database>,
  editionYear: number,
): Promise<PublishedVersion[]> {
  const rows = await db
    .selectFrom("program_version")
    .select(["edition_year", "version", "published_at", "published_by"])
    .where("edition_year", "=", editionYear)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    editionYear: Number(row.edition_year),
    version: Number(row.version),
    publishedAt: row.published_at,
    publishedBy: row.published_by,
  }));
}

function toPublished(row: {
  edition_year: number;
  version: number;
  published_at: string;
  published_by: string;
  snapshot: string;
}): PublishedProgram {
  return {
    editionYear: Number(row.edition_year),
    version: Number(row.version),
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    program: parseSnapshot(row.snapshot),
  };
}

const differs = (latest: PublishedProgram | null, draft: ProgramSnapshot) =>
  !latest || JSON.stringify(latest.program) !== JSON.stringify(draft);

/** Whether publishing now would change what visitors see (false when the draft is the latest version). */
export async function hasUnpublishedChanges(
  db: Kysely<Database>,
  edition: ProgramEdition,
): Promise<boolean> {
  const settings = programSettingsOf(edition);
  const latest = await readPublishedProgram(db, settings.editionYear);
  return differs(latest, renderSnapshot(await loadDraftSessions(db, settings), settings));
}

export type ProgramEditorView = ProgramDraft & {
  /** The latest published version (pass its number back to publishProgram as `basedOnVersion`). */
  latest: PublishedVersion | null;
  hasUnpublishedChanges: boolean;
};

/** The program editor's page in one read: the draft, its warnings, and where publishing stands. */
export async function readProgramEditor(
  db: Kysely<Database>,
  edition: ProgramEdition,
): Promise<ProgramEditorView> {
  const draft = await readProgramDraft(db, edition);
  const latest = await readPublishedProgram(db, edition.year);
  return {
    ...draft,
    latest: latest && {
      editionYear: latest.editionYear,
      version: latest.version,
      publishedAt: latest.publishedAt,
      publishedBy: latest.publishedBy,
    },
    hasUnpublishedChanges: differs(latest, renderSnapshot(draft.sessions, draft.settings)),
  };
}

/** Presenting authors with an address, then the submitting account; each address once. */
export function listPresenterRecipients(
  db: Kysely<Database>,
  submissionIds: readonly string[],
): Promise<Map<string, MailRecipient[]>> {
  return listAbstractRecipients(db, submissionIds, {
    includes: (author) => author.isPresenter,
    submitterFirst: false,
  });
}

export type PublishedChange = {
  version: number;
  message: string;
  /** Presentations whose presenters should hear about the change (empty on a first publish). */
  affected: AffectedPresentation[];
};

/**
 * Publishes the draft as the edition's next version, in one transaction: the version number (drawn
 * under the edition's program lock, so two publishes at once on PostgreSQL get distinct numbers), the
 * frozen program, the audit entry and the public pages' revision (every cached program page is stale
 * at once). `basedOnVersion`, when given, is the version the admin reviewed (null: none yet); if another
 * was published since, nothing is published, so a double click or a colleague's publish is not
 * overwritten unseen.
 *
 * Returns the presentations whose presenters are affected compared with the previous version, so the
 * caller can offer to mail them; on a first publish there is nobody to tell of a change.
 */
export async function publishProgram(
  db: Kysely<Database>,
  input: {
    edition: ProgramEdition;
    actor: AuditActor;
    basedOnVersion?: number | null;
    now?: Date;
  },
): Promise<ProgramOutcome<PublishedChange>> {
  const now = input.now ?? new Date();
  const settings = programSettingsOf(input.edition);
  const published = await db.transaction().execute(async (trx) => {
    await lockProgram(trx, settings.editionYear, now);
    const previous = await readPublishedProgram(trx, settings.editionYear);
    if (input.basedOnVersion !== undefined && (previous?.version ?? null) !== input.basedOnVersion)
      return { ok: false as const, previous };
    const counter = await trx
      .updateTable("program_edition")
      .set((eb) => ({ last_version: eb(eb.ref("last_version"), "+", 1) }))
      .where("edition_year", "=", settings.editionYear)
      .returning("last_version")
      .executeTakeFirstOrThrow();
    const version = Number(counter.last_version);
    const program = renderSnapshot(await loadDraftSessions(trx, settings), settings);
    await trx
      .insertInto("program_version")
      .values({
        edition_year: settings.editionYear,
        version,
        published_at: now.toISOString(),
        published_by: input.actor.label,
        published_by_user_id: input.actor.userId,
        snapshot: JSON.stringify(program),
      })
      .execute();
    const changes = previous ? diffPlacements(previous.program, program) : [];
    await recordAdminAction(trx, {
      action: "publish-program",
      actor: input.actor,
      details: `${settings.editionYear}: version ${version}, ${program.sessions.length} sessions${previous ? `; ${changes.length} ${presentationsWord(changes.length)} changed since version ${previous.version}` : ""}`,
    });
    await markPublicPagesChanged(trx);
    return { ok: true as const, version, changes };
  });
  if (!published.ok)
    return published.previous
      ? refuseProgram({
          reason: "publish-stale",
          version: published.previous.version,
          publishedBy: published.previous.publishedBy,
        })
      : refuseProgram({ reason: "publish-unknown-version", basedOnVersion: input.basedOnVersion });
  const recipients = await listPresenterRecipients(
    db,
    published.changes.map((change) => change.submissionId),
  );
  return done({
    version: published.version,
    message: programMessages.published(published.version),
    affected: published.changes.map((change) => ({
      ...change,
      recipients: recipients.get(change.submissionId) ?? [],
    })),
  });
}
