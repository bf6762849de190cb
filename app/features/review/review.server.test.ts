import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  grantReviewer,
  isReviewer,
  listReviewers,
  revokeReviewer,
} from "~/features/accounts/reviewer-role.server";
import { migrateDown, migrateToLatest } from "~/lib/db/database.server";
import { insertTestSubmission } from "../../../tests/support/review-fixtures";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  assignReviewer,
  autoAssign,
  countSelfTaken,
  declareConflict,
  hasDeclaredConflict,
  listAssignmentsForSubmission,
  takeNextAbstract,
  unassignReviewer,
} from "./assignments.server";
import { listSubmittedReviewsBySubmission } from "./review-admin.server";
import { defaultReviewSettings } from "./review-settings";
import {
  getReviewSettings,
  isReviewPeriodOpen,
  saveReviewSettings,
} from "./review-settings.server";
import {
  getReviewForReviewer,
  listReviewQueue,
  listReviewSummaries,
  listReviewsForExport,
  listUnfinishedByReviewer,
  parseReviewForm,
  type ReviewInput,
  saveReviewDraft,
  submitReview,
} from "./reviews.server";

const year = 2025;
const chair = { userId: "chair", label: "chair@example.edu" };
const review = (
  merit: number | null,
  confidence: number | null,
  extra: Partial<ReviewInput> = {},
) => ({
  merit,
  confidence,
  commentsToAuthors: "Clear and well argued.",
  commentsToCommittee: "Borderline for a talk.",
  ...extra,
});

function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

async function auditActions(database: TestDatabase) {
  const rows = await database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_user_id", "details"])
    .orderBy("created_at")
    .execute();
  return rows;
}

/** Three reviewers (r1 is also an author), two more authors, five abstracts numbered 1-5. */
async function seedCommittee(database: TestDatabase) {
  await insertTestUser(database, { id: "chair", email: "chair@example.edu", role: "admin" });
  for (const id of ["r1", "r2", "r3", "ada", "bo"]) {
    await insertTestUser(database, { id, email: `${id}@example.edu` });
  }
  for (const id of ["r1", "r2", "r3"]) await grantReviewer(database.db, id, chair);
  const owners = ["ada", "bo", "r1", "ada", "bo"];
  const made: { id: string; number: number }[] = [];
  for (const [index, owner] of owners.entries()) {
    made.push(
      await insertTestSubmission(database, {
        userId: owner,
        id: `s${index + 1}`,
        fileName: `Secret Author ${index + 1}.pdf`,
      }),
    );
  }
  return { s1: { id: "s1" }, s2: { id: "s2" }, s3: { id: "s3" }, made };
}

