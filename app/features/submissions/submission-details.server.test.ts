import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { insertUploaders } from "../../../tests/support/abstract-uploads";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { receiveAbstractUpload } from "./abstract-upload.server";
import { listAuthorAccounts } from "./coauthor-accounts.server";
import { applyRowIntent, emptyCoauthor, readDraft, readRowIntent } from "./submission-details";
import { checkDetails, listAuthors, updateSubmissionDetails } from "./submission-details.server";
import type { SubmissionDependencies } from "./submissions.server";

const ipaName = "Ŋɡʊ̃ Þórsdóttir ʃəˈwɑ";
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const fieldsOf = (record: Record<string, string>) => new Map(Object.entries(record));

const twoCoauthors = {
  title: "  Vowel harmony in Ŋɡʊ̃  ",
  affiliation: "Univ. of Somewhere",
  presents: "yes",
  "coauthor.0.name": ipaName,
  "coauthor.0.affiliation": "Háskóli Íslands",
  "coauthor.0.email": "Ngu@Example.EDU",
  "coauthor.0.presents": "yes",
  "coauthor.1.name": "李小龍",
  "coauthor.1.affiliation": "",
  "coauthor.1.email": "",
  format: "poster",
};

describe("the details form", () => {
  it("reads rows in order, keeps names exactly and drops blank rows", () => {
    const check = checkDetails(
      readDraft(
        fieldsOf({ ...twoCoauthors, "coauthor.2.name": " ", "coauthor.2.affiliation": "" }),
      ),
    );
    expect(check).toEqual({
      ok: true,
      details: {
        title: "Vowel harmony in Ŋɡʊ̃",
        affiliation: "Univ. of Somewhere",
        presents: true,
        coauthors: [
          {
            name: ipaName,
            affiliation: "Háskóli Íslands",
            email: "ngu@example.edu",
            presents: true,
          },
          { name: "李小龍", affiliation: "", email: null, presents: false },
        ],
        format: "poster",
      },
    });
  });

  it("keys each problem by its field, and needs a title, a format and a presenter", () => {
    const check = checkDetails(
      readDraft(
        fieldsOf({
          title: "x".repeat(301),
          "coauthor.0.name": "",
          "coauthor.0.email": "not-an-email",
          "coauthor.1.name": "Ada",
          "coauthor.1.email": "ada@example.edu",
          format: "dance",
        }),
      ),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.fieldErrors).sort()).toEqual(
      ["coauthor.0.email", "coauthor.0.name", "format", "title"].sort(),
    );
    expect(check.message).toMatch(/^Please check the form: /);
    expect(checkDetails(readDraft(fieldsOf({ format: "talk", presents: "yes" }))).ok).toBe(false);
    // Nobody presents: said once everything else is right.
    expect(checkDetails(readDraft(fieldsOf({ title: "T", format: "talk" })))).toMatchObject({
      ok: false,
      fieldErrors: { presents: "Please say who will present: at least one author." },
    });
  });

  it("refuses rows past the limit out loud, and applies row buttons", () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`coauthor.${index}.name`, `N${index}`]),
    );
    const draft = readDraft(fieldsOf({ title: "T", format: "talk", presents: "yes", ...many }));
    expect(draft.coauthors).toHaveLength(12);
    expect(checkDetails(draft)).toMatchObject({
      ok: false,
      fieldErrors: {
        coauthors: "An abstract may have at most 10 co-authors; please remove the others.",
      },
    });
    const rows = ["a", "b", "c"];
    const apply = (value: string) => {
      const intent = readRowIntent(value);
      return intent ? applyRowIntent(rows, intent, () => "new") : null;
    };
    expect(apply("up-coauthor:1")).toEqual(["b", "a", "c"]);
    expect(apply("down-coauthor:1")).toEqual(["a", "c", "b"]);
    expect(apply("remove-coauthor:0")).toEqual(["b", "c"]);
    expect(apply("add-coauthor")).toEqual(["a", "b", "c", "new"]);
    expect(apply("up-coauthor:0")).toEqual(rows);
    expect(apply("remove-coauthor:9")).toEqual(rows);
    expect(apply("drop table")).toBeNull();
    expect(
      applyRowIntent(Array(10).fill(emptyCoauthor()), { kind: "add" }, emptyCoauthor),
    ).toHaveLength(10);
  });
});

