import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { uploadAdmission } from "~/lib/uploads/upload-admission.server";
import { makePhoto, pngHeaderBomb } from "../../../tests/support/image-fixtures";
import { multipartBody, uploadRequest } from "../../../tests/support/media-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { listMediaKeys, resolveMedia } from "./media-records.server";
import {
  type MediaDependencies,
  receiveImageUpload,
  storeContentDocument,
} from "./media-upload.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function filesUnder(root: string): string[] {
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    : [];
}

for (const target of testDatabaseTargets()) {
  describe(`editors' media uploads (${target.name})`, () => {
    const databases = useTestDatabases(target);

    async function setUp() {
      const database: TestDatabase = await databases.openMigrated();
      await insertTestUser(database, { id: "editor-1", email: "editor@example.com" });
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-"));
      roots.push(root);
      const deps: MediaDependencies = {
        db: database.db,
        storage: createLocalFileStorage(root),
        logger: silentLogger,
        admission: uploadAdmission(database, silentLogger),
      };
      const actor = { id: "editor-1" };
      const upload = (
        bytes: Buffer,
        options: { name?: string; type?: string; purpose?: string } = {},
      ) =>
        receiveImageUpload(
          deps,
          uploadRequest(
            multipartBody(
              { purpose: options.purpose ?? "photo" },
              { name: options.name ?? "photo.jpg", type: options.type ?? "image/jpeg", bytes },
            ),
          ),
          { actor },
        );
      const rows = () => database.db.selectFrom("media").selectAll().execute();
      return { database, deps, root, actor, upload, rows };
    }

    it("stores a phone photo's variants under content hashes, without its GPS, and resolves them", async () => {
      const { deps, root, upload, rows, database } = await setUp();
      const phone = await makePhoto({ width: 1600, height: 1200, withGps: true });
      const result = await upload(phone, { purpose: "photo" });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const media = result.value;
      expect(media).toMatchObject({ width: 1200, height: 900, contentType: "image/webp" });
      expect(media.srcSet).toMatch(
        /^\/media\/[0-9a-f]{64}\.webp 480w, \/media\/[0-9a-f]{64}\.webp 800w, \/media\/[0-9a-f]{64}\.webp 1200w$/,
      );
      expect(media.srcSet).toContain(`${media.src} 1200w`);
      // Only the variants remain: the uploaded original (with its EXIF) is gone.
      const files = filesUnder(root).filter((file) => !file.startsWith(".incoming"));
      expect(files.sort()).toEqual([...(await listMediaKeys(database.db))].sort());
      expect(files).toHaveLength(3);
      for (const file of files) {
        const bytes = fs.readFileSync(path.join(root, file));
        expect(file).toMatch(/^media\/[0-9a-f]{64}\.webp$/);
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(bytes.toString("latin1")).not.toMatch(/PhoneMaker|Jane Student/);
      }
      const [row] = await rows();
      expect(row).toMatchObject({
        purpose: "photo",
        content_type: "image/webp",
        // The uploaded picture's own size; pages get the largest variant's.
        width: 1600,
        height: 1200,
        uploaded_by: "editor-1",
        source_bytes: phone.length,
      });

      // The same picture again: the same media, nothing new stored.
      const again = await upload(phone, { purpose: "photo", name: "copy.jpeg" });
      expect(again.ok && again.value.id).toBe(media.id);
      expect(await rows()).toHaveLength(1);
      expect(filesUnder(root).filter((file) => !file.startsWith(".incoming"))).toHaveLength(3);

      // A page's pictures in one query; unknown ids are left out.
      const portrait = await upload(await makePhoto({ width: 800, height: 1000, format: "png" }), {
        purpose: "portrait",
        name: "face.png",
      });
      expect(portrait.ok).toBe(true);
      if (!portrait.ok) return;
      expect(portrait.value).toMatchObject({ width: 400, height: 400 });
      const resolved = await resolveMedia(deps.db, [media.id, portrait.value.id, "no-such-id"]);
      expect([...resolved.keys()].sort()).toEqual([media.id, portrait.value.id].sort());
      expect(resolved.get(portrait.value.id)?.srcSet).toMatch(/ 200w, .* 400w$/);
    }, 60_000);

    it("refuses each bad file with a message that says what it is and what to do, storing nothing", async () => {
      const { root, upload, rows } = await setUp();
      const whole = await makePhoto({ width: 1200, height: 900 });
      const heic = Buffer.alloc(4096);
      heic.write("\0\0\0\x18ftypheic", "latin1");
      const twentyMegabytes = Buffer.concat([whole, Buffer.alloc(20 * 1024 * 1024, 0x41)]);
      const cases: [string, Buffer, RegExp][] = [
        [
          "a .jpg that is a PDF",
          await makeAbstractPdf(),
          /^This file is a PDF, not a photo\. Upload a JPEG, PNG or WebP picture\.$/,
        ],
        [
          "an SVG",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          /SVG drawing.*Export it as a PNG/,
        ],
        ["a GIF", Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(200)]), /is a GIF/],
        ["a HEIC photo", heic, /HEIC photo.*Upload it as a JPEG/],
        ["a truncated JPEG", whole.subarray(0, whole.length / 2), /damaged or incomplete/],
        [
          "a 12,000 x 12,000 PNG",
          await pngHeaderBomb(),
          /12,000 x 12,000 pixels \(144 megapixels\)/,
        ],
        ["a 20 MB photo", twentyMegabytes, /larger than 15 MB/],
        ["an empty file", Buffer.alloc(0), /empty/],
      ];
      for (const [name, bytes, message] of cases) {
        const result = await upload(bytes, { name: "holiday.jpg" });
        expect(result.ok, name).toBe(false);
        if (result.ok) continue;
        expect(result.field, name).toBe("file");
        expect(result.message, name).toMatch(message);
        expect(result.status, name).toBe(name === "a 20 MB photo" ? 413 : 400);
      }
      expect(await rows()).toEqual([]);
      expect(filesUnder(root).filter((file) => !file.startsWith(".incoming"))).toEqual([]);
      expect(filesUnder(path.join(root, ".incoming"))).toEqual([]);
    }, 60_000);

    it("makes one media of the same picture uploaded twice at once (by two editors)", async () => {
      const { deps, root, rows, database } = await setUp();
      await insertTestUser(database, { id: "editor-2", email: "editor2@example.com" });
      const photo = await makePhoto({ width: 900, height: 600 });
      const post = (id: string) =>
        receiveImageUpload(
          deps,
          uploadRequest(multipartBody({}, { name: "a.jpg", type: "image/jpeg", bytes: photo })),
          { actor: { id }, purpose: "photo" },
        );
      const [first, second] = await Promise.all([post("editor-1"), post("editor-2")]);
      expect(first.ok && second.ok).toBe(true);
      if (!first.ok || !second.ok) return;
      expect(second.value.id).toBe(first.value.id);
      expect(await rows()).toHaveLength(1);
      expect(
        filesUnder(root)
          .filter((file) => !file.startsWith(".incoming"))
          .sort(),
      ).toEqual([...(await listMediaKeys(database.db))].sort());
    }, 60_000);

    it("asks what the picture is for when the purpose is missing", async () => {
      const { upload, rows } = await setUp();
      const result = await upload(await makePhoto(), { purpose: "banner" });
      expect(result).toMatchObject({ ok: false, reason: "bad-purpose", field: "purpose" });
      expect(await rows()).toEqual([]);
    });

    it("gives back the form's text fields, refused or stored, so a form can be shown again", async () => {
      const { deps, actor } = await setUp();
      const post = (bytes: Buffer) =>
        receiveImageUpload(
          deps,
          uploadRequest(
            multipartBody(
              { purpose: "portrait", name: "Ada Lovelace", role: "President" },
              { name: "ada.jpg", type: "image/jpeg", bytes },
            ),
          ),
          { actor },
        );
      const refused = await post(await makeAbstractPdf());
      expect(refused.ok).toBe(false);
      expect(Object.fromEntries(refused.fields)).toEqual({
        purpose: "portrait",
        name: "Ada Lovelace",
        role: "President",
      });
      const stored = await post(await makePhoto({ width: 500, height: 600 }));
      expect(stored.ok).toBe(true);
      expect(stored.fields.get("name")).toBe("Ada Lovelace");
    }, 30_000);

    it("stores a program PDF after the abstracts' checks, once, and refuses a picture as one", async () => {
      const { deps, root, actor, rows } = await setUp();
      const pdf = await makeAbstractPdf({ words: 40 });
      const post = (bytes: Buffer, name: string) =>
        storeContentDocument(
          deps,
          uploadRequest(multipartBody({}, { name, type: "application/pdf", bytes })),
          { actor },
        );
      const stored = await post(pdf, "program.pdf");
      expect(stored.ok).toBe(true);
      if (!stored.ok) return;
      expect(stored.value).toMatchObject({ contentType: "application/pdf", pageCount: 1 });
      expect(stored.value.src).toMatch(/^\/media\/[0-9a-f]{64}\.pdf$/);
      expect(fs.readFileSync(path.join(root, stored.value.src.slice(1)))).toEqual(pdf);
      const again = await post(pdf, "program (1).pdf");
      expect(again.ok && again.value.id).toBe(stored.value.id);
      const notPdf = await post(await makePhoto(), "program.pdf");
      expect(notPdf).toMatchObject({ ok: false, reason: "not-a-pdf", field: "file" });
      expect(await rows()).toHaveLength(1);
      expect(filesUnder(root).filter((file) => !file.startsWith(".incoming"))).toEqual([
        stored.value.src.slice(1),
      ]);
    }, 60_000);
  });
}
