import { describe, expect, it } from "vitest";
import {
  addSession,
  admin,
  edition,
  place,
  readOutcome,
  seed,
  talkTimes,
  year,
} from "../../../tests/support/program-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { readProgramDraft } from "./program-draft.server";
import {
  movePresentation,
  placePresentation,
  setSlotMinutes,
  unplacePresentation,
} from "./program-slots.server";

for (const target of testDatabaseTargets()) {
  describe(`program slots on ${target.name}`, () => {
    const databases = useTestDatabases(target);

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
        }).then(readOutcome);
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
        setSlotMinutes(database.db, {
          editionYear: year,
          slotId,
          minutes: value,
          actor: admin,
        }).then(readOutcome);
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
        movePresentation(database.db, { editionYear: year, slotId, direction, actor: admin }).then(
          readOutcome,
        );
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
        readOutcome(
          await unplacePresentation(database.db, {
            editionYear: year,
            slotId: three,
            actor: admin,
          }),
        ),
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
  });
}
