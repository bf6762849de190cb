import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type MediaDependencies,
  receiveImageUpload,
} from "~/features/content-media/media-upload.server";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { uploadAdmission } from "~/lib/uploads/upload-admission.server";
import { makePhoto } from "../../../tests/support/image-fixtures";
import { multipartBody, uploadRequest } from "../../../tests/support/media-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  handleSeasonAction,
  loadSeasonEditor,
  type SeasonActionData,
  type SeasonEditorView,
} from "./board-season-editor.server";
import { memberFieldName, type SeasonFormValues } from "./board-season-form";
import { portraitUploadPath } from "./board-season-portraits";
import {
  portraitUploadRedirect,
  portraitUploadTarget,
  withUploadedPortrait,
} from "./board-season-portraits.server";
import { readDocument } from "./content-store.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const season = "2025-2026";
const ref = { kind: "board-season", key: season } as const;

/** The season form as the browser posts it, with the pressed button. */
function posted(view: SeasonEditorView, intent: string, change?: Record<string, string>) {
  const data = new FormData();
  data.append("season", view.values.season);
  data.append("basedOn", String(view.basedOn));
  view.values.members.forEach((member, index) => {
    for (const [field, value] of Object.entries(member)) {
      data.append(memberFieldName(index, field as "name"), value);
    }
  });
  for (const [name, value] of Object.entries(change ?? {})) data.set(name, value);
  data.append("intent", intent);
  return data;
}

