import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import {
  addSession,
  admin,
  calendarOptions,
  edition,
  place,
  readOutcome,
  seedTalksAndPosters,
  year,
} from "../../../tests/support/program-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { presentationCalendar, programCalendar, programExport } from "./program-calendar.server";
import { readProgramDraft } from "./program-draft.server";
import { publishProgram, readPublishedProgram } from "./program-publish.server";
import { setSlotMinutes } from "./program-slots.server";
import { formatClock } from "./program-times";

for (const target of testDatabaseTargets()) {
  describe(`program calendar on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("the calendar parses, its times are the program's in America/Los_Angeles; the JSON export is the published draft", async () => {
      const database = await databases.openMigrated();
      const { talks, posters } = await seedTalksAndPosters(database, { chair: "Prof. Ŋ" });
      await addSession(database, {
        title: "Keynote",
        kind: "keynote",
        room: "Hall A",
        startsAt: "13:00",
        endsAt: "14:00",
        description: "Speaker: Dr. Ŋ; on clicks, tones and more",
      });
      const one = await place(database, talks, "s1");
      await place(database, talks, "s2");
      readOutcome(
        await setSlotMinutes(database.db, {
          editionYear: year,
          slotId: one,
          minutes: "25",
          actor: admin,
        }),
      );
      await place(database, posters, "s4");
      readOutcome(await publishProgram(database.db, { edition, actor: admin }));
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
      readOutcome(
        await setSlotMinutes(database.db, {
          editionYear: year,
          slotId: one,
          minutes: "",
          actor: admin,
        }),
      );
      readOutcome(await publishProgram(database.db, { edition, actor: admin }));
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
