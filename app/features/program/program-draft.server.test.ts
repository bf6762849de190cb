import { describe, expect, it } from "vitest";
import type { Attendance, PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import {
  addSession,
  admin,
  edition,
  place,
  readOutcome,
  seed,
  session,
  warningCodes,
  year,
} from "../../../tests/support/program-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { readProgramDraft } from "./program-draft.server";
import { type SessionInput, updateProgramSession } from "./program-sessions.server";
import { unplacePresentation } from "./program-slots.server";

for (const target of testDatabaseTargets()) {
  describe(`the program draft on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("every warning is raised by its case and cleared when fixed", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const update = async (sessionId: string, overrides: Partial<SessionInput>) => {
        const result = readOutcome(
          await updateProgramSession(database.db, {
            editionYear: year,
            sessionId,
            session: session(overrides),
            actor: admin,
          }),
        );
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
      readOutcome(
        await unplacePresentation(database.db, { editionYear: year, slotId: bo, actor: admin }),
      );

      const twice = await place(database, second, "s1");
      expect(await warningCodes(database)).toEqual(["placed-twice"]);
      readOutcome(
        await unplacePresentation(database.db, { editionYear: year, slotId: twice, actor: admin }),
      );
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
  });
}
