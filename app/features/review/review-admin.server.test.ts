import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { listUsersForAdmin } from "~/features/admin/user-table.server";
import { releaseDecisions, stageDecision } from "~/features/decisions/decisions.server";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  listAssignmentOverview,
  listSubmittedReviewsBySubmission,
  readReviewSettingsForm,
  remindReviewers,
} from "./review-admin.server";
import { defaultReviewSettings } from "./review-settings";

const year = 2025;
const admin = { userId: "admin", label: "admin@example.edu" };
const silentLogger = { info: () => {}, error: () => {} };
const links = {
  statusUrl: "https://example.org/status",
  congratulationsUrl: "https://example.org/congratulations",
  confirmByText: "Tuesday, April 15, 2025, 11:59 PM Pacific Time",
  talk: { minutes: 15, questionMinutes: 5 },
};

/**
 * Five people: Ada and Ben review, Cy reviews and wrote abstract 1, Dee and Eve only wrote. Abstracts 1
 * (Cy's), 2 and 3 (Dee's), 4 (Eve's).
 */
async function seed(database: TestDatabase) {
  const db = database.db;
  for (const [id, firstName] of [
    ["ada", "Ada"],
    ["ben", "Ben"],
    ["cy", "Cy"],
    ["dee", "Dee"],
    ["eve", "Eve"],
    ["admin", "Admin"],
  ] as const) {
    await insertTestUser(database, { id, email: `${id}@example.edu`, firstName, lastName: "Test" });
  }
  for (const id of ["ada", "ben", "cy"]) {
    await db
      .insertInto("reviewer")
      .values({ user_id: id, granted_by: "admin", granted_at: new Date().toISOString() })
      .execute();
  }
  const owners = ["cy", "dee", "dee", "eve"];
  for (const [index, owner] of owners.entries()) {
    const number = index + 1;
    await db
      .insertInto("submission")
      .values({
        id: `s${number}`,
        user_id: owner,
        edition_year: year,
        number,
        file_name: `${owner}-abstract-${number}.pdf`,
        storage_key: `abstracts/${owner}/${number}.pdf`,
        size_bytes: 1000,
        sha256: "0".repeat(64),
        page_count: 1,
        word_count: 300,
        warnings: "[]",
        uploaded_at: `2025-02-0${number}T12:00:00.000Z`,
        decision: null,
        decision_note: null,
        decided_by: null,
        decided_at: null,
        released_at: null,
      })
      .execute();
  }
}

