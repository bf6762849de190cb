// "Assign automatically" posted 100 times at once by an admin (double clicks, a replaying proxy, two
// admins) against the production server with 2 workers (SQLite; PostgreSQL when TEST_DATABASE_URL is
// set): every post answers 200, no abstract ends with more than N reviewers and no pair is assigned twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/content/editions";
import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { insertTestSubmission } from "../support/review-fixtures";
import { type TestDatabase, testDatabaseTargets } from "../support/test-databases";
import { insertTestUser } from "../support/test-users";
import { formHeaders, type SignedInUser, signUpAndSignIn } from "./support/accounts";
import type { ProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";
import { startServerOnTarget, type TargetServer } from "./support/target-server";

const posts = 100;
const perAbstract = 2;
const abstracts = 6;

for (const target of testDatabaseTargets()) {
  describe(`on ${target.name}`, () => {
    let server: ProductionServer;
    let admin: SignedInUser;
    let running: TargetServer | undefined;
    /** The server's database, opened from the test for the setup and the final count. */
    let handle: DatabaseHandle;

    beforeAll(async () => {
      running = await startServerOnTarget(target);
      ({ server, handle } = running);
      admin = await signUpAndSignIn(server);
      await handle.db
        .updateTable("user")
        .set({ role: "admin" })
        .where("email", "=", admin.email)
        .execute();
      const setup = handle as TestDatabase;
      const actor = { userId: null, label: "robustness setup" };
      for (const id of ["r1", "r2", "r3", "r4", "ada"]) {
        await insertTestUser(setup, { id, email: `${id}@example.edu` });
        if (id !== "ada") await grantReviewer(handle.db, id, actor);
      }
      for (let index = 0; index < abstracts; index++) {
        await insertTestSubmission(setup, {
          userId: index % 2 ? "ada" : "r1",
          editionYear: getCurrentEdition().year,
        });
      }
    });
    afterAll(async () => {
      await running?.stop();
    });

    it(`${posts} parallel "Assign automatically" posts: all answer, N per abstract, no pair twice`, async () => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: posts }, async () => {
          try {
            const response = await fetch(`${server.baseUrl}/user-data/review`, {
              method: "POST",
              headers: formHeaders(server, { cookie: admin.cookie }),
              body: new URLSearchParams({
                intent: "auto-assign",
                perAbstract: String(perAbstract),
              }),
              redirect: "manual",
            });
            return { status: response.status, html: await response.text() };
          } catch (error) {
            return { status: 599, html: String(error) };
          }
        }),
      );
      const added = answers.reduce((sum, answer) => {
        const count = /finished successfully: (\d+) assignments? added/.exec(answer.html)?.[1];
        return sum + Number(count ?? 0);
      }, 0);
      const statuses = answers.reduce<Record<number, number>>((counts, answer) => {
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
        return counts;
      }, {});
      reportMeasurement(
        `auto-assign burst on ${target.name}: ${posts} parallel posts on 2 workers in ` +
          `${Math.round(performance.now() - started)} ms: statuses`,
        statuses,
        `${added} assignments added in all`,
      );
      // The runs take turns; those waiting for theirs hold no database connection, so none gets the
      // pool's busy answer (503) either.
      expect(statuses).toEqual({ 200: posts });

      const rows = await handle.db
        .selectFrom("review_assignment")
        .select(["submission_id", "reviewer_id"])
        .execute();
      const pairs = rows.map((row) => `${row.submission_id}/${row.reviewer_id}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      const perSubmission = new Map<string, number>();
      for (const row of rows) {
        perSubmission.set(row.submission_id, (perSubmission.get(row.submission_id) ?? 0) + 1);
      }
      expect([...perSubmission.values()]).toEqual(Array(abstracts).fill(perAbstract));
      expect(added).toBe(rows.length);
      const runs = await handle.db
        .selectFrom("admin_audit")
        .select("action")
        .where("action", "=", "auto-assign")
        .execute();
      expect(runs).toHaveLength(posts);
    });
  });
}
