// The one-shot buttons of review, accounts and decisions posted 100 times at once (double clicks, a
// replaying proxy, two admins), then once more, against the production server with 2 workers (SQLite;
// PostgreSQL too when TEST_DATABASE_URL is set): no answer is a server error, no row is stored twice,
// and the end state is the one a single press makes.
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/content/editions";
import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { seedConflictCase } from "../support/conflict-seeds";
import { insertTestSubmission } from "../support/review-fixtures";
import { type TestDatabase, testDatabaseTargets } from "../support/test-databases";
import {
  cookieFrom,
  formHeaders,
  type SignedInUser,
  signIn,
  signUpAndSignIn,
} from "./support/accounts";
import type { ProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";
import { startServerOnTarget, type TargetServer } from "./support/target-server";

const posts = 100;
const editionYear = getCurrentEdition().year;
const setupActor = { userId: null, label: "robustness setup" };

type Answer = { status: number; body: string; location?: string | null };

/** `posts` copies of one form post at once, then one more after them (the replay). */
async function burstThenReplay(
  server: ProductionServer,
  pathname: string,
  cookie: string,
  forms: (index: number) => Record<string, string>,
): Promise<{ burst: Answer[]; replay: Answer }> {
  const post = async (form: Record<string, string>): Promise<Answer> => {
    try {
      const response = await fetch(`${server.baseUrl}${pathname}`, {
        method: "POST",
        headers: formHeaders(server, { cookie }),
        body: new URLSearchParams(form),
        redirect: "manual",
      });
      return {
        status: response.status,
        body: await response.text(),
        location: response.headers.get("location"),
      };
    } catch (error) {
      return { status: 599, body: String(error) };
    }
  };
  const burst = await Promise.all(Array.from({ length: posts }, (_, index) => post(forms(index))));
  const replay = await post(forms(posts));
  return { burst, replay };
}

function statusCounts(answers: Answer[]): Record<number, number> {
  return answers.reduce<Record<number, number>>((counts, answer) => {
    counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    return counts;
  }, {});
}

function expectNoServerError(name: string, answers: Answer[]) {
  const statuses = statusCounts(answers);
  reportMeasurement(`${name}: ${answers.length} posts, statuses`, statuses);
  expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
}

for (const target of testDatabaseTargets()) {
  describe(`replayed one-shot buttons on ${target.name}`, () => {
    let server: ProductionServer;
    let running: TargetServer | undefined;
    let handle: DatabaseHandle;
    let admin: SignedInUser;

    async function userId(email: string): Promise<string> {
      const row = await handle.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /** A signed-in reviewer assigned to a new abstract of the current edition, by number. */
    async function assignedReviewer(): Promise<{ id: string; cookie: string; number: number }> {
      const account = await signUpAndSignIn(server);
      const id = await userId(account.email);
      await grantReviewer(handle.db, id, setupActor);
      const submission = await insertTestSubmission(handle as TestDatabase, {
        userId: "ada",
        editionYear,
      });
      await handle.db
        .insertInto("review_assignment")
        .values({
          id: `a-${submission.id}`,
          edition_year: editionYear,
          submission_id: submission.id,
          reviewer_id: id,
          assigned_by: null,
          assigned_at: new Date().toISOString(),
        })
        .execute();
      // A session made after the grant, so its role is read as a reviewer's.
      const cookie = cookieFrom(await signIn(server, account.email, account.password));
      return { id, cookie, number: submission.number };
    }

    beforeAll(async () => {
      running = await startServerOnTarget(target);
      ({ server, handle } = running);
      admin = await signUpAndSignIn(server);
      await handle.db
        .updateTable("user")
        .set({ role: "admin" })
        .where("email", "=", admin.email)
        .execute();
      // Ada (who wrote the abstracts) and abstract s1, whose co-author has reviewer Beatriz's name at
      // an address no account confirms: a likely conflict for an admin to answer.
      await seedConflictCase(handle as TestDatabase, {
        reviewerIds: ["bea"],
        coauthors: [{ name: "Beatriz Coauthor", email: "b.coauthor@elsewhere.example" }],
      });
    });
    afterAll(async () => {
      await running?.stop();
    });

    it("declaring no conflict: one declaration, kept from the first time", async () => {
      const reviewer = await assignedReviewer();
      const { burst, replay } = await burstThenReplay(
        server,
        `/review/abstracts/${reviewer.number}`,
        reviewer.cookie,
        () => ({ intent: "declare-no-conflict" }),
      );
      expectNoServerError(`declare-no-conflict on ${target.name}`, [...burst, replay]);
      expect(statusCounts([...burst, replay])).toEqual({ 200: posts + 1 });
      const rows = await handle.db
        .selectFrom("review_declaration")
        .select("declared_at")
        .where("reviewer_id", "=", reviewer.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("the addresses a save and a reminder run lead to: typed or crafted, they read the page", async () => {
      const reviewer = await assignedReviewer();
      const crafted = ["draft", "submitted", "%00", "%E0%A4%A", "a".repeat(4000), "constructor"];
      const reminded = ["%00", crypto.randomUUID(), "a".repeat(4000), "'%20or%201=1--"];
      const get = async (pathname: string, cookie: string) => {
        const response = await fetch(`${server.baseUrl}${pathname}`, {
          headers: { cookie },
          redirect: "manual",
        });
        return { status: response.status, body: await response.text() };
      };
      const answers = [
        ...(await Promise.all(
          crafted.map((value) =>
            get(`/review/abstracts/${reviewer.number}?saved=${value}`, reviewer.cookie),
          ),
        )),
        ...(await Promise.all(
          reminded.map((value) => get(`/user-data/review?reminded=${value}`, admin.cookie)),
        )),
      ];
      expectNoServerError(`saved= and reminded= addresses on ${target.name}`, answers);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // Nothing was saved or sent, so no notice says it was.
      for (const answer of answers) {
        expect(answer.body).not.toContain("successfully");
      }
    });

    it("declaring a conflict: one conflict, the assignment gone, one audit row", async () => {
      const reviewer = await assignedReviewer();
      const { burst, replay } = await burstThenReplay(
        server,
        `/review/abstracts/${reviewer.number}`,
        reviewer.cookie,
        () => ({ intent: "declare-conflict" }),
      );
      expectNoServerError(`declare-conflict on ${target.name}`, [...burst, replay]);
      // The first is sent back to the queue; the others find no assignment left to give up.
      expect(burst.filter((answer) => answer.status === 302)).toHaveLength(1);
      expect(replay.status).toBeLessThan(500);
      const conflicts = await handle.db
        .selectFrom("review_conflict")
        .select("submission_id")
        .where("reviewer_id", "=", reviewer.id)
        .execute();
      expect(conflicts).toHaveLength(1);
      const assignments = await handle.db
        .selectFrom("review_assignment")
        .select("id")
        .where("reviewer_id", "=", reviewer.id)
        .execute();
      expect(assignments).toEqual([]);
      const audited = await handle.db
        .selectFrom("admin_audit")
        .select("id")
        .where("action", "=", "declare-conflict")
        .where("target_user_id", "=", reviewer.id)
        .execute();
      expect(audited).toHaveLength(1);
    });

    it("signing out other devices: only the device that asked stays signed in", async () => {
      const account = await signUpAndSignIn(server);
      const others = [];
      for (let index = 0; index < 5; index++) {
        others.push(cookieFrom(await signIn(server, account.email, account.password)));
      }
      const id = await userId(account.email);
      const { burst, replay } = await burstThenReplay(server, "/profile", account.cookie, () => ({
        intent: "sign-out-others",
      }));
      expectNoServerError(`sign-out-others on ${target.name}`, [...burst, replay]);
      const sessions = await handle.db
        .selectFrom("session")
        .select("id")
        .where("userId", "=", id)
        .execute();
      expect(sessions).toHaveLength(1);
      const stillIn = await fetch(`${server.baseUrl}/profile`, {
        headers: { cookie: account.cookie },
        redirect: "manual",
      });
      expect(stillIn.status).toBe(200);
      const signedOut = await fetch(`${server.baseUrl}/profile`, {
        headers: { cookie: others[0] ?? "" },
        redirect: "manual",
      });
      expect(signedOut.status).toBe(302);
    });

    it("confirming and dismissing a likely conflict at once: one answer stored and audited", async () => {
      const { burst, replay } = await burstThenReplay(
        server,
        "/user-data/review",
        admin.cookie,
        (index) => ({
          intent: index % 2 ? "dismiss-conflict" : "confirm-conflict",
          submissionId: "s1",
          reviewerId: "bea",
        }),
      );
      expectNoServerError(`confirm/dismiss a likely conflict on ${target.name}`, [
        ...burst,
        replay,
      ]);
      expect(burst.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(replay.status).toBe(409);
      const answers = await handle.db
        .selectFrom("review_conflict_resolution")
        .select("resolution")
        .where("submission_id", "=", "s1")
        .where("reviewer_id", "=", "bea")
        .execute();
      expect(answers).toHaveLength(1);
      const audited = await handle.db
        .selectFrom("admin_audit")
        .select("action")
        .where("target_user_id", "=", "bea")
        .where("action", "in", ["confirm-conflict", "dismiss-conflict"])
        .execute();
      expect(audited).toHaveLength(1);
    });
    it("releasing decisions with moved presenter dates: released once, mailed once, dates stored once", async () => {
      const staged = await insertTestSubmission(handle as TestDatabase, {
        userId: "ada",
        editionYear,
        title: "Released once",
      });
      await handle.db
        .updateTable("submission")
        .set({
          decision: "accepted",
          accepted_as: "talk",
          decided_by: null,
          decided_at: new Date().toISOString(),
        })
        .where("id", "=", staged.id)
        .execute();
      const moved = { confirmBy: "2027-04-15T23:59", materialsDue: "2027-05-01T23:59" };
      const { burst, replay } = await burstThenReplay(
        server,
        "/user-data/submissions",
        admin.cookie,
        () => ({ intent: "release", ...moved }),
      );
      expectNoServerError(`release with moved dates on ${target.name}`, [...burst, replay]);
      const releasedRows = await handle.db
        .selectFrom("submission")
        .select("released_at")
        .where("id", "=", staged.id)
        .execute();
      expect(releasedRows[0]?.released_at).not.toBeNull();
      const releases = await handle.db
        .selectFrom("admin_audit")
        .select("id")
        .where("action", "=", "release-decisions")
        .execute();
      expect(releases).toHaveLength(1);
      const dates = await handle.db
        .selectFrom("presenter_settings")
        .select(["confirm_by", "materials_due"])
        .where("edition_year", "=", editionYear)
        .execute();
      expect(dates).toEqual([
        {
          confirm_by: conferenceLocalTimeToIso(moved.confirmBy),
          materials_due: conferenceLocalTimeToIso(moved.materialsDue),
        },
      ]);
      const dateChanges = await handle.db
        .selectFrom("admin_audit")
        .select("id")
        .where("action", "=", "update-presenter-settings")
        .execute();
      expect(dateChanges).toHaveLength(1);
      // One decision mail to Ada for this abstract: queued once in the outbox, then written once by the
      // sender (DATA_DIR/mail). The sender works after the answer, so its file is waited for.
      const queued = await handle.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("recipient", "like", "%ada@example.edu%")
        .where("text_body", "like", "%Released once%")
        .execute();
      expect(queued).toHaveLength(1);
      const mailDir = path.join(server.dataDir, "mail");
      const decisionMails = () =>
        (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
          .map((file) => fs.readFileSync(path.join(mailDir, file), "utf8"))
          .filter((text) => text.includes("ada@example.edu") && text.includes("Released once"));
      const deadline = Date.now() + 15_000;
      while (decisionMails().length === 0 && Date.now() < deadline) await sleep(50);
      expect(decisionMails()).toHaveLength(1);
    });

    it("reminders posted at once: each run answers with the redirect to its own audit entry", async () => {
      // Not a one-shot button (every press reminds, and the page script stops a second press), so 101
      // runs are 101 runs: what must hold is that none fails, and each address names its own entry.
      // Last on its server: its hundreds of reminders fill the outbox's rate for a while, and a test
      // after it would wait past its timeout for a verification mail.
      await assignedReviewer();
      const adminId = await userId(admin.email);
      const auditedRuns = async () =>
        (
          await handle.db
            .selectFrom("admin_audit")
            .select("id")
            .where("action", "=", "remind-reviewers")
            .where("actor_user_id", "=", adminId)
            .execute()
        ).map((row) => row.id);
      const before = await auditedRuns();
      const { burst, replay } = await burstThenReplay(
        server,
        "/user-data/review",
        admin.cookie,
        () => ({
          intent: "remind",
        }),
      );
      expectNoServerError(`remind reviewers on ${target.name}`, [...burst, replay]);
      expect(statusCounts([...burst, replay])).toEqual({ 302: posts + 1 });
      const named = [...burst, replay].map(
        (answer) =>
          new URL(answer.location ?? "", server.baseUrl).searchParams.get("reminded") ?? "",
      );
      const runs = (await auditedRuns()).filter((id) => !before.includes(id));
      expect(runs).toHaveLength(posts + 1);
      expect(new Set(named)).toEqual(new Set(runs));
    });
  });
}
