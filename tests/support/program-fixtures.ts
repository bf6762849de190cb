import { readProgramDraft } from "~/features/program/program-draft.server";
import { describeProgramRefusal, type ProgramOutcome } from "~/features/program/program-messages";
import {
  createProgramSession,
  type SessionInput,
} from "~/features/program/program-sessions.server";
import { placePresentation } from "~/features/program/program-slots.server";
import { formatClock, type ProgramEdition } from "~/features/program/program-times";
import type { ProgramWarningCode } from "~/features/program/program-warnings";
import type { Attendance, PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import type { TestDatabase } from "./test-databases";
import { insertTestUser } from "./test-users";

/**
 * The program's tests share one edition and one set of abstracts: seeded, then arranged into sessions
 * by the commands themselves.
 */
export const silentLogger = { error: () => {} };

export const year = 2025;
export const admin = { userId: null, label: "admin@example.edu" };
export const edition = {
  year,
  date: "2025-05-17",
  abstracts: { talk: { minutes: 15, questionMinutes: 5 } },
} as ProgramEdition;
export const calendarOptions = {
  host: "sculc.example.edu",
  programUrl: "https://sculc.example.edu/sculc-2025-program",
};

type Abstract = {
  id: string;
  owner: string;
  number: number;
  title: string;
  format: PresentationFormat;
  decision?: SubmissionDecision | null;
  attendance?: Attendance | null;
  coauthors?: { name: string; email: string | null; presents: boolean; affiliation?: string }[];
};

/**
 * Ana: talks s1 (with Bo presenting too, under another spelling of his address) and s2; Bo: talk s3;
 * Cai: poster s4; Dee: talk s5 (unconfirmed), talk s6 (declined), poster s7 (by Ana's co-author Zoë,
 * who has no address and does not present).
 */
const abstracts: Abstract[] = [
  {
    id: "s1",
    owner: "ana",
    number: 1,
    title: "Tone sandhi in ʔAkha",
    format: "talk",
    coauthors: [
      { name: "Bo Test", email: "BO@Example.edu", presents: true, affiliation: "UCLA" },
      { name: "Zoë Ŋguyen", email: null, presents: false, affiliation: "USC" },
    ],
  },
  { id: "s2", owner: "ana", number: 2, title: "Vowel harmony", format: "talk" },
  { id: "s3", owner: "bo", number: 3, title: "Clicks", format: "talk" },
  { id: "s4", owner: "cai", number: 4, title: "A poster on prosody", format: "poster" },
  {
    id: "s5",
    owner: "dee",
    number: 5,
    title: "Waiting",
    format: "talk",
    attendance: null,
  },
  {
    id: "s6",
    owner: "dee",
    number: 6,
    title: "Declined",
    format: "talk",
    attendance: "declined",
  },
  { id: "s7", owner: "dee", number: 7, title: "Second poster", format: "poster" },
];

export async function seed(database: TestDatabase) {
  const db = database.db;
  for (const id of ["ana", "bo", "cai", "dee"])
    await insertTestUser(database, {
      id,
      email: `${id}@example.edu`,
      firstName: id[0]?.toUpperCase() + id.slice(1),
      lastName: "Test",
    });
  for (const abstract of abstracts) {
    const decision = abstract.decision === undefined ? "accepted" : abstract.decision;
    await db
      .insertInto("submission")
      .values({
        id: abstract.id,
        user_id: abstract.owner,
        edition_year: year,
        number: abstract.number,
        title: abstract.title,
        file_name: `${abstract.id}.pdf`,
        storage_key: `abstracts/${abstract.id}.pdf`,
        size_bytes: 1000,
        sha256: "0".repeat(64),
        page_count: 1,
        word_count: 300,
        warnings: "[]",
        uploaded_at: "2025-02-01T12:00:00.000Z",
        decision,
        decision_note: null,
        decided_by: "admin@example.edu",
        decided_at: "2025-04-01T12:00:00.000Z",
        released_at: "2025-04-01T12:00:00.000Z",
        accepted_as: decision === "accepted" ? abstract.format : null,
        attendance: abstract.attendance === undefined ? "confirmed" : abstract.attendance,
      })
      .execute();
    const authors = [
      { name: `${abstract.owner} Test`, email: `${abstract.owner}@example.edu`, presents: true },
      ...(abstract.coauthors ?? []),
    ];
    for (const [position, author] of authors.entries())
      await db
        .insertInto("submission_author")
        .values({
          submission_id: abstract.id,
          position,
          user_id: position === 0 ? abstract.owner : null,
          name: author.name,
          affiliation: "affiliation" in author ? (author.affiliation ?? "") : "UCSD",
          email: author.email,
          is_presenter: author.presents ? 1 : 0,
        })
        .execute();
  }
}

export const session = (overrides: Partial<SessionInput> = {}): SessionInput => ({
  title: "Morning talks",
  kind: "talks",
  room: "Hall A",
  startsAt: "09:00",
  endsAt: "10:30",
  chair: "",
  description: "",
  ...overrides,
});

export async function addSession(database: TestDatabase, overrides: Partial<SessionInput> = {}) {
  const result = await createProgramSession(database.db, {
    editionYear: year,
    session: session(overrides),
    actor: admin,
  });
  if (!result.ok || !result.value.id) throw new Error(result.ok ? "no id" : result.reason);
  return result.value.id;
}

/**
 * The seeded edition with a talks session (`session()`'s morning talks, with `talks` changed) and a
 * poster session in the Atrium from 11:00 to 12:00, as the program's calendar and the presenters'
 * slots test them.
 */
export async function seedTalksAndPosters(
  database: TestDatabase,
  talks: Partial<SessionInput> = {},
): Promise<{ talks: string; posters: string }> {
  await seed(database);
  return {
    talks: await addSession(database, talks),
    posters: await addSession(database, {
      title: "Posters",
      kind: "posters",
      room: "Atrium",
      startsAt: "11:00",
      endsAt: "12:00",
    }),
  };
}

export async function place(database: TestDatabase, sessionId: string, submissionId: string) {
  const result = await placePresentation(database.db, {
    editionYear: year,
    sessionId,
    submissionId,
    actor: admin,
  });
  if (!result.ok || !result.value.id) throw new Error(result.ok ? "no id" : result.reason);
  return result.value.id;
}

export async function warningCodes(database: TestDatabase): Promise<ProgramWarningCode[]> {
  const draft = await readProgramDraft(database.db, edition);
  return draft.warnings.map((warning) => warning.code).sort();
}

export async function talkTimes(database: TestDatabase, sessionId: string) {
  const draft = await readProgramDraft(database.db, edition);
  return (
    draft.sessions
      .find((each) => each.id === sessionId)
      ?.slots.map(
        (slot) =>
          `${slot.number} ${slot.startsAt === null ? "-" : formatClock(slot.startsAt)}-${slot.endsAt === null ? "-" : formatClock(slot.endsAt)}`,
      ) ?? []
  );
}

/**
 * An outcome as the page reads it: done, with what the command returned, or refused with the status,
 * message and field errors of the program's message map.
 */
export function readOutcome<Value extends object>(outcome: ProgramOutcome<Value>) {
  return outcome.ok
    ? { ok: true as const, ...outcome.value }
    : { ok: false as const, reason: outcome.reason, ...describeProgramRefusal(outcome) };
}
