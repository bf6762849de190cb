import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  admin,
  calendarOptions,
  edition,
  place,
  readOutcome,
  seedTalksAndPosters,
  year,
} from "../../../tests/support/program-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { loadPresenterSlots } from "./presenter-slots.server";
import { presentationCalendar } from "./program-calendar.server";
import { programPaths } from "./program-paths";
import { publishProgram, readPublishedProgram } from "./program-publish.server";

// The fixture edition collects abstracts and has no hand-written program page: its program is built here.
const builtEdition = { ...edition, pages: [] } as unknown as Parameters<
  typeof loadPresenterSlots
>[1];

for (const target of testDatabaseTargets()) {
  describe(`a presenter's slots on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("are the published program's times and places, with the presentation's own calendar file", async () => {
      const database = await databases.openMigrated();
      const { talks, posters } = await seedTalksAndPosters(database);
      await place(database, talks, "s3");
      const tone = await place(database, talks, "s1");
      await place(database, posters, "s4");
      const ids = ["s1", "s4", "s2"];
      // Placed in the draft only: nothing is published, so nothing is shown.
      expect(await loadPresenterSlots(database.db, builtEdition, ids)).toBeNull();
      // An edition whose program is a hand-written page has no slots to show.
      expect(
        await loadPresenterSlots(
          database.db,
          { ...builtEdition, pages: [{ slug: "program" }] } as typeof builtEdition,
          ids,
        ),
      ).toBeNull();

      readOutcome(await publishProgram(database.db, { edition, actor: admin }));
      const slots = await loadPresenterSlots(database.db, builtEdition, ids);
      const calendarHref = programPaths(edition).presentationCalendar(tone);
      expect(slots?.get("s1")).toEqual([
        {
          session: "Morning talks",
          room: "Hall A",
          dayText: "Saturday, May 17, 2025",
          timeText: "9:20 AM – 9:40 AM Pacific Time",
          calendarHref,
        },
      ]);
      // A poster is presented for its whole session.
      expect(slots?.get("s4")).toMatchObject([
        { session: "Posters", room: "Atrium", timeText: "11:00 AM – 12:00 PM Pacific Time" },
      ]);
      expect(slots?.get("s2")).toBeUndefined();

      // The link is the program's per-presentation calendar: one event, at the slot's time.
      const published = await readPublishedProgram(database.db, year);
      if (!published) throw new Error("nothing published");
      const text = presentationCalendar(published, tone, calendarOptions);
      const vevent = new ICAL.Component(ICAL.parse(text ?? "")).getFirstSubcomponent("vevent");
      if (!vevent) throw new Error("no event in the calendar file");
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe("Tone sandhi in ʔAkha");
      expect(event.startDate.toString()).toBe("2025-05-17T09:20:00");
      expect(event.location).toBe("Hall A");
    });
  });
}
