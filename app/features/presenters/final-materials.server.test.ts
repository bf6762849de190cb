import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/content/editions";
import type { SubmissionDependencies } from "~/features/submissions/submissions.server";
import { readAppSetting } from "~/lib/app-settings.server";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { sweepOrphanedFiles } from "~/lib/storage/orphan-sweep.server";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { finalMaterialFileOwner } from "./final-material-storage.server";
import { receiveFinalMaterialUpload, setMaterialConsent } from "./final-material-upload.server";
import {
  conferenceDayEnd,
  listMaterialsForAdmin,
  listPublishedMaterials,
  loadPresenterMaterials,
  openFinalMaterialFile,
} from "./final-materials.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const edition = { ...getCurrentEdition(), year: 2025, date: "2025-05-17" };
const future = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const past = new Date(Date.now() - 3600 * 1000).toISOString();

function setUp(database: TestDatabase): SubmissionDependencies {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "uls-materials-"));
  folders.push(root);
  return { db: database.db, storage: createLocalFileStorage(root), logger: silentLogger };
}

function uploadRequest(bytes: Buffer, options: { mayPublish?: boolean; fileName?: string } = {}) {
  const form = new FormData();
  if (options.mayPublish) form.set("mayPublish", "yes");
  form.set(
    "material",
    new File([new Uint8Array(bytes)], options.fileName ?? "slides.pdf", {
      type: "application/pdf",
    }),
  );
  return new Request("http://localhost/sculc/final-materials", { method: "POST", body: form });
}

async function storedKeys(deps: SubmissionDependencies): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of deps.storage.list("materials/")) keys.push(file.key);
  return keys;
}

