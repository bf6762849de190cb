import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  InsertQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { pdfInspectionLimits } from "~/lib/pdf/inspect-pdf.server";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { hostilePdfs } from "../../../tests/support/hostile-pdfs";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  deleteSubmission,
  getSubmissionStatus,
  listSubmissionsForUser,
  openSubmissionFile,
  receiveAbstractUpload,
  type SubmissionDependencies,
  sweepOrphanedFiles,
} from "./submissions.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function setUp(database: TestDatabase): SubmissionDependencies & { root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "uls-uploads-"));
  folders.push(root);
  return { db: database.db, storage: createLocalFileStorage(root), logger: silentLogger, root };
}

/** The details a valid submission posts before its file. */
const validDetails: Record<string, string> = {
  title: "Vowel harmony",
  format: "talk",
  presents: "yes",
};

function uploadRequest(
  bytes: Buffer | string,
  fileName: string,
  details: Record<string, string> = validDetails,
): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(details)) form.set(key, value);
  const part = typeof bytes === "string" ? bytes : new Uint8Array(bytes);
  form.set("abstract", new File([part], fileName, { type: "application/pdf" }));
  return new Request("http://localhost/sculc/submit-abstract", { method: "POST", body: form });
}

const upload = (
  deps: SubmissionDependencies,
  bytes: Buffer | string,
  fileName = "abstract.pdf",
  maxBytes = 1_000_000,
  limits: { maxPages?: number; maxSubmissionsPerUser?: number } = {},
) =>
  receiveAbstractUpload(deps, uploadRequest(bytes, fileName), {
    userId: "ada",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.edu",
    editionYear: 2025,
    maxBytes,
    maxPages: limits.maxPages ?? 20,
    maxSubmissionsPerUser: limits.maxSubmissionsPerUser ?? 10,
  });

async function storedKeys(deps: SubmissionDependencies): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of deps.storage.list("abstracts/")) keys.push(file.key);
  return keys;
}

/** Makes every insert into the submission table fail, as a database outage between store and commit would. */
const failSubmissionInserts: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs) {
    if (InsertQueryNode.is(node) && node.into?.table.identifier.name === "submission") {
      throw new Error("injected failure between storing and committing");
    }
    return node;
  },
  transformResult: async ({ result }: PluginTransformResultArgs) => result,
};