/** The action's answer: its data, or where it redirected. */
async function answerOf(run: Promise<unknown>) {
  try {
    const answer = (await run) as { data: SeasonActionData };
    return { data: answer.data, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { data: null, location: thrown.headers.get("Location") };
  }
}

for (const target of testDatabaseTargets()) {
  describe(`a member's portrait uploaded without JavaScript (${target.name})`, () => {
    const databases = useTestDatabases(target);

    async function setUp() {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "editor-1", email: "editor@example.com" });
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "portraits-"));
      roots.push(root);
      const deps: MediaDependencies = {
        db: database.db,
        storage: createLocalFileStorage(root),
        logger: silentLogger,
        admission: uploadAdmission(database, silentLogger),
      };
      const { db } = database;
      const view = await loadSeasonEditor(db, season);
      if (!view) throw new Error("the shipped season is missing");
      /** The route's work: the target from its address, the upload, the redirect back. */
      const upload = async (
        index: number,
        file: { bytes: Buffer; name: string; type: string } | Request,
        purpose: "portrait" | "carousel" = "portrait",
      ) => {
        const address = new URL(
          portraitUploadPath(season, index, view.values.members[index]?.id ?? ""),
          "http://localhost",
        );
        const aimed = await portraitUploadTarget(
          db,
          address.pathname.split("/")[4],
          address.searchParams,
        );
        if (!aimed) throw new Error("the upload's address was refused");
        const request = file instanceof Request ? file : uploadRequest(multipartBody({}, file), {});
        const result = await receiveImageUpload(deps, request, {
          purpose,
          actor: { id: "editor-1" },
        });
        return { result, back: new URL(portraitUploadRedirect(aimed, result), "http://localhost") };
      };
      const photo = async () => ({
        bytes: await makePhoto({ width: 640, height: 480 }),
        name: "ana.jpg",
        type: "image/jpeg",
      });
      return { db, view, upload, photo };
    }

    it("puts the portrait on the member it was for, alt text prefilled, unsaved; saved with the form", async () => {
      const { db, view, upload, photo } = await setUp();
      const draftBefore = (await readDocument(db, ref))?.draft;
      const { result, back } = await upload(2, await photo());
      expect(result.ok).toBe(true);
      const id = result.ok ? result.value.id : "";
      expect(back.pathname).toBe(`/user-data/content/board/${season}`);
      expect(back.searchParams.get("member")).toBe("2");

      const form = await loadSeasonEditor(db, season, back.searchParams);
      const member = form?.values.members[2];
      const name = view.values.members[2]?.name;
      expect([member?.portraitMedia, member?.portraitAlt]).toEqual([id, `Portrait of ${name}`]);
      // Nobody else's portrait changed.
      expect(form?.values.members.filter((other) => other.portraitMedia === id)).toHaveLength(1);
      expect(form?.portraits[id]).toMatchObject({ width: 400, height: 400 });
      expect(form?.portraitMessage).toMatchObject({ index: 2, tone: "success" });
      expect(form?.portraitMessage?.text).toContain(`The portrait of ${name} was uploaded`);
      expect(form?.focus).toBe("members.2.portraitAlt");
      expect(form?.formKey).not.toBe(view.formKey);
      // Nothing is in the draft until the editor saves.
      expect((await readDocument(db, ref))?.draft).toEqual(draftBefore);

      if (!form) throw new Error("no form");
      const saved = await answerOf(
        handleSeasonAction(db, { id: "editor-1" }, season, posted(form, "save")),
      );
      expect(saved.location).toBe(`/user-data/content/board/${season}?saved=1`);
      const draft = (await readDocument(db, ref))?.draft as SeasonFormValues & {
        members: { portrait?: unknown }[];
      };
      expect(draft.members[2]?.portrait).toEqual({ media: id, alt: `Portrait of ${name}` });

      // Replacing it: a new picture, the alt text prefilled again.
      const again = await upload(2, {
        ...(await photo()),
        bytes: await makePhoto({ width: 700, height: 500 }),
      });
      const replaced = await loadSeasonEditor(db, season, again.back.searchParams);
      const newId = again.result.ok ? again.result.value.id : "";
      expect(newId).not.toBe(id);
      expect(replaced?.values.members[2]?.portraitMedia).toBe(newId);

      // Removing it without JavaScript: a button of the season form, unsaved until "Save draft".
      const reloaded = await loadSeasonEditor(db, season);
      if (!reloaded) throw new Error("no form");
      const removed = await answerOf(
        handleSeasonAction(db, { id: "editor-1" }, season, posted(reloaded, "remove-portrait:2")),
      );
      expect(removed.data?.values.members[2]).toMatchObject({ portraitMedia: "", portraitAlt: "" });
      expect(removed.data?.values.members[2]?.name).toBe(name);
      expect(removed.data?.message).toBe(
        `The portrait of ${name} was removed. Not saved yet: press “Save draft” when you are done.`,
      );
      expect(removed.data?.tone).toBe("notice");
      expect(removed.data?.focus).toBe("members.2.portraitFile");
      const stillSaved = (await readDocument(db, ref))?.draft as typeof draft | undefined;
      expect(stillSaved?.members[2]?.portrait).toEqual({
        media: id,
        alt: `Portrait of ${name}`,
      });
      // A member without a portrait has none to remove.
      const none = await answerOf(
        handleSeasonAction(db, { id: "editor-1" }, season, posted(reloaded, "remove-portrait:0")),
      );
      expect(none.data?.message).toBe("That change is not possible: nothing was changed.");
    });

    it("says beside the member's portrait why a file was refused, and changes nothing", async () => {
      const { db, view, upload } = await setUp();
      const cases: [string, Parameters<typeof upload>[1], string][] = [
        [
          "a PDF named .jpg",
          { bytes: await makeAbstractPdf(), name: "photo.jpg", type: "image/jpeg" },
          "The portrait was not added. This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
        ],
        [
          "a 20 MB file",
          {
            // A real photo's header, then 20 MB more: refused while it streams, at the 15 MB cap.
            bytes: Buffer.concat([
              await makePhoto({ width: 320, height: 240 }),
              Buffer.alloc(20 * 1024 * 1024),
            ]),
            name: "huge.jpg",
            type: "image/jpeg",
          },
          "The portrait was not added. This file is larger than 15 MB. Export it at a smaller size (a photo 3,000 pixels wide is about 2 MB) and upload it again.",
        ],
        [
          "a post that is not multipart",
          new Request("http://localhost/", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "intent=save",
          }),
          "The portrait was not added. No file was chosen. Choose a file, then upload it.",
        ],
      ];
      for (const [what, file, text] of cases) {
        const { result, back } = await upload(1, file);
        expect(result.ok, what).toBe(false);
        expect(back.searchParams.has("added"), what).toBe(false);
        const form = await loadSeasonEditor(db, season, back.searchParams);
        expect(form?.portraitMessage?.index, what).toBe(1);
        expect(form?.portraitMessage?.tone, what).toBe("error");
        expect(form?.portraitMessage?.text, what).toBe(text);
        expect(form?.focus, what).toBe("members.1.portraitFile");
        expect(form?.values, what).toEqual(view.values);
      }
    });

    it("adds nothing for a member not in the saved season, a bad place, or a picture made for something else", async () => {
      const { db, view, upload, photo } = await setUp();
      const { result } = await upload(0, await photo());
      const id = result.ok ? result.value.id : "";
      const load = (query: Record<string, string>) =>
        loadSeasonEditor(db, season, new URLSearchParams(query));
      const firstId = view.values.members[0]?.id ?? "";

      for (const member of ["abc", "-1", "1000", ""]) {
        const form = await load({ member, id: firstId, added: id });
        expect(form?.values, member).toEqual(view.values);
        expect(form?.portraitMessage?.index, member).toBeNull();
        expect(form?.portraitMessage?.text, member).toMatch(/not in the saved season/);
      }
      const nobody = await load({ member: "0", id: "nobody-here", added: id });
      expect(nobody?.values).toEqual(view.values);
      expect(nobody?.portraitMessage?.text).toMatch(/not in the saved season/);

      // The member moved (unsaved, or a colleague saved): found by their id.
      const moved = await load({ member: "5", id: firstId, added: id });
      expect(moved?.values.members[0]?.portraitMedia).toBe(id);
      expect(moved?.values.members[5]?.portraitMedia).toBe(view.values.members[5]?.portraitMedia);
      expect(moved?.focus).toBe("members.0.portraitAlt");

      // A carousel picture, or an id that is no media, is never a portrait: ignored.
      const carousel = await upload(1, await photo(), "carousel");
      const carouselId = carousel.result.ok ? carousel.result.value.id : "";
      for (const added of [carouselId, "no-such-media"]) {
        const form = await load({ member: "1", id: view.values.members[1]?.id ?? "", added });
        expect(form?.values, added).toEqual(view.values);
        expect(form?.portraitMessage, added).toBeNull();
      }
      // Unknown refusal reasons are not read from the address.
      const crafted = await load({ member: "1", id: firstId, refused: "<script>" });
      expect(crafted?.portraitMessage).toBeNull();
      expect(
        (await withUploadedPortrait(db, view.values, new URLSearchParams())).message,
      ).toBeNull();
    });

    it("refuses an upload address our pages never make, before anything is stored", async () => {
      const { db, view } = await setUp();
      const firstId = view.values.members[0]?.id ?? "";
      const aim = (seasonKey: string | undefined, query: Record<string, string>) =>
        portraitUploadTarget(db, seasonKey, new URLSearchParams(query));
      expect(await aim(season, { member: "3", id: firstId })).toEqual({
        season,
        index: 3,
        memberId: firstId,
      });
      expect(await aim("1990-1991", { member: "0", id: firstId })).toBeNull();
      expect(await aim("..%2f2025-2026", { member: "0", id: firstId })).toBeNull();
      expect(await aim(undefined, { member: "0", id: firstId })).toBeNull();
      expect(await aim(season, { member: "x", id: firstId })).toBeNull();
      expect(await aim(season, { member: "60", id: firstId })).toBeNull();
      expect(await aim(season, { id: firstId })).toBeNull();
      expect(await aim(season, { member: "0" })).toBeNull();
      expect(await aim(season, { member: "0", id: "<b>" })).toBeNull();
    });
  });
}
