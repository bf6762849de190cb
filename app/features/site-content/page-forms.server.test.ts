import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/shipped-content";
import { singleDocumentKey } from "~/content/site-content";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { listVersions } from "./content-history.server";
import { readDocument } from "./content-store.server";
import { handlePageFormAction, loadPageForm } from "./page-forms.server";
import { fieldNames, pageFormShapes, valuesFromDocument } from "./page-forms-fields";
import { readPublishedContent } from "./published-content.server";

const editor = { id: "editor-1" };
const homeRef = { kind: "home", key: singleDocumentKey } as const;

/** The form as the browser posts it: every field of `values`, then the hidden revision and button. */
function posted(values: unknown, extra: Record<string, string>): FormData {
  const data = new FormData();
  for (const name of fieldNames(values as never)) {
    let node: unknown = values;
    for (const part of name.split(".")) node = (node as Record<string, unknown>)[part];
    data.append(name, String(node));
  }
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  return data;
}

for (const target of testDatabaseTargets()) {
  describe(`page forms on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("saves the home page as a draft, then publishes it", async () => {
      const { db } = await databases.openMigrated();
      const form = await loadPageForm(db, "home");
      expect(form.values.tagline).toBe(shippedContent.home.tagline);
      const values = { ...form.values, tagline: "  Words, words, words.  " };
      const saved = await handlePageFormAction(
        db,
        "home",
        editor,
        posted(values, { basedOn: form.basedOn, intent: "save" }),
      );
      expect(saved.message.tone).toBe("success");
      expect(saved.values.tagline).toBe("Words, words, words.");
      expect((await readPublishedContent(db, "r")).home.tagline).toBe(shippedContent.home.tagline);

      const published = await handlePageFormAction(
        db,
        "home",
        editor,
        posted(saved.values, { basedOn: saved.basedOn, intent: "publish" }),
      );
      expect(published.message).toEqual({
        tone: "success",
        text: "Published successfully: visitors see this version now.",
      });
      expect((await readPublishedContent(db, "r")).home.tagline).toBe("Words, words, words.");
      expect((await listVersions(db, homeRef))[0]?.summary).toBe("Changed the tagline");
    });

    it("refuses an empty field beside it, stores nothing and keeps what was typed", async () => {
      const { db } = await databases.openMigrated();
      const form = await loadPageForm(db, "home");
      const values = { ...form.values, tagline: " ", about: "Typed <b>about</b>" };
      const result = await handlePageFormAction(
        db,
        "home",
        editor,
        posted(values, { basedOn: form.basedOn, intent: "publish" }),
      );
      expect(result.message.tone).toBe("error");
      expect(result.errors).toEqual({ tagline: "Fill this in." });
      expect(result.values.about).toBe("Typed <b>about</b>");
      expect(result.basedOn).toBe(form.basedOn);
      const stored = await readDocument(db, homeRef);
      expect(stored?.draftRevision).toBe(Number(form.basedOn));
      expect(stored?.draft).toEqual(shippedContent.home);
    });

    it("refuses a save over another tab's save, keeping the typed text and basing it on theirs", async () => {
      const { db } = await databases.openMigrated();
      const form = await loadPageForm(db, "home");
      const first = await handlePageFormAction(
        db,
        "home",
        editor,
        posted({ ...form.values, tagline: "First tab" }, { basedOn: form.basedOn }),
      );
      expect(first.message.tone).toBe("success");
      const second = await handlePageFormAction(
        db,
        "home",
        editor,
        posted({ ...form.values, tagline: "Second tab" }, { basedOn: form.basedOn }),
      );
      expect(second.message.tone).toBe("error");
      expect(second.message.text).toMatch(/^Someone else saved this page/);
      expect(second.values.tagline).toBe("Second tab");
      expect(second.basedOn).toBe(first.basedOn);
      expect((await readDocument(db, homeRef))?.draft).toMatchObject({ tagline: "First tab" });

      const again = await handlePageFormAction(
        db,
        "home",
        editor,
        posted(second.values, { basedOn: second.basedOn }),
      );
      expect(again.message.tone).toBe("success");
      expect((await readDocument(db, homeRef))?.draft).toMatchObject({ tagline: "Second tab" });
    });

    it("adds an event row without storing it, saving what was typed with it", async () => {
      const { db } = await databases.openMigrated();
      const form = await loadPageForm(db, "events");
      const added = await handlePageFormAction(
        db,
        "events",
        editor,
        posted(form.values, { basedOn: form.basedOn, intent: "add:events" }),
      );
      expect(added.message.tone).toBe("success");
      expect(added.values.events).toHaveLength(1);
      const event = {
        id: "",
        title: "Phonetics workshop",
        date: "2026-03-04",
        startTime: "17:00",
        endTime: "16:00",
        place: "Room 2",
        href: "javascript:alert(1)",
      };
      const refused = await handlePageFormAction(
        db,
        "events",
        editor,
        posted({ events: [event] }, { basedOn: added.basedOn }),
      );
      expect(refused.errors).toEqual({
        "events.0.endTime": "The end time must be after the start time.",
        "events.0.href":
          "Give a page of this site, like /naclo, or a full address starting with https://",
      });
      expect((await readDocument(db, { kind: "events", key: singleDocumentKey }))?.draft).toEqual({
        events: [],
      });
      const saved = await handlePageFormAction(
        db,
        "events",
        editor,
        posted(
          { events: [{ ...event, endTime: "18:30", href: "/naclo" }] },
          { basedOn: added.basedOn },
        ),
      );
      expect(saved.message.tone).toBe("success");
      expect(saved.values.events).toEqual([
        { ...event, id: "phonetics-workshop-2026-03-04", endTime: "18:30", href: "/naclo" },
      ]);
    });

    it("removes and moves the footer's social links, saving each change as the draft", async () => {
      const { db } = await databases.openMigrated();
      const form = await loadPageForm(db, "footer");
      const labels = async () => {
        const stored = await readDocument(db, { kind: "settings", key: singleDocumentKey });
        const draft = stored?.draft as { social: { label: string }[] } | undefined;
        return draft?.social.map((link) => link.label);
      };
      const moved = await handlePageFormAction(
        db,
        "footer",
        editor,
        posted(form.values, { basedOn: form.basedOn, intent: "down:social.0" }),
      );
      expect(await labels()).toEqual(["Discord", "Instagram", "LinkedIn"]);
      await handlePageFormAction(
        db,
        "footer",
        editor,
        posted(moved.values, { basedOn: moved.basedOn, intent: "remove:social.2" }),
      );
      expect(await labels()).toEqual(["Discord", "Instagram"]);
      const unknown = await handlePageFormAction(
        db,
        "footer",
        editor,
        posted(moved.values, { basedOn: moved.basedOn, intent: "remove:location" }),
      );
      expect(unknown.message.tone).toBe("error");
      expect(await labels()).toEqual(["Discord", "Instagram"]);
    });

    it("loads the stored NACLO draft with times as the time fields want them", async () => {
      const { db } = await databases.openMigrated();
      const form = await loadPageForm(db, "naclo");
      expect(form.values).toEqual(valuesFromDocument(pageFormShapes.naclo, shippedContent.naclo));
      expect((form.values.openRound as Record<string, string>).startTime).toBe("09:00");
      expect(form.publishedVersion).toBe(1);
      expect(form.hasUnpublishedChanges).toBe(false);
    });
  });
}
