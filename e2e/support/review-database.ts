import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import { describeRoleRefusal } from "~/features/accounts/role-messages";
import { assignReviewer } from "~/features/review/assignments.server";
import { assignRefusals, refusalText } from "~/features/review/review-messages";
import { type DatabaseHandle, openDatabase } from "~/lib/db/database.server";

/**
 * The database behind this project's server, opened from the test (as submissions.spec.ts does), for
 * the setup that is an admin's work on pages of their own: granting the reviewer role and assigning
 * abstracts. It goes through the same server functions those pages use.
 */
export function openProjectDatabase(testInfo: TestInfo): DatabaseHandle {
  if (testInfo.project.name !== "postgres") {
    return openDatabase({ dialect: "sqlite", filename: path.resolve(".e2e-data/sqlite/app.db") });
  }
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  // e2e/support/start-postgres-server.mjs: one schema per checkout (E2E_PORT_OFFSET).
  url.searchParams.set("options", `-c search_path=e2e${process.env.E2E_PORT_OFFSET ?? ""}`);
  return openDatabase({ dialect: "postgres", connectionString: url.toString(), maxConnections: 2 });
}

const setupActor = { userId: null, label: "e2e setup" };

export async function withProjectDatabase<T>(
  testInfo: TestInfo,
  action: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = openProjectDatabase(testInfo);
  try {
    return await action(handle);
  } finally {
    await handle.close();
  }
}

async function userIdOf(handle: DatabaseHandle, email: string): Promise<string> {
  const row = await handle.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeReviewer(testInfo: TestInfo, email: string): Promise<void> {
  await withProjectDatabase(testInfo, async (handle) => {
    const outcome = await grantReviewer(handle.db, await userIdOf(handle, email), setupActor);
    if (!outcome.ok) throw new Error(describeRoleRefusal(outcome));
  });
}

export async function makeAdmin(testInfo: TestInfo, email: string): Promise<void> {
  await withProjectDatabase(testInfo, async (handle) => {
    await handle.db.updateTable("user").set({ role: "admin" }).where("email", "=", email).execute();
  });
}

/** The number of the author's newest abstract in the edition. */
export async function abstractNumberOf(testInfo: TestInfo, authorEmail: string): Promise<number> {
  return withProjectDatabase(testInfo, async (handle) => {
    const row = await handle.db
      .selectFrom("submission")
      .innerJoin("user", "user.id", "submission.user_id")
      .select("submission.number")
      .where("user.email", "=", authorEmail)
      .orderBy("submission.uploaded_at", "desc")
      .executeTakeFirstOrThrow();
    return Number(row.number);
  });
}

export async function assignAbstract(
  testInfo: TestInfo,
  input: { authorEmail: string; reviewerEmail: string; editionYear?: number },
): Promise<void> {
  await withProjectDatabase(testInfo, async (handle) => {
    const submission = await handle.db
      .selectFrom("submission")
      .innerJoin("user", "user.id", "submission.user_id")
      .select(["submission.id", "submission.edition_year"])
      .where("user.email", "=", input.authorEmail)
      .orderBy("submission.uploaded_at", "desc")
      .executeTakeFirstOrThrow();
    const outcome = await assignReviewer(handle.db, {
      editionYear: Number(submission.edition_year),
      submissionId: submission.id,
      reviewerId: await userIdOf(handle, input.reviewerEmail),
      actor: setupActor,
    });
    if (!outcome.ok) throw new Error(refusalText(assignRefusals, outcome));
  });
}