for (const target of testDatabaseTargets()) {
  describe(`abstract uploads on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await insertTestUser(database, {
        id: "ada",
        email: "ada@example.edu",
        firstName: "Ada",
        lastName: "Lovelace",
      });
      await insertTestUser(database, { id: "eve", email: "eve@example.edu" });
      return { database, deps: setUp(database) };
    }

    it("stores a valid PDF and records its size, hash, pages, words and the display name", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf({ words: 120 });
      const outcome = await upload(deps, pdf, "../../Phonology “draft”.pdf");
      expect(outcome).toMatchObject({ ok: true, warnings: [], wordCount: 120 });

      const row = await deps.db.selectFrom("submission").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        user_id: "ada",
        edition_year: 2025,
        file_name: "Phonology “draft”.pdf",
      });
      expect(Number(row.size_bytes)).toBe(pdf.length);
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(row.page_count)).toBe(1);
      expect(row.storage_key).toMatch(/^abstracts\/ada\/[0-9a-f-]{36}\.pdf$/);
      expect(await deps.storage.read(row.storage_key)).toEqual(pdf);
    });

    it("accepts an abstract over 500 words or naming its author, with warnings", async () => {
      const { deps } = await ready();
      const outcome = await upload(
        deps,
        await makeAbstractPdf({ words: 520, author: "Ada Lovelace" }),
      );
      expect(outcome).toMatchObject({ ok: true, warnings: ["over-word-limit", "names-author"] });
    });

    it.each([
      ["a text file named .pdf", Buffer.from("just some text\n"), "not-a-pdf"],
      ["an empty file", Buffer.alloc(0), "empty"],
      ["a PDF cut short", "truncated", "damaged"],
      ["a file over the limit", "oversized", "too-large"],
    ])("refuses %s and keeps nothing", async (_name, input, reason) => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf({ words: 3000 });
      const bytes =
        input === "truncated"
          ? pdf.subarray(0, Math.floor(pdf.length / 2))
          : input === "oversized"
            ? pdf
            : (input as Buffer);
      const outcome = await upload(
        deps,
        bytes,
        "abstract.pdf",
        input === "oversized" ? pdf.length - 1 : 1_000_000,
      );
      expect(outcome).toMatchObject({ ok: false, reason });
      expect(await deps.db.selectFrom("submission").select("id").execute()).toEqual([]);
      expect(await storedKeys(deps)).toEqual([]);
    });

    it("says no file when the form has none", async () => {
      const { deps } = await ready();
      const form = new FormData();
      for (const [key, value] of Object.entries(validDetails)) form.set(key, value);
      form.set("abstract", new File([], ""));
      const request = new Request("http://localhost/", { method: "POST", body: form });
      expect(
        await receiveAbstractUpload(deps, request, {
          userId: "ada",
          firstName: "",
          lastName: "",
          email: "ada@example.edu",
          editionYear: 2025,
          maxBytes: 1000,
          maxPages: 20,
          maxSubmissionsPerUser: 10,
        }),
      ).toMatchObject({ ok: false, reason: "no-file" });
    });

    it("leaves neither file nor row when committing fails after the file is stored", async () => {
      const { deps } = await ready();
      const failing = { ...deps, db: deps.db.withPlugin(failSubmissionInserts) };
      const outcome = await upload(failing, await makeAbstractPdf());
      expect(outcome).toMatchObject({ ok: false, reason: "error" });
      expect(await storedKeys(deps)).toEqual([]);
      expect(await deps.db.selectFrom("submission").select("id").execute()).toEqual([]);
    });

    it("deletes the row then the file, once; a second attempt (another tab) is told it is gone", async () => {
      const { deps } = await ready();
      const uploaded = await upload(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      expect(
        await deleteSubmission(deps, { userId: "eve", submissionId: uploaded.submissionId }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      const [first, second] = await Promise.all([
        deleteSubmission(deps, { userId: "ada", submissionId: uploaded.submissionId }),
        deleteSubmission(deps, { userId: "ada", submissionId: uploaded.submissionId }),
      ]);
      expect([first, second].filter((result) => result.ok)).toHaveLength(1);
      expect([first, second].find((result) => !result.ok)).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      expect(await storedKeys(deps)).toEqual([]);
    });

    it("opens a file for its owner and for admins only", async () => {
      const { deps } = await ready();
      const uploaded = await upload(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      const open = (viewerId: string, viewerIsAdmin: boolean) =>
        openSubmissionFile(deps, { submissionId: uploaded.submissionId, viewerId, viewerIsAdmin });
      const own = await open("ada", false);
      expect(own).toMatchObject({ fileName: "abstract.pdf" });
      expect(
        Buffer.concat((await own?.body.toArray()) ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      expect(await open("eve", false)).toBeNull();
      const admin = await open("eve", true);
      expect((await admin?.body.toArray())?.length).toBeGreaterThan(0);
    });

    it("derives applicant and presenter, ignoring decisions that are not released", async () => {
      const { deps } = await ready();
      expect(await getSubmissionStatus(deps.db, "ada", 2025)).toMatchObject({
        isApplicant: false,
        isPresenter: false,
      });
      const uploaded = await upload(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      expect(await getSubmissionStatus(deps.db, "ada", 2025)).toMatchObject({
        isApplicant: true,
        isPresenter: false,
      });
      expect(await getSubmissionStatus(deps.db, "ada", 2024)).toMatchObject({
        isApplicant: false,
        isPresenter: false,
      });

      const decide = (released: boolean) =>
        deps.db
          .updateTable("submission")
          .set({ decision: "accepted", released_at: released ? new Date().toISOString() : null })
          .where("id", "=", uploaded.submissionId)
          .execute();
      await decide(false);
      expect((await getSubmissionStatus(deps.db, "ada", 2025)).isPresenter).toBe(false);
      expect((await listSubmissionsForUser(deps.db, "ada", 2025))[0]?.releasedDecision).toBeNull();
      await decide(true);
      expect(await getSubmissionStatus(deps.db, "ada", 2025)).toMatchObject({
        isApplicant: true,
        isPresenter: true,
      });
      expect(
        await deleteSubmission(deps, { userId: "ada", submissionId: uploaded.submissionId }),
      ).toMatchObject({
        ok: false,
        reason: "decided",
      });
    });

    it("sweeps stored files that no row references, after a grace period", async () => {
      const { deps } = await ready();
      const uploaded = await upload(deps, await makeAbstractPdf());
      if (!uploaded.ok) throw new Error("upload failed");
      const { Readable } = await import("node:stream");
      await deps.storage.put("abstracts/ada/orphan.pdf", Readable.from([Buffer.from("%PDF-")]), {
        contentType: "application/pdf",
      });
      expect((await sweepOrphanedFiles(deps)).removed).toEqual([]);
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
      expect((await sweepOrphanedFiles(deps, { now: later })).removed).toEqual([
        "abstracts/ada/orphan.pdf",
      ]);
      expect(await storedKeys(deps)).toHaveLength(1);
    });

    it("refuses an abstract with more pages than the edition allows, keeping nothing", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf();
      expect(await upload(deps, pdf, "a.pdf", 1_000_000, { maxPages: 0 })).toMatchObject({
        ok: false,
        reason: "too-many-pages",
        pageCount: 1,
      });
      expect(await storedKeys(deps)).toEqual([]);
      expect(await listSubmissionsForUser(deps.db, "ada", 2025)).toEqual([]);
    });

    it("refuses a password-protected PDF and still takes the next one", async () => {
      const { deps } = await ready();
      const corpus = await hostilePdfs();
      const encrypted = corpus.find((file) => file.name === "password-protected");
      expect(await upload(deps, encrypted?.bytes ?? "")).toMatchObject({
        ok: false,
        reason: "encrypted",
      });
      expect(await upload(deps, await makeAbstractPdf())).toMatchObject({ ok: true });
      expect(await storedKeys(deps)).toHaveLength(1);
    }, 30_000);

    it("holds the per-user limit when one user sends 20 uploads at once", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          upload(deps, pdf, `a-${index}.pdf`, 1_000_000, { maxSubmissionsPerUser: 3 }),
        ),
      );
      const stored = outcomes.filter((outcome) => outcome.ok);
      expect(stored).toHaveLength(3);
      // The rest are refused at the limit, or (a few) because more PDFs arrived at once than the
      // inspection pool queues.
      const refusals = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.reason]));
      const overPoolBound = 20 - pdfInspectionLimits.threads - pdfInspectionLimits.queue;
      expect(refusals.filter((reason) => reason !== "busy").length).toBeGreaterThanOrEqual(
        17 - Math.max(0, overPoolBound),
      );
      expect(new Set(refusals)).toEqual(
        new Set(refusals.includes("busy") ? ["limit-reached", "busy"] : ["limit-reached"]),
      );
      expect(await listSubmissionsForUser(deps.db, "ada", 2025)).toHaveLength(3);
      // Refused uploads leave no file behind.
      expect(await storedKeys(deps)).toHaveLength(3);
      // Another user and another edition count separately.
      const eve = await receiveAbstractUpload(deps, uploadRequest(pdf, "e.pdf"), {
        userId: "eve",
        firstName: "",
        lastName: "",
        email: "eve@example.edu",
        editionYear: 2025,
        maxBytes: 1_000_000,
        maxPages: 20,
        maxSubmissionsPerUser: 3,
      });
      expect(eve).toMatchObject({ ok: true });
    }, 60_000);
  });
}
