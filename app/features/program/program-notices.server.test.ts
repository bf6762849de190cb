import { describe, expect, it } from "vitest";
import {
  addSession,
  admin,
  calendarOptions,
  edition,
  place,
  readOutcome,
  seed,
  silentLogger,
  year,
} from "../../../tests/support/program-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { readPendingNotice, settlePendingNotice } from "./program-notices.server";
import { publishProgram } from "./program-publish.server";
import { movePresentation } from "./program-slots.server";

for (const target of testDatabaseTargets()) {
  describe(`program notices on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("a republish offers to mail only the moved presenters, once, even on ten clicks at once", async () => {
      const database = await databases.openMigrated({ maxConnections: 4 });
      await seed(database);
      const talks = await addSession(database);
      const one = await place(database, talks, "s1");
      await place(database, talks, "s3");
      readOutcome(await publishProgram(database.db, { edition, actor: admin }));
      // The first version tells every placed presentation's presenters their slot, if the admin sends it.
      const first = await readPendingNotice(database.db, year);
      expect(first?.comparedWith).toBeNull();
      expect(first?.affected.map((each) => `${each.change} ${each.title}`).sort()).toEqual([
        "added Clicks",
        "added Tone sandhi in ʔAkha",
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
        ).then(readOutcome);
      expect(await settle(1)).toMatchObject({
        ok: true,
        mailed: 2,
        message: "The presenters were emailed their times and places successfully (2 addresses).",
      });
      expect(sent.map((message) => message.to.toLowerCase()).sort()).toEqual([
        "ana@example.edu",
        "bo@example.edu",
      ]);
      const firstToAna = sent.find((message) => message.to === "ana@example.edu");
      expect(firstToAna?.subject).toBe("When and where you present at SCULC 2025");
      expect(firstToAna?.text).toContain(
        "“Tone sandhi in ʔAkha” is now in the program: Saturday, May 17, 2025, 9:00 AM-9:20 AM, Morning talks, Hall A.",
      );
      expect(await readPendingNotice(database.db, year)).toBeNull();
      sent.length = 0;

      // s1 moves down: both talks change time. s2 joins. A new session alone changes nobody's time.
      readOutcome(
        await movePresentation(database.db, {
          editionYear: year,
          slotId: one,
          direction: "down",
          actor: admin,
        }),
      );
      await place(database, talks, "s2");
      await addSession(database, {
        title: "Lunch",
        kind: "lunch",
        startsAt: "12:00",
        endsAt: "13:00",
      });
      const second = readOutcome(
        await publishProgram(database.db, {
          edition,
          actor: admin,
          basedOnVersion: 1,
        }),
      );
      expect(second).toMatchObject({ ok: true, version: 2 });
      const notice = await readPendingNotice(database.db, year);
      expect(notice?.version).toBe(2);
      expect(notice?.comparedWith).toBe(1);
      expect(notice?.affected.map((each) => `${each.change} ${each.title}`).sort()).toEqual([
        "added Vowel harmony",
        "moved Clicks",
        "moved Tone sandhi in ʔAkha",
      ]);

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
        "“Vowel harmony” is now in the program: Saturday, May 17, 2025, 9:40 AM-10:00 AM, Morning talks, Hall A.",
      );
      expect(ana?.text).toContain(
        "“Tone sandhi in ʔAkha” has moved: it is now at Saturday, May 17, 2025, 9:20 AM-9:40 AM",
      );
      expect(ana?.text).toContain(calendarOptions.programUrl);
      expect(await readPendingNotice(database.db, year)).toBeNull();
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("details")
        .where("action", "=", "mail-program-changes")
        .execute();
      expect(audit.map((row) => row.details)).toEqual([
        "2025: version 1 (first notice), 2 presentations, 2 addresses mailed",
        "2025: version 2 (since version 1), 3 presentations, 2 addresses mailed",
      ]);

      // Version 3 moves Clicks back up: compared with version 2 (the one presenters were told of).
      readOutcome(
        await movePresentation(database.db, {
          editionYear: year,
          slotId: one,
          direction: "up",
          actor: admin,
        }),
      );
      readOutcome(await publishProgram(database.db, { edition, actor: admin, basedOnVersion: 2 }));
      const third = await readPendingNotice(database.db, year);
      expect(third?.comparedWith).toBe(2);
      expect(third?.affected.map((each) => each.title).sort()).toEqual([
        "Clicks",
        "Tone sandhi in ʔAkha",
      ]);
      sent.length = 0;
      expect(
        readOutcome(
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
        ),
      ).toMatchObject({ ok: true, mailed: 0 });
      expect(sent).toEqual([]);
      expect(await readPendingNotice(database.db, year)).toBeNull();
    });
  });
}
