import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { readAppSetting } from "~/lib/app-settings.server";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { Attendance, PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  createProgramSession,
  deleteProgramSession,
  movePresentation,
  placePresentation,
  readProgramDraft,
  type SessionInput,
  setSlotMinutes,
  unplacePresentation,
  updateProgramSession,
} from "./program.server";
import { presentationCalendar, programCalendar, programExport } from "./program-calendar.server";
import { readPendingNotice, settlePendingNotice } from "./program-notices.server";
import {
  hasUnpublishedChanges,
  listProgramVersions,
  publishProgram,
  readProgramEditor,
  readPublishedProgram,
  renderSnapshot,
} from "./program-publish.server";
import { formatClock, type ProgramEdition } from "./program-times";
import type { ProgramWarningCode } from "./program-warnings";

const silentLogger = { error: () => {} };

const year = 2025;
const admin = { userId: null, label: "admin@example.edu" };
const edition = {
  year,
  date: "2025-05-17",
  abstracts: { talk: { minutes: 15, questionMinutes: 5 } },
} as ProgramEdition;
const calendarOptions = {
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

async function seed(database: TestDatabase) {
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

const session = (overrides: Partial<SessionInput> = {}): SessionInput => ({
  title: "Morning talks",
  kind: "talks",
  room: "Hall A",
  startsAt: "09:00",
  endsAt: "10:30",
  chair: "",
  description: "",
  ...overrides,
});

async function addSession(database: TestDatabase, overrides: Partial<SessionInput> = {}) {
  const result = await createProgramSession(database.db, {
    editionYear: year,
    session: session(overrides),
    actor: admin,
  });
  if (!result.ok || !result.id) throw new Error(result.message);
  return result.id;
}

async function place(database: TestDatabase, sessionId: string, submissionId: string) {
  const result = await placePresentation(database.db, {
    editionYear: year,
    sessionId,
    submissionId,
    actor: admin,
  });
  if (!result.ok || !result.id) throw new Error(result.message);
  return result.id;
}

async function warningCodes(database: TestDatabase): Promise<ProgramWarningCode[]> {
  const draft = await readProgramDraft(database.db, edition);
  return draft.warnings.map((warning) => warning.code).sort();
}

async function talkTimes(database: TestDatabase, sessionId: string) {
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

for (const target of testDatabaseTargets()) {
  describe(`program on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("sessions: checked, saved, audited; a session's type stays while it holds presentations", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const refused = await createProgramSession(database.db, {
        editionYear: year,
        session: session({ title: " ", kind: "party", startsAt: "10:00", endsAt: "09:00" }),
        actor: admin,
      });
      expect(refused).toMatchObject({ ok: false, status: 400 });
      if (refused.ok) throw new Error("accepted a bad session");
      expect(Object.keys(refused.fieldErrors ?? {}).sort()).toEqual(["kind", "title"]);
      const backwards = await createProgramSession(database.db, {
        editionYear: year,
        session: session({ startsAt: "10:00", endsAt: "9:00" }),
        actor: admin,
      });
      expect(backwards).toMatchObject({ ok: false, fieldErrors: { endsAt: expect.any(String) } });
      expect(
        await createProgramSession(database.db, {
          editionYear: year,
          session: session({ startsAt: "25:00" }),
          actor: admin,
        }),
      ).toMatchObject({ ok: false, fieldErrors: { startsAt: expect.any(String) } });

      const talks = await addSession(database, { chair: "Prof. Ŋ", description: "" });
      const slot = await place(database, talks, "s1");
      expect(
        await updateProgramSession(database.db, {
          editionYear: year,
          sessionId: talks,
          session: session({ kind: "lunch" }),
          actor: admin,
        }),
      ).toMatchObject({ ok: false, status: 409, fieldErrors: { kind: expect.any(String) } });
      expect(
        await updateProgramSession(database.db, {
          editionYear: year,
          sessionId: talks,
          session: session({ title: "Session 1", room: "Hall B", startsAt: "9:30" }),
          actor: admin,
        }),
      ).toMatchObject({ ok: true });
      let draft = await readProgramDraft(database.db, edition);
      expect(draft.sessions).toMatchObject([
        {
          id: talks,
          title: "Session 1",
          room: "Hall B",
          startsAt: 570,
          endsAt: 630,
          chair: null,
          description: null,
          slots: [{ slotId: slot, number: 1 }],
        },
      ]);
      expect(draft.unplaced.map((each) => each.number)).toEqual([2, 3, 4, 7]);
      // Another edition's session is not this one's.
      expect(
        await deleteProgramSession(database.db, {
          editionYear: 2024,
          sessionId: talks,
          actor: admin,
        }),
      ).toMatchObject({ ok: false, status: 404 });
      expect(
        await deleteProgramSession(database.db, {
          editionYear: year,
          sessionId: talks,
          actor: admin,
        }),
      ).toMatchObject({ ok: true });
      draft = await readProgramDraft(database.db, edition);
      expect(draft.sessions).toEqual([]);
      expect(draft.unplaced.map((each) => each.number)).toEqual([1, 2, 3, 4, 7]);
      const actions = await database.db
        .selectFrom("admin_audit")
        .select("action")
        .orderBy("created_at")
        .execute();
      expect(actions.map((row) => row.action)).toEqual([
        "create-program-session",
        "place-presentation",
        "update-program-session",
        "delete-program-session",
      ]);
    });

    it("placement: only confirmed talks in talk sessions and posters in poster sessions, each refusal says why", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const talks = await addSession(database);
      const posters = await addSession(database, { title: "Posters", kind: "posters" });
      const lunch = await addSession(database, { title: "Lunch", kind: "lunch", room: "" });
      const attempt = (sessionId: string, submissionId: string) =>
        placePresentation(database.db, {
          editionYear: year,
          sessionId,
          submissionId,
          actor: admin,
        });
      expect(await attempt(posters, "s1")).toMatchObject({
        ok: false,
        status: 409,
        message: "Abstract 1 is a talk: place it in a talk session, not in “Posters”.",
      });
      expect(await attempt(talks, "s4")).toMatchObject({
        ok: false,
        message: "Abstract 4 is a poster: place it in a poster session, not in “Morning talks”.",
      });
      expect(await attempt(lunch, "s1")).toMatchObject({
        ok: false,
        message: "“Lunch” is a lunch session: only talk and poster sessions hold presentations.",
      });
      expect(await attempt(talks, "s5")).toMatchObject({
        ok: false,
        message: "Abstract 5 is not confirmed by its presenter yet; place it once they confirm.",
      });
      expect(await attempt(talks, "s6")).toMatchObject({
        ok: false,
        message: "Abstract 6 was declined by its presenter, so it cannot be placed.",
      });
      await database.db
        .updateTable("submission")
        .set({ decision: "rejected", accepted_as: null })
        .where("id", "=", "s3")
        .execute();
      expect(await attempt(talks, "s3")).toMatchObject({
        ok: false,
        message: "Abstract 3 is not an accepted presentation, so it cannot be placed.",
      });
      expect(await attempt(talks, "missing")).toMatchObject({ ok: false, status: 404 });
      expect(await attempt(talks, "s1")).toMatchObject({ ok: true });
      expect(await attempt(posters, "s4")).toMatchObject({ ok: true });
      const draft = await readProgramDraft(database.db, edition);
      expect(draft.unplaced.map((each) => each.number)).toEqual([2, 7]);
    });

    it("talks run back to back from the session start; minutes, order and removal move them", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const talks = await addSession(database);
      const posters = await addSession(database, {
        title: "Posters",
        kind: "posters",
        startsAt: "11:00",
        endsAt: "12:00",
      });
      const one = await place(database, talks, "s1");
      const two = await place(database, talks, "s2");
      const three = await place(database, talks, "s3");
      const poster = await place(database, posters, "s4");
      expect(await talkTimes(database, talks)).toEqual([
        "1 09:00-09:20",
        "2 09:20-09:40",
        "3 09:40-10:00",
      ]);
      expect(await talkTimes(database, posters)).toEqual(["4 ---"]);

      const minutes = (slotId: string, value: string) =>
        setSlotMinutes(database.db, { editionYear: year, slotId, minutes: value, actor: admin });
      expect(await minutes(one, "30")).toMatchObject({ ok: true });
      expect(await talkTimes(database, talks)).toEqual([
        "1 09:00-09:30",
        "2 09:30-09:50",
        "3 09:50-10:10",
      ]);
      for (const bad of ["0", "2.5", "abc", "241"])
        expect(await minutes(two, bad)).toMatchObject({ ok: false, status: 400 });
      expect(await minutes(poster, "10")).toMatchObject({ ok: false, status: 409 });

      const move = (slotId: string, direction: "up" | "down") =>
        movePresentation(database.db, { editionYear: year, slotId, direction, actor: admin });
      expect(await move(three, "up")).toMatchObject({ ok: true });
      expect(await talkTimes(database, talks)).toEqual([
        "1 09:00-09:30",
        "3 09:30-09:50",
        "2 09:50-10:10",
      ]);
      expect(await move(one, "up")).toMatchObject({
        ok: true,
        message: "Abstract 1 is already first in “Morning talks”.",
      });
      expect(await move(one, "down")).toMatchObject({ ok: true });
      expect(await talkTimes(database, talks)).toEqual([
        "3 09:00-09:20",
        "1 09:20-09:50",
        "2 09:50-10:10",
      ]);
      expect(await minutes(one, "")).toMatchObject({ ok: true });
      expect(
        await unplacePresentation(database.db, { editionYear: year, slotId: three, actor: admin }),
      ).toMatchObject({ ok: true });
      expect(await talkTimes(database, talks)).toEqual(["1 09:00-09:20", "2 09:20-09:40"]);
      // Placed after a removal, a talk goes last.
      await place(database, talks, "s3");
      expect(await talkTimes(database, talks)).toEqual([
        "1 09:00-09:20",
        "2 09:20-09:40",
        "3 09:40-10:00",
      ]);
    });

    it("every warning is raised by its case and cleared when fixed", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const update = async (sessionId: string, overrides: Partial<SessionInput>) => {
        const result = await updateProgramSession(database.db, {
          editionYear: year,
          sessionId,
          session: session(overrides),
          actor: admin,
        });
        expect(result).toMatchObject({ ok: true });
      };
      const morning = await addSession(database, { endsAt: "09:30" });
      await place(database, morning, "s1");
      await place(database, morning, "s2");
      expect(await warningCodes(database)).toEqual(["session-overruns"]);
      const draft = await readProgramDraft(database.db, edition);
      expect(draft.warnings[0]?.message).toBe(
        "“Morning talks” runs 10 minutes past its end: its talks end at 9:40 AM, the session at 9:30 AM.",
      );
      await update(morning, { endsAt: "09:40" });
      expect(await warningCodes(database)).toEqual([]);

      // Same room, written differently, at overlapping times.
      const second = await addSession(database, {
        title: "Other talks",
        room: " hall a",
        startsAt: "09:30",
        endsAt: "10:30",
      });
      expect(await warningCodes(database)).toEqual(["room-overlap"]);
      await update(second, {
        title: "Other talks",
        room: "Hall B",
        startsAt: "09:30",
        endsAt: "10:30",
      });
      expect(await warningCodes(database)).toEqual([]);

      // Bo presents abstract 1 (as BO@Example.edu) and his own abstract 3 at overlapping times.
      const bo = await place(database, second, "s3");
      expect(await warningCodes(database)).toEqual(["presenter-overlap"]);
      expect((await readProgramDraft(database.db, edition)).warnings[0]?.message).toBe(
        "Bo Test presents in “Morning talks” and in “Other talks”, which overlap (abstracts 1 and 3).",
      );
      await update(second, {
        title: "Other talks",
        room: "Hall B",
        startsAt: "09:40",
        endsAt: "10:30",
      });
      expect(await warningCodes(database)).toEqual([]);
      await unplacePresentation(database.db, { editionYear: year, slotId: bo, actor: admin });

      const twice = await place(database, second, "s1");
      expect(await warningCodes(database)).toEqual(["placed-twice"]);
      await unplacePresentation(database.db, { editionYear: year, slotId: twice, actor: admin });
      expect(await warningCodes(database)).toEqual([]);

      const setStatus = (values: {
        attendance?: Attendance | null;
        decision?: SubmissionDecision | null;
        accepted_as?: PresentationFormat | null;
      }) => database.db.updateTable("submission").set(values).where("id", "=", "s2").execute();
      await setStatus({ attendance: "declined" });
      expect(await warningCodes(database)).toEqual(["presentation-declined"]);
      await setStatus({ attendance: null });
      expect(await warningCodes(database)).toEqual(["presentation-unconfirmed"]);
      await setStatus({ attendance: "confirmed", decision: null, accepted_as: null });
      expect(await warningCodes(database)).toEqual(["presentation-not-accepted"]);
      await setStatus({ decision: "accepted", accepted_as: "poster" });
      expect(await warningCodes(database)).toEqual(["presentation-wrong-session"]);
      await setStatus({ accepted_as: "talk" });
      expect(await warningCodes(database)).toEqual([]);

      const early = await addSession(database, {
        title: "Registration",
        kind: "other",
        room: "Lobby",
        startsAt: "07:30",
        endsAt: "08:30",
      });
      expect(await warningCodes(database)).toEqual(["outside-hours"]);
      await update(early, {
        title: "Registration",
        kind: "other",
        room: "Lobby",
        startsAt: "08:00",
        endsAt: "08:30",
      });
      expect(await warningCodes(database)).toEqual([]);
      // The edition's content sets the hours.
      const strict = { ...edition, programHours: { opens: "09:00", closes: "17:00" } };
      expect(
        (await readProgramDraft(database.db, strict)).warnings.map((warning) => warning.code),
      ).toEqual(["outside-hours"]);
    });

    it("publish freezes versions, tells who is affected, and refuses a stale review", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      expect(await readPublishedProgram(database.db, year)).toBeNull();
      const talks = await addSession(database);
      const posters = await addSession(database, {
        title: "Posters",
        kind: "posters",
        startsAt: "11:00",
        endsAt: "12:00",
        room: "Atrium",
      });
      const one = await place(database, talks, "s1");
      await place(database, talks, "s2");
      await place(database, posters, "s4");
      expect(await hasUnpublishedChanges(database.db, edition)).toBe(true);
      const revisionBefore = await readAppSetting(database.db, "public-pages-revision");

      const first = await publishProgram(database.db, {
        edition,
        actor: admin,
        basedOnVersion: null,
      });
      expect(first).toMatchObject({ ok: true, version: 1, affected: [] });
      expect(await readAppSetting(database.db, "public-pages-revision")).not.toBe(revisionBefore);
      expect(await hasUnpublishedChanges(database.db, edition)).toBe(false);
      const v1 = await readPublishedProgram(database.db, year);
      const draft = await readProgramDraft(database.db, edition);
      expect(v1?.program).toEqual(renderSnapshot(draft.sessions, draft.settings));
      expect(v1?.program.sessions[0]?.presentations[0]).toMatchObject({
        title: "Tone sandhi in ʔAkha",
        startsAt: "09:00",
        endsAt: "09:20",
        authors: [
          { name: "ana Test", affiliation: "UCSD", presenting: true },
          { name: "Bo Test", affiliation: "UCLA", presenting: true },
          { name: "Zoë Ŋguyen", affiliation: "USC", presenting: false },
        ],
      });

      expect(await readProgramEditor(database.db, edition)).toMatchObject({
        latest: { version: 1, publishedBy: "admin@example.edu" },
        hasUnpublishedChanges: false,
      });
      // Later changes to titles do not reach the published version; the draft shows them.
      await database.db
        .updateTable("submission")
        .set({ title: "A new title" })
        .where("id", "=", "s1")
        .execute();
      expect((await readPublishedProgram(database.db, year))?.program).toEqual(v1?.program);
      expect(await hasUnpublishedChanges(database.db, edition)).toBe(true);

      // Abstract 1 gets longer (abstract 2 moves with it), the poster leaves, abstract 3 arrives.
      await setSlotMinutes(database.db, {
        editionYear: year,
        slotId: one,
        minutes: "25",
        actor: admin,
      });
      const posterSlot = v1?.program.sessions[1]?.presentations[0]?.slotId ?? "";
      await unplacePresentation(database.db, {
        editionYear: year,
        slotId: posterSlot,
        actor: admin,
      });
      await place(database, talks, "s3");
      expect(
        await publishProgram(database.db, { edition, actor: admin, basedOnVersion: null }),
      ).toMatchObject({
        ok: false,
        status: 409,
        message:
          "Version 1 was published by admin@example.edu meanwhile. Review the program, then publish again.",
      });
      const second = await publishProgram(database.db, {
        edition,
        actor: admin,
        basedOnVersion: 1,
      });
      if (!second.ok) throw new Error(second.message);
      expect(second.version).toBe(2);
      const affected = Object.fromEntries(
        second.affected.map((each) => [
          each.submissionId,
          {
            change: each.change,
            after: each.after.map((place) => `${place.startsAt}-${place.endsAt}`),
            to: each.recipients.map((recipient) => recipient.email.toLowerCase()),
          },
        ]),
      );
      // Abstract 1's title changed too, which alone would not count; its time did.
      expect(affected).toEqual({
        s1: { change: "moved", after: ["09:00-09:25"], to: ["ana@example.edu", "bo@example.edu"] },
        s2: { change: "moved", after: ["09:25-09:45"], to: ["ana@example.edu"] },
        s3: { change: "added", after: ["09:45-10:05"], to: ["bo@example.edu"] },
        s4: { change: "removed", after: [], to: ["cai@example.edu"] },
      });

      // A rename of a title alone affects nobody.
      await database.db
        .updateTable("submission")
        .set({ title: "Yet another title" })
        .where("id", "=", "s2")
        .execute();
      const third = await publishProgram(database.db, { edition, actor: admin });
      expect(third).toMatchObject({ ok: true, version: 3, affected: [] });
      expect((await listProgramVersions(database.db, year)).map((each) => each.version)).toEqual([
        3, 2, 1,
      ]);
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("details")
        .where("action", "=", "publish-program")
        .orderBy("created_at")
        .execute();
      expect(audit.map((row) => row.details)).toEqual([
        "2025: version 1, 2 sessions",
        "2025: version 2, 2 sessions; 4 presentations changed since version 1",
        "2025: version 3, 2 sessions; 0 presentations changed since version 2",
      ]);
    });

    it("a past edition's published program stays as it was while the next edition is edited", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const past = { ...edition, year: 2024, date: "2024-05-18" };
      const pastSession = await createProgramSession(database.db, {
        editionYear: 2024,
        session: session({ title: "Talks of 2024" }),
        actor: admin,
      });
      expect(pastSession).toMatchObject({ ok: true });
      // 2025's abstracts are not 2024's to place.
      expect(
        await placePresentation(database.db, {
          editionYear: 2024,
          sessionId: pastSession.ok ? (pastSession.id ?? "") : "",
          submissionId: "s1",
          actor: admin,
        }),
      ).toMatchObject({ ok: false, status: 404 });
      await publishProgram(database.db, { edition: past, actor: admin });
      const archived = await readPublishedProgram(database.db, 2024);

      const talks = await addSession(database);
      await place(database, talks, "s1");
      await publishProgram(database.db, { edition, actor: admin });
      expect(await readPublishedProgram(database.db, 2024)).toEqual(archived);
      expect(archived?.program.sessions.map((each) => each.title)).toEqual(["Talks of 2024"]);
      expect(
        (await readPublishedProgram(database.db, year))?.program.sessions.map((each) => each.title),
      ).toEqual(["Morning talks"]);
      expect((await readProgramDraft(database.db, past)).sessions).toHaveLength(1);
    });

    it("a republish offers to mail only the moved presenters, once, even on ten clicks at once", async () => {
      const database = await databases.openMigrated({ maxConnections: 4 });
      await seed(database);
      const talks = await addSession(database);
      const one = await place(database, talks, "s1");
      await place(database, talks, "s3");
      await publishProgram(database.db, { edition, actor: admin });
      // A first version moves nobody.
      expect(await readPendingNotice(database.db, year)).toBeNull();

      // s1 moves down: both talks change time. s2 joins. A new session alone changes nobody's time.
      await movePresentation(database.db, {
        editionYear: year,
        slotId: one,
        direction: "down",
        actor: admin,
      });
      await place(database, talks, "s2");
      await addSession(database, {
        title: "Lunch",
        kind: "lunch",
        startsAt: "12:00",
        endsAt: "13:00",
      });
      const second = await publishProgram(database.db, {
        edition,
        actor: admin,
        basedOnVersion: 1,
      });
      expect(second).toMatchObject({ ok: true, version: 2 });
      const notice = await readPendingNotice(database.db, year);
      expect(notice?.version).toBe(2);
      expect(notice?.comparedWith).toBe(1);
      expect(notice?.affected.map((each) => `${each.change} ${each.title}`).sort()).toEqual([
        "added Vowel harmony",
        "moved Clicks",
        "moved Tone sandhi in ʔAkha",
      ]);

      const { sent, mailer } = recordingMailer();
      const settle = (version: number) =>
        settlePendingNotice(
          { db: database.db, mailer, logger: silentLogger },
          {
            editionYear: year,
            version,
            send: true,
            programUrl: calendarOptions.programUrl,
            actor: admin,
          },
        );
      expect(await settle(1)).toMatchObject({ ok: false, status: 409 });
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => settle(2)));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      // Ana (s1, s2: one message), Bo (presents s1 under another spelling, and submitted s3).
      expect(sent.map((message) => message.to.toLowerCase()).sort()).toEqual([
        "ana@example.edu",
        "bo@example.edu",
      ]);
      const ana = sent.find((message) => message.to === "ana@example.edu");
      expect(ana?.subject).toBe("The SCULC 2025 program has changed for your presentation");
      expect(ana?.text).toContain(
        "“Vowel harmony” is now in the program: 9:40 AM-10:00 AM, Morning talks, Hall A.",
      );
      expect(ana?.text).toContain("“Tone sandhi in ʔAkha” has moved: it is now at 9:20 AM-9:40 AM");
      expect(ana?.text).toContain(calendarOptions.programUrl);
      expect(await readPendingNotice(database.db, year)).toBeNull();
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("details")
        .where("action", "=", "mail-program-changes")
        .execute();
      expect(audit.map((row) => row.details)).toEqual([
        "2025: version 2 (since version 1), 3 presentations, 2 addresses mailed",
      ]);

      // Version 3 moves Clicks back up: compared with version 2 (the one presenters were told of).
      await movePresentation(database.db, {
        editionYear: year,
        slotId: one,
        direction: "up",
        actor: admin,
      });
      await publishProgram(database.db, { edition, actor: admin, basedOnVersion: 2 });
      const third = await readPendingNotice(database.db, year);
      expect(third?.comparedWith).toBe(2);
      expect(third?.affected.map((each) => each.title).sort()).toEqual([
        "Clicks",
        "Tone sandhi in ʔAkha",
      ]);
      sent.length = 0;
      expect(
        await settlePendingNotice(
          { db: database.db, mailer, logger: silentLogger },
          {
            editionYear: year,
            version: 3,
            send: false,
            programUrl: calendarOptions.programUrl,
            actor: admin,
          },
        ),
      ).toMatchObject({ ok: true, mailed: 0 });
      expect(sent).toEqual([]);
      expect(await readPendingNotice(database.db, year)).toBeNull();
    });

    it("two publishes at once get distinct versions", async () => {
      const database = await databases.openMigrated({ maxConnections: 4 });
      await seed(database);
      const talks = await addSession(database);
      await place(database, talks, "s1");
      const results = await Promise.all([
        publishProgram(database.db, { edition, actor: admin }),
        publishProgram(database.db, { edition, actor: admin }),
      ]);
      expect(results.map((result) => (result.ok ? result.version : 0)).sort()).toEqual([1, 2]);
      const rows = await database.db
        .selectFrom("program_version")
        .select("version")
        .orderBy("version")
        .execute();
      expect(rows.map((row) => Number(row.version))).toEqual([1, 2]);
    });

    it("the calendar parses, its times are the program's in America/Los_Angeles; the JSON export is the published draft", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const talks = await addSession(database, { chair: "Prof. Ŋ" });
      await addSession(database, {
        title: "Keynote",
        kind: "keynote",
        room: "Hall A",
        startsAt: "13:00",
        endsAt: "14:00",
        description: "Speaker: Dr. Ŋ; on clicks, tones and more",
      });
      const posters = await addSession(database, {
        title: "Posters",
        kind: "posters",
        room: "Atrium",
        startsAt: "11:00",
        endsAt: "12:00",
      });
      const one = await place(database, talks, "s1");
      await place(database, talks, "s2");
      await setSlotMinutes(database.db, {
        editionYear: year,
        slotId: one,
        minutes: "25",
        actor: admin,
      });
      await place(database, posters, "s4");
      await publishProgram(database.db, { edition, actor: admin });
      const published = await readPublishedProgram(database.db, year);
      if (!published) throw new Error("nothing published");
      const draft = await readProgramDraft(database.db, edition);

      const text = programCalendar(published, calendarOptions);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const zone = calendar.getFirstSubcomponent("vtimezone");
      expect(zone?.getFirstPropertyValue("tzid")).toBe("America/Los_Angeles");
      if (zone) ICAL.TimezoneService.register(zone);
      const events = calendar.getAllSubcomponents("vevent").map((each) => new ICAL.Event(each));
      const instant = (minutes: number) =>
        conferenceLocalTimeToIso(`2025-05-17T${formatClock(minutes)}`);
      const expected = [
        ...draft.sessions.map((each) => ({
          summary: each.title,
          start: instant(each.startsAt),
          end: instant(each.endsAt),
        })),
        ...draft.sessions.flatMap((each) =>
          each.slots.map((slot) => ({
            summary: `${each.kind === "posters" ? "Poster: " : ""}${slot.title}`,
            start: instant(slot.startsAt ?? each.startsAt),
            end: instant(slot.endsAt ?? each.endsAt),
          })),
        ),
      ];
      const seen = events.map((event) => ({
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      }));
      expect(seen.sort((a, b) => a.summary.localeCompare(b.summary))).toEqual(
        expected.sort((a, b) => a.summary.localeCompare(b.summary)),
      );
      // 9:00 PDT is 16:00 UTC; the TZID is written, not a UTC time.
      expect(seen.find((each) => each.summary === "Tone sandhi in ʔAkha")?.start).toBe(
        "2025-05-17T16:00:00.000Z",
      );
      expect(text).toContain("DTSTART;TZID=America/Los_Angeles:20250517T090000");
      expect(events.every((event) => event.startDate.zone?.tzid === "America/Los_Angeles")).toBe(
        true,
      );
      const uids = events.map((event) => event.uid);
      expect(new Set(uids).size).toBe(uids.length);
      const keynote = events.find((event) => event.summary === "Keynote");
      expect(keynote?.description).toBe("Speaker: Dr. Ŋ; on clicks, tones and more");

      // One talk's file: the same UID as in the whole program, and its own times.
      const single = presentationCalendar(published, one, calendarOptions);
      if (!single) throw new Error("no calendar for the slot");
      const singleEvent = new ICAL.Event(
        new ICAL.Component(ICAL.parse(single)).getFirstSubcomponent("vevent") ?? undefined,
      );
      expect(singleEvent.uid).toBe(
        events.find((event) => event.summary === "Tone sandhi in ʔAkha")?.uid,
      );
      expect(singleEvent.endDate.toJSDate().toISOString()).toBe("2025-05-17T16:25:00.000Z");
      expect(presentationCalendar(published, "no-such-slot", calendarOptions)).toBeNull();

      // UIDs survive a republish after a change, so calendar apps update their events.
      await setSlotMinutes(database.db, {
        editionYear: year,
        slotId: one,
        minutes: "",
        actor: admin,
      });
      await publishProgram(database.db, { edition, actor: admin });
      const republished = await readPublishedProgram(database.db, year);
      if (!republished) throw new Error("nothing published");
      const again = new ICAL.Component(ICAL.parse(programCalendar(republished, calendarOptions)))
        .getAllSubcomponents("vevent")
        .map((each) => new ICAL.Event(each));
      expect(again.map((event) => event.uid).sort()).toEqual([...uids].sort());
      expect(again.every((event) => event.sequence === 2)).toBe(true);

      const exported = programExport(published);
      expect(JSON.stringify(exported)).not.toContain("s1");
      expect(exported).toMatchObject({
        format: "sculc-program",
        formatVersion: 1,
        edition: 2025,
        version: 1,
        date: "2025-05-17",
        timeZone: "America/Los_Angeles",
      });
      expect(
        exported.sessions.map((each) => ({
          title: each.title,
          kind: each.kind,
          room: each.room,
          start: each.start,
          end: each.end,
          presentations: each.presentations.map((presentation) => ({
            title: presentation.title,
            start: presentation.start,
            end: presentation.end,
            authors: presentation.authors.map((author) => author.name),
          })),
        })),
      ).toEqual(
        draft.sessions.map((each) => ({
          title: each.title,
          kind: each.kind,
          room: each.room,
          start: instant(each.startsAt),
          end: instant(each.endsAt),
          presentations: each.slots.map((slot) => ({
            title: slot.title,
            start: instant(slot.startsAt ?? each.startsAt),
            end: instant(slot.endsAt ?? each.endsAt),
            authors: slot.authors.map((author) => author.name),
          })),
        })),
      );
    });
  });
}