for (const target of testDatabaseTargets()) {
  describe(`peer review on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("numbers existing abstracts per edition in upload order, and new ones after them", async () => {
      const database = await databases.openMigrated();
      await migrateDown(database, "0005-review");
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      const insert = (id: string, editionYear: number, uploadedAt: string) =>
        sql`insert into submission (id, user_id, edition_year, file_name, storage_key, size_bytes, sha256,
          page_count, word_count, warnings, uploaded_at)
          values (${id}, 'ada', ${editionYear}, 'a.pdf', ${`k/${id}`}, 1, 'x', 1, 1, '[]', ${uploadedAt})`.execute(
          database.db,
        );
      await insert("late", 2025, "2025-03-02T00:00:00.000Z");
      await insert("early", 2025, "2025-03-01T00:00:00.000Z");
      await insert("old", 2024, "2024-03-05T00:00:00.000Z");
      await insert("tie-b", 2025, "2025-03-03T00:00:00.000Z");
      await insert("tie-a", 2025, "2025-03-03T00:00:00.000Z");
      await migrateToLatest(database);
      const rows = await database.db
        .selectFrom("submission")
        .select(["id", "number"])
        .orderBy("edition_year")
        .orderBy("number")
        .execute();
      expect(rows.map((row) => [row.id, Number(row.number)])).toEqual([
        ["old", 1],
        ["early", 1],
        ["late", 2],
        ["tie-a", 3],
        ["tie-b", 4],
      ]);
      expect((await insertTestSubmission(database, { userId: "ada" })).number).toBe(5);
      expect(
        (await insertTestSubmission(database, { userId: "ada", editionYear: 2026 })).number,
      ).toBe(1);
    });

    it("draws distinct numbers for parallel uploads and never reuses a deleted one", async () => {
      const database = await databases.openMigrated({ maxConnections: 5 });
      await insertTestUser(database, { id: "ada", email: "ada@example.edu" });
      const made = await Promise.all(
        Array.from({ length: 8 }, () =>
          database.db.transaction().execute(async (trx) => {
            const { drawSubmissionNumber } = await import("../submissions/submissions.server");
            return drawSubmissionNumber(trx, year);
          }),
        ),
      );
      expect([...made].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const last = await insertTestSubmission(database, { userId: "ada" });
      await database.db.deleteFrom("submission").where("id", "=", last.id).execute();
      expect((await insertTestSubmission(database, { userId: "ada" })).number).toBe(
        last.number + 1,
      );
    });

    it("uses the defaults until settings are saved, validates them, and audits the change", async () => {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "chair", email: "chair@example.edu" });
      expect(await getReviewSettings(database.db, year)).toEqual(defaultReviewSettings);
      const closesAt = "2025-04-01T06:59:00.000Z";
      const input = {
        isOpen: true,
        closesAt,
        othersVisibility: "never",
        canSelfAssign: false,
        meritScale: [
          { value: 1, label: "No" },
          { value: 2, label: "Maybe" },
          { value: 3, label: "Yes" },
        ],
        confidenceScale: defaultReviewSettings.confidenceScale,
      };
      expect(await saveReviewSettings(database.db, year, input, chair)).toEqual({ ok: true });
      const saved = await getReviewSettings(database.db, year);
      expect(saved).toMatchObject({ ...input, isStored: true });
      expect(await getReviewSettings(database.db, 2024)).toEqual(defaultReviewSettings);
      expect(isReviewPeriodOpen(saved, new Date("2025-04-01T06:58:00Z"))).toBe(true);
      expect(isReviewPeriodOpen(saved, new Date("2025-04-01T06:59:00Z"))).toBe(false);
      expect(isReviewPeriodOpen({ isOpen: false, closesAt: null })).toBe(false);

      const bad = await saveReviewSettings(
        database.db,
        year,
        {
          ...input,
          meritScale: [
            { value: 2, label: "A" },
            { value: 1, label: "B" },
          ],
        },
        chair,
      );
      expect(bad.ok).toBe(false);
      expect(
        await saveReviewSettings(database.db, year, { ...input, isOpen: "yes" }, chair),
      ).toMatchObject({
        ok: false,
      });
      expect(await getReviewSettings(database.db, year)).toEqual(saved);
      expect((await auditActions(database)).map((row) => row.action)).toEqual([
        "update-review-settings",
      ]);
    });

    it("grants and revokes the reviewer role; revoking keeps submitted reviews and drops the rest", async () => {
      const database = await databases.openMigrated();
      const { s1, s2 } = await seedCommittee(database);
      expect(await isReviewer(database.db, "r1")).toBe(true);
      expect(await isReviewer(database.db, "chair")).toBe(false);
      expect((await listReviewers(database.db)).map((reviewer) => reviewer.email)).toEqual([
        "r1@example.edu",
        "r2@example.edu",
        "r3@example.edu",
      ]);
      expect(await grantReviewer(database.db, "r1", chair)).toMatchObject({
        ok: true,
        changed: false,
      });
      expect(await grantReviewer(database.db, "ghost", chair)).toMatchObject({ ok: false });

      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s2.id,
        reviewerId: "r2",
        actor: chair,
      });
      await submitReview(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: review(4, 2),
      });
      await saveReviewDraft(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 2,
        review: review(2, null),
      });

      expect(await revokeReviewer(database.db, "r2", chair)).toMatchObject({
        ok: true,
        changed: true,
        droppedAssignments: 1,
      });
      expect(await isReviewer(database.db, "r2")).toBe(false);
      const submitted = await listSubmittedReviewsBySubmission(
        database.db,
        year,
        await getReviewSettings(database.db, year),
      );
      expect(submitted.get(s1.id)).toHaveLength(1);
      expect(await listAssignmentsForSubmission(database.db, s2.id)).toEqual([]);
      expect(await revokeReviewer(database.db, "r2", chair)).toMatchObject({
        ok: true,
        changed: false,
      });
      const actions = (await auditActions(database)).map((row) => row.action);
      expect(actions.filter((action) => action === "grant-reviewer")).toHaveLength(3);
      expect(actions.filter((action) => action === "revoke-reviewer")).toHaveLength(1);
    });

    it("assigns by hand, refusing authors, non-reviewers, duplicates and other editions", async () => {
      const database = await databases.openMigrated();
      const { s1, s3 } = await seedCommittee(database);
      const assign = (submissionId: string, reviewerId: string, editionYear = year) =>
        assignReviewer(database.db, { editionYear, submissionId, reviewerId, actor: chair });
      expect(await assign(s1.id, "r1")).toMatchObject({ ok: true, number: 1 });
      expect(await assign(s1.id, "r1")).toMatchObject({ ok: false, reason: "already-assigned" });
      expect(await assign(s3.id, "r1")).toMatchObject({ ok: false, reason: "conflict" });
      expect(await assign(s1.id, "ada")).toMatchObject({ ok: false, reason: "not-reviewer" });
      expect(await assign(s1.id, "r2", 2024)).toMatchObject({ ok: false, reason: "not-found" });
      expect(await assign("nope", "r2")).toMatchObject({ ok: false, reason: "not-found" });
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "assign-reviewer")).toEqual([
        { action: "assign-reviewer", actor_user_id: "chair", details: "abstract 1" },
      ]);
    });

    it("auto-assigns N per abstract: balanced, no self-assignment, idempotent, audited once per run", async () => {
      const database = await databases.openMigrated();
      const { s3 } = await seedCommittee(database);
      const summary = await autoAssign(database.db, year, 2, chair);
      expect(summary.created).toBe(10);
      expect(summary.shortfalls).toEqual([]);
      const counts = summary.loads.map((load) => load.count);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      const own = await listAssignmentsForSubmission(database.db, s3.id);
      expect(own.map((assignment) => assignment.reviewerId)).not.toContain("r1");
      expect(own).toHaveLength(2);

      const again = await autoAssign(database.db, year, 2, chair);
      expect(again.created).toBe(0);
      const four = await autoAssign(database.db, year, 4, chair);
      // Abstract 3 can have only r2 and r3 (r1 wrote it); the others all three.
      expect(four.shortfalls).toEqual([
        { number: 1, missing: 1 },
        { number: 2, missing: 1 },
        { number: 3, missing: 2 },
        { number: 4, missing: 1 },
        { number: 5, missing: 1 },
      ]);
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "auto-assign")).toHaveLength(3);
    });

    it("unassigns until the review is submitted", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      const made = await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      if (!made.ok) throw new Error(made.message);
      await saveReviewDraft(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: review(3, 1),
      });
      expect(
        await unassignReviewer(database.db, { assignmentId: made.assignmentId, actor: chair }),
      ).toEqual({
        ok: true,
        number: 1,
      });
      expect(await database.db.selectFrom("review").select("assignment_id").execute()).toEqual([]);
      const again = await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      if (!again.ok) throw new Error(again.message);
      await submitReview(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: review(3, 1),
      });
      expect(
        await unassignReviewer(database.db, { assignmentId: again.assignmentId, actor: chair }),
      ).toMatchObject({
        ok: false,
        reason: "submitted",
      });
      expect(
        await unassignReviewer(database.db, { assignmentId: "nope", actor: chair }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
    });

    it("a declared conflict removes the assignment and its draft, and is never reassigned", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      await saveReviewDraft(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: review(3, 1),
      });
      expect(
        await declareConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toMatchObject({
        ok: true,
        number: 1,
        reviewerEmail: "r2@example.edu",
      });
      expect(await listReviewQueue(database.db, "r2", year)).toEqual([]);
      expect(
        await hasDeclaredConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toBe(true);
      expect(
        await hasDeclaredConflict(database.db, { editionYear: year, reviewerId: "r3", number: 1 }),
      ).toBe(false);
      expect(await database.db.selectFrom("review").select("assignment_id").execute()).toEqual([]);
      expect(
        await assignReviewer(database.db, {
          editionYear: year,
          submissionId: s1.id,
          reviewerId: "r2",
          actor: chair,
        }),
      ).toMatchObject({ ok: false, reason: "conflict" });
      await autoAssign(database.db, year, 3, chair);
      const onOne = await listAssignmentsForSubmission(database.db, s1.id);
      expect(onOne.map((assignment) => assignment.reviewerId).sort()).toEqual(["r1", "r3"]);
      // Not assigned (any more): refused, nothing recorded twice.
      expect(
        await declareConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      await submitReview(database.db, {
        reviewerId: "r1",
        editionYear: year,
        number: 1,
        review: review(5, 3),
      });
      expect(
        await declareConflict(database.db, { editionYear: year, reviewerId: "r1", number: 1 }),
      ).toMatchObject({
        ok: false,
        reason: "submitted",
      });
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "declare-conflict")).toEqual([
        { action: "declare-conflict", actor_user_id: "r2", details: "abstract 1" },
      ]);
    });

    it("takes the next abstract with the fewest reviewers, when allowed", async () => {
      const database = await databases.openMigrated();
      const { s1, s2 } = await seedCommittee(database);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s2.id,
        reviewerId: "r3",
        actor: chair,
      });
      // r1: abstract 3 is their own; 1 and 2 have one reviewer each; 4 has none.
      expect(await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" })).toEqual({
        ok: true,
        number: 4,
      });
      expect(await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" })).toEqual({
        ok: true,
        number: 5,
      });
      expect(await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" })).toEqual({
        ok: true,
        number: 1,
      });
      await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" });
      expect(
        await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" }),
      ).toMatchObject({
        ok: false,
        reason: "none-left",
      });
      expect(
        await takeNextAbstract(database.db, { editionYear: year, reviewerId: "ada" }),
      ).toMatchObject({
        ok: false,
        reason: "not-allowed",
      });
      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, canSelfAssign: false },
        chair,
      );
      expect(
        await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r2" }),
      ).toMatchObject({
        ok: false,
        reason: "not-allowed",
      });
      const audit = await auditActions(database);
      expect(audit.find((row) => row.actor_user_id === "r1")).toMatchObject({
        action: "assign-reviewer",
        details: "abstract 4 (taken by the reviewer)",
      });
    });

    it("the same take-next click twice (a double click, a resent form) takes one abstract", async () => {
      const database = await databases.openMigrated();
      await seedCommittee(database);
      const shown = await countSelfTaken(database.db, { editionYear: year, reviewerId: "r2" });
      expect(shown).toBe(0);
      const click = () =>
        takeNextAbstract(database.db, { editionYear: year, reviewerId: "r2", takenBefore: shown });
      const [first, second] = await Promise.all([click(), click()]);
      expect(first).toMatchObject({ ok: true });
      // The second click leads to the abstract the first one took.
      expect(second).toEqual(first);
      expect(await countSelfTaken(database.db, { editionYear: year, reviewerId: "r2" })).toBe(1);
      // A fresh page counts one taken, so its click takes another.
      const next = await takeNextAbstract(database.db, {
        editionYear: year,
        reviewerId: "r2",
        takenBefore: 1,
      });
      expect(next).toMatchObject({ ok: true });
      expect(next).not.toEqual(first);
    });

    it("saves drafts, submits, edits, and locks once the period closes", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      const at = { reviewerId: "r2", editionYear: year, number: 1 };
      expect((await listReviewQueue(database.db, "r2", year))[0]).toMatchObject({
        number: 1,
        status: "not-started",
      });

      expect(
        await saveReviewDraft(database.db, { ...at, review: review(null, null) }),
      ).toMatchObject({
        ok: true,
        status: "draft",
      });
      expect((await listReviewQueue(database.db, "r2", year))[0]?.status).toBe("draft");
      expect(await submitReview(database.db, { ...at, review: review(3, null) })).toMatchObject({
        ok: false,
        reason: "incomplete",
      });
      expect(await saveReviewDraft(database.db, { ...at, review: review(9, 1) })).toMatchObject({
        ok: false,
        reason: "invalid",
      });
      expect(await submitReview(database.db, { ...at, review: review(4, 2) })).toEqual({
        ok: true,
        status: "submitted",
        isFirstSubmission: true,
      });
      expect(await saveReviewDraft(database.db, { ...at, review: review(4, 2) })).toMatchObject({
        ok: false,
        reason: "submitted",
      });
      expect(
        await submitReview(database.db, {
          ...at,
          review: review(5, 3, { commentsToAuthors: "Edited." }),
        }),
      ).toEqual({
        ok: true,
        status: "submitted",
        isFirstSubmission: false,
      });
      const view = await getReviewForReviewer(database.db, at);
      expect(view?.ownReview).toMatchObject({
        merit: 5,
        meritLabel: "Accept",
        confidence: 3,
        confidenceLabel: "High",
        commentsToAuthors: "Edited.",
      });
      expect(view?.canEdit).toBe(true);

      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, closesAt: "2025-04-01T00:00:00.000Z" },
        chair,
      );
      const late = new Date("2025-04-02T00:00:00Z");
      expect(
        await submitReview(database.db, { ...at, review: review(1, 1), now: late }),
      ).toMatchObject({
        ok: false,
        reason: "closed",
      });
      expect((await getReviewForReviewer(database.db, { ...at, now: late }))?.canEdit).toBe(false);
      expect(
        (await getReviewForReviewer(database.db, { ...at, now: late }))?.ownReview?.merit,
      ).toBe(5);
      // The reviewer is the actor of each submission.
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "submit-review")).toEqual([
        { action: "submit-review", actor_user_id: "r2", details: "abstract 1" },
        { action: "submit-review", actor_user_id: "r2", details: "abstract 1 (edited)" },
      ]);
    });

    it("shows a reviewer only their own abstracts, blind, and others' reviews only after submitting", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      for (const reviewerId of ["r2", "r3"]) {
        await assignReviewer(database.db, {
          editionYear: year,
          submissionId: s1.id,
          reviewerId,
          actor: chair,
        });
      }
      const r2 = { reviewerId: "r2", editionYear: year, number: 1 };
      const r3 = { reviewerId: "r3", editionYear: year, number: 1 };
      expect(await getReviewForReviewer(database.db, { ...r2, number: 2 })).toBeNull();
      expect(await getReviewForReviewer(database.db, { ...r2, editionYear: 2024 })).toBeNull();
      expect(await getReviewForReviewer(database.db, { ...r2, reviewerId: "r1" })).toBeNull();

      await submitReview(database.db, {
        ...r3,
        review: review(2, 3, { commentsToCommittee: "A private note" }),
      });
      await saveReviewDraft(database.db, {
        ...r2,
        review: review(4, 1, { commentsToAuthors: "r2 draft" }),
      });
      const before = await getReviewForReviewer(database.db, r2);
      expect(before?.others).toEqual({ isVisible: false, reason: "submit-first" });
      // A draft is seen by nobody but its writer.
      await submitReview(database.db, { ...r2, review: review(4, 1) });
      await saveReviewSettings(database.db, year, defaultReviewSettings, chair);
      const after = await getReviewForReviewer(database.db, r2);
      expect(after?.others).toMatchObject({
        isVisible: true,
        reviews: [{ label: "Other review 1", merit: 2, commentsToCommittee: "A private note" }],
      });
      const serialised = JSON.stringify(after);
      for (const secret of ["ada", "Secret Author", "r3@example.edu", "r3", "s1"]) {
        expect(serialised).not.toContain(secret);
      }
      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, othersVisibility: "never" },
        chair,
      );
      expect((await getReviewForReviewer(database.db, r2))?.others).toEqual({
        isVisible: false,
        reason: "never",
      });
    });

    it("summarises, lists for admins, finds unfinished reviewers, and exports", async () => {
      const database = await databases.openMigrated();
      const { s1, s2 } = await seedCommittee(database);
      await autoAssign(database.db, year, 2, chair);
      const onOne = (await listAssignmentsForSubmission(database.db, s1.id)).map(
        (a) => a.reviewerId,
      );
      await submitReview(database.db, {
        reviewerId: nth(onOne, 0),
        editionYear: year,
        number: 1,
        review: review(1, 2),
      });
      await submitReview(database.db, {
        reviewerId: nth(onOne, 1),
        editionYear: year,
        number: 1,
        review: review(5, 2),
      });
      const onTwo = (await listAssignmentsForSubmission(database.db, s2.id)).map(
        (a) => a.reviewerId,
      );
      await submitReview(database.db, {
        reviewerId: nth(onTwo, 0),
        editionYear: year,
        number: 2,
        review: review(4, 2),
      });
      await saveReviewDraft(database.db, {
        reviewerId: nth(onTwo, 1),
        editionYear: year,
        number: 2,
        review: review(1, 1),
      });

      const summaries = await listReviewSummaries(database.db, year);
      expect(summaries).toHaveLength(5);
      expect(summaries[0]).toMatchObject({
        number: 1,
        assigned: 2,
        submitted: 2,
        meanMerit: 3,
        meritSpread: 4,
        isStrongDisagreement: true,
      });
      // The draft's score counts for nothing.
      expect(summaries[1]).toMatchObject({
        number: 2,
        assigned: 2,
        submitted: 1,
        meanMerit: 4,
        meritSpread: 0,
        isStrongDisagreement: false,
      });
      expect(summaries[2]).toMatchObject({ submitted: 0, meanMerit: null, meritSpread: null });

      const full = (
        await listSubmittedReviewsBySubmission(
          database.db,
          year,
          await getReviewSettings(database.db, year),
        )
      ).get(s2.id);
      expect(full).toHaveLength(1);
      expect(full?.[0]).toMatchObject({
        reviewerEmail: `${onTwo[0]}@example.edu`,
        merit: 4,
        meritLabel: "Weak accept",
      });

      const unfinished = await listUnfinishedByReviewer(database.db, year);
      const total = unfinished.reduce((sum, reviewer) => sum + reviewer.unfinished.length, 0);
      expect(total).toBe(7);
      const draftHolder = unfinished.find((reviewer) => reviewer.reviewerId === onTwo[1]);
      expect(draftHolder?.unfinished).toContainEqual({ number: 2, status: "draft" });

      const exported = await listReviewsForExport(database.db, year);
      expect(exported.map((row) => row.number)).toEqual([1, 1, 2]);
      expect(exported[0]).toMatchObject({
        fileName: "Secret Author 1.pdf",
        commentsToCommittee: "Borderline for a talk.",
      });
    });

    it("parses the review form, refusing crafted scores and oversized comments", () => {
      const form = (entries: Record<string, string>) => {
        const data = new FormData();
        for (const [key, value] of Object.entries(entries)) data.set(key, value);
        return data;
      };
      expect(
        parseReviewForm(form({ merit: "4", confidence: "", commentsToAuthors: " Hi\r\nthere " })),
      ).toEqual({
        ok: true,
        input: {
          merit: 4,
          confidence: null,
          commentsToAuthors: "Hi\nthere",
          commentsToCommittee: "",
        },
      });
      expect(parseReviewForm(form({ merit: "4.5" })).ok).toBe(false);
      expect(parseReviewForm(form({ merit: "1e9" })).ok).toBe(false);
      expect(parseReviewForm(form({ commentsToAuthors: "x".repeat(10_001) })).ok).toBe(false);
    });
  });
}
