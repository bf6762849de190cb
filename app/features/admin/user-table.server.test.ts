import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/lib/db/database.server";
import { type TestDatabase, testDatabaseTargets } from "../../../tests/support/test-databases";
import type { UserTableColumn } from "./user-table";
import { listUsersForAdmin, readUserTableQuery } from "./user-table.server";

describe("readUserTableQuery", () => {
  const read = (query: string) => readUserTableQuery(new URLSearchParams(query));
  const defaults = { q: "", sort: "name", dir: "asc", page: 1 };

  it("gives the defaults for an address without parameters", () => {
    expect(read("")).toEqual(defaults);
  });

  it("reads what it can and falls back, one parameter at a time, for what does not read", () => {
    expect(read("q=%20Quine%20&sort=email&dir=desc&page=3")).toEqual({
      q: "Quine",
      sort: "email",
      dir: "desc",
      page: 3,
    });
    expect(read("sort=password&dir=up&page=0&q=ok")).toEqual({ ...defaults, q: "ok" });
    expect(read("page=&sort=&dir=&q=")).toEqual(defaults);
    expect(read("page=2.5")).toEqual(defaults);
    expect(read("page=100001")).toEqual(defaults);
    expect(read(`q=${"x".repeat(201)}`)).toEqual(defaults);
    expect(read("page=1e3")).toEqual({ ...defaults, page: 1000 });
  });
});

const editionYear = 2025;
const seededUsers = 10_000;

/**
 * 10,000 accounts, every third with one or two abstracts, one in a hundred accepted and released; plus a
 * few hand-made rows whose order the sorting tests check.
 */
async function seed(database: TestDatabase) {
  const yes = database.dialect === "postgres" ? true : 1;
  const now = "2025-01-01T00:00:00.000Z";
  const users = Array.from({ length: seededUsers }, (_, index) => ({
    id: `u${index}`,
    email: `student${index}@example.edu`,
    name: `Student${index} Surname${index % 97}`,
    emailVerified: yes,
    image: null,
    createdAt: now,
    updatedAt: now,
    firstName: `Student${index}`,
    lastName: `Surname${index % 97}`,
    role: "user",
    profileCompleted: yes,
    // Student42 proved the mailbox (a reset link); student43's address is configured but not proved.
    mailboxConfirmedAt: index === 42 ? now : null,
  }));
  for (let start = 0; start < users.length; start += 500) {
    await database.db
      .insertInto("user")
      .values(users.slice(start, start + 500))
      .execute();
  }
  const submissions = users
    .filter((_, index) => index % 3 === 0)
    .flatMap((user, index) =>
      Array.from({ length: 1 + (index % 2) }, (_, copy) => ({
        id: `${user.id}-s${copy}`,
        user_id: user.id,
        edition_year: editionYear,
        file_name: `${copy ? "second" : "first"}-abstract-${user.id}.pdf`,
        storage_key: `abstracts/${user.id}/${copy}.pdf`,
        size_bytes: 1000,
        sha256: "0".repeat(64),
        page_count: 1,
        word_count: 300,
        warnings: "[]",
        uploaded_at: `2025-02-${String(10 + copy).padStart(2, "0")}T12:00:00.000Z`,
        decision: index % 100 === 0 ? ("accepted" as const) : null,
        decision_note: null,
        decided_by: null,
        decided_at: null,
        released_at: index % 100 === 0 ? now : null,
      })),
    )
    .map((row, index) => ({ ...row, number: index + 1 }));
  for (let start = 0; start < submissions.length; start += 500) {
    await database.db
      .insertInto("submission")
      .values(submissions.slice(start, start + 500))
      .execute();
  }
}

/** The timings go to the test output, for the performance figures in the docs. */
function reportTiming(line: string) {
  // biome-ignore lint/suspicious/noConsole: printing the measured times is the point
  console.info(line);
}

