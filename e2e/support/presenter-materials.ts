import crypto from "node:crypto";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import { drawSubmissionNumber } from "~/features/submissions/submissions.server";
import { makeAbstractPdf } from "../../tests/support/pdf-fixtures";
import { signedInAccount } from "./accounts";
import { withProjectDatabase } from "./review-database";
import { withServerLock } from "./server-lock";

// Helpers for presenters-materials.spec.ts: confirmed presenters put into the database, the materials
// deadline (global to a server, so moved only under the "presenter-dates" lock), and uploads from the
// congratulations page or from outside it.

const lockName = "presenter-dates";
export const congratulations = "/sculc/congratulations-page";

export async function setMaterialsDue(testInfo: TestInfo, moment: Date) {
  await withProjectDatabase(testInfo, async ({ db }) => {
    const values = { materials_due: moment.toISOString(), updated_at: new Date().toISOString() };
    await db
      .insertInto("presenter_settings")
      .values({ edition_year: 2025, confirm_by: null, updated_by: null, ...values })
      .onConflict((conflict) => conflict.column("edition_year").doUpdateSet(values))
      .execute();
  });
}

export const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);

/** The shared lock, waited for longer than its own 25 s: uploads in a loaded browser take a while. */
export async function withDatesLock<T>(testInfo: TestInfo, action: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let started = false;
    try {
      return await withServerLock(testInfo, lockName, () => {
        started = true;
        return action();
      });
    } catch (error) {
      if (started || attempt >= 4 || !String(error).includes("Timed out waiting")) throw error;
    }
  }
}

/** Runs `action` while the materials are due in a week, and no other test can move the date. */
export function whileOpen<T>(testInfo: TestInfo, action: () => Promise<T>): Promise<T> {
  return withDatesLock(testInfo, async () => {
    await setMaterialsDue(testInfo, inAWeek());
    return action();
  });
}

/** Signs up `page`'s user and gives them an accepted, released, confirmed abstract; returns its id. */
export async function confirmedPresenter(
  page: Page,
  testInfo: TestInfo,
  options: { title: string; acceptedAs?: "talk" | "poster"; prefix?: string },
) {
  const email = await signedInAccount(page, testInfo, options.prefix ?? "presenter");
  const id = crypto.randomUUID();
  await withProjectDatabase(testInfo, async ({ db }) => {
    const user = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("submission")
      .values({
        id,
        user_id: user.id,
        edition_year: 2025,
        file_name: "abstract.pdf",
        storage_key: `abstracts/${user.id}/${id}.pdf`,
        size_bytes: 1000,
        sha256: "0".repeat(64),
        page_count: 1,
        word_count: 300,
        warnings: "[]",
        uploaded_at: now,
        decision: "accepted",
        decision_note: null,
        decided_by: null,
        decided_at: now,
        released_at: now,
        number: await drawSubmissionNumber(db, 2025),
        title: options.title,
        accepted_as: options.acceptedAs ?? "talk",
        attendance: "confirmed",
        attendance_at: now,
      })
      .execute();
    await db
      .insertInto("submission_author")
      .values({
        submission_id: id,
        position: 0,
        user_id: user.id,
        name: "Ŋgũgĩ Tʃʰə́n",
        affiliation: "Université de Montréal",
        email,
        is_presenter: testInfo.project.name === "postgres" ? true : 1,
      })
      .execute();
  });
  return { email, id };
}

export async function uploadOnPage(
  page: Page,
  file: { name: string; buffer: Buffer },
  options: { mayPublish: boolean; button: RegExp },
) {
  // Loaded inside the lock, so the form is there (the date may have been moved before).
  await page.goto(congratulations);
  const section = page.getByRole("region", { name: "Final materials" });
  await section.getByLabel(/^(Your|Replace your) (slides|poster)/).setInputFiles({
    ...file,
    mimeType: "application/pdf",
  });
  await section.getByLabel(/may be published/).setChecked(options.mayPublish);
  await section.getByRole("button", { name: options.button }).click();
  await expect(page).toHaveURL(/\/sculc\/congratulations-page\?materials=/);
}

/** Copies a confirmed abstract into a second one, with a final material that may not be published. */
export async function secondAbstractWithPrivateMaterial(
  testInfo: TestInfo,
  fromId: string,
  title: string,
) {
  const id = crypto.randomUUID();
  await withProjectDatabase(testInfo, async ({ db }) => {
    const source = await db
      .selectFrom("submission")
      .selectAll()
      .where("id", "=", fromId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("submission")
      .values({
        ...source,
        id,
        title,
        storage_key: `abstracts/${source.user_id}/${id}.pdf`,
        number: await drawSubmissionNumber(db, 2025),
      })
      .execute();
    const now = new Date().toISOString();
    await db
      .insertInto("final_material")
      .values({
        submission_id: id,
        kind: "slides",
        file_name: "private.pdf",
        storage_key: `materials/${id}/never-stored.pdf`,
        size_bytes: 1000,
        sha256: "0".repeat(64),
        page_count: 1,
        may_publish: 0,
        uploaded_at: now,
        updated_at: now,
      })
      .execute();
  });
  return id;
}

/** A form post from outside the page (a replayed request), with the site's Origin. */
export async function postUpload(
  request: APIRequestContext,
  baseURL: string,
  submissionId: string,
) {
  return request.post(`/sculc/final-materials?submission=${submissionId}`, {
    headers: { Origin: baseURL },
    multipart: {
      material: {
        name: "late.pdf",
        mimeType: "application/pdf",
        buffer: await makeAbstractPdf(),
      },
    },
    maxRedirects: 0,
  });
}
