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
import { readDocument } from "./content-store.server";
import { handlePageFormAction, loadPageForm } from "./page-forms.server";
import { fieldNames } from "./page-forms-fields";
import { pictureUploadRedirect } from "./page-forms-pictures.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** The form as the browser posts it: every field of `values`, then the extra fields. */
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
  describe(`the home form's pictures (${target.name})`, () => {
    const databases = useTestDatabases(target);

    async function setUp() {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "editor-1", email: "editor@example.com" });
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "pictures-"));
      roots.push(root);
      const deps: MediaDependencies = {
        db: database.db,
        storage: createLocalFileStorage(root),
        logger: silentLogger,
        admission: uploadAdmission(database, silentLogger),
      };
      // The upload without JavaScript: the route names the purpose, the form sends only the file.
      const upload = (bytes: Buffer, name: string, type: string) =>
        receiveImageUpload(deps, uploadRequest(multipartBody({}, { name, type, bytes })), {
          purpose: "carousel",
          actor: { id: "editor-1" },
        });
      return { db: database.db, upload };
    }

    it("adds a picture uploaded without JavaScript to the form, unsaved, then saves it described", async () => {
      const { db, upload } = await setUp();
      const stored = await upload(
        await makePhoto({ width: 900, height: 600 }),
        "a.jpg",
        "image/jpeg",
      );
      expect(stored.ok).toBe(true);
      const back = new URL(pictureUploadRedirect("home", stored), "http://localhost");
      expect(back.pathname).toBe("/user-data/content/home");

      const form = await loadPageForm(db, "home", back.searchParams);
      const id = stored.ok ? stored.value.id : "";
      expect(form.values.carousel).toEqual([{ media: id, alt: "", caption: "" }]);
      // The largest variant the carousel makes at or below the picture's own width.
      expect(form.pictures[id]).toMatchObject({ width: 800, height: 533 });
      expect(form.notice?.tone).toBe("success");
      // Nothing is in the draft until the editor saves.
      expect((await readDocument(db, { kind: "home", key: "main" }))?.draft).not.toHaveProperty(
        "carousel",
      );

      const refused = await handlePageFormAction(
        db,
        "home",
        { id: "editor-1" },
        posted(form.values, { basedOn: form.basedOn, intent: "save" }),
      );
      expect(refused.errors["carousel.0.alt"]).toMatch(/^Describe what the photo shows/);
      expect(refused.pictures[id]).toBeDefined();

      const described = structuredClone(form.values);
      (described.carousel as Record<string, string>[])[0] = {
        media: id,
        alt: "A talk",
        caption: "",
      };
      const saved = await handlePageFormAction(
        db,
        "home",
        { id: "editor-1" },
        posted(described, { basedOn: form.basedOn, intent: "save" }),
      );
      expect(saved.message.tone).toBe("success");
      expect((await readDocument(db, { kind: "home", key: "main" }))?.draft).toMatchObject({
        carousel: [{ media: id, alt: "A talk" }],
      });
      // Coming back with the same id does not add it twice.
      expect((await loadPageForm(db, "home", back.searchParams)).values.carousel).toHaveLength(1);
    });

    it("says why a file was refused, in the form, and adds nothing", async () => {
      const { db, upload } = await setUp();
      const refused = await upload(await makeAbstractPdf(), "photo.jpg", "image/jpeg");
      expect(refused.ok).toBe(false);
      const back = new URL(pictureUploadRedirect("home", refused), "http://localhost");
      const form = await loadPageForm(db, "home", back.searchParams);
      expect(form.notice).toEqual({
        tone: "error",
        text: "The picture was not added. This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
      });
      expect(form.values.carousel).toEqual([]);
    });

    it("ignores ids that are not pictures of the list's purpose, and unknown refusals", async () => {
      const { db } = await setUp();
      const query = new URLSearchParams([
        ["added", "no-such-id"],
        ["refused", "<script>"],
      ]);
      const form = await loadPageForm(db, "home", query);
      expect(form.values.carousel).toEqual([]);
      expect(form.notice).toBeNull();
    });
  });
}