for (const target of testDatabaseTargets()) {
  describe(`user table with ${seededUsers} accounts on ${target.name}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await target.open();
      await migrateToLatest(database);
      await seed(database);
    }, 60_000);
    afterAll(async () => {
      await database?.dispose();
    });

    const list = (query: Partial<Parameters<typeof listUsersForAdmin>[1]> = {}) =>
      listUsersForAdmin(database.db, {
        q: "",
        sort: "name",
        dir: "asc",
        page: 1,
        editionYear,
        adminEmails: ["student42@example.edu", "student43@example.edu"],
        ...query,
      });

    async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
      const started = performance.now();
      const result = await work();
      return { result, ms: performance.now() - started };
    }

    it("pages through everyone, derives the columns, and answers well under a second", async () => {
      const { result, ms } = await timed(() => list());
      expect(result.total).toBe(seededUsers);
      expect(result.pageCount).toBe(200);
      expect(result.rows).toHaveLength(50);
      const last = await list({ page: 200 });
      expect(last.rows).toHaveLength(50);
      // A page past the end (a link kept from when there were more accounts) shows the last one.
      const beyond = await list({ page: 999 });
      expect(beyond).toMatchObject({ page: 200, pageCount: 200, total: seededUsers });
      expect(beyond.rows.map((row) => row.id)).toEqual(last.rows.map((row) => row.id));
      const nobody = await list({ q: "no such person", page: 3 });
      expect(nobody).toMatchObject({ page: 1, pageCount: 1, total: 0, rows: [] });
      const configured = await list({ q: "student42@" });
      expect(configured.rows[0]).toMatchObject({ isAdmin: true, isConfiguredAdmin: true });
      const unproved = await list({ q: "student43@" });
      expect(unproved.rows[0]).toMatchObject({ isAdmin: false, isConfiguredAdmin: false });
      const withTwo = await list({ q: "student3@example.edu" });
      expect(withTwo.rows[0]).toMatchObject({
        abstractName: "second-abstract-u3.pdf".replace("second", "first"),
        isApplicant: true,
      });
      const presenter = await list({ q: "student0@example.edu" });
      expect(presenter.rows[0]).toMatchObject({ isApplicant: true, isPresenter: true });
      reportTiming(`[${target.name}] first page of ${seededUsers}: ${ms.toFixed(0)} ms`);
      expect(ms).toBeLessThan(1000);
    });

    it("searches names, email and first abstract, ignoring case, well under a second", async () => {
      for (const [q, expected] of [
        ["STUDENT9999", 1],
        ["surname96", 103],
        ["student12 surname12", 1],
        ["Student7777@EXAMPLE", 1],
        ["FIRST-ABSTRACT-u999.", 1],
        ["100%_", 0],
      ] as const) {
        const { result, ms } = await timed(() => list({ q }));
        reportTiming(`[${target.name}] search "${q}": ${result.total} rows in ${ms.toFixed(0)} ms`);
        expect(result.total).toBe(expected);
        expect(ms).toBeLessThan(1000);
      }
    });

    it.each([
      "name",
      "email",
      "applicant",
      "presenter",
      "abstract",
      "upload",
      "admin",
      "reviewer",
      "editor",
    ] satisfies UserTableColumn[])(
      "sorts by %s both ways, empty values last, well under a second",
      async (sort) => {
        for (const dir of ["asc", "desc"] as const) {
          const first = await timed(() => list({ sort, dir }));
          const last = await list({ sort, dir, page: 200 });
          reportTiming(`[${target.name}] sort ${sort} ${dir}: ${first.ms.toFixed(0)} ms`);
          expect(first.ms).toBeLessThan(1000);
          if (sort === "abstract" || sort === "upload") {
            // Two thirds have no abstract: they come last whichever way the column is sorted.
            expect(first.result.rows.every((row) => row.abstractName !== null)).toBe(true);
            expect(last.rows.every((row) => row.abstractName === null)).toBe(true);
          }
          if (sort === "email") {
            const emails = first.result.rows.map((row) => row.email);
            const sorted = [...emails].sort();
            expect(emails).toEqual(dir === "asc" ? sorted : sorted.reverse());
          }
          if (sort === "applicant") {
            expect(first.result.rows.every((row) => row.isApplicant === (dir === "desc"))).toBe(
              true,
            );
          }
        }
      },
    );
  });
}
