import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/shipped-content";
import { singleDocumentKey } from "~/content/site-content";
import { readAppSetting } from "~/lib/app-settings.server";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { listVersions, readVersion } from "./content-history.server";
import {
  listDocuments,
  publishDraft,
  readDocument,
  restoreVersion,
  saveDraft,
  takeOffSite,
} from "./content-store.server";
import { draftNextEdition, type EditionDocument } from "./edition-next";
import { readDraftContent, readPublishedContent } from "./published-content.server";

const editor = { id: "editor-1" };
const settingsRef = { kind: "settings", key: singleDocumentKey } as const;
const season = (id: string, names: string[]) => ({
  id,
  members: names.map((name) => ({
    id: name.toLowerCase().replace(/\W+/g, "-"),
    name,
    position: "Member",
  })),
});

for (const target of testDatabaseTargets()) {
  describe(`content store on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("starts from the shipped content as version 1 of every document", async () => {
      const { db } = await databases.openMigrated();
      const published = await readPublishedContent(db, "r");
      expect(published.editions.map((edition) => edition.year)).toEqual([2025, 2024, 2023, 2022]);
      expect(published.editions[0]?.isCurrent).toBe(true);
      expect(published.boardSeasons.map((entry) => entry.id)).toEqual(
        shippedContent.boardSeasons.map((entry) => entry.id),
      );
      expect(published.settings).toEqual(shippedContent.settings);
      const documents = await listDocuments(db);
      expect(documents).toHaveLength(4 + 4 + 4);
      expect(documents.every((document) => document.publishedVersion === 1)).toBe(true);
      expect(documents.some((document) => document.hasUnpublishedChanges)).toBe(false);
    });

    it("refuses an invalid draft field by field and stores nothing", async () => {
      const { db } = await databases.openMigrated();
      const before = await readDocument(db, settingsRef);
      const outcome = await saveDraft(
        db,
        settingsRef,
        { ...shippedContent.settings, contactEmail: "not an address", location: "  " },
        { basedOn: 1, actor: editor },
      );
      expect(outcome.ok).toBe(false);
      if (outcome.ok || outcome.reason !== "invalid") throw new Error("expected invalid");
      expect(outcome.issues.map((issue) => issue.path).sort()).toEqual([
        "contactEmail",
        "location",
      ]);
      expect(await readDocument(db, settingsRef)).toEqual(before);
    });

    it("keeps drafts from visitors until published, then publishes a version and bumps the revision", async () => {
      const { db } = await databases.openMigrated();
      const revisionBefore = await readAppSetting(db, "public-pages-revision");
      const saved = await saveDraft(
        db,
        settingsRef,
        { ...shippedContent.settings, location: "Humanities Hall 101" },
        { basedOn: 1, actor: editor },
      );
      if (!saved.ok) throw new Error(saved.reason);
      expect(saved.value.draftRevision).toBe(2);
      expect(saved.value.hasUnpublishedChanges).toBe(true);
      expect((await readPublishedContent(db, "r")).settings.location).toBe(
        shippedContent.settings.location,
      );
      expect((await readDraftContent(db)).settings.location).toBe("Humanities Hall 101");
      expect(await readAppSetting(db, "public-pages-revision")).toBe(revisionBefore);

      const published = await publishDraft(db, settingsRef, { basedOn: 2, actor: editor });
      if (!published.ok) throw new Error(published.reason);
      expect(published.value).toEqual({ version: 2, summary: "Changed the location" });
      expect((await readPublishedContent(db, "r")).settings.location).toBe("Humanities Hall 101");
      expect(await readAppSetting(db, "public-pages-revision")).not.toBe(revisionBefore);
      const again = await publishDraft(db, settingsRef, { basedOn: 2, actor: editor });
      expect(again.ok || again.reason).toBe("unchanged");
    });

    it("refuses a save or publish made from a revision someone else has moved past", async () => {
      const { db } = await databases.openMigrated();
      const first = await saveDraft(
        db,
        settingsRef,
        { ...shippedContent.settings, location: "Tab one" },
        { basedOn: 1, actor: editor },
      );
      expect(first.ok).toBe(true);
      const second = await saveDraft(
        db,
        settingsRef,
        { ...shippedContent.settings, location: "Tab two" },
        { basedOn: 1, actor: { id: "editor-2" } },
      );
      if (second.ok || second.reason !== "stale") throw new Error("expected stale");
      expect((second.current.draft as { location: string }).location).toBe("Tab one");
      const publish = await publishDraft(db, settingsRef, { basedOn: 1, actor: editor });
      expect(publish.ok || publish.reason).toBe("stale");
    });

    it("lets only one of two simultaneous saves from the same revision through", async () => {
      const { db } = await databases.openMigrated();
      const outcomes = await Promise.all(
        ["A", "B", "C", "D"].map((name) =>
          saveDraft(
            db,
            settingsRef,
            { ...shippedContent.settings, location: name },
            { basedOn: 1, actor: editor },
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect((await readDocument(db, settingsRef))?.draftRevision).toBe(2);
    });

    it("publishes one version when the same draft is published from many tabs at once", async () => {
      const { db } = await databases.openMigrated();
      await saveDraft(
        db,
        settingsRef,
        { ...shippedContent.settings, location: "Race Hall" },
        { basedOn: 1, actor: editor },
      );
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          publishDraft(db, settingsRef, { basedOn: 2, actor: editor }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(
        outcomes.every((outcome) => outcome.ok || ["stale", "unchanged"].includes(outcome.reason)),
      ).toBe(true);
      expect((await listVersions(db, settingsRef)).map((entry) => entry.version)).toEqual([2, 1]);
    });

    it("creates a new season once, publishes it as the current board, and takes it off again", async () => {
      const { db } = await databases.openMigrated();
      const created = await saveDraft(
        db,
        { kind: "board-season", key: null },
        season("2026-2027", ["Ana Lee", "Bo Chen"]),
        { basedOn: null, actor: editor },
      );
      if (!created.ok) throw new Error(created.reason);
      expect(created.value.key).toBe("2026-2027");
      expect(created.value.publishedVersion).toBeNull();
      const duplicate = await saveDraft(
        db,
        { kind: "board-season", key: null },
        season("2025-2026", ["Someone"]),
        { basedOn: null, actor: editor },
      );
      expect(duplicate.ok || duplicate.reason).toBe("exists");
      const ref = { kind: "board-season", key: "2026-2027" } as const;
      expect((await readPublishedContent(db, "r")).boardSeasons[0]?.id).toBe("2025-2026");
      const published = await publishDraft(db, ref, { basedOn: 1, actor: editor });
      if (!published.ok) throw new Error(published.reason);
      expect(published.value.summary).toBe("First published");
      expect((await readPublishedContent(db, "r")).boardSeasons[0]?.id).toBe("2026-2027");
      const off = await takeOffSite(db, ref, { basedOn: 1, actor: editor });
      expect(off.ok).toBe(true);
      expect((await readPublishedContent(db, "r")).boardSeasons[0]?.id).toBe("2025-2026");
      expect((await readDocument(db, ref))?.draft).toEqual(
        season("2026-2027", ["Ana Lee", "Bo Chen"]),
      );
    });

    it("refuses a season whose id would change its key", async () => {
      const { db } = await databases.openMigrated();
      const moved = await saveDraft(
        db,
        { kind: "board-season", key: "2025-2026" },
        season("2030-2031", ["X"]),
        { basedOn: 1, actor: editor },
      );
      expect(moved.ok || moved.reason).toBe("key-changed");
    });

    it("restores an earlier version as a new version, keeping the whole history", async () => {
      const { db } = await databases.openMigrated();
      const ref = { kind: "board-season", key: "2025-2026" } as const;
      const original = (await readDocument(db, ref))?.draft as ReturnType<typeof season>;
      const edited = { ...original, members: original.members.slice(1) };
      expect((await saveDraft(db, ref, edited, { basedOn: 1, actor: editor })).ok).toBe(true);
      const published = await publishDraft(db, ref, { basedOn: 2, actor: editor });
      if (!published.ok) throw new Error(published.reason);
      expect(published.value.summary).toMatch(/^Removed /);
      const restored = await restoreVersion(db, ref, { version: 1, actor: editor });
      if (!restored.ok) throw new Error(restored.reason);
      expect(restored.value.version).toBe(3);
      const document = await readDocument(db, ref);
      expect(document?.draft).toEqual(original);
      expect(document?.draftRevision).toBe(3);
      expect(document?.hasUnpublishedChanges).toBe(false);
      // The same restore again (a double click, another tab) adds nothing.
      const again = await restoreVersion(db, ref, { version: 1, actor: editor });
      expect(again.ok || again.reason).toBe("unchanged");
      const versions = await listVersions(db, ref);
      expect(versions.map((entry) => [entry.version, entry.restoredFrom])).toEqual([
        [3, 1],
        [2, null],
        [1, null],
      ]);
      const second = await readVersion(db, ref, 2);
      if (!second.ok) throw new Error(second.reason);
      expect(second.value.body).toEqual(edited);
      const missing = await readVersion(db, ref, 9);
      expect(missing.ok).toBe(false);
    });

    it("makes a newly published edition the current one", async () => {
      const { db } = await databases.openMigrated();
      const current = (await readDocument(db, { kind: "edition", key: "2025" }))
        ?.draft as EditionDocument;
      // An edition's dates are in its own year: next year's is drafted with all of them moved on.
      const next = { ...draftNextEdition(current), date: "2026-05-16" };
      const created = await saveDraft(db, { kind: "edition", key: null }, next, {
        basedOn: null,
        actor: editor,
      });
      if (!created.ok) throw new Error(JSON.stringify(created));
      expect("isCurrent" in (created.value.draft as object)).toBe(false);
      await publishDraft(db, { kind: "edition", key: "2026" }, { basedOn: 1, actor: editor });
      const published = await readPublishedContent(db, "r");
      expect(published.editions.map((edition) => [edition.year, edition.isCurrent])).toEqual([
        [2026, true],
        [2025, false],
        [2024, false],
        [2023, false],
        [2022, false],
      ]);
    });
  });
}