for (const target of testDatabaseTargets()) {
  describe(`final materials on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready(options: { materialsDue?: string } = {}) {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "ada", email: "ada@example.edu", firstName: "Ada" });
      await insertTestUser(database, { id: "eve", email: "eve@example.edu" });
      await database.db
        .insertInto("presenter_settings")
        .values({
          edition_year: 2025,
          confirm_by: null,
          materials_due: options.materialsDue ?? future,
          updated_at: new Date().toISOString(),
          updated_by: null,
        })
        .execute();
      const deps = setUp(database);
      return { database, deps };
    }

    /** An abstract of Ada's in the given state (accepted, released, confirmed by default). */
    async function abstract(
      database: TestDatabase,
      state: {
        decision?: "accepted" | "rejected";
        released?: boolean;
        attendance?: "confirmed" | "declined" | null;
        acceptedAs?: "talk" | "poster";
        title?: string;
      } = {},
    ) {
      const { id } = await insertTestSubmission(database, {
        userId: "ada",
        decision: state.decision ?? "accepted",
      });
      await database.db
        .updateTable("submission")
        .set({
          title: state.title ?? "Tone sandhi in Tài Lue̍",
          released_at: state.released === false ? null : new Date().toISOString(),
          attendance: state.attendance === undefined ? "confirmed" : state.attendance,
          accepted_as: state.acceptedAs ?? "talk",
        })
        .where("id", "=", id)
        .execute();
      const yes = database.dialect === "postgres" ? true : 1;
      const no = database.dialect === "postgres" ? false : 0;
      await database.db
        .insertInto("submission_author")
        .values([
          {
            submission_id: id,
            position: 0,
            user_id: "ada",
            name: "Ada Ŋwɛ̃",
            affiliation: "UCLA",
            email: null,
            is_presenter: yes,
          },
          {
            submission_id: id,
            position: 1,
            user_id: null,
            name: "Co Author",
            affiliation: "USC",
            email: null,
            is_presenter: no,
          },
        ])
        .execute();
      return id;
    }

    const upload = (
      deps: SubmissionDependencies,
      submissionId: string,
      bytes: Buffer,
      options: { userId?: string; mayPublish?: boolean; fileName?: string } = {},
    ) =>
      receiveFinalMaterialUpload(deps, uploadRequest(bytes, options), {
        userId: options.userId ?? "ada",
        submissionId,
        edition,
        maxBytes: 1_000_000,
        maxPages: 150,
      });

    it("stores a confirmed presenter's slides with their consent, and marks public pages changed", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database);
      const before = await readAppSetting(deps.db, "public-pages-revision");
      const pdf = await makeAbstractPdf();
      expect(
        await upload(deps, id, pdf, { mayPublish: true, fileName: "Fïnal “slides”.pdf" }),
      ).toEqual({
        ok: true,
        value: { replaced: false },
      });
      const row = await deps.db.selectFrom("final_material").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        submission_id: id,
        kind: "slides",
        file_name: "Fïnal “slides”.pdf",
      });
      expect(Boolean(row.may_publish)).toBe(true);
      expect(row.storage_key).toMatch(new RegExp(`^materials/${id}/[0-9a-f-]{36}\\.pdf$`));
      expect(await deps.storage.read(row.storage_key)).toEqual(pdf);
      expect(await readAppSetting(deps.db, "public-pages-revision")).not.toBe(before);
    });

    it("calls a poster's material a poster", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database, { acceptedAs: "poster" });
      await upload(deps, id, await makeAbstractPdf());
      const row = await deps.db.selectFrom("final_material").selectAll().executeTakeFirstOrThrow();
      expect(row.kind).toBe("poster");
      expect(Boolean(row.may_publish)).toBe(false);
    });

    it.each([
      ["another user", { userId: "eve" }, {}, "not-found"],
      ["an unreleased decision", {}, { released: false }, "not-presenter"],
      ["a rejected abstract", {}, { decision: "rejected" as const }, "not-presenter"],
      ["no answer yet", {}, { attendance: null }, "not-confirmed"],
      ["a declined invitation", {}, { attendance: "declined" as const }, "not-confirmed"],
    ])("refuses %s and stores nothing", async (_name, uploader, state, reason) => {
      const { database, deps } = await ready();
      const id = await abstract(database, state);
      const outcome = await upload(deps, id, await makeAbstractPdf(), uploader);
      expect(outcome).toMatchObject({ ok: false, reason });
      expect(await storedKeys(deps)).toEqual([]);
      expect(await deps.db.selectFrom("final_material").selectAll().execute()).toEqual([]);
    });

    it("refuses uploads and consent changes after the materials are due", async () => {
      const { database, deps } = await ready({ materialsDue: past });
      const id = await abstract(database);
      expect(await upload(deps, id, await makeAbstractPdf())).toMatchObject({
        ok: false,
        reason: "closed",
      });
      expect(
        await setMaterialConsent(deps.db, {
          userId: "ada",
          submissionId: id,
          mayPublish: true,
          edition,
        }),
      ).toEqual({ ok: false, reason: "closed" });
      expect(await storedKeys(deps)).toEqual([]);
    });

    it("refuses a file that is not a PDF, as abstracts are refused", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database);
      expect(await upload(deps, id, Buffer.from("<html>no</html>"))).toMatchObject({
        ok: false,
        reason: "not-a-pdf",
      });
      expect(await storedKeys(deps)).toEqual([]);
    });

    it("replaces the material: the new row and file, and the old file deleted", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database);
      await upload(deps, id, await makeAbstractPdf({ words: 10 }), { mayPublish: true });
      const first = await deps.db
        .selectFrom("final_material")
        .selectAll()
        .executeTakeFirstOrThrow();
      const second = await makeAbstractPdf({ words: 40 });
      expect(await upload(deps, id, second, { fileName: "v2.pdf" })).toEqual({
        ok: true,
        value: { replaced: true },
      });
      const rows = await deps.db.selectFrom("final_material").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ file_name: "v2.pdf" });
      expect(Boolean(rows[0]?.may_publish)).toBe(false);
      expect(await storedKeys(deps)).toEqual([rows[0]?.storage_key]);
      expect(await deps.storage.open(first.storage_key)).toBeNull();
      expect(await deps.storage.read(rows[0]?.storage_key ?? "")).toEqual(second);
    });

    it("changes consent for the presenter only, and only once something is uploaded", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database);
      const consent = (userId: string, mayPublish: boolean) =>
        setMaterialConsent(deps.db, { userId, submissionId: id, mayPublish, edition });
      expect(await consent("ada", true)).toEqual({ ok: false, reason: "none" });
      await upload(deps, id, await makeAbstractPdf());
      expect(await consent("eve", true)).toEqual({ ok: false, reason: "not-found" });
      const before = await readAppSetting(deps.db, "public-pages-revision");
      expect(await consent("ada", true)).toEqual({ ok: true });
      expect(await readAppSetting(deps.db, "public-pages-revision")).not.toBe(before);
      const state = await loadPresenterMaterials(deps.db, { userId: "ada", edition });
      expect(state?.isOpen).toBe(true);
      expect(state?.items).toEqual([
        expect.objectContaining({
          submissionId: id,
          kind: "slides",
          isConfirmed: true,
          material: expect.objectContaining({ mayPublish: true }),
        }),
      ]);
    });

    it("tells an unconfirmed presenter whether confirming is still possible: before the date or reopened, not after", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database, { attendance: null });
      const canStillConfirm = async () =>
        (await loadPresenterMaterials(deps.db, { userId: "ada", edition }))?.items[0]
          ?.canStillConfirm;
      // The confirm-by date is the content's, in April 2025: passed.
      expect(await canStillConfirm()).toBe(false);
      await database.db
        .updateTable("submission")
        .set({ attendance_reopened_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      expect(await canStillConfirm()).toBe(true);
      await database.db
        .updateTable("submission")
        .set({ attendance_reopened_at: null })
        .where("id", "=", id)
        .execute();
      await database.db.updateTable("presenter_settings").set({ confirm_by: future }).execute();
      expect(await canStillConfirm()).toBe(true);
      await database.db.updateTable("presenter_settings").set({ confirm_by: past }).execute();
      expect(await canStillConfirm()).toBe(false);
      expect(
        (await loadPresenterMaterials(deps.db, { userId: "ada", edition }))?.organizersEmail,
      ).toBe(edition.abstracts?.acceptance.materialsEmail);
    });

    it("publishes consented materials of confirmed presenters once the conference day is over", async () => {
      const { database, deps } = await ready();
      const published = await abstract(database, { title: "Published one" });
      const privateOne = await abstract(database, { title: "Kept private" });
      await upload(deps, published, await makeAbstractPdf(), { mayPublish: true });
      await upload(deps, privateOne, await makeAbstractPdf());
      const dayEnd = new Date(conferenceDayEnd("2025-05-17"));
      expect(dayEnd.toISOString()).toBe("2025-05-18T07:00:00.000Z");
      expect(
        await listPublishedMaterials(deps.db, edition, new Date(dayEnd.getTime() - 1)),
      ).toEqual([]);
      expect(await listPublishedMaterials(deps.db, edition, dayEnd)).toEqual([
        {
          submissionId: published,
          title: "Published one",
          kind: "slides",
          presenters: [{ name: "Ada Ŋwɛ̃", institution: "UCLA" }],
        },
      ]);
      // A presenter who later declines is no longer shown.
      await deps.db
        .updateTable("submission")
        .set({ attendance: "declined" })
        .where("id", "=", published)
        .execute();
      expect(await listPublishedMaterials(deps.db, edition)).toEqual([]);
    });

    it("serves a material to its presenter, admins (audited) and, once published, everyone", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database);
      await upload(deps, id, await makeAbstractPdf());
      const open = async (viewer: { id: string; isAdmin: boolean } | null, date = "2025-05-17") => {
        const file = await openFinalMaterialFile(deps, {
          submissionId: id,
          viewer,
          editionDateOf: () => date,
        });
        // Read to the end, so no open file outlives the test's folder.
        if (file) for await (const _chunk of file.body);
        return file && { isPublished: file.isPublished, audit: file.audit };
      };
      expect(await open(null)).toBeNull();
      expect(await open({ id: "eve", isAdmin: false })).toBeNull();
      expect(await open({ id: "ada", isAdmin: false })).toEqual({
        isPublished: false,
        audit: null,
      });
      expect(await open({ id: "eve", isAdmin: true })).toEqual({
        isPublished: false,
        audit: { userId: "ada" },
      });
      await setMaterialConsent(deps.db, {
        userId: "ada",
        submissionId: id,
        mayPublish: true,
        edition,
      });
      expect(await open(null)).toEqual({ isPublished: true, audit: null });
      // Before the conference day has passed, consent alone does not publish it.
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
      expect(await open(null, tomorrow)).toBeNull();
    });

    it("lists every accepted abstract for admins, with or without material", async () => {
      const { database, deps } = await ready();
      const withMaterial = await abstract(database, { title: "With" });
      await abstract(database, { title: "Without", attendance: null });
      await abstract(database, { title: "Rejected", decision: "rejected" });
      await abstract(database, { title: "Staged", released: false });
      await upload(deps, withMaterial, await makeAbstractPdf(), { mayPublish: true });
      const rows = await listMaterialsForAdmin(deps.db, 2025);
      expect(
        rows.map((row) => [row.title, Boolean(row.material), row.material?.mayPublish]),
      ).toEqual([
        ["With", true, true],
        ["Without", false, undefined],
      ]);
    });

    it("sweeps material files no row references", async () => {
      const { database, deps } = await ready();
      const id = await abstract(database);
      await upload(deps, id, await makeAbstractPdf());
      await deps.storage.put("materials/orphan/left.pdf", Readable.from([Buffer.from("%PDF-")]), {
        contentType: "application/pdf",
      });
      const { removed } = await sweepOrphanedFiles(deps, [finalMaterialFileOwner(deps.db)], {
        graceMs: 0,
      });
      expect(removed).toEqual(["materials/orphan/left.pdf"]);
      expect(await storedKeys(deps)).toHaveLength(1);
    });
  });
}
