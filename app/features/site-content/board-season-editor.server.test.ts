import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  handleSeasonAction,
  loadSeasonEditor,
  type SeasonActionData,
} from "./board-season-editor.server";
import { readDocument } from "./content-store.server";
import { readPublishedContent } from "./published-content.server";

const editor = { id: "editor" };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const threeMembers = {
  season: "2026-2027",
  "members.0.name": "Ana Li",
  "members.0.position": "President",
  "members.1.name": "Ben Ode",
  "members.1.position": "Treasurer",
  "members.2.name": "Cy Park",
  "members.2.position": "Secretary",
};

/** The action's answer: where it redirected, or the data and status it sent back. */
async function answerOf(run: Promise<unknown>) {
  try {
    const answer = (await run) as { data: SeasonActionData; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, data: answer.data, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, data: null, location: thrown.headers.get("Location") };
  }
}

for (const target of testDatabaseTargets()) {
  describe(`the board season form's actions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function setup() {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "editor", email: "editor@example.edu", role: "admin" });
      const act = (season: string | null, fields: Record<string, string>) =>
        answerOf(handleSeasonAction(database.db, editor, season, form(fields)));
      return { db: database.db, act };
    }

    it("saves a new season as a draft visitors do not see, then publishes it", async () => {
      const { db, act } = await setup();
      const saved = await act(null, { ...threeMembers, intent: "save" });
      expect(saved.location).toBe("/user-data/content/board/2026-2027?saved=1");
      const document = await readDocument(db, { kind: "board-season", key: "2026-2027" });
      expect(document?.publishedVersion).toBeNull();
      expect((await readPublishedContent(db, "r")).boardSeasons[0]?.id).toBe("2025-2026");

      const published = await act("2026-2027", {
        ...threeMembers,
        basedOn: String(document?.draftRevision),
        intent: "publish",
      });
      expect(published.location).toBe("/user-data/content/board/2026-2027?published=1");
      const content = await readPublishedContent(db, "r");
      expect(content.boardSeasons[0]?.members.map((member) => member.id)).toEqual([
        "ana-li",
        "ben-ode",
        "cy-park",
      ]);
    });

    it("stores nothing and keeps every typed field when a field is wrong or the season exists", async () => {
      const { db, act } = await setup();
      const invalid = await act(null, {
        ...threeMembers,
        season: "2026-2028",
        "members.1.name": "",
        "members.2.major": "Linguistics",
        intent: "save",
      });
      expect(invalid.status).toBe(400);
      expect(invalid.data?.fieldErrors).toEqual({
        season: "Write the season as two years in a row, like 2026-2027.",
        "members.1.name": "Fill in the name, or remove this member.",
      });
      expect(invalid.data?.values.members[2]?.major).toBe("Linguistics");
      expect(await readDocument(db, { kind: "board-season", key: "2026-2028" })).toBeNull();

      const existing = await act(null, { ...threeMembers, season: "2025-2026", intent: "save" });
      expect(existing.status).toBe(409);
      expect(existing.data?.fieldErrors.season).toMatch(/^The 2025-2026 season already exists\./);
      const shipped = await readDocument(db, { kind: "board-season", key: "2025-2026" });
      expect(shipped?.draftRevision).toBe(1);
    });

    it("refuses a save over someone else's newer save, keeping the text and naming their members", async () => {
      const { act } = await setup();
      const opened = await act(null, { ...threeMembers, intent: "save" });
      expect(opened.status).toBe(302);
      const first = await act("2026-2027", {
        ...threeMembers,
        basedOn: "1",
        "members.0.name": "Ann Li",
      });
      expect(first.location).toContain("saved=1");
      const second = await act("2026-2027", {
        ...threeMembers,
        basedOn: "1",
        "members.2.name": "Cyrus Park",
      });
      expect(second.status).toBe(409);
      expect(second.data?.message).toMatch(/^Someone else saved this season after you opened it/);
      expect(second.data?.values.members[2]?.name).toBe("Cyrus Park");
      expect(second.data?.stale?.members[0]).toBe("Ann Li (President)");
      // Saving again now replaces theirs, as the message says.
      expect(second.data?.basedOn).toBe(2);
    });

    it("discards saved changes back to the published version, and refuses when nothing is published", async () => {
      const { db, act } = await setup();
      const ref = { kind: "board-season" as const, key: "2025-2026" };
      const shipped = await readDocument(db, ref);
      const edited = await act("2025-2026", {
        ...threeMembers,
        basedOn: String(shipped?.draftRevision),
      });
      expect(edited.location).toContain("saved=1");
      expect((await readDocument(db, ref))?.hasUnpublishedChanges).toBe(true);
      const discarded = await act("2025-2026", { intent: "discard", basedOn: "2" });
      expect(discarded.location).toBe("/user-data/content/board/2025-2026?discarded=1");
      const after = await readDocument(db, ref);
      expect(after?.hasUnpublishedChanges).toBe(false);
      expect(after?.draft).toEqual(shipped?.draft);

      expect((await act(null, { ...threeMembers })).status).toBe(302);
      const never = await act("2026-2027", { intent: "discard", basedOn: "1" });
      expect(never.status).toBe(409);
      expect(never.data?.message).toMatch(/no published version to go back to/);
    });

    it("moves a member without saving, and a new season starts from the newest one's positions", async () => {
      const { db, act } = await setup();
      const moved = await act(null, { ...threeMembers, intent: "move-down:0" });
      expect(moved.status).toBe(200);
      expect(moved.data?.values.members.map((member) => member.name)).toEqual([
        "Ben Ode",
        "Ana Li",
        "Cy Park",
      ]);
      expect(await readDocument(db, { kind: "board-season", key: "2026-2027" })).toBeNull();
      const fresh = await loadSeasonEditor(db, null);
      expect(fresh?.values.season).toBe("2026-2027");
      expect(fresh?.values.members[0]).toMatchObject({ name: "", position: "President" });
    });
  });
}