for (const target of testDatabaseTargets()) {
  describe(`abstract details on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await insertUploaders(database, "ngu");
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "uls-details-"));
      folders.push(root);
      const deps: SubmissionDependencies = {
        db: database.db,
        storage: createLocalFileStorage(root),
        logger: silentLogger,
      };
      return { database, deps };
    }

    const options = {
      userId: "ada",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.edu",
      editionYear: 2025,
      maxBytes: 1_000_000,
      maxPages: 20,
      maxSubmissionsPerUser: 10,
    };

    function post(fields: Record<string, string>, pdf: Buffer | null, fileName = "a.pdf") {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      form.set("abstract", new File(pdf ? [new Uint8Array(pdf)] : [], pdf ? fileName : ""));
      return new Request("http://localhost/sculc/submit-abstract", { method: "POST", body: form });
    }

    async function keys(deps: SubmissionDependencies) {
      const found: string[] = [];
      for await (const file of deps.storage.list("abstracts/")) found.push(file.key);
      return found;
    }

    it("stores the title, format and authors in order with every character, in one go", async () => {
      const { deps } = await ready();
      const outcome = await receiveAbstractUpload(
        deps,
        post(twoCoauthors, await makeAbstractPdf()),
        options,
      );
      expect(outcome).toMatchObject({ ok: true });
      if (!outcome.ok) return;
      const row = await deps.db
        .selectFrom("submission")
        .select(["title", "preferred_format"])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ title: "Vowel harmony in Ŋɡʊ̃", preferred_format: "poster" });
      const authors = (await listAuthors(deps.db, [outcome.value.submissionId])).get(
        outcome.value.submissionId,
      );
      expect(authors).toEqual([
        {
          position: 0,
          name: "Ada Lovelace",
          affiliation: "Univ. of Somewhere",
          email: "ada@example.edu",
          isPresenter: true,
        },
        {
          position: 1,
          name: ipaName,
          affiliation: "Háskóli Íslands",
          email: "ngu@example.edu",
          isPresenter: true,
        },
        { position: 2, name: "李小龍", affiliation: "", email: null, isPresenter: false },
      ]);
      // The co-author's address is matched to its account; typed under another name than the
      // account's, it is not a confirmed co-author (not mailed, not an automatic conflict).
      const [withAccounts] = await listAuthorAccounts(deps.db, { editionYear: 2025 });
      expect(
        withAccounts?.authors.map((author) => [author.account?.id ?? null, author.isConfirmed]),
      ).toEqual([
        ["ada", true],
        ["ngu", false],
        [null, false],
      ]);
    });

    it("lists the authors of one abstract, of eight (prepared reads) and of nine (built each time) alike", async () => {
      const { deps } = await ready();
      const ids: string[] = [];
      const pdf = await makeAbstractPdf();
      for (let count = 0; count < 9; count++) {
        const outcome = await receiveAbstractUpload(
          deps,
          post({ ...twoCoauthors, title: `Abstract ${count}` }, pdf),
          options,
        );
        if (!outcome.ok) throw new Error(`upload ${count} was refused`);
        ids.push(outcome.value.submissionId);
      }
      const one = (await listAuthors(deps.db, [ids[0] as string])).get(ids[0] as string);
      expect(one?.map((author) => author.name)).toEqual(["Ada Lovelace", ipaName, "李小龍"]);
      for (const count of [1, 2, 8, 9]) {
        // Twice each: the first run of a length compiles its read, the second reuses it.
        for (const order of [ids.slice(0, count), ids.slice(0, count).reverse()]) {
          const authors = await listAuthors(deps.db, order);
          expect([...authors.keys()].sort()).toEqual(ids.slice(0, count).sort());
          for (const list of authors.values()) expect(list).toEqual(one);
        }
      }
    });

    it("refuses bad details and row buttons before storing anything", async () => {
      const { deps } = await ready();
      const pdf = await makeAbstractPdf();
      const refused = await receiveAbstractUpload(
        deps,
        post({ ...twoCoauthors, title: "" }, pdf),
        options,
      );
      expect(refused).toMatchObject({
        ok: false,
        reason: "invalid-details",
        details: { fieldErrors: { title: "Please enter the abstract's title." } },
        draft: { coauthors: [{ name: ipaName }, { name: "李小龍" }] },
      });
      const rows = await receiveAbstractUpload(
        deps,
        post({ ...twoCoauthors, intent: "add-coauthor" }, pdf),
        options,
      );
      expect(rows).toMatchObject({ ok: false, reason: "rows", intent: { kind: "add" } });
      const noFile = await receiveAbstractUpload(deps, post({ title: "" }, null), options);
      expect(noFile).toMatchObject({ reason: "invalid-details" });
      expect(await keys(deps)).toEqual([]);
      expect(await deps.db.selectFrom("submission").selectAll().execute()).toEqual([]);
    });

    it("replaces the PDF while editable, keeping the old file until the new one is recorded", async () => {
      const { deps } = await ready();
      const first = await receiveAbstractUpload(
        deps,
        post(twoCoauthors, await makeAbstractPdf({ words: 50 })),
        options,
      );
      if (!first.ok) throw new Error("upload failed");
      const [oldKey] = await keys(deps);
      let isOpen = true;
      const replace = {
        submissionId: first.value.submissionId,
        isStillEditable: async () => isOpen,
      };
      const replaced = await receiveAbstractUpload(
        deps,
        post(
          {},
          // The stored co-authors are checked on a replacement: their affiliation, from the database.
          await makeAbstractPdf({ words: 80, extraText: "Thanks to Haskoli Islands" }),
          "second.pdf",
        ),
        { ...options, replace },
      );
      expect(replaced).toMatchObject({
        ok: true,
        value: {
          submissionId: first.value.submissionId,
          wordCount: 84,
          warnings: ["identifies:first-page:affiliation:coauthor"],
        },
      });
      const row = await deps.db
        .selectFrom("submission")
        .select([
          "file_name",
          "storage_key",
          "reviewer_storage_key",
          "word_count",
          "title",
          "details_updated_at",
        ])
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ file_name: "second.pdf", title: "Vowel harmony in Ŋɡʊ̃" });
      expect(row.details_updated_at).not.toBeNull();
      // The old file and its reviewers' copy are gone; the new pair remains.
      expect(new Set(await keys(deps))).toEqual(
        new Set([row.storage_key, row.reviewer_storage_key]),
      );
      expect(row.storage_key).not.toBe(oldKey);

      isOpen = false;
      const late = await receiveAbstractUpload(deps, post({}, await makeAbstractPdf()), {
        ...options,
        replace,
      });
      expect(late).toMatchObject({ ok: false, reason: "read-only" });
      const someoneElse = await receiveAbstractUpload(deps, post({}, await makeAbstractPdf()), {
        ...options,
        userId: "ngu",
        replace: { ...replace, isStillEditable: async () => true },
      });
      expect(someoneElse).toMatchObject({ ok: false, reason: "not-found" });
      expect(new Set(await keys(deps))).toEqual(
        new Set([row.storage_key, row.reviewer_storage_key]),
      );
    });

    it("edits title, authors and format until the call closes; never someone else's", async () => {
      const { deps } = await ready();
      const first = await receiveAbstractUpload(
        deps,
        post(twoCoauthors, await makeAbstractPdf()),
        options,
      );
      if (!first.ok) throw new Error("upload failed");
      const check = checkDetails(
        readDraft(
          fieldsOf({
            title: "Tone sandhi",
            presents: "",
            "coauthor.0.name": "李小龍",
            "coauthor.0.presents": "yes",
            format: "either",
          }),
        ),
      );
      if (!check.ok) throw new Error(check.message);
      const input = {
        userId: "ada",
        submissionId: first.value.submissionId,
        editionYear: 2025,
        details: check.details,
        submitter: { name: "Ada Lovelace", email: "ada@example.edu" },
        isCallOpen: async () => true,
      };
      expect(await updateSubmissionDetails(deps.db, { ...input, userId: "ngu" })).toEqual({
        ok: false,
        reason: "not-found",
      });
      expect(await updateSubmissionDetails(deps.db, input)).toEqual({ ok: true });
      const authors = (await listAuthors(deps.db, [first.value.submissionId])).get(
        first.value.submissionId,
      );
      expect(authors?.map((author) => [author.name, author.isPresenter])).toEqual([
        ["Ada Lovelace", false],
        ["李小龍", true],
      ]);
      const [edited] = await listAuthorAccounts(deps.db, {
        submissionIds: [first.value.submissionId],
      });
      expect(edited?.authors.map((author) => author.account?.id ?? null)).toEqual(["ada", null]);
      expect(
        await updateSubmissionDetails(deps.db, { ...input, isCallOpen: async () => false }),
      ).toEqual({ ok: false, reason: "read-only" });
      const row = await deps.db
        .selectFrom("submission")
        .select(["title", "preferred_format"])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ title: "Tone sandhi", preferred_format: "either" });
    });
  });
}
