import { describe, expect, it } from "vitest";
import {
  admin,
  edition,
  seed,
  session as sessionInput,
  silentLogger,
} from "../../../tests/support/program-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { handleProgramAction } from "./program-actions.server";
import { readProgramDraft } from "./program-draft.server";

const session = sessionInput();

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

/** The page's answer with its status: 200 for a plain answer, else the one `data()` carries. */
function readAnswer(answer: Awaited<ReturnType<typeof handleProgramAction>>) {
  if ("init" in answer && "data" in answer)
    return { status: answer.init?.status ?? 200, ...answer.data };
  return { status: 200, ...answer };
}

function program(database: TestDatabase) {
  const { sent, mailer } = recordingMailer();
  const deps = {
    db: database.db,
    edition,
    mailer: () => mailer,
    logger: silentLogger,
    baseUrl: "https://sculc.example.edu",
  };
  const post = async (fields: Record<string, string>) =>
    readAnswer(await handleProgramAction(deps, admin, form(fields)));
  const draft = () => readProgramDraft(database.db, edition);
  return { sent, post, draft };
}

for (const target of testDatabaseTargets()) {
  describe(`program editor's action on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("sessions: added, refused as sent, saved, deleted", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const { post, draft } = program(database);

      const refused = { ...session, title: " ", kind: "party" };
      expect(await post({ intent: "create-session", ...refused })).toEqual({
        status: 400,
        message:
          "Please check the form: Please enter the session's title. Please choose a type: talks, posters, keynote, break, lunch or other.",
        fieldErrors: {
          title: "Please enter the session's title.",
          kind: "Please choose a type: talks, posters, keynote, break, lunch or other.",
        },
        form: "new",
        values: refused,
      });

      const created = await post({ intent: "create-session", ...session });
      const id = (await draft()).sessions[0]?.id;
      expect(created).toEqual({
        status: 200,
        message: "The session “Morning talks” was added successfully.",
        createdId: id,
      });
      if (!id) throw new Error("no session");

      await post({ intent: "place", sessionId: id, submissionId: "s1" });
      const retyped = { ...session, kind: "lunch" };
      expect(await post({ intent: "update-session", sessionId: id, ...retyped })).toMatchObject({
        status: 409,
        message:
          "“Morning talks” holds 1 presentation: remove it before changing the session's type.",
        fieldErrors: { kind: "Remove its presentations before changing the type." },
        form: id,
        values: retyped,
      });
      expect(
        await post({ intent: "update-session", sessionId: id, ...session, title: "Session 1" }),
      ).toEqual({ status: 200, message: "The session “Session 1” was saved successfully." });

      expect(await post({ intent: "delete-session", sessionId: id })).toEqual({
        status: 200,
        message:
          "The session “Session 1” was deleted successfully; its 1 presentation is unplaced again.",
      });
      expect(await post({ intent: "delete-session", sessionId: id })).toMatchObject({
        status: 404,
        message: "That session is not in this edition's program; it may have been removed.",
      });
    });

    it("placements: placed, timed, moved, taken out; each refusal with its status", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const { post, draft } = program(database);
      await post({ intent: "create-session", ...session });
      const sessionId = (await draft()).sessions[0]?.id ?? "";

      expect(await post({ intent: "place", sessionId, submissionId: "s4" })).toMatchObject({
        status: 409,
        message: "Abstract 4 is a poster: place it in a poster session, not in “Morning talks”.",
      });
      expect(await post({ intent: "place", sessionId, submissionId: "s1" })).toEqual({
        status: 200,
        message:
          "Abstract 1 (Tone sandhi in ʔAkha (s1.pdf)) was placed in “Morning talks” successfully.",
      });
      await post({ intent: "place", sessionId, submissionId: "s2" });
      const [one, two] = (await draft()).sessions[0]?.slots.map((slot) => slot.slotId) ?? [];
      if (!one || !two) throw new Error("not placed");

      expect(await post({ intent: "set-minutes", slotId: one, minutes: "abc" })).toMatchObject({
        status: 400,
        message:
          "Please enter the talk's minutes as a whole number from 1 to 240, or leave it empty.",
        fieldErrors: { minutes: "A whole number from 1 to 240, or empty for the default." },
      });
      expect(await post({ intent: "set-minutes", slotId: one, minutes: "30" })).toEqual({
        status: 200,
        message: "Abstract 1 now takes 30 minutes: saved successfully.",
      });
      expect(await post({ intent: "move-up", slotId: one })).toEqual({
        status: 200,
        message: "Abstract 1 is already first in “Morning talks”.",
      });
      expect(await post({ intent: "move-down", slotId: one })).toEqual({
        status: 200,
        message: "Abstract 1 was moved down in “Morning talks” successfully.",
      });
      expect(await post({ intent: "move-up", slotId: one })).toEqual({
        status: 200,
        message: "Abstract 1 was moved up in “Morning talks” successfully.",
      });
      expect(await post({ intent: "unplace", slotId: two })).toEqual({
        status: 200,
        message: "Abstract 2 was taken out of “Morning talks” successfully.",
      });
      expect(await post({ intent: "unplace", slotId: two })).toMatchObject({
        status: 404,
        message: "That placement is not in this edition's program; it may have been removed.",
      });
      expect((await draft()).sessions[0]?.slots.map((slot) => slot.number)).toEqual([1]);
    });

    it("publishing and the presenters' notice: done, stale, unreadable", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const { post, draft, sent } = program(database);
      await post({ intent: "create-session", ...session });
      const sessionId = (await draft()).sessions[0]?.id ?? "";
      await post({ intent: "place", sessionId, submissionId: "s1" });
      await post({ intent: "place", sessionId, submissionId: "s3" });

      expect(await post({ intent: "publish", basedOnVersion: "one" })).toEqual({
        status: 400,
        message: "Please reload the page and publish again.",
      });
      expect(await post({ intent: "publish", basedOnVersion: "" })).toEqual({
        status: 200,
        message: "Version 1 of the program was published successfully.",
      });
      expect(await post({ intent: "publish", basedOnVersion: "" })).toEqual({
        status: 409,
        message:
          "Version 1 was published by admin@example.edu meanwhile. Review the program, then publish again.",
      });
      // The first version offers the presenters their slots; here the admin sends nothing.
      expect(await post({ intent: "skip-mail", version: "1" })).toEqual({
        status: 200,
        message: "The notice for version 1 was closed successfully, without emailing anyone.",
      });

      const slotOf = async (number: number) =>
        (await draft()).sessions[0]?.slots.find((slot) => slot.number === number)?.slotId ?? "";
      await post({ intent: "move-down", slotId: await slotOf(1) });
      await post({ intent: "publish", basedOnVersion: "1" });
      expect(await post({ intent: "mail-presenters", version: "two" })).toEqual({
        status: 400,
        message: "Please reload the page and try again.",
      });
      expect(await post({ intent: "mail-presenters", version: "1" })).toEqual({
        status: 409,
        message: "Version 2 was published meanwhile. Review its changes, then choose again.",
      });
      expect(await post({ intent: "mail-presenters", version: "2" })).toEqual({
        status: 200,
        message: "The affected presenters were emailed their new times successfully (2 addresses).",
      });
      expect(sent.map((message) => message.text)).toEqual([
        expect.stringContaining("https://sculc.example.edu/sculc-2025-program"),
        expect.stringContaining("https://sculc.example.edu/sculc-2025-program"),
      ]);
      expect(await post({ intent: "skip-mail", version: "2" })).toEqual({
        status: 409,
        message:
          "The presenters of this version have already been told, or nothing changed for them.",
      });

      await post({ intent: "move-up", slotId: await slotOf(1) });
      await post({ intent: "publish", basedOnVersion: "2" });
      expect(await post({ intent: "skip-mail", version: "3" })).toEqual({
        status: 200,
        message: "The notice for version 3 was closed successfully, without emailing anyone.",
      });
      expect(sent).toHaveLength(2);
    });

    it("an unknown intent, or none, is refused", async () => {
      const database = await databases.openMigrated();
      const { post } = program(database);
      const refused: Record<string, string>[] = [
        { intent: "dance" },
        { intent: "constructor" },
        {},
      ];
      for (const fields of refused)
        expect(await post(fields)).toEqual({ status: 400, message: "Unknown action." });
    });
  });
}
