import type { TestInfo } from "@playwright/test";
import type { Attendance, PresentationFormat } from "~/lib/db/schema";
import { apiAccount, apiUpload, type Person, randomToken, someone } from "./admin";
import { withProjectDatabase } from "./review-database";

/**
 * The program's starting point: confirmed presentations. Accepting, releasing and confirming are other
 * pages' work, tested in presenters-confirm.spec.ts; here the abstract is uploaded through the site and
 * its decision and answer are written as those pages would leave them.
 */
export async function confirmedPresentation(
  testInfo: TestInfo,
  input: { prefix: string; format: PresentationFormat; presenter?: Person },
): Promise<{ id: string; title: string; presenter: Person }> {
  const presenter = input.presenter ?? someone(input.prefix, testInfo);
  const api = await apiAccount(testInfo, presenter);
  const title = `${input.prefix}-${randomToken()}.pdf`;
  const id = await apiUpload(api, title);
  await api.dispose();
  const now = new Date().toISOString();
  await withProjectDatabase(testInfo, ({ db }) =>
    db
      .updateTable("submission")
      .set({
        decision: "accepted",
        accepted_as: input.format,
        decided_by: "e2e setup",
        decided_at: now,
        released_at: now,
        attendance: "confirmed",
        attendance_at: now,
      })
      .where("id", "=", id)
      .execute(),
  );
  return { id, title, presenter };
}

/** A presenter changing their answer (the congratulations page's work). */
export function setAttendance(testInfo: TestInfo, id: string, attendance: Attendance | null) {
  return withProjectDatabase(testInfo, ({ db }) =>
    db.updateTable("submission").set({ attendance }).where("id", "=", id).execute(),
  );
}

/** An empty draft for the edition (published versions stay): call under the "program" lock. */
export function clearProgramDraft(testInfo: TestInfo, editionYear: number) {
  return withProjectDatabase(testInfo, async ({ db }) => {
    const sessions = db
      .selectFrom("program_session")
      .select("id")
      .where("edition_year", "=", editionYear);
    await db.deleteFrom("program_slot").where("session_id", "in", sessions).execute();
    await db.deleteFrom("program_session").where("edition_year", "=", editionYear).execute();
  });
}

/** Makes `person` a presenting co-author of the abstract (the submit form's co-author rows). */
export async function addPresentingCoAuthor(
  testInfo: TestInfo,
  submissionId: string,
  person: { firstName: string; lastName: string; email: string },
) {
  await withProjectDatabase(testInfo, ({ db }) =>
    db
      .insertInto("submission_author")
      .values({
        submission_id: submissionId,
        position: 1,
        user_id: null,
        name: `${person.firstName} ${person.lastName}`,
        affiliation: "UC Irvine",
        email: person.email,
        is_presenter: 1,
      })
      .execute(),
  );
}