async function assign(database: TestDatabase, submissionId: string, reviewerId: string) {
  const id = crypto.randomUUID();
  await database.db
    .insertInto("review_assignment")
    .values({
      id,
      edition_year: year,
      submission_id: submissionId,
      reviewer_id: reviewerId,
      assigned_by: "admin",
      assigned_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

async function review(
  database: TestDatabase,
  assignmentId: string,
  values: {
    merit: number;
    toAuthors?: string;
    toCommittee?: string;
    submittedAt?: string | null;
  },
) {
  const now = new Date().toISOString();
  await database.db
    .insertInto("review")
    .values({
      assignment_id: assignmentId,
      merit: values.merit,
      confidence: 2,
      comments_to_authors: values.toAuthors ?? "",
      comments_to_committee: values.toCommittee ?? "",
      created_at: now,
      updated_at: now,
      submitted_at: values.submittedAt === undefined ? now : values.submittedAt,
    })
    .execute();
}

async function auditActions(database: TestDatabase) {
  return database.db
    .selectFrom("admin_audit")
    .select(["action", "actor_label", "details"])
    .orderBy("created_at")
    .execute();
}

for (const target of testDatabaseTargets()) {
  describe(`review administration on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("lists every abstract by number with its reviewers, conflicts, and who may still take it", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const adaOn2 = await assign(database, "s2", "ada");
      await review(database, adaOn2, { merit: 4 });
      const benOn2 = await assign(database, "s2", "ben");
      await review(database, benOn2, { merit: 2, submittedAt: null });
      await database.db
        .insertInto("review_conflict")
        .values({ submission_id: "s3", reviewer_id: "ben", declared_at: new Date().toISOString() })
        .execute();

      const { abstracts, reviewers } = await listAssignmentOverview(database.db, year);
      expect(reviewers.map((reviewer) => reviewer.id)).toEqual(["ada", "ben", "cy"]);
      expect(abstracts.map((abstract) => abstract.number)).toEqual([1, 2, 3, 4]);
      const [first, second, third] = abstracts;
      // Cy wrote abstract 1: never offered to them.
      expect(first?.assignable.map((reviewer) => reviewer.id)).toEqual(["ada", "ben"]);
      expect(
        second?.assignments.map((assignment) => [assignment.email, assignment.status]),
      ).toEqual([
        ["ada@example.edu", "submitted"],
        ["ben@example.edu", "draft"],
      ]);
      expect(second?.assignable.map((reviewer) => reviewer.id)).toEqual(["cy"]);
      expect(third?.conflicts.map((reviewer) => reviewer.email)).toEqual(["ben@example.edu"]);
      expect(third?.assignable.map((reviewer) => reviewer.id)).toEqual(["ada", "cy"]);
    });

    it("reminds each reviewer with unfinished reviews once, listing them by number, and audits the run", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      // Ada: one not started, one draft. Ben: everything submitted. Cy: nothing assigned.
      await assign(database, "s2", "ada");
      await review(database, await assign(database, "s4", "ada"), {
        merit: 3,
        submittedAt: null,
      });
      await review(database, await assign(database, "s3", "ben"), { merit: 5 });

      const { sent, mailer } = recordingMailer();
      const outcome = await remindReviewers(
        { db: database.db, mailer, logger: silentLogger },
        {
          editionYear: year,
          actor: admin,
          reviewUrl: "https://example.org/review",
          settings: { isOpen: true, closesAt: "2025-03-22T06:59:00.000Z" },
        },
      );
      expect(outcome).toEqual({ reviewers: 1, reviews: 2, failed: 0 });
      expect(sent.map((message) => message.to)).toEqual(["ada@example.edu"]);
      const [mail] = sent;
      expect(mail?.subject).toBe("Reminder: 2 unfinished reviews for SCULC 2025");
      expect(mail?.text).toContain("- Abstract 2: not started\n- Abstract 4: draft saved");
      expect(mail?.text).toContain("closes at Mar 21, 2025, 11:59 PM PDT");
      expect(mail?.text).toContain("https://example.org/review");
      // Blind: the reminder names abstracts by number only.
      expect(mail?.text).not.toContain(".pdf");
      expect(mail?.text).not.toMatch(/dee|eve/i);
      expect(await auditActions(database)).toEqual([
        {
          action: "remind-reviewers",
          actor_label: "admin@example.edu",
          details: "1 reviewer reminded of 2 unfinished reviews",
        },
      ]);
    });

    it("a reminder that fails is counted and does not stop the others; with nothing unfinished nobody is mailed", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      await assign(database, "s2", "ada");
      await assign(database, "s2", "ben");
      const { sent, mailer } = recordingMailer({ failFor: "ada@example.edu" });
      const deps = { db: database.db, mailer, logger: silentLogger };
      const input = {
        editionYear: year,
        actor: admin,
        reviewUrl: "https://example.org/review",
        settings: defaultReviewSettings,
      };
      expect(await remindReviewers(deps, input)).toEqual({ reviewers: 2, reviews: 2, failed: 1 });
      expect(sent.map((message) => message.to)).toEqual(["ben@example.edu"]);

      await database.db.deleteFrom("review_assignment").execute();
      sent.length = 0;
      expect(await remindReviewers(deps, input)).toEqual({ reviewers: 0, reviews: 0, failed: 0 });
      expect(sent).toEqual([]);
    });

    it("release with the comments to the authors: submitted ones only, numbered, never the committee's or who wrote them", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      await review(database, await assign(database, "s4", "ada"), {
        merit: 4,
        toAuthors: "Clear data; say more about the corpus.",
        toCommittee: "COMMITTEE-ONLY: I know the author.",
      });
      await review(database, await assign(database, "s4", "ben"), {
        merit: 5,
        toAuthors: "A strong argument.",
      });
      // Cy's draft is not the author's to read.
      await review(database, await assign(database, "s4", "cy"), {
        merit: 1,
        toAuthors: "DRAFT-TEXT",
        submittedAt: null,
      });
      await review(database, await assign(database, "s2", "ada"), { merit: 2, toAuthors: "  " });
      for (const submissionId of ["s4", "s2"]) {
        expect(
          await stageDecision(database.db, {
            submissionId,
            decision: submissionId === "s4" ? "accepted" : "rejected",
            acceptedAs: "talk",
            actor: admin,
          }),
        ).toEqual({ ok: true });
      }

      const { sent, mailer } = recordingMailer();
      const result = await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        {
          editionYear: year,
          actor: admin,
          links,
          includeReviewComments: true,
        },
      );
      expect(result).toEqual({ released: 2, authors: 2 });
      const eve = sent.find((message) => message.to === "eve@example.edu");
      expect(eve?.text).toContain(
        "The reviewers' comments on eve-abstract-4.pdf:\n\nReviewer 1:\nClear data; say more about the corpus.\n\nReviewer 2:\nA strong argument.",
      );
      for (const message of sent) {
        expect(message.text).not.toContain("COMMITTEE-ONLY");
        expect(message.text).not.toContain("DRAFT-TEXT");
        expect(message.text).not.toMatch(/ada|ben|cy@|Test\b/i);
      }
      // Dee's only review has no comment for her: no empty heading.
      const dee = sent.find((message) => message.to === "dee@example.edu");
      expect(dee?.text).not.toContain("The reviewers' comments");
      const audit = await auditActions(database);
      expect(audit.at(-1)?.details).toBe(
        "2 decisions released, with the reviewers' comments to the authors",
      );
    });

    it("release without the choice leaves the comments out", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      await review(database, await assign(database, "s4", "ada"), {
        merit: 4,
        toAuthors: "Clear data.",
      });
      await stageDecision(database.db, {
        submissionId: "s4",
        decision: "accepted",
        acceptedAs: "poster",
        actor: admin,
      });
      const { sent, mailer } = recordingMailer();
      await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        {
          editionYear: year,
          actor: admin,
          links,
        },
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).not.toContain("Clear data.");
    });

    it("groups the submitted reviews per abstract for the decisions page, with labels and both comments", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      await review(database, await assign(database, "s2", "ada"), {
        merit: 4,
        toAuthors: "To you",
        toCommittee: "To us",
      });
      await review(database, await assign(database, "s2", "ben"), { merit: 1, submittedAt: null });
      const reviews = await listSubmittedReviewsBySubmission(
        database.db,
        year,
        defaultReviewSettings,
      );
      expect([...reviews.keys()]).toEqual(["s2"]);
      expect(reviews.get("s2")).toEqual([
        expect.objectContaining({
          reviewerEmail: "ada@example.edu",
          reviewerName: "Ada Test",
          merit: 4,
          meritLabel: "Weak accept",
          confidence: 2,
          confidenceLabel: "Medium",
          commentsToAuthors: "To you",
          commentsToCommittee: "To us",
        }),
      ]);
    });

    it("marks reviewers in the user table, sorts by it, and exports it", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const { rows } = await listUsersForAdmin(database.db, {
        q: "",
        sort: "reviewer",
        dir: "desc",
        page: 1,
        editionYear: year,
        adminEmails: [],
      });
      expect(rows.map((row) => [row.id, row.isReviewer])).toEqual([
        ["ada", true],
        ["ben", true],
        ["cy", true],
        ["admin", false],
        ["dee", false],
        ["eve", false],
      ]);
    });
  });
}

describe("the review settings form", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) data.set(key, value);
    return data;
  };
  const valid = {
    period: "open",
    closesAt: "2025-03-21T23:59",
    othersVisibility: "never",
    canSelfAssign: "on",
    meritScale: "1 Reject\n2 Weak reject\r\n3: Borderline\n\n4 - Weak accept\n5 Accept",
    confidenceScale: "1 Low\n2 High",
  };

  it("reads the period in Pacific time and the scales one point a line", () => {
    expect(readReviewSettingsForm(form(valid))).toEqual({
      ok: true,
      value: {
        isOpen: true,
        closesAt: "2025-03-22T06:59:00.000Z",
        othersVisibility: "never",
        canSelfAssign: true,
        meritScale: [
          { value: 1, label: "Reject" },
          { value: 2, label: "Weak reject" },
          { value: 3, label: "Borderline" },
          { value: 4, label: "Weak accept" },
          { value: 5, label: "Accept" },
        ],
        confidenceScale: [
          { value: 1, label: "Low" },
          { value: 2, label: "High" },
        ],
      },
    });
    const closed = readReviewSettingsForm(
      form({ ...valid, period: "closed", closesAt: "", canSelfAssign: "" }),
    );
    expect(closed.ok && closed.value).toMatchObject({
      isOpen: false,
      closesAt: null,
      canSelfAssign: false,
    });
  });

  it.each([
    ["closesAt", "next tuesday", "Please enter the closing time as a date and time."],
    ["meritScale", "Reject\nAccept", "Write the merit scale one point a line"],
    ["period", "maybe", "Choose whether the review period is open."],
    ["othersVisibility", "", "Choose when reviewers see the others' reviews."],
    ["confidenceScale", `1 ${"x".repeat(3000)}`, "The confidence scale is too long."],
  ])("refuses a bad %s with a message on its field", (field, value, message) => {
    const result = readReviewSettingsForm(form({ ...valid, [field]: value }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain(message);
      expect(result.fieldErrors[field]).toContain(message);
    }
  });
});
