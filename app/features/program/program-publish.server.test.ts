import { describe, expect, it } from "vitest";
import { readAppSetting } from "~/lib/app-settings.server";
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
  hasUnpublishedChanges,
  listProgramVersions,
  publishProgram,
  readProgramEditor,
  readPublishedProgram,
  renderSnapshot,
} from "./program-publish.server";
import { createProgramSession } from "./program-sessions.server";
import { placePresentation, setSlotMinutes, unplacePresentation } from "./program-slots.server";

for (const target of testDatabaseTargets()) {
  describe(`program publishing on ${target.name}`, () => {
    const databases = useTestDatabases(target);

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

      const first = readOutcome(
        await publishProgram(database.db, {
          edition,
          actor: admin,
          basedOnVersion: null,
        }),
      );
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
      readOutcome(
        await setSlotMinutes(database.db, {
          editionYear: year,
          slotId: one,
          minutes: "25",
          actor: admin,
        }),
      );
      const posterSlot = v1?.program.sessions[1]?.presentations[0]?.slotId ?? "";
      readOutcome(
        await unplacePresentation(database.db, {
          editionYear: year,
          slotId: posterSlot,
          actor: admin,
        }),
      );
      await place(database, talks, "s3");
      expect(
        readOutcome(
          await publishProgram(database.db, { edition, actor: admin, basedOnVersion: null }),
        ),
      ).toMatchObject({
        ok: false,
        status: 409,
        message:
          "Version 1 was published by admin@example.edu meanwhile. Review the program, then publish again.",
      });
      const second = readOutcome(
        await publishProgram(database.db, {
          edition,
          actor: admin,
          basedOnVersion: 1,
        }),
      );
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
      const third = readOutcome(await publishProgram(database.db, { edition, actor: admin }));
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
      const pastSession = readOutcome(
        await createProgramSession(database.db, {
          editionYear: 2024,
          session: session({ title: "Talks of 2024" }),
          actor: admin,
        }),
      );
      expect(pastSession).toMatchObject({ ok: true });
      // 2025's abstracts are not 2024's to place.
      expect(
        readOutcome(
          await placePresentation(database.db, {
            editionYear: 2024,
            sessionId: pastSession.ok ? (pastSession.id ?? "") : "",
            submissionId: "s1",
            actor: admin,
          }),
        ),
      ).toMatchObject({ ok: false, status: 404 });
      readOutcome(await publishProgram(database.db, { edition: past, actor: admin }));
      const archived = await readPublishedProgram(database.db, 2024);

      const talks = await addSession(database);
      await place(database, talks, "s1");
      readOutcome(await publishProgram(database.db, { edition, actor: admin }));
      expect(await readPublishedProgram(database.db, 2024)).toEqual(archived);
      expect(archived?.program.sessions.map((each) => each.title)).toEqual(["Talks of 2024"]);
      expect(
        (await readPublishedProgram(database.db, year))?.program.sessions.map((each) => each.title),
      ).toEqual(["Morning talks"]);
      expect((await readProgramDraft(database.db, past)).sessions).toHaveLength(1);
    });

    it("two publishes at once get distinct versions", async () => {
      const database = await databases.openMigrated({ maxConnections: 4 });
      await seed(database);
      const talks = await addSession(database);
      await place(database, talks, "s1");
      const results = await Promise.all([
        publishProgram(database.db, { edition, actor: admin }).then(readOutcome),
        publishProgram(database.db, { edition, actor: admin }).then(readOutcome),
      ]);
      expect(results.map((result) => (result.ok ? result.version : 0)).sort()).toEqual([1, 2]);
      const rows = await database.db
        .selectFrom("program_version")
        .select("version")
        .orderBy("version")
        .execute();
      expect(rows.map((row) => Number(row.version))).toEqual([1, 2]);
    });
  });
}
