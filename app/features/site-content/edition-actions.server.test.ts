import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { readDocument } from "./content-store.server";
import { handleEditionForm } from "./edition-actions.server";
import type { EditionDocument } from "./edition-next";
import { startNextEdition } from "./edition-start.server";
import { readPublishedContent } from "./published-content.server";

const organiser = { id: "organiser-1" };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

for (const target of testDatabaseTargets()) {
  describe(`edition editor on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function started() {
      const { db } = await databases.openMigrated();
      const current = (await readDocument(db, { kind: "edition", key: "2025" }))
        ?.draft as EditionDocument;
      expect(await startNextEdition(db, current, organiser)).toEqual({ ok: true, year: 2026 });
      const post = (scope: "edition" | number, fields: Record<string, string>) =>
        handleEditionForm(db, {
          year: 2026,
          scope: scope === "edition" ? { form: "edition" } : { form: "page", page: scope },
          actor: organiser,
          formData: form(fields),
        });
      const draft = async () =>
        (await readDocument(db, { kind: "edition", key: "2026" }))?.draft as EditionDocument;
      return { db, current, post, draft };
    }

    it("starts next year once, and says so when it was already started", async () => {
      const { db, current } = await started();
      expect(await startNextEdition(db, current, organiser)).toEqual({
        ok: false,
        reason: "exists",
        year: 2026,
      });
      // Nothing is public until published.
      const published = await readPublishedContent(db, "r");
      expect(published.editions[0]?.year).toBe(2025);
    });

    it("saves the posted fields, and refuses a bad one storing nothing and keeping the text", async () => {
      const { post, draft } = await started();
      const saved = await post("edition", { revision: "1", date: "2026-05-16", venue: "Hall B" });
      expect(saved).toMatchObject({ status: "saved", revision: 2 });
      expect(await draft()).toMatchObject({ date: "2026-05-16", venue: "Hall B" });

      const refused = await post("edition", {
        revision: "2",
        venue: "Hall C",
        startTime: "17:00",
        endTime: "09:00",
      });
      expect(refused).toMatchObject({
        status: "invalid",
        issues: { endTime: "The end time is after the start time." },
        revision: 2,
      });
      expect(refused?.tree).toMatchObject({ venue: "Hall C", startTime: "17:00" });
      expect((await draft()).venue).toBe("Hall B");
    });

    it("applies list buttons to what was posted and saves it", async () => {
      const { post, draft } = await started();
      const guidelines = (await draft()).abstracts?.guidelines ?? [];
      const fields = Object.fromEntries(
        guidelines.map((text, i) => [`abstracts.guidelines.${i}`, text]),
      );
      const added = await post("edition", {
        ...fields,
        revision: "1",
        venue: "Typed before adding",
        intent: "add-text:abstracts.guidelines",
      });
      expect(added?.status).toBe("saved");
      expect(
        (added?.tree?.abstracts as { guidelines: string[] } | undefined)?.guidelines,
      ).toHaveLength(guidelines.length + 1);
      expect((await draft()).venue).toBe("Typed before adding");

      const moved = await post("edition", {
        ...fields,
        [`abstracts.guidelines.${guidelines.length}`]: "A new last guideline.",
        revision: "2",
        intent: `up:abstracts.guidelines.${guidelines.length}`,
      });
      expect(moved?.status).toBe("saved");
      expect((await draft()).abstracts?.guidelines.at(-2)).toBe("A new last guideline.");
    });

    it("never changes the name of a program PDF, which only the site's files provide", async () => {
      const { db } = await databases.openMigrated();
      const ref = { kind: "edition" as const, key: "2025" };
      const before = await readDocument(db, ref);
      const sections = (before?.draft as EditionDocument | undefined)?.pages[0]?.sections ?? [];
      const index = sections.findIndex((section) => section.kind === "program-document");
      expect(index).toBeGreaterThan(-1);
      const answer = await handleEditionForm(db, {
        year: 2025,
        scope: { form: "edition" },
        actor: organiser,
        formData: form({
          revision: String(before?.draftRevision),
          [`pages.0.sections.${index}.file`]: "missing.pdf",
          venue: "Hall D",
        }),
      });
      expect(answer?.status).toBe("saved");
      const after = (await readDocument(db, ref))?.draft as EditionDocument;
      expect(after.venue).toBe("Hall D");
      expect(after.pages[0]?.sections[index]).toEqual(sections[index]);
    });

    it("refuses a save over someone else's, keeping the typed text", async () => {
      const { post, draft } = await started();
      await post("edition", { revision: "1", venue: "Theirs" });
      const mine = await post("edition", { revision: "1", venue: "Mine" });
      expect(mine).toMatchObject({ status: "stale", tree: { venue: "Mine" } });
      expect(mine?.message).toMatch(/Someone else saved this edition since you opened it/);
      expect((await draft()).venue).toBe("Theirs");
    });

    it("adds a page and a section, and publishes the edition as the current one", async () => {
      const { db, post, draft } = await started();
      const page = await post("edition", {
        revision: "1",
        intent: "add-page",
        newPageSlug: "travel",
        newPageNavLabel: "Travel",
        newPageTitle: "Getting to SCULC 2026",
        newPageDescription: "Directions, parking and transit to the conference.",
      });
      expect(page).toMatchObject({
        status: "saved",
        redirectTo: "/user-data/content/editions/2026/pages/1",
      });
      const again = await post("edition", {
        revision: "2",
        intent: "add-page",
        newPageSlug: "travel",
        newPageNavLabel: "Travel",
        newPageTitle: "Again",
        newPageDescription: "Again.",
      });
      expect(again?.issues).toEqual({
        newPageSlug: "Another page of this edition has this address.",
      });

      const section = await post(1, {
        revision: "2",
        intent: "add-section:pages.1.sections",
        newSectionKind: "links",
      });
      expect(section?.status).toBe("saved");
      const sections = (section?.tree?.pages as { sections: unknown[] }[] | undefined)?.[1]
        ?.sections;
      expect(sections).toHaveLength(2);
      expect((await draft()).pages[1]?.sections).toHaveLength(1);

      const published = await post("edition", { revision: "3", intent: "publish" });
      expect(published?.status).toBe("published");
      const content = await readPublishedContent(db, "r");
      expect(content.editions[0]).toMatchObject({ year: 2026, isCurrent: true });
    });

    it("moves a page among the others and removes it; the main page stays first", async () => {
      const { post, draft } = await started();
      const slugs = async () => (await draft()).pages.map((page) => page.slug);
      let revision = 1;
      for (const slug of ["travel", "venue"]) {
        await post("edition", {
          revision: String(revision++),
          intent: "add-page",
          newPageSlug: slug,
          newPageNavLabel: slug,
          newPageTitle: slug,
          newPageDescription: `About ${slug}.`,
        });
      }
      const before = await slugs();
      const last = before.length - 1;
      expect(before.slice(-2)).toEqual(["travel", "venue"]);
      expect(
        await post("edition", { revision: String(revision++), intent: `up:pages.${last}` }),
      ).toMatchObject({ status: "saved" });
      expect((await slugs()).slice(-2)).toEqual(["venue", "travel"]);
      // Nothing takes the main page's place, and the main page cannot be removed.
      for (const intent of ["up:pages.1", "remove:pages.0", "down:pages.0"]) {
        const refused = await post("edition", { revision: String(revision), intent });
        expect(refused?.status, intent).toBe("invalid");
        expect(refused?.issues, intent).toMatchObject({
          pages: "The first page is the main page.",
        });
      }
      expect(
        await post("edition", { revision: String(revision++), intent: `remove:pages.${last}` }),
      ).toMatchObject({ status: "saved" });
      expect(await slugs()).toEqual([...before.slice(0, -2), "venue"]);
    });
  });
}
