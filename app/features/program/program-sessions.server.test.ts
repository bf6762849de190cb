import { describe, expect, it } from "vitest";
import {
  addSession,
  admin,
  edition,
  place,
  readOutcome,
  seed,
  session,
  year,
} from "../../../tests/support/program-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { readProgramDraft } from "./program-draft.server";
import {
  createProgramSession,
  deleteProgramSession,
  updateProgramSession,
} from "./program-sessions.server";

for (const target of testDatabaseTargets()) {
  describe(`program sessions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("sessions: checked, saved, audited; a session's type stays while it holds presentations", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const refused = readOutcome(
        await createProgramSession(database.db, {
          editionYear: year,
          session: session({ title: " ", kind: "party", startsAt: "10:00", endsAt: "09:00" }),
          actor: admin,
        }),
      );
      expect(refused).toMatchObject({ ok: false, status: 400 });
      if (refused.ok) throw new Error("accepted a bad session");
      expect(Object.keys(refused.fieldErrors ?? {}).sort()).toEqual(["kind", "title"]);
      const backwards = readOutcome(
        await createProgramSession(database.db, {
          editionYear: year,
          session: session({ startsAt: "10:00", endsAt: "9:00" }),
          actor: admin,
        }),
      );
      expect(backwards).toMatchObject({ ok: false, fieldErrors: { endsAt: expect.any(String) } });
      expect(
        readOutcome(
          await createProgramSession(database.db, {
            editionYear: year,
            session: session({ startsAt: "25:00" }),
            actor: admin,
          }),
        ),
      ).toMatchObject({ ok: false, fieldErrors: { startsAt: expect.any(String) } });

      const talks = await addSession(database, { chair: "Prof. Ŋ", description: "" });
      const slot = await place(database, talks, "s1");
      expect(
        readOutcome(
          await updateProgramSession(database.db, {
            editionYear: year,
            sessionId: talks,
            session: session({ kind: "lunch" }),
            actor: admin,
          }),
        ),
      ).toMatchObject({ ok: false, status: 409, fieldErrors: { kind: expect.any(String) } });
      expect(
        readOutcome(
          await updateProgramSession(database.db, {
            editionYear: year,
            sessionId: talks,
            session: session({ title: "Session 1", room: "Hall B", startsAt: "9:30" }),
            actor: admin,
          }),
        ),
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
        readOutcome(
          await deleteProgramSession(database.db, {
            editionYear: 2024,
            sessionId: talks,
            actor: admin,
          }),
        ),
      ).toMatchObject({ ok: false, status: 404 });
      expect(
        readOutcome(
          await deleteProgramSession(database.db, {
            editionYear: year,
            sessionId: talks,
            actor: admin,
          }),
        ),
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
  });
}
