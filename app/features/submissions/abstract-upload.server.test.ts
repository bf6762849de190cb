import {
  InsertQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from "kysely";
import { describe, expect, it } from "vitest";
import { pdfInspectionLimits } from "~/lib/pdf/inspect-pdf.server";
import {
  insertUploaders,
  storedKeys,
  uploadAbstract,
  uploadFoldersPerTest,
  uploadRequest,
  validDetails,
} from "../../../tests/support/abstract-uploads";
import { hostilePdfs } from "../../../tests/support/hostile-pdfs";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { receiveAbstractUpload } from "./abstract-upload.server";
import { listSubmissionsForUser } from "./submissions.server";

const setUp = uploadFoldersPerTest();

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
      await insertUploaders(database);
      return { database, deps: setUp(database) };
    }

    it("stores a valid PDF and records its size, hash, pages, words and the display name", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf({ words: 120 });
      const outcome = await uploadAbstract(deps, pdf, "../../Phonology “draft”.pdf");
      expect(outcome).toMatchObject({ ok: true, value: { warnings: [], wordCount: 120 } });

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
      // Beside it, the reviewers' copy: a different file of the same page.
      expect(row.reviewer_storage_key).toBe(row.storage_key.replace(/\.pdf$/, ".reviewer.pdf"));
      const copy = await deps.storage.read(row.reviewer_storage_key ?? "");
      expect(copy.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(copy).not.toEqual(pdf);
    });

    it("accepts an abstract over 500 words or naming its author, with warnings", async () => {
      const { deps } = await ready();
      const outcome = await uploadAbstract(
        deps,
        await makeAbstractPdf({ words: 520, author: "Ada Lovelace" }),
      );
      expect(outcome).toMatchObject({
        ok: true,
        value: { warnings: ["over-word-limit", "identifies:author:name:yours"] },
      });
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
      const outcome = await uploadAbstract(
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
      const outcome = await uploadAbstract(failing, await makeAbstractPdf());
      expect(outcome).toMatchObject({ ok: false, reason: "error" });
      expect(await storedKeys(deps)).toEqual([]);
      expect(await deps.db.selectFrom("submission").select("id").execute()).toEqual([]);
    });

    it("refuses an abstract with more pages than the edition allows, keeping nothing", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf();
      expect(await uploadAbstract(deps, pdf, "a.pdf", 1_000_000, { maxPages: 0 })).toMatchObject({
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
      expect(await uploadAbstract(deps, encrypted?.bytes ?? "")).toMatchObject({
        ok: false,
        reason: "encrypted",
      });
      expect(await uploadAbstract(deps, await makeAbstractPdf())).toMatchObject({ ok: true });
      // The abstract and its reviewers' copy.
      expect(await storedKeys(deps)).toHaveLength(2);
    }, 30_000);

    it("holds the per-user limit when one user sends 20 uploads at once", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          uploadAbstract(deps, pdf, `a-${index}.pdf`, 1_000_000, { maxSubmissionsPerUser: 3 }),
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
      // Refused uploads leave no file behind: three abstracts, three reviewers' copies.
      expect(await storedKeys(deps)).toHaveLength(6);
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
